//! What the console's records and reports are made of: pages of search
//! results, the daily reconciliation of what the payment channels collected
//! against what the ledger posted, and the dashboard's figures. The stores
//! fetch rows; the grouping and the arithmetic live here.

use crate::borrower::{Borrower, BorrowerId};
use crate::clock::manila_date;
use crate::money::Centavos;
use crate::order::{Order, OrderStatus};
use std::collections::BTreeMap;
use time::{Date, OffsetDateTime};

/// The largest page a console table asks for.
pub const MAX_PAGE_SIZE: i64 = 100;

/// One page of a table: `size` rows from `offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PageRequest {
    pub offset: i64,
    pub size: i64,
}

impl PageRequest {
    /// Page `number` (from 1) of `size` rows; `None` outside 1..=10000 pages
    /// or 1..=MAX_PAGE_SIZE rows.
    pub fn new(number: i64, size: i64) -> Option<PageRequest> {
        if !(1..=10_000).contains(&number) || !(1..=MAX_PAGE_SIZE).contains(&size) {
            return None;
        }
        Some(PageRequest { offset: (number - 1) * size, size })
    }

    /// Everything, for CSV exports (bounded so an export cannot exhaust
    /// the server).
    pub const EXPORT: PageRequest = PageRequest { offset: 0, size: 10_000 };
}

/// Rows of one page and how many there are in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page<T> {
    pub rows: Vec<T>,
    pub total: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderSort {
    Newest,
    Oldest,
    LargestPrincipal,
    EarliestDue,
}

impl OrderSort {
    pub const ALL: [OrderSort; 4] =
        [OrderSort::Newest, OrderSort::Oldest, OrderSort::LargestPrincipal, OrderSort::EarliestDue];

    pub fn key(self) -> &'static str {
        match self {
            OrderSort::Newest => "newest",
            OrderSort::Oldest => "oldest",
            OrderSort::LargestPrincipal => "largest",
            OrderSort::EarliestDue => "due",
        }
    }

    pub fn parse(key: &str) -> Option<OrderSort> {
        OrderSort::ALL.into_iter().find(|sort| sort.key() == key)
    }
}

/// Which orders a console table shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderQuery {
    pub status: Option<OrderStatus>,
    pub borrower: Option<BorrowerId>,
    /// The start of an order number (`HR2026…`).
    pub order_no: Option<String>,
    pub sort: OrderSort,
    pub page: PageRequest,
}

/// An order as the console lists it, with whose it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderRow {
    pub order: Order,
    pub borrower: Borrower,
    pub product_name: String,
}

/// A borrower search: digits find phone numbers containing them, anything
/// else finds names containing it (letter case ignored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BorrowerSearch {
    Phone(String),
    Name(String),
}

impl BorrowerSearch {
    /// `None` for fewer than 3 meaningful characters: a shorter search
    /// would list half the book.
    pub fn parse(text: &str) -> Option<BorrowerSearch> {
        let text = text.trim();
        let digits: String = text.chars().filter(char::is_ascii_digit).collect();
        let phone_like = text.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | ' ' | '-'));
        if phone_like {
            // Local numbers start 09…, stored ones +639…: search without the
            // leading zero so either spelling finds the borrower.
            let digits = digits.strip_prefix('0').unwrap_or(&digits).to_owned();
            return (digits.len() >= 3 && digits.len() <= 12).then_some(BorrowerSearch::Phone(digits));
        }
        let name: String = text.chars().take(80).collect();
        (name.chars().count() >= 3).then_some(BorrowerSearch::Name(name.to_lowercase()))
    }

    /// A SQL `LIKE … ESCAPE '\'` pattern matching values that contain the
    /// search, its own `%`, `_` and `\` taken literally.
    pub fn contains_pattern(&self) -> String {
        let (BorrowerSearch::Phone(text) | BorrowerSearch::Name(text)) = self;
        let mut pattern = String::from("%");
        for c in text.chars() {
            if matches!(c, '%' | '_' | '\\') {
                pattern.push('\\');
            }
            pattern.push(c);
        }
        pattern.push('%');
        pattern
    }
}

