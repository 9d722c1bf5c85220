//! A table probed in its file gives the answers of the table in memory, and a corrupt file is
//! an error.

use abstract_game::rng::SplitMix64;
use onitama_core::{Deal, Position};
use onitama_tablebase::{Generator, Tablebase, TablebaseError, TablebaseFile};

mod common;
use common::random_position;

/// A path in the temporary directory, unique to this process and `name`.
fn scratch(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("onitama-tbf-{}-{name}", std::process::id()))
}

#[test]
fn probes_in_the_file_equal_probes_in_memory() {
    let table = Generator::new(Deal::COMMUNITY_A.cards(), 4)
        .unwrap()
        .generate(&|_| {})
        .unwrap();
    let path = scratch("a4");
    table.save(&path).unwrap();
    let file = TablebaseFile::open(&path).unwrap();
    let read = std::sync::atomic::AtomicU64::new(0);
    file.verify(&|n| {
        read.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(read.into_inner(), table.entries());
    assert_eq!(file.stats(), table.stats());
    assert_eq!(
        (file.cards(), file.pieces()),
        (table.cards(), table.pieces())
    );
    assert_eq!(
        (file.entries(), file.stuck_loses()),
        (table.entries(), false)
    );
    let mut rng = SplitMix64::new(21);
    let mut in_range = 0;
    for _ in 0..3000 {
        if let Some(pos) = random_position(&mut rng, Deal::COMMUNITY_A.cards(), 2) {
            let expected = table.probe(&pos);
            assert_eq!(file.probe(&pos).unwrap(), expected, "{pos}");
            in_range += usize::from(expected.is_some());
        }
    }
    assert!(in_range > 1000, "{in_range}");
    // Out of range: other cards, or a finished game.
    assert_eq!(file.probe(&Position::start()).unwrap(), None);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_corrupt_file_is_an_error() {
    let table = Generator::new(Deal::COMMUNITY_B.cards(), 2)
        .unwrap()
        .generate(&|_| {})
        .unwrap();
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    let path = scratch("b2");
    let write = |b: &[u8]| std::fs::write(&path, b).unwrap();
    // Cut, or one byte too long: refused on opening.
    for len in [0, 10, 64, bytes.len() - 1, bytes.len() + 1] {
        let mut b = bytes.clone();
        b.resize(len, 0);
        write(&b);
        assert!(
            matches!(
                TablebaseFile::open(&path),
                Err(TablebaseError::Length { .. })
            ),
            "length {len}"
        );
    }
    // A bad header: refused on opening.
    for i in [0, 8, 12, 16, 24] {
        let mut b = bytes.clone();
        b[i] ^= 0x41;
        write(&b);
        assert!(TablebaseFile::open(&path).is_err(), "header byte {i}");
    }
    // A changed entry: found by the checksum.
    let mut b = bytes.clone();
    b[1000] ^= 2;
    write(&b);
    let file = TablebaseFile::open(&path).unwrap();
    assert!(matches!(
        file.verify(&|_| {}),
        Err(TablebaseError::Checksum { .. })
    ));
    // Invalid entries: a probe that reads one is an error, not a value.
    let pos: Position = "2m2/2M2/5/5/5 rabbit,tiger cobra,frog rooster r"
        .parse()
        .unwrap();
    assert!(table.probe(&pos).is_some());
    let mut b = bytes.clone();
    b[64..].fill(255);
    write(&b);
    let file = TablebaseFile::open(&path).unwrap();
    assert!(matches!(
        file.probe(&pos),
        Err(TablebaseError::Header { field: "entry" })
    ));
    assert!(Tablebase::open(&path).is_err());
    std::fs::remove_file(&path).unwrap();
}
