//! The providers' own statements, matched against the books (decision 074):
//! a collection provider's statement of a day lists each payment it took
//! (its transaction reference, the gross amount and its fee); the books
//! hold each payment it notified as a ledger entry keyed by that reference.
//! Matching them line by line finds what one side has and the other lacks,
//! a payment listed twice, and an amount that differs. Pure: the store reads
//! both sides and keeps what this finds.

use crate::money::Centavos;
use crate::product::LenderId;
use std::collections::HashMap;

/// The most lines one statement may hold: a day of a busy provider account
/// is a few thousand payments.
pub const MAX_LINES: usize = 20_000;

/// One payment as the provider's statement lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementLine {
    /// The provider's transaction reference.
    pub reference: String,
    /// What the borrower paid.
    pub amount: Centavos,
    /// What the provider kept of it.
    pub fee: Centavos,
}

/// One payment of the provider as the books hold it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BooksLine {
    pub reference: String,
    pub amount: Centavos,
    /// The ledger entry that posted it.
    pub entry_id: i64,
    /// The lender whose loan it paid.
    pub lender: LenderId,
}

/// What a line of the match found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Both sides, the same amount.
    Matched,
    /// Both sides, different amounts.
    AmountDiffers,
    /// The provider lists the same reference again.
    Duplicated,
    /// The provider took it; the books have no posting of it.
    MissingInBooks,
    /// The books posted it; the provider's statement does not list it.
    MissingAtProvider,
}

impl ItemKind {
    pub const ALL: [ItemKind; 5] = [
        ItemKind::Matched,
        ItemKind::AmountDiffers,
        ItemKind::Duplicated,
        ItemKind::MissingInBooks,
        ItemKind::MissingAtProvider,
    ];

    pub fn key(self) -> &'static str {
        match self {
            ItemKind::Matched => "matched",
            ItemKind::AmountDiffers => "amount_differs",
            ItemKind::Duplicated => "duplicated",
            ItemKind::MissingInBooks => "missing_in_books",
            ItemKind::MissingAtProvider => "missing_at_provider",
        }
    }

    pub fn parse(key: &str) -> Option<ItemKind> {
        ItemKind::ALL.into_iter().find(|kind| kind.key() == key)
    }
}

/// One line of the match: what the provider said, what the books hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatementItem {
    pub kind: ItemKind,
    pub reference: String,
    pub provider_amount: Option<Centavos>,
    pub fee: Option<Centavos>,
    pub books_amount: Option<Centavos>,
    pub entry_id: Option<i64>,
    /// The lender the payment went to; `None` when the books never posted it.
    pub lender: Option<LenderId>,
}

/// Matches a statement against the books' postings of the same provider
/// and day, in the statement's order, then what only the books hold, in
/// theirs. References compare without regard to case (a borrower's report
/// upper-cases one).
pub fn match_statement(lines: &[StatementLine], books: &[BooksLine]) -> Vec<StatementItem> {
    let by_reference: HashMap<String, &BooksLine> =
        books.iter().map(|line| (line.reference.to_lowercase(), line)).collect();
    let mut seen: HashMap<String, ()> = HashMap::new();
    let mut items: Vec<StatementItem> = lines
        .iter()
        .map(|line| {
            let reference = line.reference.to_lowercase();
            let posted = by_reference.get(&reference).copied();
            let kind = if seen.insert(reference, ()).is_some() {
                ItemKind::Duplicated
            } else {
                match posted {
                    Some(posted) if posted.amount == line.amount => ItemKind::Matched,
                    Some(_) => ItemKind::AmountDiffers,
                    None => ItemKind::MissingInBooks,
                }
            };
            StatementItem {
                kind,
                reference: line.reference.clone(),
                provider_amount: Some(line.amount),
                fee: Some(line.fee),
                books_amount: posted.map(|posted| posted.amount),
                entry_id: posted.map(|posted| posted.entry_id),
                lender: posted.map(|posted| posted.lender),
            }
        })
        .collect();
    items.extend(books.iter().filter(|line| !seen.contains_key(&line.reference.to_lowercase())).map(|line| {
        StatementItem {
            kind: ItemKind::MissingAtProvider,
            reference: line.reference.clone(),
            provider_amount: None,
            fee: None,
            books_amount: Some(line.amount),
            entry_id: Some(line.entry_id),
            lender: Some(line.lender),
        }
    }));
    items
}

