//! The borrower's own book of income and expenses (spec §7 `/book-keeping/*`):
//! what a record may hold, the fixed list of categories, and the monthly
//! figures the statistics page draws. Amounts are integer centavos (D1);
//! dates are Manila calendar dates.

use crate::borrower::BorrowerId;
use crate::money::Centavos;
use std::collections::BTreeMap;
use time::{Date, Duration, Month as CalendarMonth, OffsetDateTime};

/// The largest single record: ₱10,000,000.00. Far above any household's
/// entry, low enough that a slipped finger (an extra five zeros) is caught
/// and a month's totals never come near overflowing.
pub const MAX_AMOUNT: Centavos = Centavos::new(1_000_000_000);
/// Characters of a note, counted as the page counts them.
pub const MAX_NOTE_CHARS: usize = 100;
/// A record may be dated at most this many days after today in Manila: a
/// phone whose clock runs a little ahead is not refused, a typo in the year is.
pub const MAX_DAYS_AHEAD: i64 = 1;
/// How long a deleted record can be brought back.
pub const UNDO_WINDOW: Duration = Duration::minutes(10);
/// Months in the statistics page's bar chart, the chosen month last.
pub const CHART_MONTHS: u32 = 6;
/// Shares are basis points of the month's total: 10 000 is all of it.
pub const WHOLE_SHARE: i64 = 10_000;

/// The first date (and month) the book accepts.
const EARLIEST: Date = match Date::from_calendar_date(2000, CalendarMonth::January, 1) {
    Ok(date) => date,
    Err(_) => panic!("2000-01-01 is a date"),
};
/// The last month a page may ask about; later ones are typing mistakes.
const LAST_YEAR: i32 = 2100;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum EntryKind {
    Income,
    Expense,
}

impl EntryKind {
    pub fn key(self) -> &'static str {
        match self {
            EntryKind::Income => "income",
            EntryKind::Expense => "expense",
        }
    }

    pub fn parse(key: &str) -> Option<EntryKind> {
        [EntryKind::Income, EntryKind::Expense].into_iter().find(|kind| kind.key() == key)
    }
}

/// A category a record is filed under. `key` is stored and sent; `icon`
/// names the picture the page draws (a stable key, not a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Category {
    pub key: &'static str,
    pub kind: EntryKind,
    pub icon: &'static str,
}

const fn expense(key: &'static str, icon: &'static str) -> Category {
    Category { key, kind: EntryKind::Expense, icon }
}

const fn income(key: &'static str, icon: &'static str) -> Category {
    Category { key, kind: EntryKind::Income, icon }
}

/// Every category, in the order the picker shows them: what a Filipino
/// household spends on most often first, "other" last in each kind.
pub const CATEGORIES: [Category; 15] = [
    expense("food", "food"),
    expense("transport", "transport"),
    expense("load", "phone"),
    expense("bills", "bolt"),
    expense("rent", "home"),
    expense("school", "school"),
    expense("health", "health"),
    expense("family", "family"),
    expense("loan", "loan"),
    expense("shopping", "bag"),
    expense("other_expense", "dots"),
    income("salary", "wallet"),
    income("business", "store"),
    income("remittance", "gift"),
    income("other_income", "dots"),
];

pub fn category(key: &str) -> Option<&'static Category> {
    CATEGORIES.iter().find(|category| category.key == key)
}

pub fn categories_of(kind: EntryKind) -> impl Iterator<Item = &'static Category> {
    CATEGORIES.iter().filter(move |category| category.kind == kind)
}

/// Why a record cannot be saved as sent; each has its own message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordProblem {
    #[error("neither income nor expense")]
    Kind,
    #[error("the amount is not a whole number of centavos")]
    AmountMalformed,
    #[error("the amount is zero or negative")]
    AmountNotPositive,
    #[error("the amount is above the largest a record may hold")]
    AmountTooLarge,
    #[error("no such category")]
    CategoryUnknown,
    #[error("the category belongs to the other kind")]
    CategoryWrongKind,
    #[error("the date is not a calendar date written YYYY-MM-DD")]
    DateInvalid,
    #[error("the date is too far in the future or before 2000")]
    DateOutOfRange,
    #[error("the note is too long")]
    NoteTooLong,
}

