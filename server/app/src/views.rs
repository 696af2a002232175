//! Views shared by several features: products as tappable cards (home
//! list, recommendations, failure page), priced quotes, and the shape of
//! server-paged tables and their CSV exports (decision 015).

use crate::i18n::{Lang, Msg};
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::OrderStatus;
use hiram_domain::pricing::{Quote, actuarial_monthly_bp};
use hiram_domain::product::Product;
use serde::Serialize;
use utoipa::ToSchema;

/// A product as a tappable card (recommendations, failure page).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCard {
    pub id: i64,
    pub logo: String,
    pub name: String,
    /// `₱1,000.00 - ₱10,000.00`
    pub range: String,
    pub range_desc: String,
    pub rate: String,
    pub description: String,
    pub tags: Vec<String>,
    pub button_text: String,
    /// `"1"` tappable, `"0"` shown grey and not tappable.
    pub flag: String,
    /// Centavos.
    pub min_amount: i64,
    /// Centavos.
    pub max_amount: i64,
    pub term_days: i64,
}

pub fn card(product: &Product, lang: Lang, symbol: CurrencySymbol) -> ProductCard {
    ProductCard {
        id: product.id.0,
        logo: product.logo_url.clone(),
        name: product.name.clone(),
        range: format!(
            "{} - {}",
            format_amount(product.terms.min_amount, symbol),
            format_amount(product.terms.max_amount, symbol)
        ),
        range_desc: format!("{} {}", product.terms.term_days(), Msg::TermDays.text(lang)),
        rate: product.rate_description.clone(),
        description: product.lender_name.clone(),
        tags: product.tags.clone(),
        button_text: Msg::ApplyButton.text(lang).to_owned(),
        flag: if product.available { "1" } else { "0" }.to_owned(),
        min_amount: product.terms.min_amount.get(),
        max_amount: product.terms.max_amount.get(),
        term_days: product.terms.term_days(),
    }
}

/// A labelled line of a detail list (order details, confirmation,
/// repayment).
#[derive(Serialize, ToSchema)]
pub struct DetailRow {
    pub text: String,
    /// Empty when not known yet; pages hide such rows.
    pub value: String,
}

/// A rate in basis points as a percentage with two decimals: 499 → "4.99%".
pub fn percent(basis_points: i64) -> String {
    format!("{}.{:02}%", basis_points / 100, basis_points % 100)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    /// Centavos, as are all amounts here.
    pub amount: i64,
    pub interest: i64,
    pub fees: i64,
    pub net_proceeds: i64,
    pub total_repayable: i64,
    pub finance_charge: i64,
    pub term_days: i64,
    /// Interest and fees as a monthly rate of principal ("4.99%").
    pub effective_monthly_rate: String,
    /// The actuarial monthly rate of the Truth in Lending disclosure.
    pub actuarial_monthly_rate: String,
    pub plan: Vec<InstalmentView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstalmentView {
    pub number: i64,
    pub due_after_days: i64,
    pub amount: i64,
    pub principal: i64,
    pub interest: i64,
}

impl From<&Quote> for QuoteView {
    fn from(quote: &Quote) -> QuoteView {
        QuoteView {
            amount: quote.principal.get(),
            interest: quote.interest.get(),
            fees: quote.fees.get(),
            net_proceeds: quote.net_proceeds.get(),
            total_repayable: quote.total_repayable.get(),
            finance_charge: quote.finance_charge.get(),
            term_days: quote.term_days,
            effective_monthly_rate: percent(quote.effective_monthly_bp),
            actuarial_monthly_rate: percent(actuarial_monthly_bp(quote)),
            plan: quote
                .plan
                .iter()
                .map(|instalment| InstalmentView {
                    number: instalment.number,
                    due_after_days: instalment.due_after_days,
                    amount: instalment.amount().get(),
                    principal: instalment.principal.get(),
                    interest: instalment.interest.get(),
                })
                .collect(),
        }
    }
}

/// The banner title and text of a status (order details, order lists).
pub fn status_texts(status: OrderStatus) -> (Msg, Msg) {
    match status {
        OrderStatus::UnderReview => (Msg::StatusUnderReviewTitle, Msg::StatusUnderReviewText),
        OrderStatus::AwaitingConfirmation => (Msg::StatusApprovedTitle, Msg::StatusApprovedText),
        OrderStatus::Rejected => (Msg::StatusRejectedTitle, Msg::StatusRejectedText),
        OrderStatus::Disbursing => (Msg::StatusDisbursingTitle, Msg::StatusDisbursingText),
        OrderStatus::RepaymentOpen => (Msg::StatusRepaymentOpenTitle, Msg::StatusRepaymentOpenText),
        OrderStatus::Overdue => (Msg::StatusOverdueTitle, Msg::StatusOverdueText),
        OrderStatus::Repaid => (Msg::StatusRepaidTitle, Msg::StatusRepaidText),
    }
}

/// One choice of a server-driven form's `enum` field (KYC, bind account).
#[derive(Serialize, ToSchema)]
pub struct FormOption {
    pub name: String,
    /// The value to send back.
    #[serde(rename = "type")]
    pub value: String,
}

/// An instant as every API answer writes it: RFC 3339, UTC offset kept.
/// (Formatting fails only outside years 0–9999, which no record holds.)
pub fn timestamp(at: time::OffsetDateTime) -> String {
    at.format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
}

/// A page of a server-paged table: `page` (from 1) and `pageSize` (1–100)
/// as every console table sends them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    pub page: i64,
    pub page_size: i64,
}

