//! The records the module returns: frozen classes with read-only fields, not tuples, so a caller
//! names what it reads (`out.nodes`, never `out[1]`) and a field added later breaks no unpacking.

use super::convert::py_tokens;
use crate::core::search::{self, Verdict};
use pyo3::prelude::*;
use pyo3::intern;
use pyo3::types::{PyList, PyString};

/// One search's outcome: `verdict` won|lost|unknown; `nodes` the positions searched (the count,
/// never the budget); `line` the winning line ([] unless won); `reason` '' or, for unknown,
/// nodes|memory (which limit ran out); `search_cpu_seconds` this thread's CPU seconds in the search
/// alone (`crate::core::clock`: from the position built to the outcome returned, no Python object
/// made), recorded for benchmarks, never part of a verdict.
#[pyclass(frozen, get_all, module = "engine._native")]
pub struct Outcome {
    verdict: Py<PyString>,
    nodes: u64,
    /// Made once, when the outcome is (`py_tokens`), and handed out as is on every read.
    line: Py<PyList>,
    reason: Py<PyString>,
    search_cpu_seconds: f64,
}

impl Outcome {
    /// The record of the crate's outcome. The words are str made once a process (`intern!`), not
    /// a new str each call.
    pub(super) fn new(py: Python<'_>, out: &search::Outcome, search_cpu_seconds: f64) -> PyResult<Self> {
        let (verdict, reason) = match out.verdict {
            Verdict::Won(_) => (intern!(py, "won"), intern!(py, "")),
            Verdict::Lost => (intern!(py, "lost"), intern!(py, "")),
            Verdict::OutOfNodes => (intern!(py, "unknown"), intern!(py, "nodes")),
            Verdict::OutOfMemory => (intern!(py, "unknown"), intern!(py, "memory")),
        };
        debug_assert_eq!(verdict.to_str().ok(), Some(out.verdict_str()));
        let line = match &out.verdict {
            Verdict::Won(line) => py_tokens(py, line)?,
            _ => PyList::empty(py),
        };
        Ok(Outcome { verdict: verdict.clone().unbind(), nodes: out.nodes, line: line.unbind(), reason: reason.clone().unbind(), search_cpu_seconds })
    }
}

#[pymethods]
impl Outcome {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "Outcome(verdict={:?}, nodes={}, line=[{} moves], reason={:?})",
            self.verdict.bind(py).to_string(),
            self.nodes,
            self.line.bind(py).len(),
            self.reason.bind(py).to_string()
        )
    }
}

/// One step of a random walk: the line so far and every legal single move there, sorted.
#[pyclass(frozen, get_all, module = "engine._native")]
pub struct Step {
    line: Py<PyList>,
    moves: Py<PyList>,
}

impl Step {
    pub(super) fn new(py: Python<'_>, line: Vec<String>, moves: Vec<String>) -> PyResult<Self> {
        Ok(Step { line: PyList::new(py, line)?.unbind(), moves: PyList::new(py, moves)?.unbind() })
    }
}

#[pymethods]
impl Step {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!("Step(line=[{} moves], moves={})", self.line.bind(py).len(), self.moves.bind(py).repr().map_or_else(|_| "?".into(), |r| r.to_string()))
    }
}
