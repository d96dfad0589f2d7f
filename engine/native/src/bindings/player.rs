//! The players' functions on the Python module (`crate::games::PLAYERS`): one playout's line for the
//! differential tests, and many playouts' results for grading. The GIL is released while they play.

use crate::core::input::{Input, Layout, Options};
use super::convert::{layout_of, seed_of};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// One playout of a laid-out deal, its stream seeded `seed`, under `policy`: (won, moves).
/// `deal_seed`: the deal's 64 bytes, for the games that redeal (their redeals' shuffles).
#[pyfunction]
#[pyo3(signature = (game, layout, options, *, seed, policy, deal_seed = None))]
fn playout_line(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = layout_of)] layout: Layout,
    options: Options,
    seed: u64,
    policy: u8,
    deal_seed: Option<Bound<'_, PyBytes>>,
) -> PyResult<(bool, Vec<String>)> {
    let deal_seed = seed_of(deal_seed);
    py.detach(|| (crate::games::find_player(game)?.line)(&input(&layout, &options, &deal_seed), seed, policy)).map_err(PyValueError::new_err)
}

/// The player's input: the layout, the options and the deal's seed if given.
fn input<'a>(layout: &'a Layout, options: &'a Options, deal_seed: &'a Option<Vec<u8>>) -> Input<'a> {
    let input = Input::new(layout, options);
    match deal_seed {
        Some(s) => input.with_seed(s),
        None => input,
    }
}

/// `count` playouts of a laid-out deal from its base seed under `policy`: [(won, moves)].
#[pyfunction]
#[pyo3(signature = (game, layout, options, *, base, policy, count, deal_seed = None))]
#[allow(clippy::too_many_arguments)]
fn playouts(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = layout_of)] layout: Layout,
    options: Options,
    base: u64,
    policy: u8,
    count: u64,
    deal_seed: Option<Bound<'_, PyBytes>>,
) -> PyResult<Vec<(bool, u32)>> {
    let deal_seed = seed_of(deal_seed);
    py.detach(|| (crate::games::find_player(game)?.many)(&input(&layout, &options, &deal_seed), base, policy, count)).map_err(PyValueError::new_err)
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
