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
    use pyo3::{ffi, intern};

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
    ) -> PyResult<(Bound<'py, PyString>, u64, Bound<'py, PyList>, Bound<'py, PyString>)> {
        let limits = search::Limits { nodes: budget, max_bytes };
        let out = py
            .detach(|| super::solve(game, &layout, &options, limits))
            .map_err(PyValueError::new_err)?;
        // the words as str made once a process (`intern!`), not a new str each call
        let (verdict, reason) = match out.verdict {
            search::Verdict::Won(_) => (intern!(py, "won"), intern!(py, "")),
            search::Verdict::Lost => (intern!(py, "lost"), intern!(py, "")),
            search::Verdict::OutOfNodes => (intern!(py, "unknown"), intern!(py, "nodes")),
            search::Verdict::OutOfMemory => (intern!(py, "unknown"), intern!(py, "memory")),
        };
        debug_assert_eq!(verdict.to_str().ok(), Some(out.verdict_str()));
        let line = match &out.verdict {
            search::Verdict::Won(line) => py_tokens(py, line)?,
            _ => PyList::empty(py),
        };
        Ok((verdict.clone(), out.nodes, line, reason.clone()))
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

    /// A line as a list of str. A line repeats few tokens (a median Klondike deal: 168 tokens,
    /// 31 distinct, 77 of them `d`), so each distinct token of up to 7 bytes is made once and the
    /// list shares it (Python's str is immutable: the list reads the same), found again in a small
    /// table keyed by its bytes. The list is made at its length and filled in place, and an ASCII
    /// token's str is made by a copy, not a UTF-8 decoding: through PyO3's `PyList::new` and
    /// `PyString::new` the list was a tenth of a median Klondike call's instructions.
    fn py_tokens<'py>(py: Python<'py>, line: &search::Line) -> PyResult<Bound<'py, PyList>> {
        const BITS: u32 = 7;
        const SLOTS: usize = 1 << BITS;
        let (text, spans) = line.raw();
        // SAFETY: a new list of that length (or the error PyList_New set); its slots are NULL
        // until set below, which a list's freeing allows should a str fail to be made.
        let list = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(spans.len() as ffi::Py_ssize_t))? };
        let mut keys = [0u64; SLOTS];
        // the str of each kept key, borrowed: the list holds the reference
        let mut made = [std::ptr::null_mut::<ffi::PyObject>(); SLOTS];
        let mut room = SLOTS / 2; // at most half full, so a probe ends soon
        for (i, &(a, b)) in spans.iter().enumerate() {
            let (a, b) = (a as usize, b as usize);
            let key = token_key(text, a, b);
            let obj = if key == 0 {
                new_str(py, &text[a..b])?
            } else {
                let mut k = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize;
                loop {
                    if keys[k] == key {
                        // SAFETY: made[k] is a live str the list holds; the new reference is the slot's
                        unsafe { ffi::Py_INCREF(made[k]) };
                        break made[k];
                    }
                    if keys[k] == 0 {
                        let s = new_str(py, &text[a..b])?;
                        if room > 0 {
                            room -= 1;
                            keys[k] = key;
                            made[k] = s;
                        }
                        break s;
                    }
                    k = (k + 1) & (SLOTS - 1);
                }
            };
            // SAFETY: i < the list's length; the slot is empty and takes the reference `obj` owns
            unsafe { ffi::PyList_SET_ITEM(list.as_ptr(), i as ffi::Py_ssize_t, obj) };
        }
        // SAFETY: made by PyList_New above
        Ok(unsafe { list.downcast_into_unchecked() })
    }

    /// A token's key: its bytes and its length (the top byte), so distinct tokens have distinct
    /// keys, none 0; 0 for a token that is empty or longer than 7 bytes (not kept).
    #[inline]
    fn token_key(text: &[u8], a: usize, b: usize) -> u64 {
        let len = b - a;
        if len == 0 || len > 7 {
            return 0;
        }
        let word = match text.get(a..a + 8) {
            Some(w) => u64::from_le_bytes(w.try_into().expect("8 bytes")),
            None => {
                let mut w = [0u8; 8];
                w[..len].copy_from_slice(&text[a..b]);
                u64::from_le_bytes(w)
            }
        };
        word & ((1u64 << (8 * len)) - 1) | (len as u64) << 56
    }

    /// A new str of a token's bytes (UTF-8, as `Line` holds them); an owned reference.
    fn new_str(py: Python<'_>, t: &[u8]) -> PyResult<*mut ffi::PyObject> {
        if !t.is_ascii() {
            let s = std::str::from_utf8(t).map_err(|e| PyValueError::new_err(e.to_string()))?;
            return Ok(PyString::new(py, s).into_ptr());
        }
        // SAFETY: a new ASCII str of t.len() characters (its end already NUL), filled before any
        // other code sees it; null only with Python's error set
        unsafe {
            let s = ffi::PyUnicode_New(t.len() as ffi::Py_ssize_t, 127);
            if s.is_null() {
                return Err(PyErr::fetch(py));
            }
            std::ptr::copy_nonoverlapping(t.as_ptr(), ffi::PyUnicode_1BYTE_DATA(s), t.len());
            Ok(s)
        }
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