impl Paging {
    pub const DEFAULT_PAGE_SIZE: i64 = 25;
    pub const MAX_PAGE_SIZE: i64 = 100;

    /// The page asked for; missing values take the defaults (page 1, 25
    /// rows), values out of range are refused.
    pub fn parse(page: Option<i64>, page_size: Option<i64>) -> Result<Paging, crate::error::ApiError> {
        let paging = Paging { page: page.unwrap_or(1), page_size: page_size.unwrap_or(Paging::DEFAULT_PAGE_SIZE) };
        let page_fits = (1..=i64::MAX / Paging::MAX_PAGE_SIZE).contains(&paging.page);
        if page_fits && (1..=Paging::MAX_PAGE_SIZE).contains(&paging.page_size) {
            Ok(paging)
        } else {
            Err(crate::error::ApiError::InvalidParameters)
        }
    }

    /// How many rows come before this page.
    pub fn offset(self) -> usize {
        usize::try_from((self.page - 1) * self.page_size).unwrap_or(usize::MAX)
    }

    pub fn limit(self) -> usize {
        usize::try_from(self.page_size).unwrap_or(0)
    }
}

/// One page of a table and how many rows match in all.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Paged<T> {
    pub rows: Vec<T>,
    /// Rows matching the filters, on every page.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

/// One cell of a CSV export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsvCell {
    /// Text that people or borrowers wrote, or any text not made here: a
    /// spreadsheet would run it as a formula if it began with = + - @ (or a
    /// tab or carriage return), so such a cell gets a leading apostrophe.
    Text(String),
    Integer(i64),
    /// Centavos, written in pesos with two decimals (`1234.50`).
    Amount(hiram_domain::money::Centavos),
}

impl From<String> for CsvCell {
    fn from(text: String) -> CsvCell {
        CsvCell::Text(text)
    }
}

impl From<&str> for CsvCell {
    fn from(text: &str) -> CsvCell {
        CsvCell::Text(text.to_owned())
    }
}

impl From<i64> for CsvCell {
    fn from(number: i64) -> CsvCell {
        CsvCell::Integer(number)
    }
}

