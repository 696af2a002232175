//! The server's one source of time, injectable so tests can move days
//! (due dates, days past due and session expiry all read it).

use std::sync::Mutex;
use time::{Duration, OffsetDateTime};

pub trait Clock: Send + Sync {
    fn now(&self) -> OffsetDateTime;
}

/// The system clock: what production runs on.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }
}

/// The system clock moved by an offset that tests set.
#[derive(Default)]
pub struct ShiftedClock {
    offset: Mutex<Duration>,
}

impl ShiftedClock {
    pub fn advance(&self, by: Duration) {
        let mut offset = self.offset.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *offset += by;
    }
}

impl Clock for ShiftedClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc() + *self.offset.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
