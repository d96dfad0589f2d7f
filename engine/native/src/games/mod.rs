//! The solvable games, one folder each: a game's moves, safe moves, key, search tuning, random
//! walk and tests live in `games/<game>/`; the shared search machinery beside (`crate::core::search`,
//! `crate::core::best_first`, `crate::core::seen`, `crate::core::walk`). `GAMES` registers them: the crate's
//! `solve`, `walk`, `position` and `solvable` (and the Python module) read only that table.

pub mod canfield;
pub mod freecell;
pub mod gaps;
pub mod klondike;
pub mod labellelucie;
pub mod pyramid;
pub mod spider;
pub mod tripeaks;

use crate::core::search::{Limits, Outcome};
use crate::core::walk::Walk;
use crate::core::input::Input;
use crate::core::kit;
use crate::core::playout;

/// One solvable game: its id (as the Python side names it), the names it reads, and its entry
/// points.
pub struct GameEntry {
    pub id: &'static str,
    /// The rule options the game reads (`Input::options`); any other is refused.
    pub options: &'static [&'static str],
    /// The search tuning knobs the game reads (`Input::tuning`, measurement only); any other is
    /// refused.
    pub knobs: &'static [&'static str],
    /// Solve one laid-out deal within the limits.
    pub solve: fn(&Input, Limits) -> Result<Outcome, String>,
    /// Random play from a deal for the differential tests (walk seed, steps).
    pub walk: fn(&Input, u64, usize) -> Result<Walk, String>,
    /// The piles the solver holds after playing a line from the deal (the test hook
    /// `testing.position`, which compares them with the referee's), for the games that have it.
    pub position: Option<fn(&Input, &[String]) -> Result<Vec<Vec<i32>>, String>>,
}

/// FreeCell's tuning knobs (`freecell::tuning::solve` says what each does).
const FREECELL_KNOBS: &[&str] = &[
    "w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7", "bf", "bfw", "bw0", "bw1", "bw2", "bw3", "bw4", "bw5", "bw6", "bw7", "bfd",
    "quota", "mode", "sch", "sch2", "wts", "q0", "q1", "q2", "q3", "q4", "x0", "x1",
];
/// Spider's tuning knobs (`spider::solve` says what each does).
const SPIDER_KNOBS: &[&str] = &["w0", "w1", "w2", "w3", "w4", "w5", "w6", "w7", "dw", "dw3", "side", "dfs", "plan", "cf", "bk", "bg", "bm", "bf", "bc", "bh", "bco", "bcs", "a0", "a1", "a2", "a3", "a4", "a5"];

/// The solvable games, in the order `solvable_games` lists them: a game is solvable exactly
/// when it is here.
pub static GAMES: &[GameEntry] = &[
    GameEntry { id: "klondike", options: &["draw", "passes"], knobs: &["abstract"], solve: klondike::solve, walk: klondike::walk, position: None },
    GameEntry { id: "freecell", options: &["cells"], knobs: FREECELL_KNOBS, solve: freecell::solve, walk: kit::walk::<freecell::FreeCell>, position: None },
    GameEntry { id: "canfield", options: &["draw", "passes"], knobs: &[], solve: kit::solve::<canfield::Canfield>, walk: kit::walk::<canfield::Canfield>, position: None },
    GameEntry { id: "tripeaks", options: &["wrap"], knobs: &[], solve: kit::solve::<tripeaks::TriPeaks>, walk: kit::walk::<tripeaks::TriPeaks>, position: None },
    GameEntry { id: "pyramid", options: &["passes", "all"], knobs: &[], solve: kit::solve::<pyramid::Pyramid>, walk: kit::walk::<pyramid::Pyramid>, position: None },
    GameEntry { id: "spider", options: &["suits"], knobs: SPIDER_KNOBS, solve: spider::solve, walk: kit::walk::<spider::Spider>, position: None },
    GameEntry { id: "labellelucie", options: &[], knobs: &[], solve: kit::solve::<labellelucie::Lucie>, walk: kit::walk::<labellelucie::Lucie>, position: Some(labellelucie::position) },
    GameEntry { id: "gaps", options: &[], knobs: &[], solve: kit::solve::<gaps::Gaps>, walk: kit::walk::<gaps::Gaps>, position: Some(gaps::position) },
];

