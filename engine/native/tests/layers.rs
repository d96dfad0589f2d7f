//! The crate's layers, checked from its sources (as tests/test_architecture.py checks the Python
//! packages): `core/` (what every game uses) ← `games/<game>/` (one folder a game; the registry
//! `games/mod.rs` above them) ← `bindings/` (PyO3 alone), `lib.rs` on top declaring them.
//!
//! Every path a file names (`use` trees, and paths in code: `crate::…`, `super::…`, `self::…`, a
//! child module's name) is resolved to the file that defines the module it reaches. The test fails,
//! naming the file, the line and the path, on
//! (a) a `core/` file using a game, the registry or the bindings;
//! (b) a game's file using another game, the registry or the bindings;
//! (c) any file using `lib.rs` (its re-exports are for the crate's users, not its modules);
//! (d) any circle between files (each circle named by its files and the paths that close it);
//! (e) a source file over `MAX_LINES` lines.
//! Comments and string literals are skipped, so a doc comment naming a path adds no edge.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// No source file may be longer: past it, a file holds more than one role (split it by role).
const MAX_LINES: usize = 800;

/// A file's module path (`["games", "klondike", "state"]`) from its path under src/ (`lib.rs` is []).
fn module_of(file: &str) -> Vec<String> {
    let f = file.strip_suffix(".rs").expect("a .rs file");
    let mut parts: Vec<String> = f.split('/').map(String::from).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
        parts.pop();
    }
    parts
}