/// Where a collected payment came from, for reconciliation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CollectedPayment {
    /// The payment channel's name, or `manual` for ledger postings with no
    /// channel (demo data, old imports).
    pub channel: String,
    pub amount: Centavos,
    pub at: OffsetDateTime,
}

/// One channel's day: what its statement says it collected, what the ledger
/// posted, and the difference staff must explain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReconciliationRow {
    pub day: Date,
    pub channel: String,
    pub statement_count: i64,
    pub statement_amount: Centavos,
    pub posted_count: i64,
    pub posted_amount: Centavos,
}

impl ReconciliationRow {
    /// Statement minus ledger: positive when money arrived that was not
    /// posted, negative when postings have no statement line.
    pub fn difference(&self) -> i64 {
        self.statement_amount.get() - self.posted_amount.get()
    }

    /// Channels whose statement staff hold outside the system (reported
    /// payments, account debits) have no statement here and are not
    /// flagged for it.
    pub fn balanced(&self) -> bool {
        self.difference() == 0 && self.statement_count == self.posted_count
    }
}

/// Groups both sides by Manila day and channel, newest day first.
pub fn reconcile(statement: &[CollectedPayment], posted: &[CollectedPayment]) -> Vec<ReconciliationRow> {
    let mut rows: BTreeMap<(Date, String), ReconciliationRow> = BTreeMap::new();
    let mut add = |payment: &CollectedPayment, on_statement: bool| {
        let day = manila_date(payment.at);
        let row = rows.entry((day, payment.channel.clone())).or_insert_with(|| ReconciliationRow {
            day,
            channel: payment.channel.clone(),
            statement_count: 0,
            statement_amount: Centavos::ZERO,
            posted_count: 0,
            posted_amount: Centavos::ZERO,
        });
        // Sums of a day's payments are far inside i64 centavos.
        if on_statement {
            row.statement_count += 1;
            row.statement_amount = Centavos::new(row.statement_amount.get() + payment.amount.get());
        } else {
            row.posted_count += 1;
            row.posted_amount = Centavos::new(row.posted_amount.get() + payment.amount.get());
        }
    };
    statement.iter().for_each(|payment| add(payment, true));
    posted.iter().for_each(|payment| add(payment, false));
    rows.into_values().rev().collect()
}

/// What happened to orders over the dashboard's days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActivityKind {
    Applied,
    Approved,
    Rejected,
    Disbursed,
    Collected,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activity {
    pub kind: ActivityKind,
    /// Principal sent for a disbursement, money received for a collection;
    /// zero otherwise.
    pub amount: Centavos,
    pub at: OffsetDateTime,
}

/// One Manila day of the dashboard.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DayFigures {
    pub applications: i64,
    pub approvals: i64,
    pub rejections: i64,
    pub disbursed: i64,
    pub collected: i64,
}

