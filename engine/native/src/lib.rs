//! dealpool's native engine: the solver's search and each game's moves.
//! The Python side deals and lays out the cards; this crate only searches.
//!
//! Shared machinery here (`search`, `best_first`, `seen`, `walk`, `cards`, `deal`, `line`); each game
//! in its folder under `games/`, registered in `games::GAMES`, the one table `solve`, `walk`
//! and `solvable` read.

pub mod best_first;
pub mod cards;
pub mod deal;
pub mod games;
pub mod line;
pub mod memory;
pub mod rng;
pub mod search;
pub mod seen;
pub mod walk;

use std::collections::HashMap;

/// A dealt layout as the Python side lays it out (each game's `lay_out` in engine/games/<game>/): named
/// groups of card lists, each list bottom first; cards are 0..51
/// (suit * 13 + rank - 1, suits spades, hearts, diamonds, clubs).
pub type Layout = HashMap<String, Vec<Vec<i32>>>;
/// A game's solving options as whole numbers (e.g. draw=3, passes=0 for unlimited).
pub type Options = HashMap<String, i64>;

/// The registered entry of `game`, or the error for a game without a solver.
fn entry(game: &str) -> Result<&'static games::GameEntry, String> {
    games::find(game).ok_or_else(|| format!("no solver for game {game:?}"))
}

/// Solve one laid-out deal of `game`. Everything the solve allocates for its searches (its
/// searches in turn, a game's own tables) is charged to one memory meter capped at
/// `limits.max_bytes` (`memory`).
pub fn solve(game: &str, layout: &Layout, options: &Options, limits: search::Limits) -> Result<search::Outcome, String> {
    let _scope = memory::scope(limits.max_bytes);
    (entry(game)?.solve)(layout, options, limits)
}

/// Random play for the differential tests (see each game's `walk`).
pub fn walk(game: &str, layout: &Layout, options: &Options, seed: u64, steps: usize) -> Result<walk::Walk, String> {
    (entry(game)?.walk)(layout, options, seed, steps)
}

/// Which games `solve` can search (the Python side asks before offering a board).
pub fn solvable(game: &str) -> bool {
    games::find(game).is_some()
}

/// The ids of the games `solve` can search, in the order of `games::GAMES`.
pub fn solvable_games() -> Vec<&'static str> {
    games::GAMES.iter().map(|g| g.id).collect()
}

#[cfg(feature = "python")]
mod python {
    use super::{search, Layout, Options};
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;
    use pyo3::types::{PyBytes, PyDict, PyList, PyString};

    /// Fisher-Yates positions for a 64-byte seed (the published stream).
    #[pyfunction]
    fn deal_positions(py: Python<'_>, seed: &Bound<'_, PyBytes>, size: usize) -> PyResult<Vec<u32>> {
        let seed = seed.as_bytes().to_vec();
        if seed.len() != 64 {
            return Err(PyValueError::new_err(format!("seed must be 64 bytes, got {}", seed.len())));
        }
        Ok(py.detach(|| super::deal::deal_positions(&seed, size)))
    }

