//! Tuning aid: how often an abstract win is concretized:
//! `cargo run --release --example kconcx -- DRAW FROM TO NODES`.
use dealpool_native::games::klondike::{abstract_game, concretize, AbsMove, State};
use dealpool_native::core::search::{search, Limits, Verdict};
use dealpool_native::{games::klondike, Options};
fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let mut opts = Options::new();
    opts.insert("draw".into(), a[0] as i64);
    let (mut won, mut real, mut failed) = (0, 0, Vec::new());
    for n in a[1]..=a[2] {
        let s = State::from_layout(&klondike::numbered_layout(n), &opts).unwrap();
        let mut g = abstract_game::Abs::from_state(&s).unwrap();
        let out = search(&mut g, Limits { budget: a[3], max_bytes: 4 << 30 });
        if let Verdict::Won(t) = out.verdict {
            won += 1;
            let line: Vec<AbsMove> = t.iter().map(|x| abstract_game::parse(x).unwrap()).collect();
            if concretize::concretize(&s, &line).is_some() {
                real += 1;
            } else {
                failed.push(n);
            }
        }
    }
    println!("abstract wins {won}, concretized {real}, not: {failed:?}");
}
