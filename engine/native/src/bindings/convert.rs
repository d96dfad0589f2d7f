//! The crossing of Python values into the crate and back: a layout read by the lists' own fast
//! path, a line made into a list of str with its repeated tokens shared.

use crate::core::search;
use crate::core::input::{Layout, Options};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use pyo3::ffi;

/// A layout and rule options read into the maps `into` already holds (`solve`'s, kept by the
/// thread between calls), reusing their keys and lists: a median Klondike deal's call made and
/// freed 19 blocks for them (its layout's 3 names, 3 group lists and 9 card lists, the options'
/// 2 names and both tables), and a cold call pays for each (bench log K58). A name is found again
/// by its text; a map left with a name the dict lacks (another game's) is emptied and filled anew.
/// The values read are exactly `layout_of`'s (and PyO3's extraction of a dict of str to int).
pub(super) fn layout_into(obj: &Bound<'_, PyAny>, into: &mut Layout) -> PyResult<()> {
    let Ok(d) = obj.downcast::<PyDict>() else {
        *into = obj.extract()?;
        return Ok(());
    };
    for _ in 0..2 {
        for (k, v) in d.iter() {
            let groups = match into.get_mut(k.downcast::<PyString>()?.to_str()?) {
                Some(g) => g,
                None => into.entry(k.extract()?).or_default(),
            };
            let Ok(list) = v.downcast::<PyList>() else {
                *groups = v.extract()?;
                continue;
            };
            groups.truncate(list.len());
            groups.resize_with(list.len(), Vec::new);
            for (g, cards) in groups.iter_mut().zip(list.iter()) {
                g.clear();
                let Ok(cards) = cards.downcast::<PyList>() else {
                    *g = cards.extract()?;
                    continue;
                };
                g.reserve(cards.len());
                for c in cards.iter() {
                    g.push(c.extract::<i32>()?);
                }
            }
        }
        if into.len() == d.len() {
            return Ok(());
        }
        into.clear(); // a name the dict lacks: once more from empty
    }
    unreachable!("a map filled from empty holds exactly the dict's names")
}

/// Rule options (a dict of str to int) into the map `into` already holds, as `layout_into`.
pub(super) fn options_into(obj: &Bound<'_, PyAny>, into: &mut Options) -> PyResult<()> {
    let Ok(d) = obj.downcast::<PyDict>() else {
        *into = obj.extract()?;
        return Ok(());
    };
    for _ in 0..2 {
        for (k, v) in d.iter() {
            let v = v.extract::<i64>()?;
            match into.get_mut(k.downcast::<PyString>()?.to_str()?) {
                Some(o) => *o = v,
                None => {
                    into.insert(k.extract()?, v);
                }
            }
        }
        if into.len() == d.len() {
            return Ok(());
        }
        into.clear();
    }
    unreachable!("a map filled from empty holds exactly the dict's names")
}

/// A layout (a dict of lists of lists of int, as every game's `lay_out` makes it) read by
/// the lists' own fast path, each list's room made once; any other shape through PyO3's
/// generic extraction, as before (the generic sequence protocol was a twentieth of a median
/// Klondike deal's native call).
pub(super) fn layout_of(obj: &Bound<'_, PyAny>) -> PyResult<Layout> {
    let Ok(d) = obj.downcast::<PyDict>() else { return obj.extract() };
    let mut out = Layout::with_capacity(d.len());
    for (k, v) in d.iter() {
        let Ok(groups) = v.downcast::<PyList>() else {
            out.insert(k.extract()?, v.extract()?);
            continue;
        };
        let mut gs = Vec::with_capacity(groups.len());
        for g in groups.iter() {
            let Ok(cards) = g.downcast::<PyList>() else {
                gs.push(g.extract()?);
                continue;
            };
            let mut cs = Vec::with_capacity(cards.len());
            for c in cards.iter() {
                cs.push(c.extract::<i32>()?);
            }
            gs.push(cs);
        }
        out.insert(k.extract()?, gs);
    }
    Ok(out)
}

