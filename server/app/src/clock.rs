//! The server's one source of time, injectable so tests can move days
//! (due dates, days past due and session expiry all read it).

use std::path::PathBuf;
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

/// The system clock moved by a number of seconds written in a file, read
/// again at every reading, so that a drill or a test can move the time of
/// running server processes (`hiram serve`) from outside, all of them at
/// once: `[clock] offset_file` names the file. It exists for drills and
/// tests only; production leaves the setting empty and runs on
/// [`SystemClock`]. A file that is missing or does not hold a whole number
/// keeps the offset last read (zero at first).
pub struct FileClock {
    path: PathBuf,
    last: Mutex<Duration>,
}

impl FileClock {
    pub fn new(path: PathBuf) -> FileClock {
        FileClock { path, last: Mutex::new(Duration::ZERO) }
    }

    fn offset(&self) -> Duration {
        let mut last = self.last.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(seconds) = std::fs::read_to_string(&self.path).ok().and_then(|text| text.trim().parse::<i64>().ok())
        {
            *last = Duration::seconds(seconds);
        }
        *last
    }
}

impl Clock for FileClock {
    fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc() + self.offset()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_clock_follows_the_file_and_keeps_the_last_offset_when_it_is_unreadable() {
        let path = std::env::temp_dir().join(format!("hiram-clock-{}", std::process::id()));
        let clock = FileClock::new(path.clone());
        let _ = std::fs::remove_file(&path);
        assert!((clock.now() - OffsetDateTime::now_utc()).abs() < Duration::seconds(5), "no file: no offset");
        std::fs::write(&path, "86400\n").unwrap();
        let ahead = clock.now() - OffsetDateTime::now_utc();
        assert!((ahead - Duration::days(1)).abs() < Duration::seconds(5), "{ahead}");
        std::fs::write(&path, "soon").unwrap();
        let kept = clock.now() - OffsetDateTime::now_utc();
        assert!((kept - Duration::days(1)).abs() < Duration::seconds(5), "{kept}");
        std::fs::write(&path, "-3600").unwrap();
        let behind = clock.now() - OffsetDateTime::now_utc();
        assert!((behind + Duration::hours(1)).abs() < Duration::seconds(5), "{behind}");
        let _ = std::fs::remove_file(&path);
    }
}
