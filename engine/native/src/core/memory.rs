//! The memory cap of a solve, counted in the bytes its searches really allocate (docs/solver.md,
//! "The memory cap"). Every big, growing structure of a search (seen sets, node stores, open lists,
//! the depth-first stack and trail, a game's own tables) charges the meter what it allocates and
//! releases it when it shrinks or is dropped; a structure about to grow asks first (`charge`), and
//! a refusal ends the search `unknown` (reason memory). The count is a function of the search alone
//! (capacities, never the operating system's figures), so the verdict stays deterministic.
//!
//! One meter a thread (a solve runs on one thread); `scope` sets the cap for the solve.
//!
//! Beside the meter, the pool of spare tables the seen sets reuse (`zeroed_table`, `give_back`):
//! the meter trims it on every charge, so spares and charged bytes stay within the cap together.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

#[derive(Clone, Copy)]
struct Meter {
    /// Bytes charged on this thread and not yet released.
    used: u64,
    /// `used` when the outermost scope began: the cap counts what was charged since.
    base: u64,
    /// The cap of the outermost scope (u64::MAX outside any).
    max: u64,
    /// Scopes open (only the outermost sets the cap).
    depth: u32,
    /// A charge was refused (or an allocation failed) since the last `clear_over`.
    over: bool,
}

thread_local! {
    static METER: Cell<Meter> = const { Cell::new(Meter { used: 0, base: 0, max: u64::MAX, depth: 0, over: false }) };
}

#[inline]
fn with<R>(f: impl FnOnce(&mut Meter) -> R) -> R {
    METER.with(|c| {
        let mut m = c.get();
        let r = f(&mut m);
        c.set(m);
        r
    })
}

/// While alive, what is charged on this thread may total at most `max_bytes` (counted from its
/// start). Scopes nest: an inner one keeps the outer's cap, so a game's searches in turn share the
/// solve's cap (each search's structures are dropped before the next begins).
pub struct Scope(());

pub fn scope(max_bytes: u64) -> Scope {
    with(|m| {
        if m.depth == 0 {
            m.base = m.used;
            m.max = max_bytes;
            m.over = false;
        }
        m.depth += 1;
    });
    Scope(())
}

impl Drop for Scope {
    fn drop(&mut self) {
        with(|m| {
            m.depth -= 1;
            if m.depth == 0 {
                m.max = u64::MAX;
                m.over = false;
            }
        })
    }
}

/// Bytes charged within the scope.
pub fn used() -> u64 {
    with(|m| m.used.saturating_sub(m.base))
}

/// Bytes that may still be charged within the cap.
pub fn room() -> u64 {
    with(|m| m.max.saturating_sub(m.used.saturating_sub(m.base)))
}

/// Charge `bytes` about to be allocated: true if they fit within the cap; otherwise nothing is
/// charged, the solve is marked out of memory (`over`) and the caller must not allocate.
pub fn charge(bytes: u64) -> bool {
    let ok = with(|m| {
        if m.used.saturating_sub(m.base).saturating_add(bytes) > m.max {
            m.over = true;
            false
        } else {
            m.used += bytes;
            true
        }
    });
    if ok {
        trim_spares(room());
    }
    ok
}

/// Charge `bytes` already allocated (small growth the structure could not ask for first, such as
/// a list of moves); past the cap the solve is marked out of memory.
pub fn charge_anyway(bytes: u64) {
    with(|m| {
        m.used += bytes;
        if m.used.saturating_sub(m.base) > m.max {
            m.over = true;
        }
    });
    trim_spares(room());
}

/// Grow a structure by an allocation of `more` bytes that the old one outlives (a table whose
/// entries move): the bytes charged first, `grow` run, then given back for the structure's own
/// charge to take over. False, nothing grown, past the cap; false with the solve marked out of
/// memory when `grow` fails. One place for what every growing seen set did in its own words.
pub fn grow_within(more: u64, grow: impl FnOnce() -> bool) -> bool {
    if !charge(more) {
        return false;
    }
    let ok = grow();
    release(more);
    if !ok {
        fail();
    }
    ok
}