/// The registered entry of `game`, its input's names checked, or the error for a game without a
/// solver or a name it does not read.
fn entry(game: &str, input: &Input) -> Result<&'static GameEntry, String> {
    let g = find(game).ok_or_else(|| format!("no solver for game {game:?}"))?;
    g.check(input)?;
    Ok(g)
}

/// Solve one laid-out deal of `game`. Everything the solve allocates for its searches (its
/// searches in turn, a game's own tables) is charged to one memory meter capped at
/// `limits.max_bytes` (`memory`).
pub fn solve(game: &str, input: &Input, limits: Limits) -> Result<Outcome, String> {
    solve_timed(game, input, limits).map(|(out, _)| out)
}

/// `solve`, with the search's own thread CPU seconds (`crate::core::clock`): from the game's
/// position built (its solve calls `clock::built()`; one that does not is timed from its entry)
/// to its outcome returned, the line still Rust's. What a peer's timed library call is set beside.
pub fn solve_timed(game: &str, input: &Input, limits: Limits) -> Result<(Outcome, f64), String> {
    let g = entry(game, input)?;
    let _scope = crate::core::memory::scope(limits.max_bytes);
    crate::core::clock::built();
    let out = (g.solve)(input, limits)?;
    Ok((out, crate::core::clock::since_built()))
}

/// Random play for the differential tests (see each game's `walk`): `walk_seed` picks the moves.
pub fn walk(game: &str, input: &Input, walk_seed: u64, steps: usize) -> Result<Walk, String> {
    (entry(game, input)?.walk)(input, walk_seed, steps)
}

/// The piles the solver holds after playing `line` from the deal, for the games with that test
/// hook (`games::GameEntry::position`).
pub fn position(game: &str, input: &Input, line: &[String]) -> Result<Vec<Vec<i32>>, String> {
    let position = entry(game, input)?.position.ok_or_else(|| format!("no position hook for game {game:?}"))?;
    position(input, line)
}

/// Which games `solve` can search (the Python side asks before offering a board).
pub fn solvable(game: &str) -> bool {
    find(game).is_some()
}

/// The ids of the games `solve` can search, in the order of `GAMES`.
pub fn solvable_games() -> Vec<&'static str> {
    GAMES.iter().map(|g| g.id).collect()
}

/// The entry of `game`, if it is solvable.
pub fn find(game: &str) -> Option<&'static GameEntry> {
    GAMES.iter().find(|g| g.id == game)
}

impl GameEntry {
    /// Refuse an option or a tuning knob the game does not read: a knob sent as an option (or
    /// a misspelt one) would otherwise change nothing, silently.
    pub fn check(&self, input: &Input) -> Result<(), String> {
        // the first unknown name in sorted order, found without a list (a call's fixed cost)
        if let Some(k) = input.options.keys().filter(|k| !self.options.contains(&k.as_str())).min() {
            return Err(format!("{} has no option {k:?}; accepted: {}", self.id, accepted(self.options)));
        }
        if let Some(k) = input.tuning.keys().find(|k| !self.knobs.contains(&k.as_str())) {
            return Err(format!("{} has no tuning knob {k:?}; accepted: {}", self.id, accepted(self.knobs)));
        }
        Ok(())
    }
}

/// A list of names for an error message.
fn accepted(names: &[&str]) -> String {
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}

// ---- the visible-information players (`crate::core::playout`): the bindings' `playouts`,
// `playout_line` and `players` read only this table.

/// One game's player: a whole playout's moves (for the differential tests) and many playouts'
/// results (won, moves) for grading.
pub struct PlayerEntry {
    pub id: &'static str,
    /// The moves of one playout seeded `seed` under `policy`, and whether it won.
    pub line: fn(&Input, u64, u8) -> Result<(bool, Vec<String>), String>,
    /// `count` playouts, playout i seeded `playout_seed(base, policy, i)`: (won, moves) each.
    pub many: fn(&Input, u64, u8, u64) -> Result<Vec<(bool, u32)>, String>,
}

impl PlayerEntry {
    /// The entry of a game's player (its table, a `playout::Player`): its id, and `core::playout`'s
    /// shared `line` and `many` of it.
    pub const fn of<P: playout::Player>() -> PlayerEntry {
        PlayerEntry { id: P::GAME, line: playout::line::<P>, many: playout::many::<P> }
    }
}

