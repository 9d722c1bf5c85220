//! Generation that another thread stops (`Generator::with_stop`): `TablebaseError::Stopped` soon
//! after the flag is set, in memory and through files, and nothing left on disk.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use onitama_core::Deal;
use onitama_tablebase::{Generator, TablebaseError};

/// A path in the temporary directory, unique to this process and `name`.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("onitama-tb-stop-{}-{name}", std::process::id()))
}

/// The scratch directory of the level lists for the table file `path`.
fn levels_of(path: &std::path::Path) -> PathBuf {
    let mut dir = path.as_os_str().to_owned();
    dir.push(".levels");
    PathBuf::from(dir)
}

#[test]
fn a_flag_set_before_stops_both_ways_and_leaves_nothing() {
    let stop = Arc::new(AtomicBool::new(true));
    let generator = Generator::new(Deal::COMMUNITY_A.cards(), 4)
        .unwrap()
        .with_stop(Arc::clone(&stop));
    let err = generator.generate(&|_| {}).unwrap_err();
    assert!(matches!(err, TablebaseError::Stopped), "{err}");
    let path = scratch("before");
    let err = generator.generate_to_file(&path, &|_| {}).unwrap_err();
    assert!(matches!(err, TablebaseError::Stopped), "{err}");
    assert!(!path.exists());
    assert!(!levels_of(&path).exists());
    // A flag that stays clear changes nothing (the 2-piece counts of docs/tablebases.md).
    stop.store(false, Ordering::Relaxed);
    let generator = Generator::new(Deal::COMMUNITY_A.cards(), 2)
        .unwrap()
        .with_stop(stop);
    let stats = generator.generate(&|_| {}).unwrap().stats();
    assert_eq!(
        (stats.positions, stats.wins, stats.losses),
        (16_590, 11_514, 5_076)
    );
    let path = scratch("clear");
    assert_eq!(generator.generate_to_file(&path, &|_| {}).unwrap(), stats);
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_flag_set_in_the_middle_stops_both_ways() {
    // Set once half of the work is reported: during the levels, after the first pass.
    let generator = Generator::new(Deal::COMMUNITY_A.cards(), 4).unwrap();
    let half = generator.entries();
    let run = |to_file: Option<&std::path::Path>| {
        let stop = Arc::new(AtomicBool::new(false));
        let generator = generator.clone().with_stop(Arc::clone(&stop));
        let done = std::sync::atomic::AtomicU64::new(0);
        let progress = |n| {
            if done.fetch_add(n, Ordering::Relaxed) + n >= half {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let result = match to_file {
            None => generator.generate(&progress).map(|t| t.stats()),
            Some(path) => generator.generate_to_file(path, &progress),
        };
        assert!(stop.load(Ordering::Relaxed), "the flag was never set");
        result
    };
    let err = run(None).unwrap_err();
    assert!(matches!(err, TablebaseError::Stopped), "{err}");
    let path = scratch("middle");
    let err = run(Some(&path)).unwrap_err();
    assert!(matches!(err, TablebaseError::Stopped), "{err}");
    assert!(!path.exists());
    assert!(!levels_of(&path).exists());
}

#[test]
fn a_flag_set_by_another_thread_stops_a_long_generation_soon() {
    // The 6-piece table takes minutes (and 1 GB once whole): only the flag ends this one early.
    let stop = Arc::new(AtomicBool::new(false));
    let generator = Generator::new(Deal::COMMUNITY_A.cards(), 6)
        .unwrap()
        .with_stop(Arc::clone(&stop));
    let setter = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let err = generator.generate(&|_| {}).unwrap_err();
    let ended = Instant::now();
    let set = setter.join().unwrap();
    assert!(matches!(err, TablebaseError::Stopped), "{err}");
    let waited = ended.saturating_duration_since(set);
    assert!(
        waited < Duration::from_secs(2),
        "stopped {waited:?} after the flag"
    );
}
