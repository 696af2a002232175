//! Complaints: what a borrower may file, and when the lender must answer.
//!
//! The promise is an answer within 3 weekdays (spec §9). Weekdays are
//! Manila working days: not Saturday or Sunday, not a holiday of the
//! configured calendar. A complaint filed on a working day before the
//! cut-off hour counts from that day; one filed later, or on a day off,
//! counts from the next working day. The answer is due by the end of the
//! third working day after that first day (so "filed Monday morning" is due
//! by the end of Thursday).

use crate::clock::{MANILA, end_of_manila_day, manila_date};
use time::{Date, Duration, OffsetDateTime, Weekday};

/// Question type 1 is the collection type: it has sub-types and needs an
/// order that has been in repayment (spec §4, §9).
pub const COLLECTION_TYPE: i64 = 1;
pub const MAX_DETAIL_CHARS: usize = 200;
pub const MAX_IMAGES: usize = 9;

/// The question types, in the order the page lists them.
pub const TYPES: [i64; 6] = [1, 2, 3, 4, 5, 6];
/// The sub-types of the collection type.
pub const COLLECTION_SUB_TYPES: [i64; 5] = [11, 12, 13, 14, 15];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplaintStatus {
    /// Waiting for customer care.
    Open,
    /// Customer care replied; the borrower may rate the reply.
    Answered,
    Closed,
}

impl ComplaintStatus {
    pub fn key(self) -> &'static str {
        match self {
            ComplaintStatus::Open => "open",
            ComplaintStatus::Answered => "answered",
            ComplaintStatus::Closed => "closed",
        }
    }

    pub fn parse(key: &str) -> Option<ComplaintStatus> {
        [ComplaintStatus::Open, ComplaintStatus::Answered, ComplaintStatus::Closed]
            .into_iter()
            .find(|status| status.key() == key)
    }
}

/// Why a complaint cannot be filed as sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComplaintProblem {
    #[error("unknown question type")]
    Type,
    #[error("the collection type needs one of its sub-types; other types have none")]
    SubType,
    #[error("the description is empty")]
    EmptyDetail,
    #[error("more than nine pictures")]
    TooManyImages,
}

/// A complaint as the borrower sent it, checked: the description is cut
/// at 200 characters (the page ignores extra input, spec §5), the sub-type
/// belongs to the collection type only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComplaintForm {
    pub problem_type: i64,
    pub sub_type: Option<i64>,
    pub detail: String,
    pub image_count: usize,
}

pub fn check_form(
    problem_type: i64,
    sub_type: Option<i64>,
    detail: &str,
    image_count: usize,
) -> Result<ComplaintForm, ComplaintProblem> {
    if !TYPES.contains(&problem_type) {
        return Err(ComplaintProblem::Type);
    }
    let sub_type = sub_type.filter(|value| *value != 0);
    match (problem_type == COLLECTION_TYPE, sub_type) {
        (true, Some(value)) if COLLECTION_SUB_TYPES.contains(&value) => {}
        (false, None) => {}
        _ => return Err(ComplaintProblem::SubType),
    }
    let detail: String = detail.trim().chars().take(MAX_DETAIL_CHARS).collect();
    if detail.trim().is_empty() {
        return Err(ComplaintProblem::EmptyDetail);
    }
    if image_count > MAX_IMAGES {
        return Err(ComplaintProblem::TooManyImages);
    }
    Ok(ComplaintForm { problem_type, sub_type, detail: detail.trim_end().to_owned(), image_count })
}

/// The working-day calendar of customer care.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CareCalendar {
    /// Manila dates nobody works (regular and special non-working days).
    pub holidays: Vec<Date>,
    /// Filings at or after this hour (Manila) count from the next working day.
    pub cutoff_hour: u8,
    /// Working days within which an answer is due.
    pub reply_days: u32,
}

impl CareCalendar {
    pub fn is_working_day(&self, date: Date) -> bool {
        !matches!(date.weekday(), Weekday::Saturday | Weekday::Sunday) && !self.holidays.contains(&date)
    }