/// The source with comments, strings and char literals blanked (newlines kept, so line numbers
/// stay), lifetimes kept.
fn code_only(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !b.get(i.wrapping_sub(1)).is_some_and(|p| p.is_alphanumeric() || *p == '_') {
            // a raw string r"..." or r#"..."#
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &x in &b[i..j.min(b.len())] {
                out.push(blank(x));
            }
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // a char literal ('x', '\n', '\u{1F}'), else a lifetime ('a)
            if next == Some('\\') {
                let mut j = i + 3;
                while j < b.len() && b[j] != '\'' {
                    j += 1;
                }
                for &x in &b[i..=j.min(b.len() - 1)] {
                    out.push(blank(x));
                }
                i = j + 1;
            } else if b.get(i + 2) == Some(&'\'') {
                out.push_str("   ");
                i += 3;
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// A path a file names: its segments, the 1-based line, and the path as written.
#[derive(Debug)]
struct Named {
    segs: Vec<String>,
    line: usize,
    text: String,
    /// The module (the file's, or an inline one's inside it) the path is written in.
    scope: Vec<String>,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The `use` trees' leaves as whole paths: `a::{b, c::{d, self}}` → a::b, a::c::d, a::c.
fn expand_tree(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    // split at top-level commas
    let mut depth = 0;
    let mut start = 0;
    let chars: Vec<char> = tree.chars().collect();
    let mut parts = Vec::new();
    for (k, &c) in chars.iter().enumerate() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(chars[start..k].iter().collect::<String>());
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(chars[start..].iter().collect::<String>());
    if parts.len() > 1 {
        for p in parts {
            expand_tree(&p, prefix, out);
        }
        return;
    }
    let t = tree;
    if let Some(open) = t.find('{') {
        let head = t[..open].trim().trim_end_matches("::");
        let inner = &t[open + 1..t.rfind('}').expect("a closing brace")];
        let mut p = prefix.to_vec();
        p.extend(head.split("::").map(|s| s.trim().to_string()).filter(|s| !s.is_empty()));
        expand_tree(inner, &p, out);
        return;
    }
    let t = t.split(" as ").next().unwrap_or(t).trim();
    let mut p = prefix.to_vec();
    for s in t.split("::").map(str::trim) {
        if s == "self" {
            continue;
        }
        if s == "*" {
            break;
        }
        p.push(s.to_string());
    }
    out.push(p);
}

/// Every path `code` (already `code_only`) names, with the module it is written in (`module`, or an
/// inline module inside it).
fn named_paths(code: &str, module: &[String]) -> Vec<Named> {
    let chars: Vec<char> = code.chars().collect();
    let line_at = |k: usize| chars[..k].iter().filter(|&&c| c == '\n').count() + 1;
    let mut out = Vec::new();
    // inline modules: (name, the brace depth inside it)
    let mut inline: Vec<(String, i32)> = Vec::new();
    let mut depth = 0i32;
    let mut i = 0;
    let word_at = |k: usize| -> String { chars[k..].iter().take_while(|&&c| is_ident(c)).collect() };
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == '}' {
            if inline.last().is_some_and(|&(_, d)| d == depth) {
                inline.pop();
            }
            depth -= 1;
            i += 1;
            continue;
        }
        let starts_word = is_ident(c) && (i == 0 || !is_ident(chars[i - 1]) && chars[i - 1] != ':');
        if !starts_word {
            i += 1;
            continue;
        }
        let w = word_at(i);
        let scope: Vec<String> = module.iter().cloned().chain(inline.iter().map(|(n, _)| n.clone())).collect();
        if w == "mod" {
            // `mod name {` opens an inline module; `mod name;` declares a file (no edge)
            let mut j = i + 3;
            while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                j += 1;
            }
            let name = word_at(j);
            j += name.len();
            while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                j += 1;
            }
            if chars.get(j) == Some(&'{') {
                depth += 1;
                inline.push((name, depth));
                i = j + 1;
            } else {
                i = j;
            }
            continue;
        }
        if w == "use" {
            let end = (i..chars.len()).find(|&k| chars[k] == ';').expect("a use ends with ;");
            let tree: String = chars[i + 3..end].iter().collect();
            let tree = tree.trim().trim_start_matches("::");
            let mut leaves = Vec::new();
            expand_tree(tree, &[], &mut leaves);
            for segs in leaves {
                out.push(Named { text: segs.join("::"), segs, line: line_at(i), scope: scope.clone() });
            }
            i = end + 1;
            continue;
        }
        // a path in code: word(::word)*
        let mut segs = vec![w.clone()];
        let mut j = i + w.len();
        while chars.get(j) == Some(&':') && chars.get(j + 1) == Some(&':') {
            let mut k = j + 2;
            while chars.get(k).is_some_and(|c| c.is_whitespace()) {
                k += 1;
            }
            let next = word_at(k);
            if next.is_empty() {
                break;
            }
            segs.push(next.clone());
            j = k + next.len();
        }
        if segs.len() > 1 {
            out.push(Named { text: segs.join("::"), segs, line: line_at(i), scope });
        }
        i = j.max(i + 1);
    }
    out
}

/// One violation: the file, the line, what is wrong.
type Problem = String;

/// The layer of a file: "core", "game:<name>", "registry" (games/mod.rs), "bindings", "root".
fn layer(file: &str) -> String {
    let parts: Vec<&str> = file.split('/').collect();
    match parts.as_slice() {
        ["lib.rs"] => "root".into(),
        ["core", ..] => "core".into(),
        ["games", "mod.rs"] => "registry".into(),
        ["games", g, ..] => format!("game:{}", g.trim_end_matches(".rs")),
        ["bindings", ..] => "bindings".into(),
        _ => format!("other:{file}"),
    }
}

/// Whether a file of layer `from` may use a file of layer `to`.
fn allowed(from: &str, to: &str) -> bool {
    if from == to {
        return true;
    }
    match (from, to) {
        (_, "root") => false,
        ("root", _) => true,
        (_, "core") => true,
        ("core", _) => false,
        (f, t) if f.starts_with("game:") => t == f,
        ("registry", t) => t.starts_with("game:"),
        ("bindings", t) => t == "registry" || t.starts_with("game:"),
        _ => false,
    }
}

/// The problems of a crate's sources (path under src/ → text): see the module's doc.
fn check(sources: &BTreeMap<String, String>) -> Vec<Problem> {
    let mut problems = Vec::new();
    // module path → file
    let modules: BTreeMap<Vec<String>, String> = sources.keys().map(|f| (module_of(f), f.clone())).collect();
    // (from, to) → the first (line, path) naming it
    let mut edges: BTreeMap<(String, String), (usize, String)> = BTreeMap::new();
    for (file, src) in sources {
        let lines = src.lines().count();
        if lines > MAX_LINES {
            problems.push(format!("{file}: {lines} lines, over {MAX_LINES}: split it by role"));
        }
        let module = module_of(file);
        for n in named_paths(&code_only(src), &module) {
            // the absolute module path the path starts from
            let mut abs: Vec<String> = match n.segs[0].as_str() {
                "crate" => Vec::new(),
                "self" => n.scope.clone(),
                "super" => n.scope.clone(),
                "std" | "core" | "alloc" | "pyo3" | "sha2" | "rustc_hash" | "Self" => continue,
                first => {
                    // a bare path: a child module of the scope (else an item, a local or a crate)
                    let mut child = n.scope.clone();
                    child.push(first.to_string());
                    if !modules.contains_key(&child) {
                        continue;
                    }
                    n.scope.clone()
                }
            };
            let mut rest = &n.segs[..];
            if rest[0] == "crate" || rest[0] == "self" {
                rest = &rest[1..];
            }
            while rest.first().is_some_and(|s| s == "super") {
                abs.pop();
                rest = &rest[1..];
            }
            // `core::x` in this crate's own `core` folder is written `crate::core::x`: a bare
            // `core` was skipped above as the standard library's
            // the deepest module the path reaches; an inline module is its file's
            let mut target = abs.clone();
            for s in rest {
                let mut t = target.clone();
                t.push(s.clone());
                if modules.contains_key(&t) {
                    target = t;
                } else {
                    break;
                }
            }
            let mut probe = target.clone();
            let to = loop {
                if let Some(f) = modules.get(&probe) {
                    break f.clone();
                }
                probe.pop();
            };
            if &to == file {
                continue;
            }
            edges.entry((file.clone(), to)).or_insert((n.line, n.text.clone()));
        }
    }
    for ((from, to), (line, text)) in &edges {
        let (lf, lt) = (layer(from), layer(to));
        if !allowed(&lf, &lt) {
            problems.push(format!("{from}:{line}: `{text}` uses {to}: {lf} may not use {lt}"));
        }
    }
    for cycle in circles(&edges) {
        let mut steps = Vec::new();
        for k in 0..cycle.len() {
            let (a, b) = (&cycle[k], &cycle[(k + 1) % cycle.len()]);
            let (line, text) = &edges[&(a.clone(), b.clone())];
            steps.push(format!("{a}:{line} `{text}` -> {b}"));
        }
        problems.push(format!("circle: {}", steps.join("; ")));
    }
    problems
}

/// One circle through each strongly connected group of files (Tarjan's algorithm, then a
/// shortest way back to the group's first file), each as its files in order.
fn circles(edges: &BTreeMap<(String, String), (usize, String)>) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (a, b) in edges.keys() {
        next.entry(a).or_default().push(b);
        next.entry(b).or_default();
    }
    // Tarjan
    struct T<'a> {
        next: &'a BTreeMap<&'a str, Vec<&'a str>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        groups: Vec<Vec<&'a str>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let i = t.index.len();
        t.index.insert(v, i);
        t.low.insert(v, i);
        t.stack.push(v);
        t.on.insert(v);
        for &w in &t.next[v] {
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lw);
            } else if t.on.contains(w) {
                let iw = t.index[w];
                let lv = t.low.get_mut(v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if t.low[v] == t.index[v] {
            let mut g = Vec::new();
            loop {
                let w = t.stack.pop().expect("on the stack");
                t.on.remove(w);
                g.push(w);
                if w == v {
                    break;
                }
            }
            t.groups.push(g);
        }
    }
    let mut t = T { next: &next, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), on: BTreeSet::new(), groups: Vec::new() };
    for &v in next.keys() {
        if !t.index.contains_key(v) {
            visit(&mut t, v);
        }
    }
    let mut out = Vec::new();
    for g in t.groups.into_iter().filter(|g| g.len() > 1) {
        let inside: BTreeSet<&str> = g.iter().copied().collect();
        let start = *inside.iter().next().expect("non-empty");
        // breadth-first from start's successors back to start, within the group
        let mut prev: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        'bfs: while let Some(v) = queue.pop_front() {
            for &w in &next[v] {
                if !inside.contains(w) || prev.contains_key(w) {
                    continue;
                }
                prev.insert(w, v);
                if w == start {
                    break 'bfs;
                }
                queue.push_back(w);
            }
        }
        let mut cycle = vec![start.to_string()];
        let mut v = prev[start];
        while v != start {
            cycle.push(v.to_string());
            v = prev[v];
        }
        cycle[1..].reverse();
        out.push(cycle);
    }
    out
}

