//! Quick native timing of the FreeCell solver (no Python), for tuning:
//! `cargo run --release --example fcbench -- FILE [FROM TO] [NODES]`, FILE holding one deal a
//! line: its number, then the columns (cards 0..51, bottom first) separated by `|`.
//! Prints totals and a digest of every deal's verdict and node count (to spot any change).
//! The real benchmark is `python -m bench --games freecell`.

use dealpool_native::{games::freecell, Limits, Verdict, Input, Layout, Options, Tuning};
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&a[0]).expect("deal file");
    let from: u64 = a.get(1).map_or(1, |s| s.parse().unwrap());
    let to: u64 = a.get(2).map_or(u64::MAX, |s| s.parse().unwrap());
    let nodes: u64 = a.get(3).map_or(2_000_000, |s| s.parse().unwrap());
    let mut opts = Options::new();
    opts.insert("cells".into(), 4);
    // FCOPT="k=v,k=v": tuning knobs (those of `freecell::solve`, games::GameEntry::knobs)
    let mut tuning = Tuning::new();
    if let Ok(extra) = std::env::var("FCOPT") {
        for kv in extra.split(',').filter(|s| !s.is_empty()) {
            let (k, v) = kv.split_once('=').expect("FCOPT k=v");
            tuning.insert(k.into(), v.parse().expect("FCOPT value"));
        }
    }
    // FCOUT=FILE: one line a deal (number, verdict 1 won / 2 lost / 3 other, nodes; with
    // FCLINES=1, then the winning line)
    let mut per = String::new();
    let lines = std::env::var("FCLINES").is_ok();
    let (mut won, mut lost, mut unk, mut total) = (0, 0, 0, 0u64);
    let mut digest = 0u64;
    let mut times = Vec::new();
    let t0 = Instant::now();
    for line in text.lines() {
        let (num, cols) = line.split_once(' ').unwrap();
        let num: u64 = num.parse().unwrap();
        if num < from || num > to {
            continue;
        }
        let tab: Vec<Vec<i32>> = cols.split('|').map(|c| c.split(' ').map(|x| x.parse().unwrap()).collect()).collect();
        let mut layout = Layout::new();
        layout.insert("tableau".into(), tab);
        let t = Instant::now();
        let out = freecell::solve(&Input::new(&layout, &opts).with_tuning(&tuning), Limits { budget: nodes, max_bytes: 4 << 30 }).unwrap();
        times.push((t.elapsed().as_secs_f64(), num, out.nodes));
        total += out.nodes;
        let v = match out.verdict {
            Verdict::Won(_) => { won += 1; 1 }
            Verdict::Lost => { lost += 1; 2 }
            _ => { unk += 1; 3 }
        };
        per += &format!("{num} {v} {}", out.nodes);
        if let (true, Verdict::Won(line)) = (lines, &out.verdict) {
            per += " ";
            per += &line.join(" ");
        }
        per += "\n";
        digest = digest.wrapping_mul(0x100000001B3).wrapping_add(out.nodes * 4 + v);
    }
    if let Ok(f) = std::env::var("FCOUT") {
        std::fs::write(f, per).expect("FCOUT");
    }
    let el = t0.elapsed().as_secs_f64();
    let mut ts: Vec<f64> = times.iter().map(|t| t.0).collect();
    ts.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("won {won} lost {lost} unknown {unk}; total {el:.2} s, median {:.3} ms, nodes {total}, {:.3} us/node, digest {digest:016x}",
        ts[ts.len() / 2] * 1000.0, el * 1e6 / total as f64);
    times.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    for t in times.iter().take(5) {
        println!("  C{} {:.1} ms {} nodes", t.1, t.0 * 1000.0, t.2);
    }
}
