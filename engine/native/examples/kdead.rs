//! Tuning aid: the numbered deals the blocked-structure test (`Abs::blocked`, src/games/klondike/README.md) proves
//! lost before any search: `cargo run --release --example kdead -- DRAW FROM TO`.
use dealpool_native::{games::klondike, games::klondike::abstract_game::Abs, Options};
fn main() {
    let a: Vec<u64> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let (draw, from, to) = (a[0], a[1], a[2]);
    let mut opts = Options::new();
    opts.insert("draw".into(), draw as i64);
    opts.insert("passes".into(), 0);
    for n in from..=to {
        let s = klondike::State::from_layout(&klondike::numbered_layout(n), &opts).unwrap();
        let ab = Abs::from_state(&s).unwrap();
        if ab.blocked() {
            println!("{n} dead");
        }
    }
}
