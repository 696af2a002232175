//! Collections: overdue loans by days past due, and the rule for when the
//! lender may contact a borrower about one (SEC MC 18 s.2019, decision 015).
//!
//! Contact is allowed from 06:00 until 22:00 Manila time. Outside those
//! hours it is allowed only when the loan is more than 15 days past due, or
//! when the borrower has consented to be contacted at any hour. The person
//! contacted is always the borrower: nothing here names anybody else.

use crate::clock::MANILA;
use time::{Date, OffsetDateTime, Time};

/// The first minute of the contact hours, Manila time.
pub const CONTACT_HOURS_START: Time = time::macros::time!(06:00);
/// The first minute after the contact hours, Manila time.
pub const CONTACT_HOURS_END: Time = time::macros::time!(22:00);
/// A loan more than this many days past due may be contacted at any hour.
pub const ANY_HOUR_AFTER_DAYS_PAST_DUE: i64 = 15;
/// The most characters a contact's note may have.
pub const MAX_NOTE_CHARS: usize = 500;

/// Why a contact was allowed: recorded with it, so the log shows on what
/// ground an out-of-hours contact happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactBasis {
    WithinHours,
    LongPastDue,
    BorrowerConsent,
}

impl ContactBasis {
    pub const ALL: [ContactBasis; 3] =
        [ContactBasis::WithinHours, ContactBasis::LongPastDue, ContactBasis::BorrowerConsent];

    pub fn key(self) -> &'static str {
        match self {
            ContactBasis::WithinHours => "within_hours",
            ContactBasis::LongPastDue => "long_past_due",
            ContactBasis::BorrowerConsent => "borrower_consent",
        }
    }

    pub fn parse(key: &str) -> Option<ContactBasis> {
        ContactBasis::ALL.into_iter().find(|basis| basis.key() == key)
    }
}

/// Why a contact is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContactRefusal {
    #[error("outside 06:00-22:00 Manila time, at most 15 days past due, and no consent to any-hour contact")]
    OutsideContactHours,
}

/// Whether the lender may contact the borrower of a loan at `at`.
pub fn contact_allowed(
    at: OffsetDateTime,
    days_past_due: i64,
    borrower_consents_any_hour: bool,
) -> Result<ContactBasis, ContactRefusal> {
    let local = at.to_offset(MANILA).time();
    if (CONTACT_HOURS_START..CONTACT_HOURS_END).contains(&local) {
        Ok(ContactBasis::WithinHours)
    } else if days_past_due > ANY_HOUR_AFTER_DAYS_PAST_DUE {
        Ok(ContactBasis::LongPastDue)
    } else if borrower_consents_any_hour {
        Ok(ContactBasis::BorrowerConsent)
    } else {
        Err(ContactRefusal::OutsideContactHours)
    }
}

/// Whole Manila days since the first unpaid due date; 0 when nothing is
/// past due (no such date, or it is today or later).
pub fn days_past_due(first_unpaid_due: Option<Date>, today: Date) -> i64 {
    first_unpaid_due.map_or(0, |due| (today - due).whole_days().max(0))
}

/// The ranges of days past due the collections queue groups loans by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DpdBucket {
    Days1To30,
    Days31To60,
    Days61To90,
    Days91Plus,
}

impl DpdBucket {
    pub const ALL: [DpdBucket; 4] =
        [DpdBucket::Days1To30, DpdBucket::Days31To60, DpdBucket::Days61To90, DpdBucket::Days91Plus];

    pub fn key(self) -> &'static str {
        match self {
            DpdBucket::Days1To30 => "1-30",
            DpdBucket::Days31To60 => "31-60",
            DpdBucket::Days61To90 => "61-90",
            DpdBucket::Days91Plus => "91+",
        }
    }

    pub fn parse(key: &str) -> Option<DpdBucket> {
        DpdBucket::ALL.into_iter().find(|bucket| bucket.key() == key)
    }

    /// The bucket of a loan this many days past due; none when it is not
    /// past due.
    pub fn of(days_past_due: i64) -> Option<DpdBucket> {
        match days_past_due {
            ..=0 => None,
            1..=30 => Some(DpdBucket::Days1To30),
            31..=60 => Some(DpdBucket::Days31To60),
            61..=90 => Some(DpdBucket::Days61To90),
            _ => Some(DpdBucket::Days91Plus),
        }
    }
}

