//! The submodule `engine._native.testing`: the hooks the tests use to compare the solver's inner
//! state with the referee's, and nothing else (the pipeline never calls them).

use super::convert::layout_of;
use super::convert::seed_of;
use crate::core::input::{Input, Layout, Options};
use crate::games;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// The piles (e.g. fans or rows) the solver holds after playing `line` from the deal, for the
/// games whose table entry has `position`.
#[pyfunction]
#[pyo3(signature = (game, layout, options, line, *, seed = None))]
fn position(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = layout_of)] layout: Layout,
    options: Options,
    line: Vec<String>,
    seed: Option<Bound<'_, PyBytes>>,
) -> PyResult<Vec<Vec<i32>>> {
    let seed = seed_of(seed);
    py.detach(|| {
        let mut input = Input::new(&layout, &options);
        if let Some(s) = &seed {
            input = input.with_seed(s);
        }
        games::position(game, &input, &line)
    })
    .map_err(PyValueError::new_err)
}

/// A Klondike line taken to its abstract line and concretized back (None if not).
#[pyfunction]
fn klondike_reconcretize(
    py: Python<'_>,
    #[pyo3(from_py_with = layout_of)] layout: Layout,
    options: Options,
    line: Vec<String>,
) -> PyResult<Option<Vec<String>>> {
    py.detach(|| games::klondike::reconcretize(&layout, &options, &line)).map_err(PyValueError::new_err)
}

/// The submodule, made and filled.
pub(super) fn module<'py>(py: Python<'py>) -> PyResult<Bound<'py, PyModule>> {
    let m = PyModule::new(py, "engine._native.testing")?;
    m.add_function(wrap_pyfunction!(position, &m)?)?;
    m.add_function(wrap_pyfunction!(klondike_reconcretize, &m)?)?;
    Ok(m)
}
