//! Crash points for tests. In a build with the `failpoints` feature (the
//! API tests turn it on), a point armed by name makes the store fail there
//! once, as a crash would: the transaction around it never commits. Other
//! builds carry no points, and arming one is refused.

use hiram_domain::store::{StoreError, StoreResult};

#[derive(Default)]
pub(crate) struct Failpoints {
    #[cfg(feature = "failpoints")]
    armed: std::sync::Mutex<Vec<String>>,
}

impl Failpoints {
    pub(crate) fn arm(&self, name: &str) -> StoreResult<()> {
        #[cfg(feature = "failpoints")]
        {
            self.armed.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).push(name.to_owned());
            Ok(())
        }
        #[cfg(not(feature = "failpoints"))]
        Err(StoreError::Backend(format!("cannot arm failpoint {name}: this build has none")))
    }
}

/// Fails once at an armed point.
pub(crate) fn hit(failpoints: &Failpoints, name: &str) -> StoreResult<()> {
    #[cfg(feature = "failpoints")]
    {
        let mut armed = failpoints.armed.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(at) = armed.iter().position(|point| point == name) {
            armed.remove(at);
            return Err(StoreError::Backend(format!("failpoint {name}")));
        }
    }
    #[cfg(not(feature = "failpoints"))]
    let _ = (failpoints, name);
    Ok(())
}

/// At an armed point, makes the database abort the transaction as
/// contention does: PostgreSQL raises the real SQLSTATE 40001 in the open
/// transaction (aborting it, as a serialization failure would); SQLite,
/// which has no such error, answers the same text.
pub(crate) async fn contention(failpoints: &Failpoints, tx: &mut crate::db::Tx, name: &str) -> StoreResult<()> {
    if hit(failpoints, name).is_ok() {
        return Ok(());
    }
    match tx.raise_serialization_failure(name).await {
        Ok(()) => Err(StoreError::Backend(format!("40001: failpoint {name}"))),
        Err(error) => Err(error),
    }
}