/// What a record says, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordFields {
    pub kind: EntryKind,
    pub amount: Centavos,
    pub category: &'static str,
    pub date: Date,
    pub note: String,
    /// The server name of the borrower's own receipt picture.
    pub image: Option<String>,
}

/// A record as the page sends it, before any check.
#[derive(Clone, Copy, Debug)]
pub struct RecordInput<'a> {
    pub kind: &'a str,
    /// Integer centavos as text (`"12550"` is ₱125.50).
    pub amount: &'a str,
    pub category: &'a str,
    /// `YYYY-MM-DD`, Manila.
    pub date: &'a str,
    pub note: &'a str,
}

/// Checks every field of a record against `today` (Manila); the picture is
/// checked by the caller, who knows whose pictures exist.
pub fn check_record(input: RecordInput<'_>, today: Date) -> Result<RecordFields, RecordProblem> {
    let kind = EntryKind::parse(input.kind.trim()).ok_or(RecordProblem::Kind)?;
    let amount = parse_amount(input.amount)?;
    let category = category(input.category.trim()).ok_or(RecordProblem::CategoryUnknown)?;
    if category.kind != kind {
        return Err(RecordProblem::CategoryWrongKind);
    }
    let date = parse_date(input.date, today)?;
    let note = check_note(input.note)?;
    Ok(RecordFields { kind, amount, category: category.key, date, note, image: None })
}

/// Integer centavos written as ASCII digits, optionally signed, so that a
/// negative amount gets its own message rather than "malformed".
pub fn parse_amount(text: &str) -> Result<Centavos, RecordProblem> {
    let text = text.trim();
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(RecordProblem::AmountMalformed);
    }
    if text.starts_with('-') {
        return Err(RecordProblem::AmountNotPositive);
    }
    // Anything longer than i64 is certainly above the cap.
    let value: i64 = digits.parse().map_err(|_| RecordProblem::AmountTooLarge)?;
    match value {
        0 => Err(RecordProblem::AmountNotPositive),
        value if value > MAX_AMOUNT.get() => Err(RecordProblem::AmountTooLarge),
        value => Ok(Centavos::new(value)),
    }
}

const DATE_FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

/// A calendar date written `YYYY-MM-DD` (a 30 February is refused), from
/// 2000-01-01 to [`MAX_DAYS_AHEAD`] days after `today`.
pub fn parse_date(text: &str, today: Date) -> Result<Date, RecordProblem> {
    let text = text.trim();
    if text.len() != 10 {
        return Err(RecordProblem::DateInvalid);
    }
    let date = Date::parse(text, DATE_FORMAT).map_err(|_| RecordProblem::DateInvalid)?;
    let latest = today.checked_add(Duration::days(MAX_DAYS_AHEAD)).unwrap_or(today);
    if date < EARLIEST || date > latest {
        return Err(RecordProblem::DateOutOfRange);
    }
    Ok(date)
}

pub fn format_date(date: Date) -> String {
    date.format(DATE_FORMAT).unwrap_or_default()
}

/// The note without surrounding spaces; refused (never cut) when longer than
/// [`MAX_NOTE_CHARS`], so nothing the borrower wrote is silently lost.
pub fn check_note(text: &str) -> Result<String, RecordProblem> {
    let note = text.trim();
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(RecordProblem::NoteTooLong);
    }
    Ok(note.to_owned())
}

/// A calendar month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    year: i32,
    month: CalendarMonth,
}

impl Month {
    pub fn of(date: Date) -> Month {
        Month { year: date.year(), month: date.month() }
    }

    /// `YYYY-MM`, from 2000-01 to 2100-12; `None` for anything else.
    pub fn parse(text: &str) -> Option<Month> {
        let text = text.trim();
        let (year, month) = text.split_once('-')?;
        if year.len() != 4 || month.len() != 2 || !(year.bytes().chain(month.bytes())).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let year: i32 = year.parse().ok()?;
        let month = CalendarMonth::try_from(month.parse::<u8>().ok()?).ok()?;
        let parsed = Month { year, month };
        (Month::of(EARLIEST) <= parsed && year <= LAST_YEAR).then_some(parsed)
    }

