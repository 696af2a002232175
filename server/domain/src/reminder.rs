//! Repayment reminders (spec §7 `/repayment-product/*`): a borrower lists
//! what they owe, to us or to anyone else, and asks for an SMS some days
//! before each due date at a time of their choosing.
//!
//! The rules here decide *what* to send *when*, with no I/O:
//! - a bill's due dates: once, weekly, or monthly on the same day of the
//!   month (clamped to the month's last day: a bill of the 31st is due on
//!   28 or 29 February and on 30 April, and on the 31st again in May);
//! - a reminder fires `days_before` days before a due date at a Manila time
//!   between 08:00 and 21:00 (SMS to borrowers only in those hours);
//! - after downtime only the newest missed reminder of a bill is sent, and
//!   only while its due date has not passed; older ones are dropped, so an
//!   outage never ends in a burst of texts (decision 020);
//! - a reminder found due in the quiet hours waits for 08:00, if its due
//!   date is still ahead then;
//! - a change to a bill or to its reminder never fires at once for a time
//!   already past: only fire times after the change count.

use crate::clock::{MANILA, manila_date};
use crate::money::Centavos;
use time::{Date, Duration, Month, OffsetDateTime, Time};

/// The longest bill name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// The longest note, in characters.
pub const MAX_NOTE_CHARS: usize = 200;
/// The largest amount a bill may have: ₱10,000,000.00. A personal bill above
/// it is a typing mistake, and it keeps sums far inside i64.
pub const MAX_AMOUNT: Centavos = Centavos::from_pesos(10_000_000);
/// How far back a due date may lie: a repeating bill may have started up to
/// a year ago.
pub const MAX_DAYS_PAST: i64 = 366;
/// How far ahead a due date may lie: five years (with at most two leap days).
pub const MAX_DAYS_AHEAD: i64 = 5 * 365 + 2;
/// The most days before a due date a reminder may come.
pub const MAX_DAYS_BEFORE: i64 = 7;
/// The first and last minute of the Manila day an SMS may go out
/// (08:00–21:00 inclusive).
pub const FIRST_MINUTE: u16 = 8 * 60;
pub const LAST_MINUTE: u16 = 21 * 60;
/// Bills one borrower may keep.
pub const MAX_BILLS: i64 = 100;
/// How many days ahead the overview looks.
pub const UPCOMING_DAYS: i64 = 30;

/// How often a bill falls due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repeat {
    None,
    Weekly,
    Monthly,
}

impl Repeat {
    pub const ALL: [Repeat; 3] = [Repeat::None, Repeat::Weekly, Repeat::Monthly];

    pub fn key(self) -> &'static str {
        match self {
            Repeat::None => "none",
            Repeat::Weekly => "weekly",
            Repeat::Monthly => "monthly",
        }
    }

    pub fn parse(key: &str) -> Option<Repeat> {
        Repeat::ALL.into_iter().find(|repeat| repeat.key() == key)
    }
}

/// Why a bill cannot be saved as sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BillProblem {
    #[error("the name is empty")]
    NameEmpty,
    #[error("the name is too long or has control characters")]
    NameInvalid,
    #[error("the amount is not a whole number of centavos from 1 to the maximum")]
    Amount,
    #[error("the due date is not a YYYY-MM-DD calendar date")]
    Date,
    #[error("the due date is too far in the past or the future")]
    DateOutOfRange,
    #[error("unknown repeat")]
    Repeat,
    #[error("the note is too long")]
    Note,
}

/// A bill as the borrower sent it, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BillForm {
    pub name: String,
    pub amount: Centavos,
    /// The first (or only) due date, Manila.
    pub due_date: Date,
    pub repeat: Repeat,
    pub note: String,
}

/// A stored bill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bill {
    pub id: i64,
    pub borrower_id: crate::borrower::BorrowerId,
    pub form: BillForm,
    pub created_at: OffsetDateTime,
    pub updated_at: OffsetDateTime,
}

const DATE_FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

