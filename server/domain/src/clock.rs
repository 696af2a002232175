//! Business time. Every business date (due dates, days past due, contact
//! hours) is a date in Asia/Manila (decisions.md D1). The Philippines keeps
//! UTC+8 all year, so a fixed offset is exact.

use time::{Date, OffsetDateTime, UtcOffset};

pub const MANILA: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
    Ok(offset) => offset,
    Err(_) => panic!("UTC+8 is a valid offset"),
};

/// The calendar date in Manila at the given instant.
pub fn manila_date(at: OffsetDateTime) -> Date {
    at.to_offset(MANILA).date()
}

/// Midnight in Manila that began the Manila day of `at`.
pub fn start_of_manila_day(at: OffsetDateTime) -> OffsetDateTime {
    manila_date(at).midnight().assume_offset(MANILA)
}

/// The last instant of a Manila calendar date (the next midnight there).
pub fn end_of_manila_day(date: Date) -> OffsetDateTime {
    date.next_day().unwrap_or(date).midnight().assume_offset(MANILA)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_utc_evening_is_already_the_next_day_in_manila() {
        assert_eq!(manila_date(datetime!(2026-11-21 16:30 UTC)), time::macros::date!(2026 - 11 - 22));
        assert_eq!(manila_date(datetime!(2026-11-21 15:59 UTC)), time::macros::date!(2026 - 11 - 21));
    }

    #[test]
    fn a_manila_day_starts_at_four_in_the_afternoon_utc_the_day_before() {
        assert_eq!(start_of_manila_day(datetime!(2026-11-22 16:05 UTC)), datetime!(2026-11-22 16:00 UTC));
        assert_eq!(start_of_manila_day(datetime!(2026-11-22 15:59 UTC)), datetime!(2026-11-21 16:00 UTC));
    }

    #[test]
    fn a_manila_day_ends_at_four_in_the_afternoon_utc() {
        assert_eq!(end_of_manila_day(time::macros::date!(2026 - 11 - 22)), datetime!(2026-11-22 16:00 UTC));
    }
}