/// Give back `bytes` charged before (freed).
pub fn release(bytes: u64) {
    with(|m| m.used = m.used.saturating_sub(bytes))
}

/// Mark the solve out of memory: an allocation failed (the operating system refused it).
pub fn fail() {
    with(|m| m.over = true)
}

/// Whether a charge was refused or an allocation failed since the search began.
#[inline]
pub fn over() -> bool {
    with(|m| m.over)
}

/// A new search starts with nothing refused (the last one's structures are gone).
pub fn clear_over() {
    with(|m| m.over = false)
}

/// The bytes `v`'s buffer takes.
#[inline]
pub fn vec_bytes<T>(v: &Vec<T>) -> u64 {
    (v.capacity() * std::mem::size_of::<T>()) as u64
}

/// Room in `v` for `additional` more elements, charged first: its capacity doubles (at least) when
/// it must grow, and the new buffer is charged before it is allocated (the old one, live while it
/// is copied, is released after). False, with nothing grown, when the cap or the operating system
/// refuses; the solve is then marked out of memory.
pub fn reserve<T>(v: &mut Vec<T>, additional: usize) -> bool {
    let need = v.len().saturating_add(additional);
    if need <= v.capacity() {
        return true;
    }
    let cap = need.max(2 * v.capacity()).max(4);
    let (old, new) = (vec_bytes(v), (cap * std::mem::size_of::<T>()) as u64);
    if !charge(new) {
        return false;
    }
    if v.try_reserve_exact(cap - v.len()).is_err() {
        release(new);
        fail();
        return false;
    }
    // the allocator may round up: charge what it gave
    charge_anyway(vec_bytes(v).saturating_sub(new));
    release(old);
    true
}

/// What one structure has charged, kept equal to its current size by `set` (for growth the
/// structure cannot ask for first) and released when dropped.
#[derive(Default, Debug)]
pub struct Charged(pub(crate) u64);

impl Charged {
    /// The structure now takes `bytes`: charge or release the difference.
    #[inline]
    pub fn set(&mut self, bytes: u64) {
        if bytes == self.0 {
            return;
        }
        if bytes > self.0 {
            charge_anyway(bytes - self.0);
        } else {
            release(self.0 - bytes);
        }
        self.0 = bytes;
    }
}

impl Drop for Charged {
    fn drop(&mut self) {
        release(self.0);
    }
}

// --- spare tables ------------------------------------------------------------------------

/// Big tables given back by grown or finished `WordSet`s, for the next one that grows in this
/// process (the next deal's search): a fresh table costs the kernel a fault and a zeroing per
/// page (measured: most of a hard deal's system time), a reused one only a memset. At most
/// `SPARE_BYTES` are kept, the largest tables first, and never more than the meter's room: spares
/// and charged bytes together stay within the cap (a spare taken is charged again). Only speed
/// changes: the verdict reads the meter, never the spares.
static SPARE: Mutex<Vec<Vec<u64>>> = Mutex::new(Vec::new());
/// The bytes `SPARE` holds (read without the lock by `trim_spares`, on every charge).
static SPARE_HELD: AtomicU64 = AtomicU64::new(0);
const SPARE_BYTES: usize = 768 << 20;
/// Tables below this size are left to the allocator.
const SPARE_MIN_BYTES: usize = 4 << 20;

/// A table of `n` empty slots: the smallest spare that is big enough, or a new one (None when
/// the allocator refuses). The caller has charged `n` slots; the spares are cut to the room left.
pub(crate) fn zeroed_table(n: usize) -> Option<Vec<u64>> {
    let reused = if n * 8 >= SPARE_MIN_BYTES {
        let mut spare = SPARE.lock().unwrap_or_else(|e| e.into_inner());
        let best = (0..spare.len()).filter(|&i| spare[i].capacity() >= n).min_by_key(|&i| spare[i].capacity());
        let got = best.map(|i| spare.swap_remove(i));
        trim(&mut spare, room());
        got
    } else {
        None
    };
    match reused {
        Some(mut v) => {
            v.clear();
            v.resize(n, 0);
            Some(v)
        }
        None => {
            try_zeroed::<u64>(n)
        }
    }
}

