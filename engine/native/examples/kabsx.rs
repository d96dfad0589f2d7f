//! Tuning aid: the abstract search alone on numbered deals:
//! `cargo run --release --example kabsx -- DRAW NODES DEAL...`.
use dealpool_native::{deal, klondike, search::Limits, Layout, Options};
use sha2::{Digest, Sha512};
use std::time::Instant;
fn layout(n: u64) -> Layout {
    let mut h = Sha512::new();
    h.update(b"SiggySoft Solitaire numbered deal v1\x00klondike\x00");
    h.update(n.to_be_bytes());
    let order: Vec<i32> = deal::deal_positions(&h.finalize(), 52).into_iter().map(|p| p as i32).collect();
    klondike::layout_from_order(&order)
}
fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let (draw, nodes) = (a[0], a[1]);
    let mut opts = Options::new();
    opts.insert("draw".into(), draw as i64);
    opts.insert("abstract".into(), 2);
    for &n in &a[2..] {
        let t = Instant::now();
        let out = klondike::solve(&layout(n), &opts, Limits { nodes, max_bytes: 4 << 30 }).unwrap();
        println!("{n} {} {} {:.3}", out.verdict_str(), out.nodes, t.elapsed().as_secs_f64());
    }
}
