//! The generation straight to a file (2 bits per state in memory, the distances on disk) writes
//! exactly the file of the in-memory generation, and fails cleanly.

use std::path::PathBuf;

use onitama_core::Deal;
use onitama_tablebase::{Generator, Tablebase, TablebaseError};

/// A path in the temporary directory, unique to this process and `name`.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("onitama-tb-{}-{name}", std::process::id()))
}

/// The scratch directory of the level lists for the table file `path`.
fn levels_of(path: &std::path::Path) -> PathBuf {
    let mut dir = path.as_os_str().to_owned();
    dir.push(".levels");
    PathBuf::from(dir)
}

/// Builds the table of `deal` with `pieces` both ways and compares the files byte for byte.
fn same_file_both_ways(deal: Deal, pieces: u8, name: &str) {
    let generator = Generator::new(deal.cards(), pieces).unwrap();
    let table = generator.generate(&|_| {}).unwrap();
    let mut expected = Vec::new();
    table.write_to(&mut expected).unwrap();
    let path = scratch(name);
    let reported = std::sync::atomic::AtomicU64::new(0);
    let stats = generator
        .generate_to_file(&path, &|n| {
            reported.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        })
        .unwrap();
    let written = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(stats, table.stats());
    assert!(written == expected, "the files differ");
    assert!(!levels_of(&path).exists(), "the level lists are removed");
    // The progress reaches about the announced work.
    let work = reported.into_inner();
    assert!(
        work <= generator.file_work() && work >= generator.entries(),
        "{work}"
    );
}

#[test]
fn the_file_is_the_one_of_the_in_memory_generation() {
    same_file_both_ways(Deal::COMMUNITY_B, 2, "b2");
    // Captures, Students and the verification of the losses: every entry of 9.95 million.
    same_file_both_ways(Deal::COMMUNITY_A, 4, "a4");
}

#[test]
fn the_memory_announced_is_a_fraction_of_the_in_memory_generation() {
    let generator = Generator::new(Deal::COMMUNITY_A.cards(), 8).unwrap();
    let (file, memory) = (generator.file_memory_bytes(), generator.memory_bytes());
    // 3 bits per entry and some buffers, against 4 bytes per entry.
    assert!(file * 10 < memory, "{file} {memory}");
    assert!(file * 8 >= generator.entries() * 3);
}

#[test]
fn failures_are_errors_and_leave_nothing_behind() {
    let generator = Generator::new(Deal::COMMUNITY_A.cards(), 2).unwrap();
    // The variant is built in memory only.
    let path = scratch("variant");
    let err = generator
        .clone()
        .stuck_loses(true)
        .generate_to_file(&path, &|_| {})
        .unwrap_err();
    assert!(matches!(err, TablebaseError::Unsupported { .. }), "{err}");
    assert!(!path.exists());
    // The scratch directory is taken: nothing is overwritten, nothing is written.
    let path = scratch("taken");
    let dir = levels_of(&path);
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("mine"), b"keep").unwrap();
    let err = generator.generate_to_file(&path, &|_| {}).unwrap_err();
    assert!(matches!(err, TablebaseError::Io(_)), "{err}");
    assert!(err.to_string().contains(".levels"), "{err}");
    assert!(!path.exists());
    assert_eq!(std::fs::read(dir.join("mine")).unwrap(), b"keep");
    std::fs::remove_dir_all(&dir).unwrap();
    // A directory that does not exist.
    let path = scratch("missing").join("table.tb");
    assert!(matches!(
        generator.generate_to_file(&path, &|_| {}),
        Err(TablebaseError::Io(_))
    ));
    assert!(!path.exists());
    // The file is a table.
    let path = scratch("ok");
    generator.generate_to_file(&path, &|_| {}).unwrap();
    let table = Tablebase::open(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(table.pieces(), 2);
}