/// Every .rs file under `dir`, by its path relative to `root` (`/`-separated).
fn read_sources(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) {
    for e in std::fs::read_dir(dir).expect("the source folder") {
        let p = e.expect("an entry").path();
        if p.is_dir() {
            read_sources(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let rel = p.strip_prefix(root).expect("under src").to_string_lossy().replace('\\', "/");
            out.insert(rel, std::fs::read_to_string(&p).expect("a source file"));
        }
    }
}

#[test]
fn the_crate_is_layered_without_circles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = BTreeMap::new();
    read_sources(&root, &root, &mut sources);
    assert!(sources.len() > 30, "read {} files", sources.len());
    let problems = check(&sources);
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// A synthetic crate: (path, text) pairs.
fn crate_of(files: &[(&str, &str)]) -> BTreeMap<String, String> {
    files.iter().map(|&(p, t)| (p.to_string(), t.to_string())).collect()
}

#[test]
fn the_check_finds_each_kind_of_problem() {
    let good = crate_of(&[
        ("lib.rs", "pub mod core; pub mod games; mod bindings; pub use games::solve;"),
        ("core/mod.rs", "pub mod search; pub mod seen;"),
        ("core/search.rs", "use crate::core::seen::Set; // crate::games::x in a comment\nfn f() { let s = \"crate::bindings::y\"; }"),
        ("core/seen.rs", "pub struct Set; fn g<'a>(x: &'a str) -> char { 'x' }"),
        ("games/mod.rs", "pub mod a; pub mod b; pub fn solve() { a::solve(); b::solve() }"),
        ("games/a/mod.rs", "mod state; use crate::core::{search, seen::Set}; pub fn solve() { state::f() }"),
        ("games/a/state.rs", "pub fn f() {}\n#[cfg(test)]\nmod tests { use super::f; }"),
        ("games/b.rs", "pub fn solve() { crate::core::search::x() }"),
        ("bindings/mod.rs", "use crate::games::{self, a};"),
    ]);
    assert_eq!(check(&good), Vec::<String>::new());

    let mut bad = good.clone();
    bad.insert("core/seen.rs".into(), "use crate::games::a;\npub struct Set;".into());
    let p = check(&bad);
    assert_eq!(p[0], "core/seen.rs:1: `crate::games::a` uses games/a/mod.rs: core may not use game:a", "{p:?}");
    // games/a uses core/search.rs, which uses core/seen.rs: a circle too
    assert!(p[1].starts_with("circle: core/search.rs:1 `crate::core::seen::Set` -> core/seen.rs; "), "{p:?}");
    assert_eq!(p.len(), 2, "{p:?}");

    let mut bad = good.clone();
    bad.insert("games/b.rs".into(), "pub fn solve() {\n  super::a::solve();\n}".into());
    assert_eq!(check(&bad), vec!["games/b.rs:2: `super::a::solve` uses games/a/mod.rs: game:b may not use game:a".to_string()]);

    let mut bad = good.clone();
    bad.insert("games/b.rs".into(), "use crate::bindings; use crate::solve;".into());
    let p = check(&bad);
    assert!(p.iter().any(|x| x.contains("game:b may not use bindings")), "{p:?}");
    assert!(p.iter().any(|x| x.contains("`crate::solve` uses lib.rs")), "{p:?}");

    // a circle of three files inside one game, and one of two in core
    let mut bad = good.clone();
    bad.insert("games/a/mod.rs".into(), "mod state; mod keys; pub fn solve() { state::f() }".into());
    bad.insert("games/a/state.rs".into(), "use super::keys::K;\npub fn f() {}".into());
    bad.insert("games/a/keys.rs".into(), "pub struct K;\nfn g() { super::solve() }".into());
    bad.insert("core/seen.rs".into(), "pub struct Set;\n\nuse super::search::x;".into());
    let p = check(&bad);
    assert_eq!(p.len(), 2, "{p:?}");
    assert!(p.contains(&"circle: core/search.rs:1 `crate::core::seen::Set` -> core/seen.rs; core/seen.rs:3 `super::search::x` -> core/search.rs".to_string()), "{p:?}");
    assert!(
        p.contains(&"circle: games/a/keys.rs:2 `super::solve` -> games/a/mod.rs; games/a/mod.rs:1 `state::f` -> games/a/state.rs; games/a/state.rs:1 `super::keys::K` -> games/a/keys.rs".to_string()),
        "{p:?}"
    );

    // an inline module's `super` is its own file: no edge out of it
    let mut fine = good.clone();
    fine.insert("core/seen.rs".into(), "pub struct Set;\nmod tests { use super::Set; fn t() { super::Set; } }".into());
    assert_eq!(check(&fine), Vec::<String>::new());

    // a file too long
    let mut long = good.clone();
    long.insert("core/seen.rs".into(), "pub struct Set;\n".repeat(MAX_LINES + 1));
    assert_eq!(check(&long), vec![format!("core/seen.rs: {} lines, over {MAX_LINES}: split it by role", MAX_LINES + 1)]);
}