    fn next_working_day(&self, mut date: Date) -> Date {
        loop {
            date = date.next_day().unwrap_or(date);
            if self.is_working_day(date) {
                return date;
            }
        }
    }

    /// The first working day a filing counts from.
    pub fn first_day(&self, filed_at: OffsetDateTime) -> Date {
        let local = filed_at.to_offset(MANILA);
        let day = local.date();
        if self.is_working_day(day) && local.hour() < self.cutoff_hour { day } else { self.next_working_day(day) }
    }

    /// When the answer to a complaint filed at `filed_at` is due: the end of
    /// the `reply_days`-th working day after its first day.
    pub fn due_at(&self, filed_at: OffsetDateTime) -> OffsetDateTime {
        let mut day = self.first_day(filed_at);
        for _ in 0..self.reply_days {
            day = self.next_working_day(day);
        }
        end_of_manila_day(day)
    }

    /// Working days left before the answer is due, from today (Manila);
    /// negative when late.
    pub fn working_days_left(&self, now: OffsetDateTime, due_at: OffsetDateTime) -> i64 {
        let today = manila_date(now);
        let due = manila_date(due_at - Duration::seconds(1));
        if today > due {
            let mut late = 0;
            let mut day = due;
            while day < today {
                day = day.next_day().unwrap_or(today);
                if self.is_working_day(day) {
                    late -= 1;
                }
            }
            return late.min(-1);
        }
        let mut left = 0;
        let mut day = today;
        while day < due {
            day = day.next_day().unwrap_or(due);
            if self.is_working_day(day) {
                left += 1;
            }
        }
        left
    }
}

/// A complaint being filed, with its due time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewComplaint {
    pub borrower_id: crate::borrower::BorrowerId,
    pub order_id: Option<crate::order::OrderId>,
    pub order_no: String,
    pub form: ComplaintForm,
    /// Server-made names of the borrower's pictures.
    pub images: Vec<String>,
    pub filed_at: OffsetDateTime,
    pub due_at: OffsetDateTime,
}

/// A complaint as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Complaint {
    pub id: i64,
    pub borrower_id: crate::borrower::BorrowerId,
    pub order_no: String,
    pub problem_type: i64,
    pub sub_type: Option<i64>,
    pub detail: String,
    pub images: Vec<String>,
    pub status: ComplaintStatus,
    pub filed_at: OffsetDateTime,
    pub due_at: OffsetDateTime,
    /// The agent who answered.
    pub assignee: String,
    pub answer: String,
    pub answer_images: Vec<String>,
    pub answered_at: Option<OffsetDateTime>,
    pub closed_at: Option<OffsetDateTime>,
    /// The borrower's rating of the answer, 1 to 5.
    pub score: Option<i64>,
}

/// Whether an unanswered complaint is past its promise.
/// One agent's rated answers: how many, and the sum of their stars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentScores {
    pub agent: String,
    pub ratings: i64,
    pub stars: i64,
}