/// The last `days` Manila days up to `today`, oldest first, with every day
/// present (zeros included) so a chart has no gaps.
pub fn daily_figures(activity: &[Activity], today: Date, days: i64) -> Vec<(Date, DayFigures)> {
    let mut figures: BTreeMap<Date, DayFigures> =
        (0..days).map(|back| (today - time::Duration::days(back), DayFigures::default())).collect();
    for item in activity {
        let Some(figures) = figures.get_mut(&manila_date(item.at)) else { continue };
        match item.kind {
            ActivityKind::Applied => figures.applications += 1,
            ActivityKind::Approved => figures.approvals += 1,
            ActivityKind::Rejected => figures.rejections += 1,
            ActivityKind::Disbursed => figures.disbursed += item.amount.get(),
            ActivityKind::Collected => figures.collected += item.amount.get(),
        }
    }
    figures.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::{date, datetime};

    #[test]
    fn pages_are_bounded() {
        assert_eq!(PageRequest::new(3, 25), Some(PageRequest { offset: 50, size: 25 }));
        assert_eq!(PageRequest::new(0, 25), None);
        assert_eq!(PageRequest::new(1, 0), None);
        assert_eq!(PageRequest::new(1, 101), None);
    }

    #[test]
    fn searches_tell_phones_from_names() {
        assert_eq!(BorrowerSearch::parse("0917 123"), Some(BorrowerSearch::Phone("917123".into())));
        assert_eq!(BorrowerSearch::parse("+63917"), Some(BorrowerSearch::Phone("63917".into())));
        assert_eq!(BorrowerSearch::parse("Dela Cruz"), Some(BorrowerSearch::Name("dela cruz".into())));
        assert_eq!(BorrowerSearch::parse("09"), None, "too short to mean anyone");
        assert_eq!(BorrowerSearch::parse("  Al "), None);
        assert_eq!(BorrowerSearch::parse("50%_off").unwrap().contains_pattern(), "%50\\%\\_off%");
    }

    fn paid(channel: &str, pesos: i64, at: OffsetDateTime) -> CollectedPayment {
        CollectedPayment { channel: channel.into(), amount: Centavos::from_pesos(pesos), at }
    }

    #[test]
    fn reconciliation_groups_by_manila_day_and_channel() {
        // 16:30 UTC is 00:30 the next day in Manila.
        let statement = [
            paid("GCash", 100, datetime!(2026-11-20 10:00 UTC)),
            paid("GCash", 50, datetime!(2026-11-20 16:30 UTC)),
            paid("Maya", 70, datetime!(2026-11-20 03:00 UTC)),
        ];
        let posted =
            [paid("GCash", 100, datetime!(2026-11-20 10:00:02 UTC)), paid("Maya", 70, datetime!(2026-11-20 03:00 UTC))];
        let rows = reconcile(&statement, &posted);
        assert_eq!(rows.len(), 3);
        assert_eq!((rows[0].day, rows[0].channel.as_str()), (date!(2026 - 11 - 21), "GCash"));
        assert_eq!(rows[0].difference(), 5000, "₱50 collected after midnight and never posted");
        assert!(!rows[0].balanced());
        let gcash = &rows[1];
        assert_eq!((gcash.day, gcash.statement_count, gcash.posted_count), (date!(2026 - 11 - 20), 1, 1));
        assert!(gcash.balanced());
        assert!(rows[2].balanced());
    }

    fn happened(kind: ActivityKind, pesos: i64, at: OffsetDateTime) -> Activity {
        Activity { kind, amount: Centavos::from_pesos(pesos), at }
    }

    #[test]
    fn daily_figures_cover_every_day_and_skip_older_ones() {
        let activity = [
            happened(ActivityKind::Applied, 0, datetime!(2026-11-22 01:00 UTC)),
            happened(ActivityKind::Applied, 0, datetime!(2026-11-21 01:00 UTC)),
            happened(ActivityKind::Disbursed, 3000, datetime!(2026-11-21 02:00 UTC)),
            happened(ActivityKind::Collected, 1200, datetime!(2026-11-22 03:00 UTC)),
            happened(ActivityKind::Applied, 0, datetime!(2026-11-01 01:00 UTC)),
        ];
        let days = daily_figures(&activity, date!(2026 - 11 - 22), 7);
        assert_eq!(days.len(), 7);
        assert_eq!(days[0].0, date!(2026 - 11 - 16));
        let (last_day, last) = &days[6];
        assert_eq!(*last_day, date!(2026 - 11 - 22));
        assert_eq!((last.applications, last.collected), (1, 120_000));
        assert_eq!((days[5].1.applications, days[5].1.disbursed), (1, 300_000));
        assert_eq!(days.iter().map(|(_, day)| day.applications).sum::<i64>(), 2, "the 1 November one is outside");
    }
}