    /// Solve a laid-out deal within `budget` positions and `max_bytes` of memory. Returns
    /// (verdict, nodes, line, reason), verdict one of won|lost|unknown; reason is "" or
    /// nodes|memory for unknown.
    #[pyfunction(name = "solve")]
    #[pyo3(signature = (game, layout, options, budget, max_bytes))]
    fn py_solve<'py>(
        py: Python<'py>,
        game: &str,
        #[pyo3(from_py_with = layout_of)] layout: Layout,
        options: Options,
        budget: u64,
        max_bytes: u64,
    ) -> PyResult<(&'static str, u64, Bound<'py, PyList>, &'static str)> {
        let limits = search::Limits { nodes: budget, max_bytes };
        let out = py
            .detach(|| super::solve(game, &layout, &options, limits))
            .map_err(PyValueError::new_err)?;
        let reason = match out.verdict {
            search::Verdict::OutOfNodes => "nodes",
            search::Verdict::OutOfMemory => "memory",
            _ => "",
        };
        let line = match &out.verdict {
            search::Verdict::Won(line) => py_tokens(py, line)?,
            _ => PyList::empty(py),
        };
        Ok((out.verdict_str(), out.nodes, line, reason))
    }

    /// A layout (a dict of lists of lists of int, as every game's `lay_out` makes it) read by
    /// the lists' own fast path, each list's room made once; any other shape through PyO3's
    /// generic extraction, as before (the generic sequence protocol was a twentieth of a median
    /// Klondike deal's native call).
    fn layout_of(obj: &Bound<'_, PyAny>) -> PyResult<Layout> {
        let Ok(d) = obj.downcast::<PyDict>() else { return obj.extract() };
        let mut out = Layout::with_capacity(d.len());
        for (k, v) in d.iter() {
            let Ok(groups) = v.downcast::<PyList>() else {
                out.insert(k.extract()?, v.extract()?);
                continue;
            };
            let mut gs = Vec::with_capacity(groups.len());
            for g in groups.iter() {
                let Ok(cards) = g.downcast::<PyList>() else {
                    gs.push(g.extract()?);
                    continue;
                };
                let mut cs = Vec::with_capacity(cards.len());
                for c in cards.iter() {
                    cs.push(c.extract::<i32>()?);
                }
                gs.push(cs);
            }
            out.insert(k.extract()?, gs);
        }
        Ok(out)
    }

    /// A line as a list of str, each made straight from the line's text. A line repeats few
    /// tokens (a median Klondike deal: 168 tokens, 31 distinct, 77 of them `d`), so each
    /// distinct token of up to 7 bytes is made once and the list shares it (Python's str is
    /// immutable: the list reads the same), found again in a small table keyed by its bytes.
    fn py_tokens<'py>(py: Python<'py>, line: &search::Line) -> PyResult<Bound<'py, PyList>> {
        const BITS: u32 = 7;
        let mut keys = [0u64; 1 << BITS];
        let mut made: [Option<Bound<'py, PyString>>; 1 << BITS] = std::array::from_fn(|_| None);
        let mut room = 1usize << (BITS - 1); // at most half full, so a probe ends soon
        let tokens = line.iter().map(|t| {
            let b = t.as_bytes();
            if b.is_empty() || b.len() > 7 {
                return PyString::new(py, t);
            }
            // the bytes and the length: distinct tokens, distinct keys, none 0
            let key = b.iter().rev().fold(b.len() as u64, |k, &c| k << 8 | c as u64);
            let mut i = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize;
            loop {
                if keys[i] == key {
                    return made[i].clone().expect("a kept key has its str");
                }
                if keys[i] == 0 {
                    let s = PyString::new(py, t);
                    if room > 0 {
                        room -= 1;
                        keys[i] = key;
                        made[i] = Some(s.clone());
                    }
                    return s;
                }
                i = (i + 1) & ((1 << BITS) - 1);
            }
        });
        PyList::new(py, tokens)
    }

    /// Random play from a deal: [(line so far, sorted legal moves there)].
    #[pyfunction(name = "walk")]
    fn py_walk(
        py: Python<'_>,
        game: String,
        layout: Layout,
        options: Options,
        seed: u64,
        steps: usize,
    ) -> PyResult<Vec<(Vec<String>, Vec<String>)>> {
        py.detach(|| super::walk(&game, &layout, &options, seed, steps)).map_err(PyValueError::new_err)
    }

    /// Whether the native engine has a solver for `game`.
    #[pyfunction(name = "solvable")]
    fn py_solvable(game: &str) -> bool {
        super::solvable(game)
    }

    /// Test hook: the piles (e.g. fans or rows) the solver holds after playing `line` from the deal,
    /// for the games whose table entry has `position`.
    #[pyfunction(name = "_position")]
    fn py_position(py: Python<'_>, game: &str, layout: Layout, options: Options, line: Vec<String>) -> PyResult<Vec<Vec<i32>>> {
        let position = super::games::find(game)
            .and_then(|g| g.position)
            .ok_or_else(|| PyValueError::new_err(format!("no position hook for game {game:?}")))?;
        py.detach(|| position(&layout, &options, &line)).map_err(PyValueError::new_err)
    }

    /// The games the native engine has a solver for, in its table's order.
    #[pyfunction(name = "games")]
    fn py_games() -> Vec<&'static str> {
        super::solvable_games()
    }

    #[pymodule]
    fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add_function(wrap_pyfunction!(deal_positions, m)?)?;
        m.add_function(wrap_pyfunction!(py_solve, m)?)?;
        m.add_function(wrap_pyfunction!(py_solvable, m)?)?;
        m.add_function(wrap_pyfunction!(py_games, m)?)?;
        m.add_function(wrap_pyfunction!(py_walk, m)?)?;
        m.add_function(wrap_pyfunction!(py_position, m)?)?;
        // each game's own functions (test hooks), registered by the game
        for g in super::games::GAMES {
            if let Some(register) = g.python {
                register(m)?;
            }
        }
        m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
        // a digest of this crate's source (build.rs): another solver, another engine_version
        m.add("SOURCE", env!("DEALPOOL_SOURCE_DIGEST"))?;
        Ok(())
    }
}