/// A `YYYY-MM-DD` calendar date; `None` for anything else (30 February too).
pub fn parse_date(text: &str) -> Option<Date> {
    let text = text.trim();
    // The parser accepts signed and long years; a due date has four digits.
    if text.len() != 10 {
        return None;
    }
    Date::parse(text, DATE_FORMAT).ok()
}

/// Checks a bill against the rules, `today` being the Manila date. Text is
/// trimmed; the amount is whole centavos as text.
pub fn check_bill(
    name: &str,
    amount: &str,
    due_date: &str,
    repeat: &str,
    note: &str,
    today: Date,
) -> Result<BillForm, BillProblem> {
    let name = name.trim();
    if name.is_empty() {
        return Err(BillProblem::NameEmpty);
    }
    if name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control) {
        return Err(BillProblem::NameInvalid);
    }
    let amount = amount.trim();
    let amount = amount
        .parse::<i64>()
        .ok()
        .filter(|value| !amount.starts_with('+') && (1..=MAX_AMOUNT.get()).contains(value))
        .map(Centavos::new)
        .ok_or(BillProblem::Amount)?;
    let due_date = parse_date(due_date).ok_or(BillProblem::Date)?;
    let offset = (due_date - today).whole_days();
    if !(-MAX_DAYS_PAST..=MAX_DAYS_AHEAD).contains(&offset) {
        return Err(BillProblem::DateOutOfRange);
    }
    let repeat = Repeat::parse(repeat.trim()).ok_or(BillProblem::Repeat)?;
    let note = note.trim();
    // Line breaks are fine in a note; other control characters are not.
    if note.chars().count() > MAX_NOTE_CHARS || note.chars().any(|c| c.is_control() && c != '\n') {
        return Err(BillProblem::Note);
    }
    Ok(BillForm { name: name.to_owned(), amount, due_date, repeat, note: note.to_owned() })
}

/// The `n`-th due date of a series that starts on `first` (n = 0 is `first`).
pub fn occurrence(first: Date, repeat: Repeat, n: u32) -> Option<Date> {
    match repeat {
        Repeat::None => (n == 0).then_some(first),
        Repeat::Weekly => first.checked_add(Duration::weeks(i64::from(n))),
        Repeat::Monthly => {
            let months = i64::from(first.month() as u8) - 1 + i64::from(n);
            let year = first.year().checked_add(i32::try_from(months / 12).ok()?)?;
            let month = Month::try_from(u8::try_from(months % 12 + 1).ok()?).ok()?;
            let day = first.day().min(month.length(year));
            Date::from_calendar_date(year, month, day).ok()
        }
    }
}

/// The due dates a reminder follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dues {
    /// A bill: its first due date and how it repeats.
    Series { first: Date, repeat: Repeat },
    /// One of our own loans: the due dates of its plan not yet paid, in
    /// order (the application reads them from the ledger each time).
    Dates(Vec<Date>),
}

/// At most this many due dates of a series are looked at: 40 years of
/// weekly bills, far more than any bill the date rules allow.
const SERIES_LIMIT: u32 = 2_100;

impl Dues {
    /// The first due date on or after `from`, if any.
    pub fn next_on_or_after(&self, from: Date) -> Option<Date> {
        self.dates().find(|date| *date >= from)
    }

    fn dates(&self) -> Box<dyn Iterator<Item = Date> + '_> {
        match self {
            Dues::Series { first, repeat } => {
                let (first, repeat) = (*first, *repeat);
                Box::new((0..SERIES_LIMIT).map_while(move |n| occurrence(first, repeat, n)))
            }
            Dues::Dates(dates) => Box::new(dates.iter().copied()),
        }
    }
}

/// A time of day in Manila, minutes after midnight, within the SMS hours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TimeOfDay(u16);

/// Why a reminder cannot be set as sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReminderProblem {
    #[error("days before is not a whole number from 0 to 7")]
    DaysBefore,
    #[error("the time is not HH:MM")]
    TimeFormat,
    #[error("the time is outside 08:00–21:00")]
    OutsideHours,
}

