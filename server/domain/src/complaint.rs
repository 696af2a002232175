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
/// Ratings up to this many stars are low: the borrower is offered a call
/// back and the regulator's channel instead of a thank-you (issue 33).
pub const LOW_SCORE_MAX: i64 = 2;
/// What every complaint number starts with, so it is not read as a loan's
/// order number (`HR…`) or a payment's reference.
const REFERENCE_PREFIX: &str = "HC-";
/// Digits of the id in a complaint number, zero-padded, before the check digit.
const REFERENCE_DIGITS: usize = 6;

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
    /// When the borrower, after a low rating, asked for a call back: the
    /// complaint is open again, for a supervisor.
    pub callback_requested_at: Option<OffsetDateTime>,
    /// When that call back is due, by the same working-day promise.
    pub callback_due_at: Option<OffsetDateTime>,
}

impl Complaint {
    /// The complaint's number as the borrower and staff read it.
    pub fn reference(&self) -> String {
        reference(self.id)
    }

    /// When the answer now owed is due: the call back's, once the borrower
    /// asked for one, else the first answer's.
    pub fn current_due(&self) -> OffsetDateTime {
        self.callback_due_at.unwrap_or(self.due_at)
    }

    /// Whether the borrower may ask for a call back now: they rated the
    /// answer low and have not asked yet.
    pub fn offers_callback(&self) -> bool {
        self.score.is_some_and(is_low_score) && self.callback_requested_at.is_none()
    }
}

/// Whether a rating is low enough to offer the next step (a call back, the
/// regulator) rather than thanks.
pub fn is_low_score(score: i64) -> bool {
    (1..=LOW_SCORE_MAX).contains(&score)
}

/// The Damm algorithm's table: a check digit that catches every single
/// wrong digit and every swap of two neighbouring digits, the mistakes of
/// a number read out over the phone.
const DAMM: [[u8; 10]; 10] = [
    [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
    [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
    [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
    [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
    [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
    [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
    [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
    [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
    [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
    [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

fn damm(digits: &str) -> u8 {
    digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .fold(0, |interim, digit| DAMM[usize::from(interim)][usize::from(digit - b'0')])
}

/// A complaint's number, the one way it is written (`HC-0001234`: the id
/// zero-padded to six digits, then a check digit). It is the id, so it
/// never changes and needs no column; the check digit lets staff tell a
/// number misheard on the phone from another complaint's.
pub fn reference(id: i64) -> String {
    let digits = format!("{:0width$}", id.max(0), width = REFERENCE_DIGITS);
    format!("{REFERENCE_PREFIX}{digits}{}", damm(&digits))
}

/// The id a complaint number names, read as people type it (any case,
/// spaces or dashes, with or without `HC`); `None` when the check digit
/// does not fit.
pub fn parse_reference(text: &str) -> Option<i64> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
    let prefix = REFERENCE_PREFIX.trim_end_matches('-');
    let digits = match compact.get(..prefix.len()) {
        Some(start) if start.eq_ignore_ascii_case(prefix) => &compact[prefix.len()..],
        _ => compact.as_str(),
    };
    if digits.len() < 2 || digits.len() > 19 || !digits.bytes().all(|b| b.is_ascii_digit()) || damm(digits) != 0 {
        return None;
    }
    digits[..digits.len() - 1].parse().ok()
}

/// Who answered, as the borrower reads it: the first name and the last
/// name's initial ("Liza M. Santos" → "Liza S."). A leading abbreviation
/// stays with the name it shortens ("Ma. Liza Santos" → "Ma. Liza S."), and
/// a suffix (Jr., III) is not taken for the last name. Staff accounts hold
/// full names; the borrower needs only enough to know a person answered.
pub fn agent_shown(name: &str) -> String {
    const SUFFIXES: [&str; 7] = ["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"];
    let words: Vec<&str> = name.split_whitespace().collect();
    let first_len = words.iter().take_while(|word| word.ends_with('.')).count() + 1;
    if words.len() <= first_len {
        return words.join(" ");
    }
    let mut rest = &words[first_len..];
    if rest.len() > 1 && rest.last().is_some_and(|word| SUFFIXES.contains(&word.to_lowercase().as_str())) {
        rest = &rest[..rest.len() - 1];
    }
    // The first letter: a bracket or a quote is no initial.
    let initial = rest
        .iter()
        .rev()
        .find_map(|word| word.chars().find(|c| c.is_alphabetic()))
        .map(|c| c.to_uppercase().collect::<String>());
    match initial {
        Some(initial) => format!("{} {initial}.", words[..first_len].join(" ")),
        None => words[..first_len].join(" "),
    }
}

/// One agent's rated answers: how many, and the sum of their stars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentScores {
    pub agent: String,
    pub ratings: i64,
    pub stars: i64,
}

/// Whether an unanswered complaint is past its promise.
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
    fn a_complaint_number_is_its_id_padded_with_a_check_digit() {
        assert_eq!(reference(1), "HC-0000013");
        assert_eq!(reference(572), "HC-0005724");
        assert_eq!(reference(1_234_567).len(), "HC-".len() + 8, "ids past six digits grow");
        assert_eq!(reference(572), reference(572), "the same complaint, the same number");
    }

    #[test]
    fn a_complaint_number_is_read_back_as_people_type_it() {
        for id in [1, 42, 572, 999_999, 1_234_567] {
            assert_eq!(parse_reference(&reference(id)), Some(id));
        }
        assert_eq!(parse_reference(" hc 000572 4 "), Some(572));
        assert_eq!(parse_reference("0005724"), Some(572));
        assert_eq!(parse_reference("HC-0005734"), None, "one wrong digit");
        assert_eq!(parse_reference("HC-0007524"), None, "two neighbours swapped");
        assert_eq!(parse_reference("HC-"), None);
        assert_eq!(parse_reference("HR202603010001"), None);
    }

    #[test]
    fn the_borrower_reads_the_agents_first_name_and_last_initial() {
        assert_eq!(agent_shown("Liza Marie Santos"), "Liza S.");
        assert_eq!(agent_shown("  liza   santos "), "liza S.");
        assert_eq!(agent_shown("Ma. Liza Santos"), "Ma. Liza S.");
        assert_eq!(agent_shown("Jose Dela Cruz Jr."), "Jose C.");
        assert_eq!(agent_shown("Ana (e2e)"), "Ana E.");
        assert_eq!(agent_shown("Ana 2"), "Ana");
        assert_eq!(agent_shown("Liza"), "Liza");
        assert_eq!(agent_shown(""), "");
    }

    #[test]
    fn only_one_or_two_stars_offer_the_next_step() {
        assert!(is_low_score(1) && is_low_score(2));
        assert!(!is_low_score(3) && !is_low_score(5) && !is_low_score(0));
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
