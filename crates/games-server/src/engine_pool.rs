//! [`EnginePool`]: the threads that run engine searches, off the event loop. A fixed number of
//! threads (the limit of searches at once) take the work in turn, so that memory stays bounded:
//! each thread reuses what its last search freed.
//!
//! The queue is fair to running games: engine moves wait in a queue of their own that the
//! threads always serve first, and hints in a bounded queue after them ([`Busy`] beyond it).
//! Work whose requester has gone (a hint request dropped by its client) is never started, and a
//! search under way is told to stop.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use tokio::sync::oneshot;

/// Which queue a search waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Priority {
    /// An engine's move in a running game: served first.
    Move,
    /// A hint: served when no move waits, and only [`EnginePool::new`]'s number may wait.
    Hint,
}

/// The hint queue is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Busy;

struct Job {
    work: Box<dyn FnOnce() + Send>,
    /// False once the requester has gone.
    wanted: Arc<AtomicBool>,
}

#[derive(Default)]
struct Queues {
    moves: VecDeque<Job>,
    hints: VecDeque<Job>,
    stopped: bool,
}

struct Shared {
    queues: Mutex<Queues>,
    ready: Condvar,
}

/// The engine threads.
pub(crate) struct EnginePool {
    shared: Arc<Shared>,
    max_hints: usize,
}

impl std::fmt::Debug for EnginePool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePool")
            .field("max_hints", &self.max_hints)
            .finish_non_exhaustive()
    }
}

/// Marks the work unwanted and stops its search when the requester's future is dropped.
struct Requester {
    wanted: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
}

impl Drop for Requester {
    fn drop(&mut self) {
        self.wanted.store(false, Ordering::SeqCst);
        self.stop.store(true, Ordering::SeqCst);
    }
}

impl EnginePool {
    /// A pool of `threads` threads (at least one) with room for `max_hints` waiting hints.
    pub(crate) fn new(threads: usize, max_hints: usize) -> EnginePool {
        let shared = Arc::new(Shared {
            queues: Mutex::new(Queues::default()),
            ready: Condvar::new(),
        });
        for n in 0..threads.max(1) {
            let shared = Arc::clone(&shared);
            let _ = std::thread::Builder::new()
                .name(format!("engine-{n}"))
                .spawn(move || work(&shared));
        }
        EnginePool { shared, max_hints }
    }

    /// Runs `search` on an engine thread and waits for its result without blocking the event
    /// loop; `Ok(None)` if the pool has stopped or the search panicked, [`Busy`] if it is a
    /// hint and the hint queue is full. `stop` is set when the caller stops waiting (the future
    /// is dropped), which ends a search under way; a search not yet started is then skipped.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        priority: Priority,
        stop: Arc<AtomicBool>,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<Option<T>, Busy> {
        let (tx, rx) = oneshot::channel();
        let wanted = Arc::new(AtomicBool::new(true));
        let requester = Requester {
            wanted: Arc::clone(&wanted),
            stop,
        };
        let job = Job {
            work: Box::new(move || {
                if !tx.is_closed() {
                    let _ = tx.send(search());
                }
            }),
            wanted,
        };
        {
            let mut queues = self
                .shared
                .queues
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if queues.stopped {
                return Ok(None);
            }
            match priority {
                Priority::Move => queues.moves.push_back(job),
                Priority::Hint => {
                    if queues.hints.len() >= self.max_hints {
                        queues.hints.retain(|j| j.wanted.load(Ordering::SeqCst));
                    }
                    if queues.hints.len() >= self.max_hints {
                        return Err(Busy);
                    }
                    queues.hints.push_back(job);
                }
            }
        }
        self.shared.ready.notify_one();
        let result = rx.await.ok();
        // Done: the search need not be stopped, but dropping the requester is harmless.
        drop(requester);
        Ok(result)
    }

