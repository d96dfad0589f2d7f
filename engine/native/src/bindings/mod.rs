//! The Python module `engine._native` (PyO3, the `python` feature alone): the crate's `solve`,
//! `walk`, `solvable` and `games`, the published shuffle, and the test hooks in the submodule
//! `testing`. Only this folder knows Python: it turns the arguments into an `Input` and the
//! crate's outcomes into records (`records`), and releases the GIL while the crate works.

mod convert;
mod player;
mod records;
mod testing;

use crate::core::search::Limits;
use crate::games as registry;
use crate::core::input::{Input, Layout, Options, Tuning};
use convert::{layout_into, layout_of, options_into, seed_of};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use records::{Outcome, Step};

/// Fisher-Yates positions for a 64-byte seed (the published stream).
#[pyfunction]
fn deal_positions(py: Python<'_>, seed: &Bound<'_, PyBytes>, size: usize) -> PyResult<Vec<u32>> {
    let seed = seed.as_bytes().to_vec();
    if seed.len() != 64 {
        return Err(PyValueError::new_err(format!("seed must be 64 bytes, got {}", seed.len())));
    }
    Ok(py.detach(|| crate::core::deal::deal_positions(&seed, size)))
}

/// Solve a laid-out deal within `budget` positions and `max_bytes` of memory; the deal's `seed`
/// for the games that redeal, `tuning` knobs for measurement. ValueError for a game without a
/// solver, a bad layout, an option or knob the game does not read, or a missing seed it needs.
/// The layout and options are read into this thread's maps of the last call (`convert::
/// layout_into`), the seed's bytes borrowed, not copied: a cold call's fixed cost (bench log K58).
#[pyfunction]
#[pyo3(signature = (game, layout, options, *, budget, max_bytes, seed = None, tuning = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    game: &str,
    layout: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
    budget: u64,
    max_bytes: u64,
    seed: Option<Bound<'_, PyBytes>>,
    tuning: Option<Tuning>,
) -> PyResult<Outcome> {
    let run = |l: &mut Layout, o: &mut Options| -> PyResult<Outcome> {
        layout_into(layout, l)?;
        options_into(options, o)?;
        let seed = seed.as_ref().map(|s| s.as_bytes());
        let tuning = tuning.unwrap_or_default();
        let (l, o) = (&*l, &*o);
        let out = py
            .detach(|| {
                let mut input = Input::new(l, o).with_tuning(&tuning);
                if let Some(s) = seed {
                    input = input.with_seed(s);
                }
                registry::solve_timed(game, &input, Limits { budget, max_bytes })
            })
            .map_err(PyValueError::new_err)?;
        Outcome::new(py, &out.0, out.1)
    };
    ARGS.with(|args| match args.try_borrow_mut() {
        Ok(mut args) => {
            let (l, o) = &mut *args;
            run(l, o)
        }
        // a call from inside a conversion (an int's own `__index__` calling solve): its own maps
        Err(_) => run(&mut Layout::new(), &mut Options::new()),
    })
}

thread_local! {
    /// `solve`'s layout and options, kept between calls so each call reuses their room.
    static ARGS: std::cell::RefCell<(Layout, Options)> = Default::default();
}

/// Random play from a deal, `steps` moves chosen by `walk_seed`: one `Step` a position.
#[pyfunction]
#[pyo3(signature = (game, layout, options, *, walk_seed, steps, seed = None))]
fn walk(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = layout_of)] layout: Layout,
    options: Options,
    walk_seed: u64,
    steps: usize,
    seed: Option<Bound<'_, PyBytes>>,
) -> PyResult<Vec<Step>> {
    let seed = seed_of(seed);
    let walked = py
        .detach(|| {
            let mut input = Input::new(&layout, &options);
            if let Some(s) = &seed {
                input = input.with_seed(s);
            }
            registry::walk(game, &input, walk_seed, steps)
        })
        .map_err(PyValueError::new_err)?;
    walked.into_iter().map(|(line, moves)| Step::new(py, line, moves)).collect()
}

/// Whether the native engine has a solver for `game`.
#[pyfunction]
fn solvable(game: &str) -> bool {
    registry::solvable(game)
}

/// The games the native engine has a solver for, in its table's order.
#[pyfunction]
fn games() -> Vec<&'static str> {
    registry::solvable_games()
}

/// Keep freed search tables in the process for the next call (glibc only): by default glibc maps a
/// table of 128 KiB or more on its own and unmaps it when freed, and trims the heap top past 128 KiB,
/// so a batch of small searches faults the same pages in again each call (FreeCell classic 1..4000:
/// 28,858 minor faults against 1,121, solve CPU 8 to 9 % more; bench log F21, F26). Tables under
/// 32 MiB come from the heap and up to 64 MiB of free heap top is kept. Process-wide, so it is set
/// here where the module starts; it changes where memory comes from, never what a search does, and
/// the memory meter (core/memory.rs) charges the same capacities either way.
fn keep_freed_tables() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn mallopt(param: std::os::raw::c_int, value: std::os::raw::c_int) -> std::os::raw::c_int;
        }
        const M_TRIM_THRESHOLD: std::os::raw::c_int = -1;
        const M_MMAP_THRESHOLD: std::os::raw::c_int = -3;
        // SAFETY: mallopt only sets allocator parameters; called once as the module loads.
        unsafe {
            mallopt(M_MMAP_THRESHOLD, 32 << 20);
            mallopt(M_TRIM_THRESHOLD, 64 << 20);
        }
    }
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    keep_freed_tables();
    m.add_function(wrap_pyfunction!(deal_positions, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solvable, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(walk, m)?)?;
    player::register(m)?;
    m.add_class::<Outcome>()?;
    m.add_class::<Step>()?;
    let py = m.py();
    let t = testing::module(py)?;
    m.add("testing", &t)?;
    // `import engine._native.testing` finds it here (an extension module is no package)
    py.import("sys")?.getattr("modules")?.set_item("engine._native.testing", &t)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    // a digest of this crate's source (build.rs): another solver, another engine_version
    m.add("SOURCE", env!("DEALPOOL_SOURCE_DIGEST"))?;
    Ok(())
}
