//! Searches taking turns on one budget: restarts of the depth-first search in new orders
//! (`search_restarts`), and scans of any kind paused and resumed in rounds (`Resume`,
//! `interleave`). Only how the budget is shared changes; each search stays complete or says
//! nothing, so a `lost` is still proved by one search that saw every position.

use crate::core::game::{Game, Limits, Outcome, Verdict};
use crate::core::memory;
use crate::core::search::{search, Scan};

/// Search with restarts: attempts with budgets `first`, 2·`first`, 4·`first`, ... while together
/// they stay within `limits.budget / share`, then one with all that is left (so at least
/// (share−1)/share of the budget: a loss is proved only by an attempt that sees every reachable
/// position, which needs the budget in one piece). Attempt i orders its candidates by `seed(i)`
/// (`reorder(game, 0)` is the game's own heuristic order, used first); only the order changes,
/// never the candidate set, so each attempt is a complete search by itself: a win from any attempt
/// is a real line, and an attempt that runs dry proves the loss. The node count is the sum over
/// attempts, so the verdict stays a function of the budget. Heavy-tailed searches (a few bad
/// early choices with huge subtrees) find wins far sooner this way.
pub fn search_restarts<G: Game>(game: &mut G, limits: Limits, first: u64, share: u64, mut reorder: impl FnMut(&mut G, u64)) -> Outcome {
    let cap = limits.budget / share.max(1);
    let mut used = 0u64;
    let mut budget = first.max(1);
    let mut seed = 0u64;
    loop {
        let last = used + budget > cap;
        let nodes = if last { limits.budget - used } else { budget };
        reorder(game, seed);
        let out = search(game, Limits { budget: nodes, ..limits });
        used += out.nodes;
        if last || out.verdict != Verdict::OutOfNodes {
            reorder(game, 0);
            return Outcome { verdict: out.verdict, nodes: used };
        }
        budget = budget.saturating_mul(2);
        seed = seed.wrapping_mul(0x2545_F491_4F6C_DD1D).wrapping_add(0x9E37_79B9_7F4A_7C15);
    }
}

/// A search that can pause and resume, so several can take turns on one budget.
pub trait Resume {
    /// Go on for at most `more` positions: Some(outcome) once the search is over (won, lost
    /// when it ran dry, out of memory), None when only paused.
    fn resume(&mut self, more: u64) -> Option<Outcome>;
    /// Positions expanded so far.
    fn nodes(&self) -> u64;
    /// Give up: hand the game back as it was found.
    fn abandon(&mut self);
}

impl<'g, G: Game> Resume for Scan<'g, G> {
    fn resume(&mut self, more: u64) -> Option<Outcome> {
        Scan::resume(self, more).cloned()
    }
    fn nodes(&self) -> u64 {
        Scan::nodes(self)
    }
    fn abandon(&mut self) {
        Scan::abandon(self)
    }
}

/// A scan made only when it first gets a turn: most deals are won by the first scan, so the
/// others would be set up for nothing.
pub struct Lazy<'a> {
    make: Option<Box<dyn FnOnce() -> Box<dyn Resume + 'a> + 'a>>,
    scan: Option<Box<dyn Resume + 'a>>,
}

impl<'a> Lazy<'a> {
    pub fn new(make: impl FnOnce() -> Box<dyn Resume + 'a> + 'a) -> Self {
        Lazy { make: Some(Box::new(make)), scan: None }
    }
}

impl<'a> Resume for Lazy<'a> {
    fn resume(&mut self, more: u64) -> Option<Outcome> {
        if let Some(make) = self.make.take() {
            self.scan = Some(make());
        }
        self.scan.as_mut().unwrap().resume(more)
    }
    fn nodes(&self) -> u64 {
        self.scan.as_ref().map_or(0, |s| s.nodes())
    }
    fn abandon(&mut self) {
        if let Some(s) = self.scan.as_mut() {
            s.abandon();
        }
    }
}