impl TimeOfDay {
    /// `HH:MM` (24-hour) between 08:00 and 21:00 inclusive.
    pub fn parse(text: &str) -> Result<TimeOfDay, ReminderProblem> {
        let text = text.trim();
        let (hours, minutes) = text.split_once(':').ok_or(ReminderProblem::TimeFormat)?;
        let two_digits = |part: &str| part.len() == 2 && part.bytes().all(|b| b.is_ascii_digit());
        if !two_digits(hours) || !two_digits(minutes) {
            return Err(ReminderProblem::TimeFormat);
        }
        let (hours, minutes): (u16, u16) = (
            hours.parse().map_err(|_| ReminderProblem::TimeFormat)?,
            minutes.parse().map_err(|_| ReminderProblem::TimeFormat)?,
        );
        if hours > 23 || minutes > 59 {
            return Err(ReminderProblem::TimeFormat);
        }
        TimeOfDay::from_minutes(hours * 60 + minutes).ok_or(ReminderProblem::OutsideHours)
    }

    /// Minutes after midnight, if within the SMS hours.
    pub fn from_minutes(minutes: u16) -> Option<TimeOfDay> {
        (FIRST_MINUTE..=LAST_MINUTE).contains(&minutes).then_some(TimeOfDay(minutes))
    }

    pub fn minutes(self) -> u16 {
        self.0
    }

    fn time(self) -> Time {
        // Within 08:00–21:00, so always a valid time.
        Time::from_hms((self.0 / 60) as u8, (self.0 % 60) as u8, 0).unwrap_or(Time::MIDNIGHT)
    }
}

impl std::fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// When a reminder comes: days before a due date, at a time of day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReminderRule {
    pub days_before: u8,
    pub at: TimeOfDay,
}

impl ReminderRule {
    pub fn parse(days_before: &str, at: &str) -> Result<ReminderRule, ReminderProblem> {
        let days = days_before.trim();
        let days_before = days
            .parse::<u8>()
            .ok()
            .filter(|days| !days_before.trim().starts_with('+') && i64::from(*days) <= MAX_DAYS_BEFORE)
            .ok_or(ReminderProblem::DaysBefore)?;
        Ok(ReminderRule { days_before, at: TimeOfDay::parse(at)? })
    }

    /// The instant the reminder for a due date fires.
    pub fn fire_time(self, due: Date) -> Option<OffsetDateTime> {
        let day = due.checked_sub(Duration::days(i64::from(self.days_before)))?;
        Some(day.with_time(self.at.time()).assume_offset(MANILA))
    }
}

/// Whether an SMS may go out at this instant: 08:00 to 21:00 (to the end of
/// that minute) in Manila.
pub fn within_sms_hours(at: OffsetDateTime) -> bool {
    let local = at.to_offset(MANILA);
    let minute = u16::from(local.hour()) * 60 + u16::from(local.minute());
    (FIRST_MINUTE..=LAST_MINUTE).contains(&minute)
}

/// The next 08:00 in Manila after `at` (the same day's, before eight).
pub fn next_opening(at: OffsetDateTime) -> OffsetDateTime {
    let local = at.to_offset(MANILA);
    let opening = Time::from_hms(8, 0, 0).unwrap_or(Time::MIDNIGHT);
    let day = if local.time() < opening { local.date() } else { local.date().next_day().unwrap_or(local.date()) };
    day.with_time(opening).assume_offset(MANILA)
}

/// What the scheduler should do with one reminder now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Send the reminder for this due date now.
    Send(Date),
    /// Nothing to send before this instant.
    WaitUntil(OffsetDateTime),
    /// Nothing will ever be sent (a one-off bill whose date passed, a loan
    /// with nothing left to pay).
    Done,
}

/// What a reminder has been through: since when its fire times count (its
/// last change, or its bill's) and the newest due date already reminded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReminderHistory {
    pub armed_at: OffsetDateTime,
    pub last_sent: Option<Date>,
}

