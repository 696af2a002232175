//! "Last seen" writes, off the request path. A request that finds its
//! borrower session or staff API token due for a new "last seen" time
//! (once a minute) hands the write to a task of its own and answers at
//! once: a read must neither wait for the bookkeeping write it triggered
//! (64 requests of one session at the minute's turn each queued a synced
//! commit on the one writer, the tail of order details in issue 27) nor fail
//! when that write cannot happen (another process holding the write lock, a
//! full disk). Concurrent requests of one session start one write between
//! them. A lost write costs at most a minute of "last seen", on an idle
//! limit of thirty.

use hiram_domain::store::StoreResult;
use std::collections::HashSet;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

/// The writes under way, by what they touch.
#[derive(Default)]
pub struct LastSeen {
    pending: Arc<Mutex<HashSet<String>>>,
}

impl LastSeen {
    /// Runs `write` in the background unless a write for `key` is already
    /// under way; a failure is logged, never returned.
    pub fn touch(&self, key: String, write: impl Future<Output = StoreResult<()>> + Send + 'static) {
        if !self.pending.lock().unwrap_or_else(PoisonError::into_inner).insert(key.clone()) {
            return;
        }
        let pending = Arc::clone(&self.pending);
        tokio::spawn(async move {
            if let Err(error) = write.await {
                tracing::warn!(error.detail = %error, "a last-seen time was not written");
            }
            pending.lock().unwrap_or_else(PoisonError::into_inner).remove(&key);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn concurrent_touches_of_one_key_write_once_and_a_failure_is_not_returned() {
        let last_seen = LastSeen::default();
        let writes = Arc::new(AtomicUsize::new(0));
        let (release, released) = tokio::sync::oneshot::channel::<()>();
        let counted = Arc::clone(&writes);
        last_seen.touch("session-a".into(), async move {
            counted.fetch_add(1, Ordering::SeqCst);
            let _ = released.await;
            Err(hiram_domain::store::StoreError::Backend("disk full".into()))
        });
        for _ in 0..10 {
            let counted = Arc::clone(&writes);
            last_seen.touch("session-a".into(), async move {
                counted.fetch_add(1, Ordering::SeqCst);
                Ok(())
            });
        }
        let other = Arc::clone(&writes);
        last_seen.touch("session-b".into(), async move {
            other.fetch_add(1, Ordering::SeqCst);
            Ok(())
        });
        tokio::task::yield_now().await;
        release.send(()).unwrap();
        for _ in 0..100 {
            if last_seen.pending.lock().unwrap().is_empty() {
                break;
            }
            tokio::task::yield_now().await;
        }
        assert_eq!(writes.load(Ordering::SeqCst), 2, "one write for each key");
        assert!(last_seen.pending.lock().unwrap().is_empty(), "a failed write frees its key");
    }
}