/// The games with a player (one line a game).
pub static PLAYERS: &[PlayerEntry] = &[
    PlayerEntry::of::<klondike::player::Table>(),
    PlayerEntry::of::<freecell::player::Table>(),
    PlayerEntry::of::<tripeaks::TriPeaks>(),
    PlayerEntry::of::<pyramid::player::Table>(),
    PlayerEntry::of::<canfield::player::Table>(),
    PlayerEntry::of::<spider::player::Table>(),
    PlayerEntry::of::<labellelucie::Lucie>(),
    PlayerEntry::of::<gaps::Gaps>(),
];

/// The player of `game`, or the error for a game without one.
pub fn find_player(game: &str) -> Result<&'static PlayerEntry, String> {
    PLAYERS.iter().find(|p| p.id == game).ok_or_else(|| format!("no player for game {game:?}"))
}


#[cfg(test)]
mod tests {
    use crate::core::search::Limits;
    use crate::core::input::{Input, Layout, Options, Tuning};

    const LIMITS: Limits = Limits { budget: 1_000, max_bytes: 1 << 30 };

    fn klondike() -> (Layout, Options) {
        let o = Options::from([("draw".to_string(), 1), ("passes".to_string(), 0)]);
        (super::klondike::numbered_layout(1), o)
    }

    #[test]
    fn a_knob_is_read_from_the_tuning_alone() {
        let (l, o) = klondike();
        let t = Tuning::from([("abstract".to_string(), 0)]);
        assert!(super::solve("klondike", &Input::new(&l, &o).with_tuning(&t), LIMITS).is_ok());
        // the same knob as an option, a misspelt knob, an option as a knob: refused, named
        let mut as_option = o.clone();
        as_option.insert("abstract".into(), 0);
        let e = super::solve("klondike", &Input::new(&l, &as_option), LIMITS).unwrap_err();
        assert!(e.contains("no option \"abstract\""), "{e}");
        let typo = Tuning::from([("abstrakt".to_string(), 0)]);
        let e = super::solve("klondike", &Input::new(&l, &o).with_tuning(&typo), LIMITS).unwrap_err();
        assert!(e.contains("no tuning knob \"abstrakt\"") && e.contains("abstract"), "{e}");
        let draw = Tuning::from([("draw".to_string(), 3)]);
        assert!(super::walk("klondike", &Input::new(&l, &o).with_tuning(&draw), 1, 3).is_err());
    }

    #[test]
    fn every_game_refuses_a_name_it_does_not_read() {
        let l = Layout::new();
        for g in super::GAMES {
            let o = Options::from([("nonsense".to_string(), 1)]);
            assert!(g.check(&Input::new(&l, &o)).is_err(), "{}", g.id);
            let t = Tuning::from([("nonsense".to_string(), 1)]);
            assert!(g.check(&Input::new(&l, &Options::new()).with_tuning(&t)).is_err(), "{}", g.id);
            for name in g.options {
                let o = Options::from([(name.to_string(), 1)]);
                assert!(g.check(&Input::new(&l, &o)).is_ok(), "{} {name}", g.id);
            }
        }
    }

    #[test]
    fn the_redealing_games_refuse_a_missing_or_short_seed() {
        let fans: Vec<Vec<i32>> = (0..18).map(|f| (f * 3..(f * 3 + 3).min(52)).collect()).collect();
        let rows: Vec<Vec<i32>> = (0..4).map(|r| (r * 13..r * 13 + 13).collect()).collect();
        let o = Options::new();
        for (game, group, cards) in [("labellelucie", "tableau", fans), ("gaps", "rows", rows)] {
            let l = Layout::from([(group.to_string(), cards)]);
            let e = super::solve(game, &Input::new(&l, &o), LIMITS).unwrap_err();
            assert!(e.contains("seed"), "{game}: {e}");
            assert!(super::solve(game, &Input::new(&l, &o).with_seed(&[7; 63]), LIMITS).is_err(), "{game}");
            assert!(super::solve(game, &Input::new(&l, &o).with_seed(&[7; 64]), LIMITS).is_ok(), "{game}");
            assert!(super::position(game, &Input::new(&l, &o).with_seed(&[7; 64]), &[]).is_ok(), "{game}");
            let e = super::position(game, &Input::new(&l, &o).with_seed(&[7; 64]), &["zz".to_string()]).unwrap_err();
            assert_eq!(e, "move 0 (zz) is not legal here", "{game}");
        }
    }
}