/// The scheduling rule (module docs; decision 020): among the due dates not
/// yet reminded whose fire time came after the reminder was armed, take the
/// newest whose fire time has come. Send it if its due date has not passed,
/// and if now is within SMS hours; in the quiet hours wait for 08:00 unless
/// the due date will have passed by then. Older missed due dates are never
/// sent. Otherwise wait for the next fire time.
pub fn next_step(dues: &Dues, rule: ReminderRule, history: ReminderHistory, now: OffsetDateTime) -> Step {
    let today = manila_date(now);
    let mut newest_due: Option<Date> = None;
    let mut upcoming: Option<OffsetDateTime> = None;
    for due in dues.dates() {
        if history.last_sent.is_some_and(|sent| due <= sent) {
            continue;
        }
        let Some(fire) = rule.fire_time(due) else { continue };
        if fire < history.armed_at {
            continue;
        }
        if fire <= now {
            newest_due = Some(due);
        } else {
            upcoming = Some(fire);
            break;
        }
    }
    if let Some(due) = newest_due.filter(|due| *due >= today) {
        if within_sms_hours(now) {
            return Step::Send(due);
        }
        let opening = next_opening(now);
        if manila_date(opening) <= due {
            return Step::WaitUntil(opening);
        }
    }
    upcoming.map_or(Step::Done, Step::WaitUntil)
}

/// What a reminder is for: one of the borrower's bills, or one of their own
/// loans with us (whose due dates come from its plan, never copied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReminderTarget {
    Bill(i64),
    Order(crate::order::OrderId),
}

/// A reminder as stored: at most one per bill and one per loan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reminder {
    pub id: i64,
    pub borrower_id: crate::borrower::BorrowerId,
    pub target: ReminderTarget,
    pub rule: ReminderRule,
    /// The language of the texts: the one the borrower used to set it.
    pub lang: String,
    pub enabled: bool,
    /// Grows with every change by the borrower (to the reminder or its
    /// bill), so the scheduler never acts on a reminder it read before one.
    pub revision: i64,
    pub history: ReminderHistory,
    /// When the scheduler should look at it next; `None`: never again.
    pub next_check_at: Option<OffsetDateTime>,
}

/// A reminder as the borrower sets it: it is (re)armed at `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReminderSetting {
    pub borrower_id: crate::borrower::BorrowerId,
    pub target: ReminderTarget,
    pub rule: ReminderRule,
    pub lang: String,
    pub at: OffsetDateTime,
}

/// The scheduler's claim on one reminder text: stored at most once per
/// reminder and due date, with its outbox message, in one transaction.
#[derive(Clone, Debug)]
pub struct ReminderClaim {
    pub reminder_id: i64,
    /// The revision the scheduler decided on; a newer one refuses the claim.
    pub revision: i64,
    pub due: Date,
    pub message: crate::sms::NewOutboxEntry,
    /// When to look at the reminder again once this one is sent.
    pub next_check_at: Option<OffsetDateTime>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    const TODAY: Date = date!(2026 - 03 - 10);

    fn rule(days_before: u8, at: &str) -> ReminderRule {
        ReminderRule { days_before, at: TimeOfDay::parse(at).unwrap() }
    }

    fn fresh(armed_at: OffsetDateTime) -> ReminderHistory {
        ReminderHistory { armed_at, last_sent: None }
    }

    fn bill(first: Date, repeat: Repeat) -> Dues {
        Dues::Series { first, repeat }
    }

    #[test]
    fn a_well_formed_bill_is_accepted_trimmed() {
        let form = check_bill("  Meralco  ", "123456", "2026-03-31", "monthly", " kuryente ", TODAY).unwrap();
        assert_eq!(form.name, "Meralco");
        assert_eq!(form.amount, Centavos::new(123_456));
        assert_eq!(form.due_date, date!(2026 - 03 - 31));
        assert_eq!(form.repeat, Repeat::Monthly);
        assert_eq!(form.note, "kuryente");
    }

    #[test]
    fn an_empty_or_overlong_name_is_refused() {
        assert_eq!(check_bill("   ", "100", "2026-03-31", "none", "", TODAY), Err(BillProblem::NameEmpty));
        let long = "x".repeat(MAX_NAME_CHARS + 1);
        assert_eq!(check_bill(&long, "100", "2026-03-31", "none", "", TODAY), Err(BillProblem::NameInvalid));
        assert!(check_bill(&"ñ".repeat(MAX_NAME_CHARS), "100", "2026-03-31", "none", "", TODAY).is_ok());
        assert_eq!(check_bill("a\u{7}b", "100", "2026-03-31", "none", "", TODAY), Err(BillProblem::NameInvalid));
    }

