//! Closing a lender's books (decision 069): finance closes them through a
//! Manila day, or through the last day of a month, once that day is over.
//! Closes only move forward, and nothing posts into a closed day: the loan
//! ledger stamps every entry when it is posted, so a correction of a closed
//! day is an entry of the open one that points at what it corrects.
//!
//! A close keeps what the lender's loans had posted to each account by the
//! end of its day, so the books of any later day are that figure plus the
//! entries since, never a sum over the whole ledger.

use crate::product::LenderId;
use time::{Date, OffsetDateTime};

/// What finance closes at once: one day, or every day to the end of a month.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosePeriod {
    Day,
    Month,
}

impl ClosePeriod {
    pub const ALL: [ClosePeriod; 2] = [ClosePeriod::Day, ClosePeriod::Month];

    pub fn key(self) -> &'static str {
        match self {
            ClosePeriod::Day => "day",
            ClosePeriod::Month => "month",
        }
    }

    pub fn parse(key: &str) -> Option<ClosePeriod> {
        ClosePeriod::ALL.into_iter().find(|period| period.key() == key)
    }

    /// The last day a close of this period asked on `day` closes: the day
    /// itself, or the last day of its month.
    pub fn last_day(self, day: Date) -> Date {
        match self {
            ClosePeriod::Day => day,
            ClosePeriod::Month => {
                Date::from_calendar_date(day.year(), day.month(), day.month().length(day.year())).unwrap_or(day)
            }
        }
    }
}

/// A lender's books closed through a day: every day up to `through`, by
/// whom and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BooksClose {
    pub lender: LenderId,
    pub through: Date,
    pub period: ClosePeriod,
    /// The member who closed them, or the finance tool's token.
    pub closed_by: Option<i64>,
    pub closed_by_token: Option<i64>,
    pub closed_at: OffsetDateTime,
    /// Why, in finance's words, when they gave one.
    pub note: Option<String>,
}

/// The longest note a close keeps.
pub const NOTE_MAX_CHARS: usize = 500;

/// Why a close was refused; nothing was closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CloseRefused {
    /// The period's last day is today or later: its books are still being
    /// written.
    #[error("the period has not ended")]
    NotOver,
    /// The books are already closed through a later day; closes never go
    /// back.
    #[error("the books are closed through {0}")]
    ClosedLater(Date),
    /// The note is longer than a close keeps.
    #[error("the note is too long")]
    NoteTooLong,
    /// Lines of the providers' statements through the day are still open
    /// (decision 074): a close over them needs a reason in its note.
    #[error("{0} lines of the providers' statements are unmatched")]
    Unmatched(usize),
}

/// A close over open statement lines says why in a note of at least this
/// many characters.
pub const OVERRIDE_NOTE_MIN_CHARS: usize = 5;

/// Whether a close through a day with `open` unmatched statement lines may
/// go ahead: with none, or when finance overrides them with a reason.
pub fn check_unmatched(open: usize, overriding: bool, note: Option<&str>) -> Result<(), CloseRefused> {
    let reason = note.is_some_and(|note| note.trim().chars().count() >= OVERRIDE_NOTE_MIN_CHARS);
    if open == 0 || (overriding && reason) { Ok(()) } else { Err(CloseRefused::Unmatched(open)) }
}

/// What a close asked on `day` for `period` would close, given `today`
/// (Manila) and the day the books are closed through (`closed`):
/// `Ok(None)` when they are closed through exactly that day already (a
/// repeated close, which changes nothing).
pub fn check_close(
    period: ClosePeriod,
    day: Date,
    today: Date,
    closed: Option<Date>,
    note: Option<&str>,
) -> Result<Option<Date>, CloseRefused> {
    let through = period.last_day(day);
    if note.is_some_and(|note| note.chars().count() > NOTE_MAX_CHARS) {
        return Err(CloseRefused::NoteTooLong);
    }
    if through >= today {
        return Err(CloseRefused::NotOver);
    }
    match closed {
        Some(closed) if closed == through => Ok(None),
        Some(closed) if closed > through => Err(CloseRefused::ClosedLater(closed)),
        _ => Ok(Some(through)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn a_day_closes_once_it_is_over_and_closes_move_only_forward() {
        let today = date!(2026 - 11 - 27);
        assert_eq!(
            check_close(ClosePeriod::Day, date!(2026 - 11 - 26), today, None, None),
            Ok(Some(date!(2026 - 11 - 26)))
        );
        assert_eq!(check_close(ClosePeriod::Day, today, today, None, None), Err(CloseRefused::NotOver));
        assert_eq!(
            check_close(ClosePeriod::Day, date!(2026 - 11 - 20), today, Some(date!(2026 - 11 - 25)), None),
            Err(CloseRefused::ClosedLater(date!(2026 - 11 - 25)))
        );
        assert_eq!(
            check_close(ClosePeriod::Day, date!(2026 - 11 - 25), today, Some(date!(2026 - 11 - 25)), None),
            Ok(None),
            "a repeated close changes nothing"
        );
        let long = "x".repeat(NOTE_MAX_CHARS + 1);
        assert_eq!(
            check_close(ClosePeriod::Day, date!(2026 - 11 - 26), today, None, Some(&long)),
            Err(CloseRefused::NoteTooLong)
        );
    }

    #[test]
    fn a_month_closes_through_its_last_day_and_only_once_that_day_is_over() {
        assert_eq!(ClosePeriod::Month.last_day(date!(2026 - 02 - 10)), date!(2026 - 02 - 28));
        assert_eq!(ClosePeriod::Month.last_day(date!(2028 - 02 - 10)), date!(2028 - 02 - 29));
        assert_eq!(ClosePeriod::Month.last_day(date!(2026 - 12 - 01)), date!(2026 - 12 - 31));
        assert_eq!(
            check_close(ClosePeriod::Month, date!(2026 - 10 - 05), date!(2026 - 11 - 01), None, None),
            Ok(Some(date!(2026 - 10 - 31)))
        );
        assert_eq!(
            check_close(ClosePeriod::Month, date!(2026 - 11 - 05), date!(2026 - 11 - 30), None, None),
            Err(CloseRefused::NotOver),
            "the month's last day is still to come"
        );
    }
}
