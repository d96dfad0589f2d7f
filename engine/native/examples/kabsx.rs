//! Tuning aid: the abstract search alone on numbered deals:
//! `cargo run --release --example kabsx -- DRAW NODES DEAL...`.
use dealpool_native::{games::klondike, Limits, Input, Options, Tuning};
use std::time::Instant;
fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let (draw, nodes) = (a[0], a[1]);
    let mut opts = Options::new();
    opts.insert("draw".into(), draw as i64);
    let tuning = Tuning::from([("abstract".to_string(), 2)]);
    // MEM: the memory cap in MiB (default 4 GiB)
    let max_bytes = std::env::var("MEM").map_or(4 << 30, |m| m.parse::<u64>().unwrap() << 20);
    for &n in &a[2..] {
        let t = Instant::now();
        let out = klondike::solve(&Input::new(&klondike::numbered_layout(n), &opts).with_tuning(&tuning), Limits { budget: nodes, max_bytes }).unwrap();
        println!("{n} {} {} {:.3}", out.verdict_str(), out.nodes, t.elapsed().as_secs_f64());
    }
}
