//! Visible-information playouts: the shared part of every game's player (`games/<game>/player.rs`
//! implements `Player`; `games::PLAYERS` registers this module's `line::<P>` and `many::<P>`).
//! A player plays a deal as a person who cannot see the face-down cards or the stock's order would,
//! choosing by a scored policy with ties broken (and scores jittered) by SplitMix64; the Python twins
//! (`engine/games/<game>/player.py`, with `engine/gamekit/playout.py`) make the same moves on the
//! same seeds, which the differential tests check. Nothing here is a verdict: playouts measure how
//! hard a deal is for a player, for its grade.

use crate::core::input::Input;
use crate::core::rng::{SplitMix, GOLDEN};

const POLICY_SALT: u64 = 0xD1B5_4A32_D192_ED03;

/// The stream's seed of playout `index` under `policy` from the deal's base seed (the twin's
/// `playout_seed`).
pub fn playout_seed(base: u64, policy: u8, index: u64) -> u64 {
    (base ^ (policy as u64).wrapping_mul(POLICY_SALT)).wrapping_add(index.wrapping_mul(GOLDEN))
}

/// The scored policies' choice (the twin's `pick`): each candidate's score plus a jitter in
/// 0..noise-1 (one draw a candidate, in order), the highest total, the first on a tie; None if there
/// is no candidate. Scores are not negative.
pub fn pick<T: Copy>(candidates: &[(T, i64)], noise: u64, rng: &mut SplitMix) -> Option<T> {
    let mut best: Option<T> = None;
    let mut best_total = -1i64;
    for &(mv, score) in candidates {
        let total = score + rng.below(noise) as i64;
        if total > best_total {
            best = Some(mv);
            best_total = total;
        }
    }
    best
}

/// A policy number checked (`line` and `many` start with it): `game` has policies 0..policies-1.
fn check_policy(game: &str, policy: u8, policies: usize) -> Result<(), String> {
    if (policy as usize) < policies {
        Ok(())
    } else {
        Err(format!("{game} has policies 0..{}, not {policy}", policies - 1))
    }
}

/// One game's player as the shared `line` and `many` drive it (`games::PLAYERS` registers
/// `line::<P>` and `many::<P>`), implemented by the game's table (the whole deal as it stands): what
/// is the game's own is its id, its policies, its dealing, its choice of a move, what its policy
/// remembers of the moves made, and its notation; checking the policy, dealing once, a fresh copy
/// and a seed for each playout, the playout's loop (`play_out`) and spelling the line are the same
/// for every game, so they are written once here.
pub trait Player: Clone {
    /// The game's id, as the policy check's message names it.
    const GAME: &'static str;
    /// How many policies it has (0..POLICIES-1).
    const POLICIES: usize;
    /// The most moves a playout makes (`usize::MAX` for a game whose every move brings its end nearer).
    const MAX_MOVES: usize;
    type Move: Copy;
    /// What the policy remembers of the moves made so far (such as the last move, or whether a card
    /// moved since the last redeal); the default at a playout's start.
    type Memo: Copy + Default;
    /// The table of a laid-out deal, or why the input is refused.
    fn deal(input: &Input) -> Result<Self, String>;
    /// The policy's move from `table` (its candidates scored into `buf` and one picked with the
    /// stream, `pick`), or None when it has none.
    fn choose(table: &Self, policy: u8, memo: Self::Memo, rng: &mut SplitMix, buf: &mut Vec<(Self::Move, i64)>) -> Option<Self::Move>;
    /// Make `mv` on `table`; what the policy remembers after it.
    fn make(table: &mut Self, mv: Self::Move, memo: Self::Memo) -> Self::Memo;
    /// Whether every card is home.
    fn won(table: &Self) -> bool;
    /// A move in the game's notation (the referee's token).
    fn spell(mv: Self::Move) -> String;
}

/// One playout from `table` with its stream seeded `seed` (the twins' loop): while the deal is not
/// won and fewer than `MAX_MOVES` are made, the policy's move is made and handed to `record`;
/// (won, moves made).
pub fn play_out<P: Player>(table: &mut P, seed: u64, policy: u8, mut record: impl FnMut(P::Move)) -> (bool, u32) {
    let mut rng = SplitMix(seed);
    let mut buf = Vec::with_capacity(64);
    let mut memo = P::Memo::default();
    let mut count = 0usize;
    while count < P::MAX_MOVES && !P::won(table) {
        let Some(mv) = P::choose(table, policy, memo, &mut rng, &mut buf) else { break };
        memo = P::make(table, mv, memo);
        record(mv);
        count += 1;
    }
    (P::won(table), count as u32)
}

/// One playout's line (the differential tests compare it with the Python twin's): (won, moves).
pub fn line<P: Player>(input: &Input, seed: u64, policy: u8) -> Result<(bool, Vec<String>), String> {
    check_policy(P::GAME, policy, P::POLICIES)?;
    let mut table = P::deal(input)?;
    let mut moves = Vec::new();
    let (won, _) = play_out(&mut table, seed, policy, |m| moves.push(P::spell(m)));
    Ok((won, moves))
}

