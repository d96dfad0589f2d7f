//! The memory cap of a solve, counted in the bytes its searches really allocate (docs/solver.md,
//! "The memory cap"). Every big, growing structure of a search (seen sets, node stores, open lists,
//! the depth-first stack and trail, a game's own tables) charges the meter what it allocates and
//! releases it when it shrinks or is dropped; a structure about to grow asks first (`charge`), and
//! a refusal ends the search `unknown` (reason memory). The count is a function of the search alone
//! (capacities, never the operating system's figures), so the verdict stays deterministic.
//!
//! One meter a thread (a solve runs on one thread); `scope` sets the cap for the solve.

use std::cell::Cell;

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
        crate::seen::trim_spares(room());
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
    crate::seen::trim_spares(room());
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
