//! Build script: a digest of the crate's own code, so that `engine.engine_version()` (recorded in
//! every table row and export) changes whenever the solver's code does, not only with the package
//! version. Two builds of the same files get the same digest on any machine: FNV-1a over each file's
//! path (relative, `/`-separated, sorted) and bytes; no hasher whose output depends on the toolchain.

use std::fs;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn fnv1a(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h ^= u64::from(b);
        *h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let mut list = Vec::new();
    files(&root.join("src"), &mut list);
    // the code that runs: not the READMEs nor the test files (`*tests.rs`, compiled for `cargo test`
    // alone), which change no verdict; the manifest and the lock file, which pick the dependencies
    list.retain(|p| {
        let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        name.ends_with(".rs") && !name.ends_with("tests.rs")
    });
    list.push(root.join("Cargo.toml"));
    list.push(root.join("Cargo.lock"));
    let mut names: Vec<(String, PathBuf)> = list
        .into_iter()
        .map(|p| {
            let rel = p.strip_prefix(&root).expect("under the crate").to_string_lossy().replace('\\', "/");
            (rel, p)
        })
        .collect();
    names.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (rel, p) in &names {
        fnv1a(&mut h, rel.as_bytes());
        fnv1a(&mut h, &[0]);
        fnv1a(&mut h, &fs::read(p).unwrap_or_else(|e| panic!("reading {}: {e}", p.display())));
        fnv1a(&mut h, &[0]);
    }
    println!("cargo:rustc-env=DEALPOOL_SOURCE_DIGEST={h:016x}");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    println!("cargo:rerun-if-changed=Cargo.lock");
}