/// Types whose all-zero bytes are a valid value (the tables' empty slots).
pub(crate) trait Zeroed {}
impl Zeroed for u64 {}
impl<const N: usize> Zeroed for [u64; N] {}

/// `n` zeroed values, or None when the allocator refuses (rather than aborting the process).
/// Zeroed by the allocator, so a fresh table's pages are mapped only when first touched.
pub(crate) fn try_zeroed<T: Zeroed>(n: usize) -> Option<Vec<T>> {
    let layout = std::alloc::Layout::array::<T>(n).ok()?;
    if layout.size() == 0 {
        return Some(Vec::new());
    }
    // SAFETY: the layout has a non-zero size; an all-zero T is valid (`Zeroed`); the buffer is
    // allocated by the global allocator with the layout of n Ts, as Vec::from_raw_parts requires.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout) as *mut T;
        if p.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(p, n, n))
    }
}

/// Keep at most `room` bytes of spares (and `SPARE_BYTES`), the largest first.
fn trim(spare: &mut Vec<Vec<u64>>, room: u64) {
    spare.sort_by_key(|v| std::cmp::Reverse(v.capacity()));
    let (mut total, cap) = (0u64, room.min(SPARE_BYTES as u64));
    spare.retain(|v| {
        let keep = total + vec_bytes(v) <= cap;
        if keep {
            total += vec_bytes(v);
        }
        keep
    });
    SPARE_HELD.store(total, Ordering::Relaxed);
}

/// Free every spare (a `DenseSet` moving to its buckets: see seen/dense.rs).
pub(crate) fn drop_spares() {
    trim(&mut SPARE.lock().unwrap_or_else(|e| e.into_inner()), 0);
}

/// Free spares beyond `room` bytes: the meter calls it whenever a charge leaves less room than
/// the spares hold, so that the spares and the charged bytes together stay within the cap.
pub(crate) fn trim_spares(room: u64) {
    if SPARE_HELD.load(Ordering::Relaxed) > room {
        trim(&mut SPARE.lock().unwrap_or_else(|e| e.into_inner()), room);
    }
}

/// Keep `v` for `zeroed_table` if it is big, within `SPARE_BYTES` (the largest first).
pub(crate) fn give_back(v: Vec<u64>) {
    if v.capacity() * 8 < SPARE_MIN_BYTES {
        return;
    }
    let mut spare = SPARE.lock().unwrap_or_else(|e| e.into_inner());
    spare.push(v);
    trim(&mut spare, room());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_caps_what_is_charged_within_it_and_nests() {
        charge_anyway(1000); // before any scope: counted, but not against a later cap
        {
            let _s = scope(100);
            assert_eq!(room(), 100);
            assert!(charge(60) && !over());
            {
                let _inner = scope(1 << 40); // the outer cap stays
                assert!(!charge(41));
                assert!(over(), "a refusal marks the solve");
            }
            clear_over();
            assert_eq!((used(), room()), (60, 40));
            let mut v: Vec<u64> = Vec::new();
            assert!(reserve(&mut v, 3) && v.capacity() >= 4);
            assert_eq!(used(), 60 + vec_bytes(&v));
            assert!(!reserve(&mut v, 100), "800 bytes do not fit");
            assert!(v.capacity() < 100 && over());
            release(60 + vec_bytes(&v));
            assert_eq!(used(), 0);
        }
        assert!(!over() && charge(1 << 50), "outside a scope nothing is capped");
        release((1 << 50) + 1000);
    }

    #[test]
    fn a_charged_structure_follows_its_size_and_gives_it_back() {
        let _s = scope(1000);
        {
            let mut c = Charged::default();
            c.set(300);
            c.set(200);
            assert_eq!(used(), 200);
            c.set(1200);
            assert!(over(), "growth past the cap that could not ask first marks the solve");
        }
        assert_eq!(used(), 0);
    }
}
