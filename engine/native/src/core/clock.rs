//! The search's own CPU time, for benchmarks set beside a peer's library call (issue 32): this
//! thread's CPU seconds (`CLOCK_THREAD_CPUTIME_ID`, so other threads' and processes' load moves it
//! less than wall time) from just after the position is built to just after the search returns
//! its Rust-side outcome, the span a peer's driver times around its solve call alone. Recorded,
//! never read by a search: no verdict, count or line depends on it.
//!
//! The registry's `games::solve_timed` starts the clock when it enters the game's solve and reads
//! it when that returns; a game's solve calls `built()` once its position is dealt from the
//! input (`kit::solve` does, for every game it serves, and so do the games with a solve of their own), which starts the clock again there, so the
//! layout's reading is left out. A game whose solve does not call it is timed from its entry, its
//! position's building included (a few µs more, never less).

use std::cell::Cell;

thread_local! {
    /// When this thread's current solve started its search (thread CPU seconds).
    static START: Cell<f64> = const { Cell::new(0.0) };
}

#[repr(C)]
struct Timespec {
    sec: std::os::raw::c_long,
    nsec: std::os::raw::c_long,
}

extern "C" {
    fn clock_gettime(clock: std::os::raw::c_int, ts: *mut Timespec) -> std::os::raw::c_int;
}

/// This thread's CPU clock's id (Linux 3, macOS 16).
#[cfg(not(target_os = "macos"))]
const CLOCK_THREAD_CPUTIME_ID: std::os::raw::c_int = 3;
#[cfg(target_os = "macos")]
const CLOCK_THREAD_CPUTIME_ID: std::os::raw::c_int = 16;

/// This thread's CPU seconds so far (0 if the clock cannot be read).
pub fn thread_cpu() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes only the timespec it is given, which lives across the call.
    if unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } != 0 {
        return 0.0;
    }
    t.sec as f64 + t.nsec as f64 * 1e-9
}

/// Start the clock of the search now (a solve's entry, then a game's solve once its position is built).
pub fn built() {
    START.with(|s| s.set(thread_cpu()));
}

/// The thread CPU seconds since the last `built()` on this thread.
pub fn since_built() -> f64 {
    (thread_cpu() - START.with(Cell::get)).max(0.0)
}
