//! Ctrl-C for the commands whose work checks a stop flag (`perft`, `tablebase`): the work ends
//! cleanly (partial files removed) and the program exits with [`INTERRUPTED`]. SIGTERM (what
//! `kill` and service managers send) and SIGHUP (a closed terminal) are taken the same way
//! (ctrlc's `termination` feature), so that they leave no partial file either. The other
//! commands keep the default: these signals end the program at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The exit code of a run stopped by Ctrl-C: 130, what a shell reports for a program that
/// SIGINT ended (128 + 2); also for SIGTERM and SIGHUP, which the handler cannot tell apart.
pub const INTERRUPTED: u8 = 130;

/// The flag that Ctrl-C (or SIGTERM, or SIGHUP) sets. From the first call on, these signals no
/// longer end the program at once: the first one sets the flag, for the work to stop and the
/// command to clean up; a second one (work that does not stop) exits with [`INTERRUPTED`] at
/// once. Where the handler cannot be installed the flag is never set, and the signals end the
/// program as before.
pub fn ctrl_c_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    Arc::clone(FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = Arc::clone(&flag);
        let _ = ctrlc::set_handler(move || {
            if set.swap(true, Ordering::Relaxed) {
                std::process::exit(i32::from(INTERRUPTED));
            }
        });
        flag
    }))
}