    pub fn first_day(self) -> Date {
        Date::from_calendar_date(self.year, self.month, 1).unwrap_or(EARLIEST)
    }

    pub fn last_day(self) -> Date {
        let days = self.month.length(self.year);
        Date::from_calendar_date(self.year, self.month, days).unwrap_or(EARLIEST)
    }

    pub fn previous(self) -> Month {
        match self.month {
            CalendarMonth::January => Month { year: self.year - 1, month: CalendarMonth::December },
            month => Month { year: self.year, month: month.previous() },
        }
    }

    pub fn next(self) -> Month {
        match self.month {
            CalendarMonth::December => Month { year: self.year + 1, month: CalendarMonth::January },
            month => Month { year: self.year, month: month.next() },
        }
    }

    /// `count` months ending with this one, oldest first.
    pub fn ending_with(self, count: u32) -> Vec<Month> {
        let mut months: Vec<Month> =
            std::iter::successors(Some(self), |month| Some(month.previous())).take(count as usize).collect();
        months.reverse();
        months
    }

    pub fn contains(self, date: Date) -> bool {
        Month::of(date) == self
    }
}

impl std::fmt::Display for Month {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}", self.year, u8::from(self.month))
    }
}

/// A record as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookRecord {
    pub id: i64,
    pub borrower_id: BorrowerId,
    pub fields: RecordFields,
    pub created_at: OffsetDateTime,
    pub updated_at: OffsetDateTime,
    /// Set while the record is deleted (and may still be brought back).
    pub deleted_at: Option<OffsetDateTime>,
}

/// Income, expense and what is left, over some records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub income: Centavos,
    pub expense: Centavos,
}

impl Totals {
    /// Income less expense; negative when more went out than came in.
    pub fn balance(self) -> Centavos {
        // Both sides are sums of positive amounts, and one non-negative i64
        // less another never overflows.
        self.income.checked_sub(self.expense).unwrap_or(Centavos::ZERO)
    }

    fn add(&mut self, kind: EntryKind, amount: Centavos) -> Option<()> {
        let side = match kind {
            EntryKind::Income => &mut self.income,
            EntryKind::Expense => &mut self.expense,
        };
        *side = side.checked_add(amount)?;
        Some(())
    }
}

/// The totals of `records`; `None` only if a sum overflowed i64 centavos.
pub fn totals<'a>(records: impl IntoIterator<Item = &'a RecordFields>) -> Option<Totals> {
    let mut totals = Totals::default();
    for record in records {
        totals.add(record.kind, record.amount)?;
    }
    Some(totals)
}

/// One category's part of a month.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CategoryShare {
    pub category: &'static Category,
    pub amount: Centavos,
    /// Basis points of the kind's month total. The shares of one kind add up
    /// to exactly [`WHOLE_SHARE`] whenever there is anything to share.
    pub share: i64,
}

/// One month's bar in the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MonthBar {
    pub month: Month,
    pub totals: Totals,
}

/// What the statistics page shows for a month.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistics {
    pub month: Month,
    pub totals: Totals,
    /// Largest first; categories with nothing are left out.
    pub expense: Vec<CategoryShare>,
    pub income: Vec<CategoryShare>,
    /// [`CHART_MONTHS`] months ending with `month`, oldest first.
    pub bars: Vec<MonthBar>,
}

