//! Klondike's own Python function, registered in the native module beside the shared ones
//! (`games::GameEntry::python`): the test hook `_klondike_reconcretize`.

#[cfg(feature = "python")]
use crate::{Layout, Options};
#[cfg(feature = "python")]
use pyo3::exceptions::PyValueError;
#[cfg(feature = "python")]
use pyo3::prelude::*;

/// Test hook: a Klondike line taken to its abstract line and concretized back (None if not).
#[cfg(feature = "python")]
#[pyfunction(name = "_klondike_reconcretize")]
fn py_klondike_reconcretize(py: Python<'_>, layout: Layout, options: Options, line: Vec<String>) -> PyResult<Option<Vec<String>>> {
    py.detach(|| super::reconcretize(&layout, &options, &line)).map_err(PyValueError::new_err)
}

/// Add `_klondike_reconcretize` to the native module.
#[cfg(feature = "python")]
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(py_klondike_reconcretize, m)?)
}

/// Without the Python build: nothing to register (never called).
#[cfg(not(feature = "python"))]
pub fn register() {}