/// A statement as kept: whose, of which day, who brought it in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderStatement {
    pub id: i64,
    /// The provider's name, as its postings' keys begin (`xendit`).
    pub provider: String,
    /// The Manila day it covers.
    pub day: time::Date,
    pub imported_by: Option<i64>,
    pub imported_by_token: Option<i64>,
    pub imported_at: time::OffsetDateTime,
}

/// Where a line of the match stands on finance's worklist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemStatus {
    /// Nothing to do.
    Matched,
    /// Waiting for finance to find out and say what was done.
    Open,
    Resolved,
}

impl ItemStatus {
    pub const ALL: [ItemStatus; 3] = [ItemStatus::Matched, ItemStatus::Open, ItemStatus::Resolved];

    pub fn key(self) -> &'static str {
        match self {
            ItemStatus::Matched => "matched",
            ItemStatus::Open => "open",
            ItemStatus::Resolved => "resolved",
        }
    }

    pub fn parse(key: &str) -> Option<ItemStatus> {
        ItemStatus::ALL.into_iter().find(|status| status.key() == key)
    }

    /// Where a line starts: a match needs nothing, anything else waits.
    pub fn of(kind: ItemKind) -> ItemStatus {
        if kind == ItemKind::Matched { ItemStatus::Matched } else { ItemStatus::Open }
    }
}

/// A line of a kept statement's match, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptItem {
    pub id: i64,
    pub statement_id: i64,
    pub provider: String,
    pub day: time::Date,
    pub item: StatementItem,
    pub status: ItemStatus,
    /// What finance found and did, once resolved.
    pub resolution: Option<String>,
    pub resolved_by: Option<i64>,
    pub resolved_at: Option<time::OffsetDateTime>,
}

/// Why an uploaded statement was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CsvRefused {
    #[error("the first line must name the columns reference, amount and (optionally) fee")]
    Header,
    /// A line (counted from 1, the header being 1) that does not read.
    #[error("line {0} does not read as a reference, an amount and a fee")]
    Line(usize),
    #[error("a statement holds at least one payment and at most {MAX_LINES}")]
    Size,
}

/// Splits one CSV line into its fields: commas separate, a field in double
/// quotes may hold commas, and a doubled quote inside stands for one.
fn fields(line: &str) -> Option<Vec<String>> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(char) = chars.next() {
        match (char, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', true) => quoted = false,
            ('"', false) if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            (',', false) => fields.push(std::mem::take(&mut field).trim().to_owned()),
            (char, _) => field.push(char),
        }
    }
    if quoted {
        return None;
    }
    fields.push(field.trim().to_owned());
    Some(fields)
}

/// An amount as a statement writes it: pesos with up to two decimals,
/// thousands optionally grouped by commas (`1,500.00`), a peso sign allowed.
fn amount(text: &str) -> Option<Centavos> {
    let plain: String = text.trim().trim_start_matches('₱').chars().filter(|char| *char != ',').collect();
    Centavos::parse_decimal(&plain)
}

