//! Gaps's own Python function (`games::GameEntry::python`): the test hook
//! `_gaps_rows`, so the tests can compare the solver's redeals with the referee's.

#[cfg(feature = "python")]
use crate::{Layout, Options};
#[cfg(feature = "python")]
use pyo3::exceptions::PyValueError;
#[cfg(feature = "python")]
use pyo3::prelude::*;

/// Test hook: the rows (-1 for a gap) after the solver plays `line` from the deal.
#[cfg(feature = "python")]
#[pyfunction(name = "_gaps_rows")]
fn py_fans(py: Python<'_>, layout: Layout, options: Options, line: Vec<String>) -> PyResult<Vec<Vec<i32>>> {
    py.detach(|| super::position(&layout, &options, &line)).map_err(PyValueError::new_err)
}

/// Add `_gaps_rows` to the native module.
#[cfg(feature = "python")]
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_fans, m)?)
}

/// Without the Python build: nothing to register (never called).
#[cfg(not(feature = "python"))]
pub fn register() {}