impl CsvCell {
    fn write(&self, out: &mut String) {
        let text = match self {
            CsvCell::Text(text) if text.starts_with(['=', '+', '-', '@', '\t', '\r']) => format!("'{text}"),
            CsvCell::Text(text) => text.clone(),
            CsvCell::Integer(number) => number.to_string(),
            CsvCell::Amount(amount) => {
                let centavos = amount.get();
                let sign = if centavos < 0 { "-" } else { "" };
                format!("{sign}{}.{:02}", (centavos / 100).abs(), (centavos % 100).abs())
            }
        };
        if text.contains(['"', ',', '\r', '\n']) {
            out.push('"');
            out.push_str(&text.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(&text);
        }
    }
}

/// A CSV document (RFC 4180: commas, CRLF line ends, quotes doubled
/// inside quoted cells) with a header line.
pub fn csv_document(header: &[&str], rows: impl IntoIterator<Item = Vec<CsvCell>>) -> String {
    let mut out = String::new();
    let header = header.iter().map(|name| CsvCell::Text((*name).to_owned())).collect::<Vec<_>>();
    for row in std::iter::once(header).chain(rows) {
        for (index, cell) in row.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            cell.write(&mut out);
        }
        out.push_str("\r\n");
    }
    out
}

/// A CSV document as a download named `<name>-YYYYMMDD-HHMM.csv` (Manila
/// time). The byte-order mark lets spreadsheets read it as UTF-8 (₱, ñ);
/// nothing keeps a copy, as the rows are personal data.
pub fn csv_download(name: &str, at: time::OffsetDateTime, csv: String) -> axum::response::Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    let local = at.to_offset(hiram_domain::clock::MANILA);
    let file = format!(
        "{name}-{:04}{:02}{:02}-{:02}{:02}.csv",
        local.year(),
        u8::from(local.month()),
        local.day(),
        local.hour(),
        local.minute()
    );
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        format!("\u{feff}{csv}"),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hiram_domain::money::Centavos;

    #[test]
    fn csv_quotes_commas_quotes_and_line_breaks() {
        let csv = csv_document(
            &["name", "note"],
            [vec![CsvCell::from("Reyes, Ana"), CsvCell::from("said \"Friday\"\nthen hung up")]],
        );
        assert_eq!(csv, "name,note\r\n\"Reyes, Ana\",\"said \"\"Friday\"\"\nthen hung up\"\r\n");
    }

    #[test]
    fn text_a_spreadsheet_would_run_as_a_formula_gets_an_apostrophe() {
        let cells = ["=HYPERLINK(\"x\")", "+63", "-1", "@SUM(A1)", "\tx", "plain"].map(CsvCell::from).to_vec();
        let csv = csv_document(&["a", "b", "c", "d", "e", "f"], [cells]);
        assert_eq!(csv, "a,b,c,d,e,f\r\n\"'=HYPERLINK(\"\"x\"\")\",'+63,'-1,'@SUM(A1),'\tx,plain\r\n");
    }

    #[test]
    fn numbers_and_amounts_are_written_as_numbers() {
        let cells =
            vec![CsvCell::from(-5), CsvCell::Amount(Centavos::new(123_405)), CsvCell::Amount(Centavos::new(-7))];
        assert_eq!(csv_document(&["n", "a", "b"], [cells]), "n,a,b\r\n-5,1234.05,-0.07\r\n");
    }

    #[test]
    fn paging_defaults_to_the_first_page_of_25_and_refuses_more_than_100_rows() {
        assert_eq!(Paging::parse(None, None).unwrap(), Paging { page: 1, page_size: 25 });
        let third = Paging::parse(Some(3), Some(100)).unwrap();
        assert_eq!((third.offset(), third.limit()), (200, 100));
        assert!(Paging::parse(Some(0), None).is_err());
        assert!(Paging::parse(None, Some(101)).is_err());
        assert!(Paging::parse(None, Some(0)).is_err());
        assert!(Paging::parse(Some(i64::MAX), None).is_err());
    }
}