/// Reads a statement uploaded as CSV: a header naming `reference` (or
/// `transaction_id`), `amount` and optionally `fee`, in any order and case,
/// then one payment a line; blank lines are skipped.
pub fn parse_csv(text: &str) -> Result<Vec<StatementLine>, CsvRefused> {
    let mut lines = text.lines().enumerate().filter(|(_, line)| !line.trim().is_empty());
    let (_, header) = lines.next().ok_or(CsvRefused::Size)?;
    let names: Vec<String> = fields(header.trim_start_matches('\u{feff}'))
        .ok_or(CsvRefused::Header)?
        .into_iter()
        .map(|name| name.to_lowercase())
        .collect();
    let column = |wanted: &[&str]| names.iter().position(|name| wanted.contains(&name.as_str()));
    let reference = column(&["reference", "transaction_id"]).ok_or(CsvRefused::Header)?;
    let gross = column(&["amount"]).ok_or(CsvRefused::Header)?;
    let fee = column(&["fee"]);
    let mut read = Vec::new();
    for (index, line) in lines {
        let number = index + 1;
        let values = fields(line).filter(|values| values.len() == names.len()).ok_or(CsvRefused::Line(number))?;
        let text = |at: usize| values[at].as_str();
        let line = StatementLine {
            reference: Some(text(reference))
                .filter(|text| !text.is_empty() && text.len() <= 100)
                .ok_or(CsvRefused::Line(number))?
                .to_owned(),
            amount: amount(text(gross)).filter(|amount| amount.get() > 0).ok_or(CsvRefused::Line(number))?,
            fee: match fee {
                Some(at) if !text(at).is_empty() => amount(text(at)).ok_or(CsvRefused::Line(number))?,
                _ => Centavos::ZERO,
            },
        };
        read.push(line);
        if read.len() > MAX_LINES {
            return Err(CsvRefused::Size);
        }
    }
    if read.is_empty() {
        return Err(CsvRefused::Size);
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(reference: &str, pesos: i64, fee: i64) -> StatementLine {
        StatementLine { reference: reference.to_owned(), amount: Centavos::new(pesos * 100), fee: Centavos::new(fee) }
    }

    fn posted(reference: &str, pesos: i64, entry_id: i64) -> BooksLine {
        BooksLine { reference: reference.to_owned(), amount: Centavos::new(pesos * 100), entry_id, lender: LenderId(1) }
    }

    #[test]
    fn each_line_is_matched_differs_is_listed_twice_or_is_missing_on_one_side() {
        let statement = [
            line("t1", 500, 1_000),
            line("T2", 300, 600),
            line("t2", 300, 600),
            line("t3", 250, 500),
            line("t4", 100, 200),
        ];
        let books = [posted("t1", 500, 11), posted("t2", 300, 12), posted("t3", 200, 13), posted("t5", 700, 15)];
        let items = match_statement(&statement, &books);
        let kinds: Vec<(ItemKind, &str)> = items.iter().map(|item| (item.kind, item.reference.as_str())).collect();
        assert_eq!(
            kinds,
            [
                (ItemKind::Matched, "t1"),
                (ItemKind::Matched, "T2"),
                (ItemKind::Duplicated, "t2"),
                (ItemKind::AmountDiffers, "t3"),
                (ItemKind::MissingInBooks, "t4"),
                (ItemKind::MissingAtProvider, "t5"),
            ]
        );
        let differs = &items[3];
        assert_eq!(
            (differs.provider_amount, differs.books_amount),
            (Some(Centavos::new(25_000)), Some(Centavos::new(20_000)))
        );
        assert_eq!((items[4].lender, items[5].lender, items[5].entry_id), (None, Some(LenderId(1)), Some(15)));
    }

    #[test]
    fn a_statement_reads_from_csv_with_its_columns_in_any_order() {
        let text = "\u{feff}Fee,Reference,Amount\n\"10.00\",\"ewc_1\",\"1,500.00\"\n\n0,ewc_2,₱250\n,\"a \"\"quoted\"\" ref\",1.5\n";
        assert_eq!(
            parse_csv(text),
            Ok(vec![
                StatementLine {
                    reference: "ewc_1".to_owned(),
                    amount: Centavos::new(150_000),
                    fee: Centavos::new(1_000)
                },
                StatementLine { reference: "ewc_2".to_owned(), amount: Centavos::new(25_000), fee: Centavos::ZERO },
                StatementLine {
                    reference: "a \"quoted\" ref".to_owned(),
                    amount: Centavos::new(150),
                    fee: Centavos::ZERO
                },
            ])
        );
    }

    #[test]
    fn a_statement_that_does_not_read_is_refused_naming_the_line() {
        assert_eq!(parse_csv(""), Err(CsvRefused::Size));
        assert_eq!(parse_csv("reference,amount\n"), Err(CsvRefused::Size));
        assert_eq!(parse_csv("id,amount\nx,1"), Err(CsvRefused::Header));
        assert_eq!(parse_csv("reference,amount\nx,1\ny,-5"), Err(CsvRefused::Line(3)));
        assert_eq!(parse_csv("reference,amount\nx,1.001"), Err(CsvRefused::Line(2)));
        assert_eq!(parse_csv("reference,amount\nx,1,2"), Err(CsvRefused::Line(2)));
        assert_eq!(parse_csv("reference,amount\n\"x,1"), Err(CsvRefused::Line(2)));
        assert_eq!(parse_csv("reference,amount,fee\nx,1,lots"), Err(CsvRefused::Line(2)));
    }
}
