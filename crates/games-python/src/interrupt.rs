//! Long work that Ctrl-C stops: searches, perft, the solver and tablebase generation run on a
//! thread of their own while the calling thread, without the GIL, waits for them and every
//! [`POLL`] checks Python's signals.
//! When a signal handler raises (`KeyboardInterrupt` for Ctrl-C), the work is told to stop
//! through its stop flag, the calling thread waits for it to end and raises the exception.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread checks Python's signals while the work runs.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a new thread, given a stop flag that is set when a Python signal handler
/// raises meanwhile (Ctrl-C); returns what it returns. The calling thread waits without the GIL.
///
/// The work should end soon after the flag is set: until it does, the call does not return.
///
/// # Errors
/// The signal handler's exception (`KeyboardInterrupt` for Ctrl-C), raised once the work has
/// ended; a `RuntimeError` if no thread can be started.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Arc<AtomicBool>) -> T + Send,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (sender, mut receiver) = mpsc::sync_channel(1);
        let flag = &stop;
        let worker = std::thread::Builder::new()
            .name("kamisado_onitama".to_owned())
            .spawn_scoped(scope, move || {
                // The receiver waits until the work ends: the send cannot fail.
                let _ = sender.send(work(flag));
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        loop {
            let (received, back) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
            receiver = back;
            match received {
                Ok(value) => return Ok(value),
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(e) = py.check_signals() {
                        stop.store(true, Ordering::Relaxed);
                        // A panic of the work is of no interest any more: the signal wins.
                        let _ = py.detach(move || worker.join());
                        return Err(e);
                    }
                }
                // The work panicked before it could send: pass the panic on.
                Err(RecvTimeoutError::Disconnected) => {
                    if let Err(panic) = py.detach(move || worker.join()) {
                        std::panic::resume_unwind(panic);
                    }
                    return Err(PyRuntimeError::new_err("the work ended without a result"));
                }
            }
        }
    })
}