    #[test]
    fn zero_negative_fractional_and_absurd_amounts_are_refused() {
        for amount in ["0", "-100", "12.50", "1e5", "", "abc", "+100", "1000000001", "99999999999999999999"] {
            assert_eq!(
                check_bill("Rent", amount, "2026-03-31", "none", "", TODAY),
                Err(BillProblem::Amount),
                "{amount}"
            );
        }
        assert!(check_bill("Rent", "1", "2026-03-31", "none", "", TODAY).is_ok());
        assert!(check_bill("Rent", "1000000000", "2026-03-31", "none", "", TODAY).is_ok());
    }

    #[test]
    fn impossible_dates_and_other_formats_are_refused() {
        for text in ["2026-02-30", "2026-13-01", "2026-3-5", "05/03/2026", "+02026-03-05", "tomorrow", ""] {
            assert_eq!(check_bill("Rent", "100", text, "none", "", TODAY), Err(BillProblem::Date), "{text}");
        }
        assert!(check_bill("Rent", "100", "2028-02-29", "none", "", TODAY).is_ok(), "a leap day");
    }

    #[test]
    fn dates_beyond_a_year_back_or_five_years_ahead_are_refused() {
        for text in ["1900-01-01", "2025-03-08", "2031-03-13", "9999-12-31"] {
            assert_eq!(check_bill("Rent", "100", text, "none", "", TODAY), Err(BillProblem::DateOutOfRange), "{text}");
        }
        assert!(check_bill("Rent", "100", "2025-03-10", "monthly", "", TODAY).is_ok());
        assert!(check_bill("Rent", "100", "2031-03-10", "none", "", TODAY).is_ok());
    }

    #[test]
    fn an_unknown_repeat_or_an_overlong_note_is_refused() {
        assert_eq!(check_bill("Rent", "100", "2026-03-31", "daily", "", TODAY), Err(BillProblem::Repeat));
        let note = "n".repeat(MAX_NOTE_CHARS + 1);
        assert_eq!(check_bill("Rent", "100", "2026-03-31", "none", &note, TODAY), Err(BillProblem::Note));
        assert!(check_bill("Rent", "100", "2026-03-31", "none", "line one\nline two", TODAY).is_ok());
    }

    #[test]
    fn a_monthly_bill_keeps_its_day_and_is_clamped_to_short_months() {
        let first = date!(2026 - 01 - 31);
        let dates: Vec<Date> = (0..6).map(|n| occurrence(first, Repeat::Monthly, n).unwrap()).collect();
        assert_eq!(
            dates,
            [
                date!(2026 - 01 - 31),
                date!(2026 - 02 - 28),
                date!(2026 - 03 - 31),
                date!(2026 - 04 - 30),
                date!(2026 - 05 - 31),
                date!(2026 - 06 - 30)
            ]
        );
        assert_eq!(occurrence(date!(2027 - 12 - 29), Repeat::Monthly, 2), Some(date!(2028 - 02 - 29)), "leap year");
        assert_eq!(occurrence(date!(2026 - 11 - 15), Repeat::Monthly, 14), Some(date!(2028 - 01 - 15)));
    }

    #[test]
    fn weekly_bills_fall_due_every_seven_days_and_one_off_bills_once() {
        assert_eq!(occurrence(date!(2026 - 03 - 02), Repeat::Weekly, 3), Some(date!(2026 - 03 - 23)));
        assert_eq!(occurrence(date!(2026 - 03 - 02), Repeat::None, 0), Some(date!(2026 - 03 - 02)));
        assert_eq!(occurrence(date!(2026 - 03 - 02), Repeat::None, 1), None);
        let weekly = bill(date!(2026 - 03 - 02), Repeat::Weekly);
        assert_eq!(weekly.next_on_or_after(TODAY), Some(date!(2026 - 03 - 16)));
        assert_eq!(bill(date!(2026 - 03 - 02), Repeat::None).next_on_or_after(TODAY), None);
    }

