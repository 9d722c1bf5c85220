//! [`EnginePool`]: the threads that run engine searches, off the event loop. A fixed number of
//! threads (the limit of searches at once) take the searches in turn, so that memory stays
//! bounded: each thread reuses what its last search freed.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

type Work = Box<dyn FnOnce() + Send>;

/// The engine threads.
#[derive(Debug)]
pub(crate) struct EnginePool {
    sender: Mutex<mpsc::Sender<Work>>,
}

impl EnginePool {
    /// A pool of `threads` threads (at least one).
    pub(crate) fn new(threads: usize) -> EnginePool {
        let (sender, receiver) = mpsc::channel::<Work>();
        let receiver = Arc::new(Mutex::new(receiver));
        for n in 0..threads.max(1) {
            let receiver = Arc::clone(&receiver);
            let _ = std::thread::Builder::new()
                .name(format!("engine-{n}"))
                .spawn(move || {
                    loop {
                        let work = match receiver.lock() {
                            Ok(r) => r.recv(),
                            Err(_) => return,
                        };
                        match work {
                            Ok(work) => work(),
                            Err(_) => return, // the pool is gone
                        }
                    }
                });
        }
        EnginePool {
            sender: Mutex::new(sender),
        }
    }

    /// Runs `work` on an engine thread and waits for its result without blocking the event
    /// loop; `None` if the pool has stopped or the work panicked.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = oneshot::channel();
        let job: Work = Box::new(move || {
            let _ = tx.send(work());
        });
        self.sender.lock().ok()?.send(job).ok()?;
        rx.await.ok()
    }
}