/// `count` playouts from the deal, playout i seeded `playout_seed(base, policy, i)`: (won, moves
/// made) each.
pub fn many<P: Player>(input: &Input, base: u64, policy: u8, count: u64) -> Result<Vec<(bool, u32)>, String> {
    check_policy(P::GAME, policy, P::POLICIES)?;
    let start = P::deal(input)?;
    Ok((0..count)
        .map(|i| {
            let mut table = start.clone();
            play_out(&mut table, playout_seed(base, policy, i), policy, |_| {})
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playout_seeds_differ_by_policy_and_index() {
        assert_ne!(playout_seed(7, 0, 0), playout_seed(7, 1, 0));
        assert_ne!(playout_seed(7, 0, 0), playout_seed(7, 0, 1));
        assert_eq!(playout_seed(7, 0, 0), 7);
    }

    #[test]
    fn pick_takes_the_best_total_and_the_first_on_a_tie() {
        let mut rng = SplitMix(1);
        assert_eq!(pick::<u8>(&[], 10, &mut rng), None);
        // noise 1 draws only zeros: the scores alone decide, the first of equals wins
        assert_eq!(pick(&[(1u8, 5), (2, 9), (3, 9), (4, 0)], 1, &mut rng), Some(2));
        // with jitter, the same seed picks the same, and one draw a candidate is taken
        let cands = [(1u8, 0), (2, 0), (3, 0), (4, 0)];
        let (mut a, mut b) = (SplitMix(42), SplitMix(42));
        assert_eq!(pick(&cands, 100, &mut a), pick(&cands, 100, &mut b));
        let mut c = SplitMix(42);
        for _ in 0..4 {
            c.next();
        }
        assert_eq!(a.next(), c.next());
        let picks: std::collections::HashSet<u8> = (0..50).map(|s| pick(&cands, 100, &mut SplitMix(s)).unwrap()).collect();
        assert!(picks.len() > 1, "the jitter reaches the choice");
    }

    /// A toy game for the shared pair: the table is a count from the option `start` that each move
    /// raises by 1 or 2 (the stream picks), won at 10 or more, lost past 12 moves (never here).
    #[derive(Clone)]
    struct Toy(i64);

    impl Player for Toy {
        const GAME: &'static str = "toy";
        const POLICIES: usize = 2;
        const MAX_MOVES: usize = 12;
        type Move = i64;
        type Memo = ();
        fn deal(input: &Input) -> Result<Toy, String> {
            input.options.get("start").map(|&s| Toy(s)).ok_or_else(|| "no start".to_string())
        }
        fn choose(_: &Toy, policy: u8, _: (), rng: &mut SplitMix, _: &mut Vec<(i64, i64)>) -> Option<i64> {
            pick(&[(1, 0), (2, 0)], 10 + policy as u64, rng)
        }
        fn make(table: &mut Toy, mv: i64, _: ()) {
            table.0 += mv;
        }
        fn won(table: &Toy) -> bool {
            table.0 >= 10
        }
        fn spell(mv: i64) -> String {
            format!("+{mv}")
        }
    }

    #[test]
    fn many_is_line_played_from_each_playouts_seed_on_a_fresh_table() {
        let layout = crate::core::input::Layout::new();
        let options = crate::core::input::Options::from([("start".to_string(), 3)]);
        let input = Input::new(&layout, &options);
        for policy in 0..2u8 {
            let many = many::<Toy>(&input, 77, policy, 20).unwrap();
            assert_eq!(many.len(), 20);
            for (i, &(won, moves)) in many.iter().enumerate() {
                let (line_won, line) = line::<Toy>(&input, playout_seed(77, policy, i as u64), policy).unwrap();
                assert_eq!((line_won, line.len() as u32), (won, moves), "playout {i}");
                assert!(line.iter().all(|m| m == "+1" || m == "+2"));
                assert!(won, "every playout starts from 3, not from the last one's end");
            }
            let lengths: std::collections::HashSet<u32> = many.iter().map(|m| m.1).collect();
            assert!(lengths.len() > 1, "the seeds reach the playouts");
        }
    }

    #[test]
    fn a_policy_or_a_deal_refused_is_one_error() {
        let layout = crate::core::input::Layout::new();
        let options = crate::core::input::Options::from([("start".to_string(), 3)]);
        let input = Input::new(&layout, &options);
        assert_eq!(line::<Toy>(&input, 1, 2).unwrap_err(), "toy has policies 0..1, not 2");
        assert_eq!(many::<Toy>(&input, 1, 9, 3).unwrap_err(), "toy has policies 0..1, not 9");
        let none = crate::core::input::Options::new();
        assert_eq!(many::<Toy>(&Input::new(&layout, &none), 1, 0, 3).unwrap_err(), "no start");
    }
}