/// The month's figures from the records of the chart's months (any others
/// are ignored). `None` only if a sum overflowed.
pub fn statistics<'a>(month: Month, records: impl IntoIterator<Item = &'a RecordFields>) -> Option<Statistics> {
    let months = month.ending_with(CHART_MONTHS);
    let mut by_month: BTreeMap<Month, Totals> = months.iter().map(|month| (*month, Totals::default())).collect();
    let mut by_category: BTreeMap<&'static str, Centavos> = BTreeMap::new();
    for record in records {
        let Some(bar) = by_month.get_mut(&Month::of(record.date)) else { continue };
        bar.add(record.kind, record.amount)?;
        if month.contains(record.date) {
            let sum = by_category.entry(record.category).or_default();
            *sum = sum.checked_add(record.amount)?;
        }
    }
    let shares_of = |kind: EntryKind| {
        let amounts: Vec<(&'static Category, Centavos)> = categories_of(kind)
            .filter_map(|category| by_category.get(category.key).map(|amount| (category, *amount)))
            .filter(|(_, amount)| *amount > Centavos::ZERO)
            .collect();
        let shares = shares(&amounts.iter().map(|(_, amount)| *amount).collect::<Vec<_>>())?;
        let mut list: Vec<CategoryShare> = amounts
            .into_iter()
            .zip(shares)
            .map(|((category, amount), share)| CategoryShare { category, amount, share })
            .collect();
        // Largest first; ties keep the picker's order.
        list.sort_by_key(|share| std::cmp::Reverse(share.amount));
        Some(list)
    };
    Some(Statistics {
        month,
        totals: by_month.get(&month).copied().unwrap_or_default(),
        expense: shares_of(EntryKind::Expense)?,
        income: shares_of(EntryKind::Income)?,
        bars: months.into_iter().map(|month| MonthBar { month, totals: by_month[&month] }).collect(),
    })
}

/// Each amount's share of their sum in basis points, by the largest
/// remainder method: every share is its exact value rounded down, and the
/// basis points left over go one each to the largest remainders (the
/// earlier amount on a tie), so the shares always add up to exactly
/// [`WHOLE_SHARE`]. All zeros when the sum is zero; `None` on overflow.
pub fn shares(amounts: &[Centavos]) -> Option<Vec<i64>> {
    let total: i128 = amounts.iter().map(|amount| i128::from(amount.get())).sum();
    if total <= 0 || amounts.iter().any(|amount| amount.get() < 0) {
        return Some(vec![0; amounts.len()]);
    }
    let whole = i128::from(WHOLE_SHARE);
    let mut floors = Vec::with_capacity(amounts.len());
    let mut remainders = Vec::with_capacity(amounts.len());
    for (index, amount) in amounts.iter().enumerate() {
        let scaled = i128::from(amount.get()).checked_mul(whole)?;
        floors.push(scaled / total);
        remainders.push((scaled % total, index));
    }
    let left_over = whole - floors.iter().sum::<i128>();
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, index) in remainders.into_iter().take(usize::try_from(left_over).ok()?) {
        floors[index] += 1;
    }
    floors.into_iter().map(|share| i64::try_from(share).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 05 - 14);

    fn input<'a>(kind: &'a str, amount: &'a str, category: &'a str, date: &'a str, note: &'a str) -> RecordInput<'a> {
        RecordInput { kind, amount, category, date, note }
    }

    fn record(kind: EntryKind, amount: i64, category: &'static str, date: Date) -> RecordFields {
        RecordFields { kind, amount: Centavos::new(amount), category, date, note: String::new(), image: None }
    }

    #[test]
    fn a_plain_expense_is_accepted_with_its_note_trimmed() {
        let fields = check_record(input("expense", "12550", "food", "2026-05-14", "  ulam sa palengke "), TODAY);
        assert_eq!(
            fields,
            Ok(RecordFields {
                kind: EntryKind::Expense,
                amount: Centavos::new(12_550),
                category: "food",
                date: TODAY,
                note: "ulam sa palengke".to_owned(),
                image: None,
            })
        );
    }

    #[test]
    fn zero_negative_and_absurd_amounts_are_refused_each_with_its_reason() {
        for (amount, problem) in [
            ("0", RecordProblem::AmountNotPositive),
            ("-0", RecordProblem::AmountNotPositive),
            ("-100", RecordProblem::AmountNotPositive),
            ("1000000001", RecordProblem::AmountTooLarge),
            ("99999999999999999999999", RecordProblem::AmountTooLarge),
            ("12.50", RecordProblem::AmountMalformed),
            ("1e5", RecordProblem::AmountMalformed),
            ("", RecordProblem::AmountMalformed),
            ("-", RecordProblem::AmountMalformed),
            ("₱100", RecordProblem::AmountMalformed),
        ] {
            assert_eq!(parse_amount(amount), Err(problem), "{amount:?}");
        }
        assert_eq!(parse_amount("1"), Ok(Centavos::new(1)));
        assert_eq!(parse_amount(" 1000000000 "), Ok(MAX_AMOUNT), "exactly the cap is allowed");
    }

    #[test]
    fn impossible_malformed_and_far_away_dates_are_refused() {
        for text in ["2026-02-30", "2026-13-01", "2026-5-14", "14/05/2026", "2026-05-14T00:00", "", "+2026-05-14"] {
            assert_eq!(parse_date(text, TODAY), Err(RecordProblem::DateInvalid), "{text:?}");
        }
        for text in ["2026-05-16", "2027-05-14", "1999-12-31", "0001-01-01"] {
            assert_eq!(parse_date(text, TODAY), Err(RecordProblem::DateOutOfRange), "{text:?}");
        }
        assert_eq!(parse_date("2026-05-15", TODAY), Ok(date!(2026 - 05 - 15)), "one day ahead is allowed");
        assert_eq!(parse_date("2024-02-29", TODAY), Ok(date!(2024 - 02 - 29)), "a leap day");
        assert_eq!(parse_date("2000-01-01", TODAY), Ok(date!(2000 - 01 - 01)));
    }

    #[test]
    fn a_category_must_exist_and_belong_to_the_records_kind() {
        let check =
            |kind, category| check_record(input(kind, "100", category, "2026-05-01", ""), TODAY).map(|f| f.category);
        assert_eq!(check("expense", "salary"), Err(RecordProblem::CategoryWrongKind));
        assert_eq!(check("income", "food"), Err(RecordProblem::CategoryWrongKind));
        assert_eq!(check("expense", "casino"), Err(RecordProblem::CategoryUnknown));
        assert_eq!(check("gift", "food"), Err(RecordProblem::Kind));
        assert_eq!(check("income", "remittance"), Ok("remittance"));
    }

    #[test]
    fn a_note_longer_than_the_cap_is_refused_not_cut() {
        assert_eq!(check_note(&"a".repeat(MAX_NOTE_CHARS)).map(|note| note.len()), Ok(MAX_NOTE_CHARS));
        assert_eq!(check_note(&"a".repeat(MAX_NOTE_CHARS + 1)), Err(RecordProblem::NoteTooLong));
        // Counted in characters: a hundred ñ are a hundred, not two hundred bytes.
        assert!(check_note(&"ñ".repeat(MAX_NOTE_CHARS)).is_ok());
        assert_eq!(check_note(&format!("  {}  ", "b".repeat(MAX_NOTE_CHARS))).map(|n| n.len()), Ok(MAX_NOTE_CHARS));
    }

    #[test]
    fn every_category_key_is_unique_and_each_kind_ends_with_other() {
        for (index, category) in CATEGORIES.iter().enumerate() {
            assert!(CATEGORIES[index + 1..].iter().all(|later| later.key != category.key), "{}", category.key);
        }
        for kind in [EntryKind::Income, EntryKind::Expense] {
            assert!(categories_of(kind).last().is_some_and(|category| category.icon == "dots"));
        }
    }

    #[test]
    fn months_read_and_step_across_years() {
        let may = Month::parse("2026-05").unwrap();
        assert_eq!(may.to_string(), "2026-05");
        assert_eq!((may.first_day(), may.last_day()), (date!(2026 - 05 - 01), date!(2026 - 05 - 31)));
        assert_eq!(Month::parse("2024-02").unwrap().last_day(), date!(2024 - 02 - 29));
        assert_eq!(Month::parse("2026-01").unwrap().previous().to_string(), "2025-12");
        assert_eq!(Month::parse("2025-12").unwrap().next().to_string(), "2026-01");
        let chart: Vec<String> = Month::parse("2026-03").unwrap().ending_with(6).iter().map(Month::to_string).collect();
        assert_eq!(chart, ["2025-10", "2025-11", "2025-12", "2026-01", "2026-02", "2026-03"]);
        for text in ["2026-5", "2026-13", "2026-00", "1999-12", "2101-01", "202605", "2026-05-01", "abcd-ef", ""] {
            assert_eq!(Month::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn shares_round_to_basis_points_that_add_up_to_the_whole() {
        let amounts = |list: &[i64]| list.iter().map(|amount| Centavos::new(*amount)).collect::<Vec<_>>();
        // A third each: 3333.33… rounds down to 3333 thrice, and the one basis
        // point left goes to the first.
        assert_eq!(shares(&amounts(&[100, 100, 100])), Some(vec![3334, 3333, 3333]));
        // 1/6 = 1666.67 and 5/6 = 8333.33: the larger remainder gets the extra point.
        assert_eq!(shares(&amounts(&[1, 5])), Some(vec![1667, 8333]));
        assert_eq!(shares(&amounts(&[250, 750])), Some(vec![2500, 7500]));
        assert_eq!(shares(&amounts(&[0, 0])), Some(vec![0, 0]));
        assert_eq!(shares(&[]), Some(vec![]));
    }

    #[test]
    fn statistics_split_the_month_by_category_and_chart_six_months() {
        let records = [
            record(EntryKind::Expense, 30_000, "food", date!(2026 - 05 - 02)),
            record(EntryKind::Expense, 10_000, "food", date!(2026 - 05 - 09)),
            record(EntryKind::Expense, 20_000, "transport", date!(2026 - 05 - 03)),
            record(EntryKind::Income, 1_500_000, "salary", date!(2026 - 05 - 15)),
            record(EntryKind::Expense, 5_000, "load", date!(2026 - 04 - 30)),
            record(EntryKind::Income, 300_000, "remittance", date!(2025 - 12 - 20)),
            // Outside the chart: ignored.
            record(EntryKind::Income, 999_999, "salary", date!(2025 - 11 - 30)),
        ];
        let stats = statistics(Month::parse("2026-05").unwrap(), &records).unwrap();
        assert_eq!(stats.totals, Totals { income: Centavos::new(1_500_000), expense: Centavos::new(60_000) });
        assert_eq!(stats.totals.balance(), Centavos::new(1_440_000));
        let expense: Vec<(&str, i64, i64)> =
            stats.expense.iter().map(|share| (share.category.key, share.amount.get(), share.share)).collect();
        assert_eq!(expense, [("food", 40_000, 6667), ("transport", 20_000, 3333)]);
        assert_eq!(stats.income.len(), 1);
        assert_eq!(stats.income[0].share, WHOLE_SHARE);
        let bars: Vec<(String, i64, i64)> = stats
            .bars
            .iter()
            .map(|bar| (bar.month.to_string(), bar.totals.income.get(), bar.totals.expense.get()))
            .collect();
        assert_eq!(
            bars,
            [
                ("2025-12".to_owned(), 300_000, 0),
                ("2026-01".to_owned(), 0, 0),
                ("2026-02".to_owned(), 0, 0),
                ("2026-03".to_owned(), 0, 0),
                ("2026-04".to_owned(), 0, 5_000),
                ("2026-05".to_owned(), 1_500_000, 60_000),
            ]
        );
    }

    #[test]
    fn a_month_with_more_out_than_in_has_a_negative_balance() {
        let totals =
            totals(&[record(EntryKind::Income, 100, "salary", TODAY), record(EntryKind::Expense, 250, "food", TODAY)])
                .unwrap();
        assert_eq!(totals.balance(), Centavos::new(-150));
    }

    proptest! {
        #[test]
        fn shares_always_sum_to_exactly_the_whole(amounts in proptest::collection::vec(1..=MAX_AMOUNT.get(), 1..20)) {
            let amounts: Vec<Centavos> = amounts.into_iter().map(Centavos::new).collect();
            let shares = shares(&amounts).unwrap();
            prop_assert_eq!(shares.iter().sum::<i64>(), WHOLE_SHARE);
            let total: i128 = amounts.iter().map(|amount| i128::from(amount.get())).sum();
            for (amount, share) in amounts.iter().zip(&shares) {
                // Each share is its exact value rounded down or up, never further.
                let exact = i128::from(amount.get()) * i128::from(WHOLE_SHARE);
                let floor = exact / total;
                prop_assert!(i128::from(*share) == floor || i128::from(*share) == floor + 1);
            }
        }
    }
}
