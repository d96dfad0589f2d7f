//! Quick native timing of the Klondike solver on numbered deals (no Python):
//! `cargo run --release --example kbench -- DRAW FROM TO NODES [PASSES]`.
//! The real benchmark is `make bench` (bench/); this is for tuning. `LIST=3,17,40` runs those
//! deals instead of FROM..TO (e.g. the easy deals alone, under callgrind).

use dealpool_native::{games::klondike, Limits, Input, Options, Tuning};
use std::time::Instant;

mod shared;

fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let (draw, from, to, nodes) = (a[0], a[1], a[2], a[3]);
    let passes = a.get(4).copied().unwrap_or(0);
    let mut opts = Options::new();
    opts.insert("draw".into(), draw as i64);
    opts.insert("passes".into(), passes as i64);
    // ABS: the tuning knob `abstract` (0 off, 1 on, 2 alone)
    let mut tuning = Tuning::new();
    if let Ok(m) = std::env::var("ABS") {
        tuning.insert("abstract".into(), m.parse().unwrap());
    }
    // MEM: the memory cap in MiB (default 2 GiB)
    let max_bytes = std::env::var("MEM").map_or(2 << 30, |m| m.parse::<u64>().unwrap() << 20);
    let (mut won, mut lost, mut unk, mut total_nodes) = (0, 0, 0, 0u64);
    let mut times = Vec::new();
    let t0 = Instant::now();
    let deals: Vec<u64> = match std::env::var("LIST") {
        Ok(l) => l.split(',').map(|n| n.trim().parse().unwrap()).collect(),
        Err(_) => (from..=to).collect(),
    };
    for n in deals {
        let t = Instant::now();
        let out = klondike::solve(&Input::new(&klondike::numbered_layout(n), &opts).with_tuning(&tuning), Limits { budget: nodes, max_bytes }).unwrap();
        let dt = t.elapsed().as_secs_f64();
        times.push(dt);
        total_nodes += out.nodes;
        match out.verdict_str() {
            "won" => won += 1,
            "lost" => lost += 1,
            _ => {
                unk += 1;
                if std::env::var("SHOW").is_ok() {
                    eprintln!("unknown {n} {dt:.2}s");
                }
            }
        }
        if std::env::var("EACH").is_ok() {
            let line = shared::line_digest(&out);
            eprintln!("{n} {} {} {line:016x} {dt:.4}", out.verdict_str(), out.nodes);
        }
    }
    let all = t0.elapsed().as_secs_f64();
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |f: f64| times[((times.len() - 1) as f64 * f) as usize];
    println!(
        "draw {draw}: won {won} lost {lost} unknown {unk}; median {:.4}s p95 {:.4}s max {:.3}s mean {:.4}s; {:.0} pos/s",
        q(0.5),
        q(0.95),
        q(1.0),
        all / times.len() as f64,
        total_nodes as f64 / all
    );
}
