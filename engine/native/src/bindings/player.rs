//! The players' functions on the Python module (`crate::games::PLAYERS`): one playout's line for the
//! differential tests, and many playouts' results for grading. The GIL is released while they play.

use crate::core::input::{Input, Layout, Options};
use super::convert::layout_of;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// One playout of a laid-out deal, its stream seeded `seed`, under `policy`: (won, moves).
#[pyfunction]
#[pyo3(signature = (game, layout, options, *, seed, policy))]
fn playout_line(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = layout_of)] layout: Layout,
    options: Options,
    seed: u64,
    policy: u8,
) -> PyResult<(bool, Vec<String>)> {
    py.detach(|| (crate::games::find_player(game)?.line)(&Input::new(&layout, &options), seed, policy)).map_err(PyValueError::new_err)
}

/// `count` playouts of a laid-out deal from its base seed under `policy`: [(won, moves)].
#[pyfunction]
#[pyo3(signature = (game, layout, options, *, base, policy, count))]
fn playouts(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = layout_of)] layout: Layout,
    options: Options,
    base: u64,
    policy: u8,
    count: u64,
) -> PyResult<Vec<(bool, u32)>> {
    py.detach(|| (crate::games::find_player(game)?.many)(&Input::new(&layout, &options), base, policy, count)).map_err(PyValueError::new_err)
}

/// The games with a player.
#[pyfunction]
fn players() -> Vec<&'static str> {
    crate::games::PLAYERS.iter().map(|p| p.id).collect()
}

/// Add the players' functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(playout_line, m)?)?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(players, m)?)?;
    Ok(())
}