pub fn is_late(status: ComplaintStatus, due_at: OffsetDateTime, now: OffsetDateTime) -> bool {
    status == ComplaintStatus::Open && now > due_at
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    fn calendar() -> CareCalendar {
        // Rizal Day (Wed 30 Dec 2026) and New Year's Day (Fri 1 Jan 2027).
        CareCalendar { holidays: vec![date!(2026 - 12 - 30), date!(2027 - 01 - 01)], cutoff_hour: 17, reply_days: 3 }
    }

    #[test]
    fn a_monday_morning_filing_is_due_by_the_end_of_thursday() {
        // 09:00 Manila on Monday 23 November 2026.
        let due = calendar().due_at(datetime!(2026-11-23 01:00 UTC));
        assert_eq!(due, end_of_manila_day(date!(2026 - 11 - 26)));
    }

    #[test]
    fn a_late_evening_filing_counts_from_the_next_working_day() {
        // 21:30 Manila on Monday: counts from Tuesday, due by the end of Friday.
        assert_eq!(calendar().due_at(datetime!(2026-11-23 13:30 UTC)), end_of_manila_day(date!(2026 - 11 - 27)));
        // 16:59 Manila still counts from Monday.
        assert_eq!(calendar().due_at(datetime!(2026-11-23 08:59 UTC)), end_of_manila_day(date!(2026 - 11 - 26)));
    }

    #[test]
    fn weekends_do_not_count() {
        // Thursday afternoon: Friday, Monday, Tuesday.
        assert_eq!(calendar().due_at(datetime!(2026-11-26 06:00 UTC)), end_of_manila_day(date!(2026 - 12 - 01)));
        // Saturday: counts from Monday, due by the end of Thursday.
        assert_eq!(calendar().due_at(datetime!(2026-11-28 02:00 UTC)), end_of_manila_day(date!(2026 - 12 - 03)));
        // Sunday 23:59 Manila is still the weekend.
        assert_eq!(calendar().due_at(datetime!(2026-11-29 15:59 UTC)), end_of_manila_day(date!(2026 - 12 - 03)));
    }

    #[test]
    fn holidays_do_not_count() {
        // Monday 28 Dec: Tuesday 29, (Wednesday 30 holiday), Thursday 31,
        // (Friday 1 Jan holiday, weekend), Monday 4 Jan.
        assert_eq!(calendar().due_at(datetime!(2026-12-28 02:00 UTC)), end_of_manila_day(date!(2027 - 01 - 04)));
        // Filed on the holiday itself: counts from Thursday 31.
        assert_eq!(calendar().due_at(datetime!(2026-12-30 02:00 UTC)), end_of_manila_day(date!(2027 - 01 - 06)));
    }

    #[test]
    fn lateness_counts_working_days() {
        let calendar = calendar();
        let due = calendar.due_at(datetime!(2026-11-23 01:00 UTC));
        assert_eq!(calendar.working_days_left(datetime!(2026-11-23 02:00 UTC), due), 3);
        assert_eq!(calendar.working_days_left(datetime!(2026-11-26 15:00 UTC), due), 0);
        assert!(!is_late(ComplaintStatus::Open, due, datetime!(2026-11-26 15:59 UTC)));
        assert!(is_late(ComplaintStatus::Open, due, datetime!(2026-11-26 16:01 UTC)));
        assert!(!is_late(ComplaintStatus::Answered, due, datetime!(2026-12-10 00:00 UTC)));
        // Friday: one working day late; the weekend adds none; Monday two.
        assert_eq!(calendar.working_days_left(datetime!(2026-11-27 02:00 UTC), due), -1);
        assert_eq!(calendar.working_days_left(datetime!(2026-11-29 02:00 UTC), due), -1);
        assert_eq!(calendar.working_days_left(datetime!(2026-11-30 02:00 UTC), due), -2);
    }

    #[test]
    fn the_form_follows_the_rules_of_the_page() {
        let long: String = "a".repeat(250);
        assert_eq!(check_form(2, None, &long, 0).unwrap().detail.chars().count(), 200);
        assert_eq!(check_form(1, Some(12), "called my boss", 9).unwrap().sub_type, Some(12));
        assert_eq!(check_form(1, None, "x", 0), Err(ComplaintProblem::SubType));
        assert_eq!(check_form(1, Some(99), "x", 0), Err(ComplaintProblem::SubType));
        assert_eq!(check_form(2, Some(12), "x", 0), Err(ComplaintProblem::SubType));
        assert_eq!(check_form(2, Some(0), "x", 0).unwrap().sub_type, None);
        assert_eq!(check_form(7, None, "x", 0), Err(ComplaintProblem::Type));
        assert_eq!(check_form(2, None, "   ", 0), Err(ComplaintProblem::EmptyDetail));
        assert_eq!(check_form(2, None, "x", 10), Err(ComplaintProblem::TooManyImages));
    }
}