    /// How many hints wait for a thread.
    #[cfg(test)]
    fn waiting_hints(&self) -> usize {
        self.shared
            .queues
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .hints
            .len()
    }
}

impl Drop for EnginePool {
    fn drop(&mut self) {
        self.shared
            .queues
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .stopped = true;
        self.shared.ready.notify_all();
    }
}

/// One engine thread: takes the next wanted job, moves first, until the pool is dropped.
fn work(shared: &Shared) {
    loop {
        let job = {
            let mut queues = shared.queues.lock().unwrap_or_else(PoisonError::into_inner);
            loop {
                if queues.stopped {
                    return;
                }
                if let Some(job) = queues
                    .moves
                    .pop_front()
                    .or_else(|| queues.hints.pop_front())
                {
                    if job.wanted.load(Ordering::SeqCst) {
                        break job;
                    }
                    continue; // its requester has gone: skip it
                }
                queues = shared
                    .ready
                    .wait(queues)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job.work));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn flag() -> Arc<AtomicBool> {
        Arc::new(AtomicBool::new(false))
    }

    /// A job that blocks its thread until `release` is set.
    fn blocker(release: &Arc<AtomicBool>) -> impl FnOnce() -> u32 + Send + 'static {
        let release = Arc::clone(release);
        move || {
            while !release.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(1));
            }
            0
        }
    }

    #[tokio::test]
    async fn moves_go_before_hints_and_the_hint_queue_is_bounded() {
        let pool = Arc::new(EnginePool::new(1, 2));
        let release = flag();
        let order = Arc::new(Mutex::new(Vec::new()));
        let busy = tokio::spawn({
            let pool = Arc::clone(&pool);
            let release = Arc::clone(&release);
            async move { pool.run(Priority::Hint, flag(), blocker(&release)).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let mut waiting = Vec::new();
        for (priority, name) in [(Priority::Hint, "hint"), (Priority::Move, "move")] {
            let pool = Arc::clone(&pool);
            let order = Arc::clone(&order);
            waiting.push(tokio::spawn(async move {
                pool.run(priority, flag(), move || order.lock().unwrap().push(name))
                    .await
            }));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // One hint waits (and one runs): a second fits, a third is refused.
        let second = tokio::spawn({
            let pool = Arc::clone(&pool);
            async move { pool.run(Priority::Hint, flag(), || ()).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(pool.waiting_hints(), 2);
        assert_eq!(pool.run(Priority::Hint, flag(), || ()).await, Err(Busy));
        release.store(true, Ordering::SeqCst);
        busy.await.unwrap().unwrap();
        for w in waiting {
            w.await.unwrap().unwrap();
        }
        second.await.unwrap().unwrap();
        assert_eq!(*order.lock().unwrap(), ["move", "hint"]);
    }

    #[tokio::test]
    async fn work_of_a_requester_that_left_is_skipped_and_stopped() {
        let pool = Arc::new(EnginePool::new(1, 8));
        let release = flag();
        let running = tokio::spawn({
            let pool = Arc::clone(&pool);
            let release = Arc::clone(&release);
            async move { pool.run(Priority::Move, flag(), blocker(&release)).await }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        let ran = flag();
        let stop = flag();
        let dropped = tokio::spawn({
            let pool = Arc::clone(&pool);
            let ran = Arc::clone(&ran);
            let stop = Arc::clone(&stop);
            async move {
                pool.run(Priority::Hint, stop, move || {
                    ran.store(true, Ordering::SeqCst);
                })
                .await
            }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        dropped.abort();
        let _ = dropped.await;
        assert!(stop.load(Ordering::SeqCst), "the search is told to stop");
        release.store(true, Ordering::SeqCst);
        running.await.unwrap().unwrap();
        // A later job runs, and the dropped one never did.
        assert_eq!(pool.run(Priority::Hint, flag(), || 7).await, Ok(Some(7)));
        assert!(!ran.load(Ordering::SeqCst));
    }
}
