//! Work the server does on its own, and the clock it reads.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
pub struct JobSettings {
    pub daily_interval_minutes: u64,
    /// Repayable orders a daily run reads, claims and finishes at a time:
    /// runs at once split the day by these pages (decision 050).
    pub daily_page_orders: usize,
    /// How often the server sends the repayment reminders that are due; 0
    /// turns the sending off.
    pub reminder_interval_seconds: u64,
    /// How often the server sends the queued texts whose sender did not
    /// (it crashed); 0 turns it off.
    pub outbox_interval_seconds: u64,
    /// Days a client's request key answers its retries; the daily run
    /// deletes older ones (decision 052). A `u16` (at most about 179 years)
    /// keeps the cut-off a date the clock can name.
    pub request_key_days: u16,
}

/// Where the server's time comes from.
#[derive(Clone, Debug, Deserialize)]
pub struct ClockSettings {
    /// For drills and tests only: a file holding a number of seconds the
    /// server's clock runs ahead (or behind, when negative), read again at
    /// every reading (`crate::clock::FileClock`). Empty: the system clock.
    pub offset_file: String,
}