    #[test]
    fn reminder_times_must_be_hh_mm_between_eight_and_nine_in_the_evening() {
        assert_eq!(TimeOfDay::parse("08:00").unwrap().minutes(), 480);
        assert_eq!(TimeOfDay::parse("21:00").unwrap().to_string(), "21:00");
        for outside in ["07:59", "21:01", "23:30", "00:00"] {
            assert_eq!(TimeOfDay::parse(outside), Err(ReminderProblem::OutsideHours), "{outside}");
        }
        for malformed in ["8:00", "0800", "24:00", "12:60", "12:5", "noon", "", "-1:00", "12:00:00"] {
            assert_eq!(TimeOfDay::parse(malformed), Err(ReminderProblem::TimeFormat), "{malformed}");
        }
    }

    #[test]
    fn days_before_is_a_whole_number_up_to_seven() {
        assert_eq!(ReminderRule::parse("0", "09:30").unwrap().days_before, 0);
        assert_eq!(ReminderRule::parse("7", "09:30").unwrap().days_before, 7);
        for days in ["8", "-1", "1.5", "", "+3", "x"] {
            assert_eq!(ReminderRule::parse(days, "09:30"), Err(ReminderProblem::DaysBefore), "{days}");
        }
    }

    #[test]
    fn a_reminder_fires_days_before_the_due_date_at_its_manila_time() {
        assert_eq!(rule(2, "09:30").fire_time(date!(2026 - 03 - 20)), Some(datetime!(2026-03-18 01:30 UTC)));
        assert_eq!(rule(0, "21:00").fire_time(date!(2026 - 03 - 01)), Some(datetime!(2026-03-01 13:00 UTC)));
    }

    #[test]
    fn sms_hours_run_from_eight_to_the_end_of_the_nine_pm_minute_in_manila() {
        assert!(!within_sms_hours(datetime!(2026-03-10 07:59:59 +8)));
        assert!(within_sms_hours(datetime!(2026-03-10 08:00 +8)));
        assert!(within_sms_hours(datetime!(2026-03-10 21:00:59 +8)));
        assert!(!within_sms_hours(datetime!(2026-03-10 21:01 +8)));
        assert!(!within_sms_hours(datetime!(2026-03-10 14:00 UTC)), "22:00 in Manila");
        assert_eq!(next_opening(datetime!(2026-03-10 22:30 +8)), datetime!(2026-03-11 08:00 +8));
        assert_eq!(next_opening(datetime!(2026-03-10 06:00 +8)), datetime!(2026-03-10 08:00 +8));
    }

    #[test]
    fn before_its_fire_time_a_reminder_waits_for_it_and_then_sends() {
        let dues = bill(date!(2026 - 03 - 20), Repeat::None);
        let history = fresh(datetime!(2026-03-10 10:00 +8));
        let fire = datetime!(2026-03-18 09:30 +8);
        assert_eq!(next_step(&dues, rule(2, "09:30"), history, datetime!(2026-03-18 09:29 +8)), Step::WaitUntil(fire));
        assert_eq!(next_step(&dues, rule(2, "09:30"), history, fire), Step::Send(date!(2026 - 03 - 20)));
        let sent = ReminderHistory { last_sent: Some(date!(2026 - 03 - 20)), ..history };
        assert_eq!(next_step(&dues, rule(2, "09:30"), sent, datetime!(2026-03-18 09:31 +8)), Step::Done);
    }

    #[test]
    fn a_repeating_bill_rolls_on_to_its_next_due_date_after_a_send() {
        let dues = bill(date!(2026 - 01 - 31), Repeat::Monthly);
        let history =
            ReminderHistory { armed_at: datetime!(2026-01-01 00:00 +8), last_sent: Some(date!(2026 - 02 - 28)) };
        assert_eq!(
            next_step(&dues, rule(1, "08:00"), history, datetime!(2026-02-27 08:01 +8)),
            Step::WaitUntil(datetime!(2026-03-30 08:00 +8))
        );
    }