/// How a borrower was contacted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactChannel {
    Call,
    Sms,
    Email,
}

impl ContactChannel {
    pub const ALL: [ContactChannel; 3] = [ContactChannel::Call, ContactChannel::Sms, ContactChannel::Email];

    pub fn key(self) -> &'static str {
        match self {
            ContactChannel::Call => "call",
            ContactChannel::Sms => "sms",
            ContactChannel::Email => "email",
        }
    }

    pub fn parse(key: &str) -> Option<ContactChannel> {
        ContactChannel::ALL.into_iter().find(|channel| channel.key() == key)
    }
}

/// What came of a contact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactOutcome {
    Reached,
    NoAnswer,
    PromisedToPay,
    RefusedToPay,
    /// The borrower's number reached somebody else: the call ends there.
    WrongNumber,
}

impl ContactOutcome {
    pub const ALL: [ContactOutcome; 5] = [
        ContactOutcome::Reached,
        ContactOutcome::NoAnswer,
        ContactOutcome::PromisedToPay,
        ContactOutcome::RefusedToPay,
        ContactOutcome::WrongNumber,
    ];

    pub fn key(self) -> &'static str {
        match self {
            ContactOutcome::Reached => "reached",
            ContactOutcome::NoAnswer => "no_answer",
            ContactOutcome::PromisedToPay => "promised_to_pay",
            ContactOutcome::RefusedToPay => "refused_to_pay",
            ContactOutcome::WrongNumber => "wrong_number",
        }
    }

    pub fn parse(key: &str) -> Option<ContactOutcome> {
        ContactOutcome::ALL.into_iter().find(|outcome| outcome.key() == key)
    }
}

/// What staff wrote about a contact: trimmed, at most 500 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContactNote(String);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a contact note has at most 500 characters")]
pub struct NoteTooLong;

impl ContactNote {
    pub fn parse(text: &str) -> Result<ContactNote, NoteTooLong> {
        let text = text.trim();
        if text.chars().count() > MAX_NOTE_CHARS { Err(NoteTooLong) } else { Ok(ContactNote(text.to_owned())) }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// How the collections queue is ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum QueueSort {
    /// The longest past due first (the default: the most urgent).
    #[default]
    DaysPastDueDesc,
    DaysPastDueAsc,
    /// The most owed first.
    AmountOwedDesc,
    AmountOwedAsc,
}

impl QueueSort {
    pub const ALL: [QueueSort; 4] =
        [QueueSort::DaysPastDueDesc, QueueSort::DaysPastDueAsc, QueueSort::AmountOwedDesc, QueueSort::AmountOwedAsc];

    pub fn key(self) -> &'static str {
        match self {
            QueueSort::DaysPastDueDesc => "days_past_due_desc",
            QueueSort::DaysPastDueAsc => "days_past_due_asc",
            QueueSort::AmountOwedDesc => "amount_owed_desc",
            QueueSort::AmountOwedAsc => "amount_owed_asc",
        }
    }

    pub fn parse(key: &str) -> Option<QueueSort> {
        QueueSort::ALL.into_iter().find(|sort| sort.key() == key)
    }
}

/// One loan of the queue, as far as ordering and filtering need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueueEntry<T> {
    pub days_past_due: i64,
    /// Centavos.
    pub amount_owed: i64,
    /// Ties are broken by this (the order id), so pages never overlap.
    pub tie_break: i64,
    pub item: T,
}

/// One page of the queue and how many loans match in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueuePage<T> {
    pub total: usize,
    pub rows: Vec<QueueEntry<T>>,
}