/// A line as a list of str. A line repeats few tokens (a median Klondike deal: 168 tokens,
/// 31 distinct, 77 of them `d`), so each distinct token of up to 7 bytes is made once and the
/// list shares it (Python's str is immutable: the list reads the same), found again in a small
/// table keyed by its bytes. The list is made at its length and filled in place, and an ASCII
/// token's str is made by a copy, not a UTF-8 decoding: through PyO3's `PyList::new` and
/// `PyString::new` the list was a tenth of a median Klondike call's instructions.
pub(super) fn py_tokens<'py>(py: Python<'py>, line: &search::Line) -> PyResult<Bound<'py, PyList>> {
    const BITS: u32 = 7;
    const SLOTS: usize = 1 << BITS;
    let (text, spans) = line.raw();
    // SAFETY: a new list of that length (or the error PyList_New set); its slots are NULL
    // until set below, which a list's freeing allows should a str fail to be made.
    let list = unsafe { Bound::from_owned_ptr_or_err(py, ffi::PyList_New(spans.len() as ffi::Py_ssize_t))? };
    let mut keys = [0u64; SLOTS];
    // the str of each kept key, borrowed: the list holds the reference
    let mut made = [std::ptr::null_mut::<ffi::PyObject>(); SLOTS];
    let mut room = SLOTS / 2; // at most half full, so a probe ends soon
    for (i, &(a, b)) in spans.iter().enumerate() {
        let (a, b) = (a as usize, b as usize);
        let key = token_key(text, a, b);
        let obj = if key == 0 {
            new_str(py, &text[a..b])?
        } else {
            let mut k = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - BITS)) as usize;
            loop {
                if keys[k] == key {
                    // SAFETY: made[k] is a live str the list holds; the new reference is the slot's
                    unsafe { ffi::Py_INCREF(made[k]) };
                    break made[k];
                }
                if keys[k] == 0 {
                    let s = new_str(py, &text[a..b])?;
                    if room > 0 {
                        room -= 1;
                        keys[k] = key;
                        made[k] = s;
                    }
                    break s;
                }
                k = (k + 1) & (SLOTS - 1);
            }
        };
        // SAFETY: i < the list's length; the slot is empty and takes the reference `obj` owns
        unsafe { ffi::PyList_SET_ITEM(list.as_ptr(), i as ffi::Py_ssize_t, obj) };
    }
    // SAFETY: made by PyList_New above
    Ok(unsafe { list.downcast_into_unchecked() })
}

/// A token's key: its bytes and its length (the top byte), so distinct tokens have distinct
/// keys, none 0; 0 for a token that is empty or longer than 7 bytes (not kept).
#[inline]
fn token_key(text: &[u8], a: usize, b: usize) -> u64 {
    let len = b - a;
    if len == 0 || len > 7 {
        return 0;
    }
    let word = match text.get(a..a + 8) {
        Some(w) => u64::from_le_bytes(w.try_into().expect("8 bytes")),
        None => {
            let mut w = [0u8; 8];
            w[..len].copy_from_slice(&text[a..b]);
            u64::from_le_bytes(w)
        }
    };
    word & ((1u64 << (8 * len)) - 1) | (len as u64) << 56
}

/// A new str of a token's bytes (UTF-8, as `Line` holds them); an owned reference.
fn new_str(py: Python<'_>, t: &[u8]) -> PyResult<*mut ffi::PyObject> {
    if !t.is_ascii() {
        let s = std::str::from_utf8(t).map_err(|e| PyValueError::new_err(e.to_string()))?;
        return Ok(PyString::new(py, s).into_ptr());
    }
    // SAFETY: a new ASCII str of t.len() characters (its end already NUL), filled before any
    // other code sees it; null only with Python's error set
    unsafe {
        let s = ffi::PyUnicode_New(t.len() as ffi::Py_ssize_t, 127);
        if s.is_null() {
            return Err(PyErr::fetch(py));
        }
        std::ptr::copy_nonoverlapping(t.as_ptr(), ffi::PyUnicode_1BYTE_DATA(s), t.len());
        Ok(s)
    }
}

/// The seed's bytes, copied out of the Python object so the crate can work without the GIL.
/// Its length is the game's to check (`Input::seed64`): only the redealing games read it.
pub(super) fn seed_of(seed: Option<Bound<'_, PyBytes>>) -> Option<Vec<u8>> {
    seed.map(|s| s.as_bytes().to_vec())
}