    #[test]
    fn after_weeks_of_downtime_only_the_newest_missed_reminder_is_sent() {
        let dues = bill(date!(2026 - 01 - 05), Repeat::Weekly);
        let history = fresh(datetime!(2026-01-01 12:00 +8));
        // Down from 1 January to 10 March: ten weekly reminders were missed;
        // the newest (a week ahead of Monday the 16th) is still useful.
        let now = datetime!(2026-03-10 12:00 +8);
        assert_eq!(next_step(&dues, rule(7, "10:00"), history, now), Step::Send(date!(2026 - 03 - 16)));
        let sent = ReminderHistory { last_sent: Some(date!(2026 - 03 - 16)), ..history };
        assert_eq!(
            next_step(&dues, rule(7, "10:00"), sent, now),
            Step::WaitUntil(datetime!(2026-03-16 10:00 +8)),
            "the older missed ones are dropped, not queued"
        );
    }

    #[test]
    fn a_missed_reminder_whose_due_date_passed_is_dropped() {
        let dues = bill(date!(2026 - 03 - 05), Repeat::None);
        let history = fresh(datetime!(2026-03-01 12:00 +8));
        assert_eq!(next_step(&dues, rule(1, "10:00"), history, datetime!(2026-03-06 09:00 +8)), Step::Done);
        let monthly = bill(date!(2026 - 03 - 05), Repeat::Monthly);
        assert_eq!(
            next_step(&monthly, rule(1, "10:00"), history, datetime!(2026-03-06 09:00 +8)),
            Step::WaitUntil(datetime!(2026-04-04 10:00 +8))
        );
    }

    #[test]
    fn a_reminder_caught_up_in_the_quiet_hours_waits_for_eight_if_still_useful() {
        let history = fresh(datetime!(2026-03-01 12:00 +8));
        let tomorrow = bill(date!(2026 - 03 - 11), Repeat::None);
        assert_eq!(
            next_step(&tomorrow, rule(1, "20:00"), history, datetime!(2026-03-10 22:15 +8)),
            Step::WaitUntil(datetime!(2026-03-11 08:00 +8))
        );
        assert_eq!(
            next_step(&tomorrow, rule(1, "20:00"), history, datetime!(2026-03-11 08:00 +8)),
            Step::Send(date!(2026 - 03 - 11))
        );
        // Due today, found at 23:00: tomorrow's 08:00 is too late to be useful.
        let today = bill(date!(2026 - 03 - 10), Repeat::None);
        assert_eq!(next_step(&today, rule(0, "20:00"), history, datetime!(2026-03-10 23:00 +8)), Step::Done);
        // Early in the morning of the due date it still waits for eight.
        assert_eq!(
            next_step(&today, rule(1, "20:00"), history, datetime!(2026-03-10 05:00 +8)),
            Step::WaitUntil(datetime!(2026-03-10 08:00 +8))
        );
    }

    #[test]
    fn fire_times_before_the_reminder_was_set_do_not_count() {
        let dues = bill(date!(2026 - 03 - 11), Repeat::Weekly);
        // Set at noon on the 10th for "1 day before at 09:00": this week's
        // time already passed, so the first reminder is next week's.
        let history = fresh(datetime!(2026-03-10 12:00 +8));
        assert_eq!(
            next_step(&dues, rule(1, "09:00"), history, datetime!(2026-03-10 12:00:30 +8)),
            Step::WaitUntil(datetime!(2026-03-17 09:00 +8))
        );
    }

    #[test]
    fn a_loan_is_reminded_of_each_unpaid_due_date_of_its_plan() {
        let dues = Dues::Dates(vec![date!(2026 - 03 - 05), date!(2026 - 03 - 19)]);
        let history = fresh(datetime!(2026-03-01 12:00 +8));
        // The first payment is overdue: the next reminder is the second's.
        assert_eq!(
            next_step(&dues, rule(3, "09:00"), history, datetime!(2026-03-10 12:00 +8)),
            Step::WaitUntil(datetime!(2026-03-16 09:00 +8))
        );
        assert_eq!(next_step(&Dues::Dates(Vec::new()), rule(3, "09:00"), history, TODAY_NOON), Step::Done);
    }

    const TODAY_NOON: OffsetDateTime = datetime!(2026-03-10 12:00 +8);
}