/// Keeps the loans past due (in `bucket`, when given), orders them and
/// cuts out `limit` of them from `offset`.
pub fn queue_page<T>(
    entries: Vec<QueueEntry<T>>,
    bucket: Option<DpdBucket>,
    sort: QueueSort,
    offset: usize,
    limit: usize,
) -> QueuePage<T> {
    let mut kept: Vec<QueueEntry<T>> = entries
        .into_iter()
        .filter(|entry| match DpdBucket::of(entry.days_past_due) {
            Some(of) => bucket.is_none_or(|wanted| wanted == of),
            None => false,
        })
        .collect();
    kept.sort_by(|a, b| {
        let primary = match sort {
            QueueSort::DaysPastDueDesc => b.days_past_due.cmp(&a.days_past_due),
            QueueSort::DaysPastDueAsc => a.days_past_due.cmp(&b.days_past_due),
            QueueSort::AmountOwedDesc => b.amount_owed.cmp(&a.amount_owed),
            QueueSort::AmountOwedAsc => a.amount_owed.cmp(&b.amount_owed),
        };
        primary.then(a.tie_break.cmp(&b.tie_break))
    });
    let total = kept.len();
    // Paged here, not in SQL: days past due come from each product's plan,
    // which only the application prices, so the bucket filter and the sort
    // cannot run in the database (decision 015).
    let rows = kept.into_iter().skip(offset).take(limit).collect();
    QueuePage { total, rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    fn at_manila(hour: u8, minute: u8) -> OffsetDateTime {
        datetime!(2026-03-10 00:00 +08:00).replace_time(Time::from_hms(hour, minute, 0).unwrap())
    }

    #[test]
    fn six_in_the_morning_is_inside_the_hours_and_a_minute_before_is_not() {
        assert_eq!(contact_allowed(at_manila(6, 0), 10, false), Ok(ContactBasis::WithinHours));
        assert_eq!(contact_allowed(at_manila(5, 59), 10, false), Err(ContactRefusal::OutsideContactHours));
    }

    #[test]
    fn nine_fifty_nine_at_night_is_inside_the_hours_and_ten_is_not() {
        assert_eq!(contact_allowed(at_manila(21, 59), 10, false), Ok(ContactBasis::WithinHours));
        assert_eq!(contact_allowed(at_manila(22, 0), 10, false), Err(ContactRefusal::OutsideContactHours));
    }

    #[test]
    fn the_hours_are_manila_hours_whatever_offset_the_instant_carries() {
        // 22:30 UTC is 06:30 the next morning in Manila; 14:00 UTC is 22:00.
        assert_eq!(contact_allowed(datetime!(2026-03-10 22:30 UTC), 0, false), Ok(ContactBasis::WithinHours));
        assert_eq!(
            contact_allowed(datetime!(2026-03-10 14:00 UTC), 0, false),
            Err(ContactRefusal::OutsideContactHours)
        );
    }

    #[test]
    fn more_than_fifteen_days_past_due_allows_any_hour_and_fifteen_does_not() {
        assert_eq!(contact_allowed(at_manila(23, 0), 16, false), Ok(ContactBasis::LongPastDue));
        assert_eq!(contact_allowed(at_manila(3, 0), 16, false), Ok(ContactBasis::LongPastDue));
        assert_eq!(contact_allowed(at_manila(23, 0), 15, false), Err(ContactRefusal::OutsideContactHours));
    }

    #[test]
    fn the_borrowers_consent_allows_any_hour() {
        assert_eq!(contact_allowed(at_manila(23, 0), 2, true), Ok(ContactBasis::BorrowerConsent));
        assert_eq!(contact_allowed(at_manila(12, 0), 2, true), Ok(ContactBasis::WithinHours));
    }

    #[test]
    fn days_past_due_count_from_the_first_unpaid_due_date_and_never_go_below_zero() {
        assert_eq!(days_past_due(Some(date!(2026 - 03 - 01)), date!(2026 - 03 - 11)), 10);
        assert_eq!(days_past_due(Some(date!(2026 - 03 - 11)), date!(2026 - 03 - 11)), 0);
        assert_eq!(days_past_due(Some(date!(2026 - 03 - 20)), date!(2026 - 03 - 11)), 0);
        assert_eq!(days_past_due(None, date!(2026 - 03 - 11)), 0);
    }

    #[test]
    fn buckets_start_at_one_day_and_meet_at_thirty_sixty_and_ninety() {
        assert_eq!(DpdBucket::of(0), None);
        assert_eq!(DpdBucket::of(1), Some(DpdBucket::Days1To30));
        assert_eq!(DpdBucket::of(30), Some(DpdBucket::Days1To30));
        assert_eq!(DpdBucket::of(31), Some(DpdBucket::Days31To60));
        assert_eq!(DpdBucket::of(60), Some(DpdBucket::Days31To60));
        assert_eq!(DpdBucket::of(61), Some(DpdBucket::Days61To90));
        assert_eq!(DpdBucket::of(90), Some(DpdBucket::Days61To90));
        assert_eq!(DpdBucket::of(91), Some(DpdBucket::Days91Plus));
        assert!(DpdBucket::ALL.into_iter().all(|bucket| DpdBucket::parse(bucket.key()) == Some(bucket)));
    }

    #[test]
    fn channels_outcomes_and_sorts_read_back_their_keys() {
        assert!(ContactChannel::ALL.into_iter().all(|channel| ContactChannel::parse(channel.key()) == Some(channel)));
        assert!(ContactOutcome::ALL.into_iter().all(|outcome| ContactOutcome::parse(outcome.key()) == Some(outcome)));
        assert!(QueueSort::ALL.into_iter().all(|sort| QueueSort::parse(sort.key()) == Some(sort)));
        assert!(ContactBasis::ALL.into_iter().all(|basis| ContactBasis::parse(basis.key()) == Some(basis)));
        assert_eq!(ContactChannel::parse("whatsapp"), None);
    }

    #[test]
    fn a_note_is_trimmed_and_longer_than_five_hundred_characters_is_refused() {
        assert_eq!(ContactNote::parse("  promised Friday  ").unwrap().as_str(), "promised Friday");
        assert!(ContactNote::parse(&"ñ".repeat(500)).is_ok());
        assert_eq!(ContactNote::parse(&"ñ".repeat(501)), Err(NoteTooLong));
    }

    fn entry(id: i64, days_past_due: i64, amount_owed: i64) -> QueueEntry<()> {
        QueueEntry { days_past_due, amount_owed, tie_break: id, item: () }
    }

    fn ids(page: &QueuePage<()>) -> Vec<i64> {
        page.rows.iter().map(|row| row.tie_break).collect()
    }

    #[test]
    fn the_queue_keeps_loans_past_due_in_the_bucket_sorted_and_paged() {
        let entries =
            || vec![entry(1, 5, 300), entry(2, 45, 100), entry(3, 0, 900), entry(4, 95, 200), entry(5, 5, 50)];
        let all = queue_page(entries(), None, QueueSort::DaysPastDueDesc, 0, 10);
        assert_eq!((all.total, ids(&all)), (4, vec![4, 2, 1, 5]), "not past due is left out; ties by id");
        let by_amount = queue_page(entries(), None, QueueSort::AmountOwedDesc, 0, 10);
        assert_eq!(ids(&by_amount), vec![1, 4, 2, 5]);
        let ascending = queue_page(entries(), None, QueueSort::AmountOwedAsc, 0, 10);
        assert_eq!(ids(&ascending), vec![5, 2, 4, 1]);
        let early = queue_page(entries(), Some(DpdBucket::Days1To30), QueueSort::DaysPastDueAsc, 0, 10);
        assert_eq!((early.total, ids(&early)), (2, vec![1, 5]));
        let second_page = queue_page(entries(), None, QueueSort::DaysPastDueDesc, 2, 2);
        assert_eq!((second_page.total, ids(&second_page)), (4, vec![1, 5]));
        let beyond = queue_page(entries(), None, QueueSort::DaysPastDueDesc, 8, 2);
        assert_eq!((beyond.total, ids(&beyond)), (4, vec![]));
    }
}