/// Searches of one position that differ only in how they order moves, taking turns: in round r
/// scan i goes on until it has expanded `first[i]`·2^r positions in all, while the total stays within
/// `limits.budget / share`; then scan `alone` goes on alone with all that is left, so a loss that needs
/// most of the budget in one search can still be proved. No scan restarts, so no work is done
/// twice, and the doubling rounds bound the cost by about twice the number of scans times what
/// the quickest scan needs. Every scan is a complete search with the same candidates: the first
/// that wins gives the line, the first that runs dry proves the loss. Nodes are summed over
/// scans (deterministic), the memory cap over all their structures (one meter: a scan that cannot
/// grow ends out of memory).
pub fn interleave(scans: &mut [Box<dyn Resume + '_>], limits: Limits, first: &[u64], share: u64, alone: usize) -> Outcome {
    let _scope = memory::scope(limits.max_bytes);
    let cap = limits.budget / share.max(1);
    let mut used = 0u64;
    let mut round = 0u32;
    let verdict = 'turns: loop {
        for i in 0..scans.len() {
            let target = first[i].max(1).saturating_mul(1u64 << round.min(40));
            let solo = used >= cap;
            let (i, more) = if solo { (alone, limits.budget - used) } else { (i, target.saturating_sub(scans[i].nodes()).min(cap - used)) };
            if more == 0 && !solo {
                continue;
            }
            let before = scans[i].nodes();
            let out = scans[i].resume(more);
            used += scans[i].nodes() - before;
            match out {
                Some(o) => break 'turns o.verdict,
                None if solo || used >= limits.budget => break 'turns Verdict::OutOfNodes,
                None => {}
            }
        }
        round += 1;
    };
    for s in scans.iter_mut() {
        s.abandon();
    }
    Outcome { verdict, nodes: used }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::search::tests::{Walk, BIG};

    #[test]
    fn restarts_sum_their_nodes_and_keep_verdicts() {
        let edges = vec![vec![1, 2], vec![2, 0], vec![1], vec![]];
        let mut g = Walk { at: 0, edges: edges.clone(), goal: 3 };
        // Lost needs all 3 positions. Budget 100, share 8: restarts may use 12 (attempts of 1, 2
        // and 4 run out, 7 in all), the last has the 93 left.
        let out = search_restarts(&mut g, Limits { budget: 100, max_bytes: 1 << 30 }, 1, 8, |_, _| {});
        assert_eq!(out.verdict, Verdict::Lost);
        assert_eq!(out.nodes, 1 + 2 + 3);
        // Share 1: restarts may take it all (1 + 2 of 5), the last attempt gets 2 and runs out,
        // spending exactly the budget.
        let out = search_restarts(&mut g, Limits { budget: 5, max_bytes: 1 << 30 }, 1, 1, |_, _| {});
        assert_eq!((out.verdict, out.nodes), (Verdict::OutOfNodes, 5));
        // Share 2 of 5: restarts get 2 (the attempt of 1 only), the last the 4 left: enough.
        let out = search_restarts(&mut g, Limits { budget: 5, max_bytes: 1 << 30 }, 1, 2, |_, _| {});
        assert_eq!((out.verdict, out.nodes), (Verdict::Lost, 1 + 3));
        let mut g = Walk { at: 0, edges: vec![vec![1], vec![0, 2], vec![1, 3], vec![]], goal: 3 };
        let mut seeds = Vec::new();
        let out = search_restarts(&mut g, Limits { budget: 100, max_bytes: 1 << 30 }, 1, 8, |_, s| seeds.push(s));
        assert!(matches!(out.verdict, Verdict::Won(_)));
        assert_eq!(seeds.first(), Some(&0));
        assert_eq!(seeds.last(), Some(&0), "the game is handed back in its own order");
    }

    fn scans<'a>(games: &'a mut [Walk]) -> Vec<Box<dyn Resume + 'a>> {
        games.iter_mut().map(|g| Box::new(Scan::new(g, 1 << 30)) as Box<dyn Resume>).collect()
    }

    #[test]
    fn scans_take_turns_and_resume_where_they_paused() {
        // A chain 0 -> 1 -> ... -> 9 with a dead branch off each node; order A tries the dead
        // branch first, order B the chain. Paused every few positions, each must still finish.
        let mut edges: Vec<Vec<usize>> = (0..10).map(|i| vec![10 + i, i + 1]).collect();
        edges.extend((0..10).map(|_| vec![]));
        edges[9] = vec![];
        let whole = search(&mut Walk { at: 0, edges: edges.clone(), goal: 9 }, BIG);
        assert_eq!(whole.nodes, 18);
        for first in [1, 2, 5, 100] {
            let mut one = [Walk { at: 0, edges: edges.clone(), goal: 9 }];
            let paused = interleave(&mut scans(&mut one), BIG, &[first], 1, 0);
            assert_eq!((paused.verdict.clone(), paused.nodes), (whole.verdict.clone(), whole.nodes), "first {first}");
            let rev: Vec<Vec<usize>> = edges.iter().map(|e| e.iter().rev().copied().collect()).collect();
            let mut two = [Walk { at: 0, edges: edges.clone(), goal: 9 }, Walk { at: 0, edges: rev, goal: 9 }];
            let out = interleave(&mut scans(&mut two), BIG, &[first, first], 1, 0);
            assert_eq!(out.verdict, whole.verdict);
            // B needs 9 positions; the rounds bound the cost by 2 scans x 2 x 9
            assert!(first > 9 || out.nodes <= 2 * 2 * 9, "first {first}: {} nodes", out.nodes);
            assert_eq!((two[0].at, two[1].at), (0, 0));
        }
        // A loss: any scan that runs dry proves it; scan 0 gets what is left after the share.
        let edges = vec![vec![1, 2], vec![2, 0], vec![1], vec![]];
        let mut two = [Walk { at: 0, edges: edges.clone(), goal: 3 }, Walk { at: 0, edges, goal: 3 }];
        // share 2 of 5: rounds of 1 (A 1, B 1), then A alone: 2 more to run dry
        let out = interleave(&mut scans(&mut two), Limits { budget: 5, max_bytes: 1 << 30 }, &[1, 1], 2, 0);
        assert_eq!((out.verdict, out.nodes), (Verdict::Lost, 1 + 1 + 2));
        // budget 3: A 1 (the share), then A alone runs dry at 3; budget 2 is not enough
        let out = interleave(&mut scans(&mut two), Limits { budget: 3, max_bytes: 1 << 30 }, &[1, 1], 2, 0);
        assert_eq!((out.verdict, out.nodes), (Verdict::Lost, 3));
        let out = interleave(&mut scans(&mut two), Limits { budget: 2, max_bytes: 1 << 30 }, &[1, 1], 2, 0);
        assert_eq!((out.verdict, out.nodes), (Verdict::OutOfNodes, 2));
    }
}
