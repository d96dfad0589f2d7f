//! Quick native timing of the Spider solver on numbered deals (no Python):
//! `cargo run --release --example spbench -- SUITS FROM TO NODES`.
//! The real benchmark is `make bench` (bench/spider.py); this is for tuning and for callgrind.
//! `LIST=3,17,40` runs those deals instead of FROM..TO; `EACH=1` prints each deal's verdict, nodes
//! and line digest (to compare two builds deal by deal); `MEM` the memory cap in MiB (default 1024);
//! `TUNE=cf=100,bm=800` passes tuning knobs (search.rs; measurement only).
//! The deals are dealt here as engine/deal.py deals them (the pipeline's own check compares the
//! two shuffles); `EACH` against `dealpool solve` on a few deals checks this copy of the layout.
//! Seconds are CPU seconds of this process (user + system, from /proc/self/stat, 10 ms ticks):
//! on a loaded machine wall seconds say little.

use dealpool_native::{games::spider, Limits, Input, Layout, Options};
use sha2::{Digest, Sha512};
use std::time::Instant;

mod shared;

/// The fresh deck of `suits` (engine/deal.py's `fresh_deck`): two decks; runs of spades and
/// hearts in turn; eight runs of spades.
fn deck(suits: u64) -> Vec<i32> {
    match suits {
        4 => (0..104).map(|i| i % 52).collect(),
        2 => (0..8).flat_map(|k| (0..13).map(move |r| (k % 2) * 13 + r)).collect(),
        _ => (0..104).map(|i| i % 13).collect(),
    }
}

/// Numbered deal `n` of spider-`suits`, laid out as engine/games/spider's `lay_out`: 54 cards a row
/// at a time over 6, 6, 6, 6, 5, ... 5 cards, the top one face up; the other 50 the stock.
fn numbered_layout(suits: u64, n: u64) -> Layout {
    let mut h = Sha512::new();
    h.update(format!("SiggySoft Solitaire numbered deal v1\x00spider-{suits}\x00").as_bytes());
    h.update(n.to_be_bytes());
    let fresh = deck(suits);
    let order: Vec<i32> = dealpool_native::core::deal::deal_positions(&h.finalize(), 104).into_iter().map(|p| fresh[p as usize]).collect();
    let sizes = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5];
    let mut cols = vec![Vec::new(); 10];
    let mut k = 0;
    for row in 0..6 {
        for (c, col) in cols.iter_mut().enumerate() {
            if row < sizes[c] {
                col.push(order[k]);
                k += 1;
            }
        }
    }
    let mut l = Layout::new();
    l.insert("tableau".into(), cols);
    l.insert("down".into(), vec![sizes.iter().map(|s| s - 1).collect()]);
    l.insert("stock".into(), vec![order[54..].to_vec()]);
    l
}

/// CPU seconds (user + system) this process has used: /proc/self/stat's utime and stime in
/// clock ticks (100 a second on Linux); 0 where there is no /proc.
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // the fields after the command name (which is in parentheses and may hold spaces)
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    (tick(11) + tick(12)) / 100.0
}

fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let (suits, from, to, nodes) = (a[0], a[1], a[2], a[3]);
    let mut opts = Options::new();
    opts.insert("suits".into(), suits as i64);
    let max_bytes = std::env::var("MEM").map_or(1 << 30, |m| m.parse::<u64>().unwrap() << 20);
    let deals: Vec<u64> = match std::env::var("LIST") {
        Ok(l) => l.split(',').map(|n| n.trim().parse().unwrap()).collect(),
        Err(_) => (from..=to).collect(),
    };
    let (mut won, mut unk, mut total) = (0, 0, 0u64);
    let mut tuning = dealpool_native::core::input::Tuning::new();
    for kv in std::env::var("TUNE").unwrap_or_default().split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').expect("TUNE: knob=value,...");
        tuning.insert(k.trim().into(), v.trim().parse().expect("TUNE: an integer value"));
    }
    let (t0, c0) = (Instant::now(), cpu());
    let mut slowest = (0.0f64, 0u64);
    for &n in &deals {
        let (t, c) = (Instant::now(), cpu());
        let out = spider::solve(&Input::new(&numbered_layout(suits, n), &opts).with_tuning(&tuning), Limits { budget: nodes, max_bytes }).unwrap();
        total += out.nodes;
        match out.verdict_str() {
            "won" => won += 1,
            _ => unk += 1,
        }
        let secs = cpu() - c;
        if secs > slowest.0 {
            slowest = (secs, n);
        }
        if std::env::var("EACH").is_ok() {
            let line = shared::line_digest(&out);
            eprintln!("{n} {} {} {line:016x} {:.4} cpu {secs:.2}", out.verdict_str(), out.nodes, t.elapsed().as_secs_f64());
        }
    }
    let (all, cpu_all) = (t0.elapsed().as_secs_f64(), cpu() - c0);
    println!(
        "spider-{suits}: {} deals, won {won} other {unk}; nodes {total}; mean {:.4}s wall, {:.4}s cpu; slowest cpu {:.2}s (deal {}); {:.0} pos/s cpu",
        deals.len(),
        all / deals.len() as f64,
        cpu_all / deals.len() as f64,
        slowest.0,
        slowest.1,
        total as f64 / cpu_all.max(0.01)
    );
}
