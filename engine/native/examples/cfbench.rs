//! Quick native run of the Canfield solver on numbered deals (no Python, no referee):
//! `cargo run --release --example cfbench -- FROM TO NODES` (EACH=1: one line a deal on stderr,
//! `number verdict nodes line-digest seconds`, for before/after comparisons deal by deal;
//! MAX_MB=N: the memory cap in MiB, default 2048; the pipeline's default is 1024).
//! The real benchmark is `make bench` (bench/canfield.py, every line replayed); this is for tuning.

use dealpool_native::{core::kit, games::canfield, Input, Layout, Limits, Options};
use std::time::Instant;

mod shared;

/// The numbered deal's layout (engine/deal.py's numbered seed, engine/games/canfield's layout).
fn layout(n: u64) -> Layout {
    use sha2::{Digest, Sha512};
    let mut h = Sha512::new();
    h.update(b"SiggySoft Solitaire numbered deal v1\x00canfield\x00");
    h.update(n.to_be_bytes());
    let o: Vec<i32> = dealpool_native::core::deal::deal_positions(&h.finalize(), 52).into_iter().map(|p| p as i32).collect();
    let mut l = Layout::new();
    l.insert("reserve".into(), vec![o[0..13].to_vec()]);
    l.insert("foundation".into(), vec![vec![o[13]]]);
    l.insert("tableau".into(), o[14..18].iter().map(|&c| vec![c]).collect());
    l.insert("stock".into(), vec![o[18..52].to_vec()]);
    l
}

fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let (from, to, nodes) = (a[0], a[1], a[2]);
    let opts = Options::new();
    let max_mb: u64 = std::env::var("MAX_MB").map_or(2048, |s| s.parse().expect("MAX_MB: a whole number of MiB"));
    let (mut won, mut lost, mut unk, mut total) = (0, 0, 0, 0u64);
    let t0 = Instant::now();
    for n in from..=to {
        let t = Instant::now();
        let out = kit::solve::<canfield::Canfield>(&Input::new(&layout(n), &opts), Limits { budget: nodes, max_bytes: max_mb << 20 }).unwrap();
        let dt = t.elapsed().as_secs_f64();
        total += out.nodes;
        match out.verdict_str() {
            "won" => won += 1,
            "lost" => lost += 1,
            _ => unk += 1,
        }
        if std::env::var("EACH").is_ok() {
            let line = shared::line_digest(&out);
            eprintln!("{n} {} {} {line:016x} {dt:.4}", out.verdict_str(), out.nodes);
        }
    }
    println!("won {won} lost {lost} unknown {unk}; nodes {total}; {:.1}s", t0.elapsed().as_secs_f64());
}
