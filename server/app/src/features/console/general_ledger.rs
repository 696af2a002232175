//! A lender's books in the console and the staff API (decisions 068, 069):
//! the trial balance of its loans at the end of a Manila day, every account
//! of the chart with its balance in the debit or the credit column; its
//! balance sheet at the end of a day; its income statement for a run of
//! days; the closes of its books, which finance makes; and its portfolio
//! by days past due with portfolio at risk and roll rates.

use super::Staff;
use super::money::day;
use super::products::LenderOption;
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::i18n::Msg;
use crate::services::general_ledger::{self, Closer, Closing, LenderAging, LenderIncomeStatement, LenderTrialBalance};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::general_ledger::aging::{AgingLine, Share};
use hiram_domain::general_ledger::close::{BooksClose, ClosePeriod, CloseRefused};
use hiram_domain::general_ledger::{BalanceSheet, StatementLine};
use hiram_domain::product::LenderId;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TrialBalanceParams {
    pub lender_id: i64,
    /// The Manila day whose end the balances stand at, `YYYY-MM-DD`
    /// (default: today; never a day still to come).
    #[param(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    pub date: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrialBalanceLineView {
    /// The account's code in the chart (`1200`).
    pub code: String,
    pub name: String,
    /// `asset`, `contra_asset`, `liability`, `equity`, `income` or `expense`.
    pub kind: String,
    /// Centavos; one of `debit` and `credit` is 0.
    pub debit: i64,
    pub credit: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrialBalanceView {
    pub lender_id: i64,
    pub lender_name: String,
    /// `YYYY-MM-DD`: balances at the end of this Manila day.
    pub date: String,
    /// Every account of the chart, in its order.
    pub lines: Vec<TrialBalanceLineView>,
    /// Centavos; always equal (a book that does not balance is an error).
    pub total_debit: i64,
    pub total_credit: i64,
}

fn view(books: LenderTrialBalance) -> TrialBalanceView {
    TrialBalanceView {
        lender_id: books.lender.id.0,
        lender_name: books.lender.name,
        date: books.day.to_string(),
        lines: books
            .trial
            .lines
            .into_iter()
            .map(|line| TrialBalanceLineView {
                code: line.code,
                name: line.name,
                kind: line.kind.key().to_owned(),
                debit: line.debit.get(),
                credit: line.credit.get(),
            })
            .collect(),
        total_debit: books.trial.total_debit.get(),
        total_credit: books.trial.total_credit.get(),
    }
}

/// A lender's trial balance at the end of a day, from its loans' ledger.
#[utoipa::path(get, path = "/general-ledger/trial-balance", operation_id = "staff_trial_balance", tag = "staff",
    params(TrialBalanceParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<TrialBalanceView>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn trial_balance(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<TrialBalanceParams>, ApiError>,
) -> ApiResult<Json<Envelope<TrialBalanceView>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    Ok(ok(lang, view(books_at(&state, &params).await?)))
}

/// A day of the books as asked: `today` when none is, and never a day still
/// to come (its books are not written yet).
pub(super) fn closed_day(text: Option<&str>, today: Date) -> ApiResult<Date> {
    let asked = day(text, today)?;
    if asked > today { Err(ApiError::InvalidParameters) } else { Ok(asked) }
}

/// The lender's trial balance at the end of the day the parameters ask.
async fn books_at(state: &AppState, params: &TrialBalanceParams) -> ApiResult<LenderTrialBalance> {
    let day = closed_day(params.date.as_deref(), state.today())?;
    let books = general_ledger::trial_balance(state, LenderId(params.lender_id), day).await?;
    books.ok_or(ApiError::NotFound)
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct IncomeStatementParams {
    pub lender_id: i64,
    /// First Manila day, `YYYY-MM-DD` (default: the first of `to`'s month).
    #[param(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    pub from: Option<String>,
    /// Last Manila day, included (default: today; never a day still to come).
    #[param(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    pub to: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementLineView {
    pub code: String,
    pub name: String,
    /// Centavos earned (income) or spent (expense) in the period; negative
    /// when the period took back more than it added.
    pub amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncomeStatementView {
    pub lender_id: i64,
    pub lender_name: String,
    /// `YYYY-MM-DD`, both days included.
    pub from: String,
    pub to: String,
    pub income: Vec<StatementLineView>,
    pub expenses: Vec<StatementLineView>,
    /// Centavos.
    pub total_income: i64,
    pub total_expenses: i64,
    /// Income less expenses; negative for a loss.
    pub net_income: i64,
}

fn lines(lines: Vec<StatementLine>) -> Vec<StatementLineView> {
    lines
        .into_iter()
        .map(|line| StatementLineView { code: line.code, name: line.name, amount: line.amount.get() })
        .collect()
}

fn statement_view(books: LenderIncomeStatement) -> IncomeStatementView {
    let statement = books.statement;
    IncomeStatementView {
        lender_id: books.lender.id.0,
        lender_name: books.lender.name,
        from: books.from.to_string(),
        to: books.to.to_string(),
        income: lines(statement.income),
        expenses: lines(statement.expenses),
        total_income: statement.total_income.get(),
        total_expenses: statement.total_expenses.get(),
        net_income: statement.net_income.get(),
    }
}

/// What a lender earned and spent over a run of Manila days, from its
/// loans' ledger.
#[utoipa::path(get, path = "/general-ledger/income-statement", operation_id = "staff_income_statement", tag = "staff",
    params(IncomeStatementParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<IncomeStatementView>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn income_statement(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<IncomeStatementParams>, ApiError>,
) -> ApiResult<Json<Envelope<IncomeStatementView>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let to = closed_day(params.to.as_deref(), state.today())?;
    let from = day(params.from.as_deref(), to.replace_day(1).unwrap_or(to))?;
    if from > to {
        return Err(ApiError::InvalidParameters);
    }
    let books = general_ledger::income_statement(&state, LenderId(params.lender_id), from, to).await?;
    Ok(ok(lang, statement_view(books.ok_or(ApiError::NotFound)?)))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceSheetView {
    pub lender_id: i64,
    pub lender_name: String,
    /// `YYYY-MM-DD`: the position at the end of this Manila day.
    pub date: String,
    /// Each asset account, and the allowance taking from them (negative).
    pub assets: Vec<StatementLineView>,
    pub liabilities: Vec<StatementLineView>,
    pub equity: Vec<StatementLineView>,
    /// Centavos; assets always equal liabilities and equity.
    pub total_assets: i64,
    pub total_liabilities: i64,
    /// The equity accounts and the earnings to date.
    pub total_equity: i64,
    /// Income less expenses to date, not yet closed into equity.
    pub earnings: i64,
}

/// A lender's position at the end of a day: assets, liabilities and
/// equity, from its loans' ledger.
#[utoipa::path(get, path = "/general-ledger/balance-sheet", operation_id = "staff_balance_sheet", tag = "staff",
    params(TrialBalanceParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<BalanceSheetView>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn balance_sheet(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<TrialBalanceParams>, ApiError>,
) -> ApiResult<Json<Envelope<BalanceSheetView>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let books = books_at(&state, &params).await?;
    let sheet = BalanceSheet::of(&books.trial);
    Ok(ok(
        lang,
        BalanceSheetView {
            lender_id: books.lender.id.0,
            lender_name: books.lender.name,
            date: books.day.to_string(),
            assets: lines(sheet.assets),
            liabilities: lines(sheet.liabilities),
            equity: lines(sheet.equity),
            total_assets: sheet.total_assets.get(),
            total_liabilities: sheet.total_liabilities.get(),
            total_equity: sheet.total_equity.get(),
            earnings: sheet.earnings.get(),
        },
    ))
}

/// The lenders whose books there are, for the picker.
#[utoipa::path(get, path = "/general-ledger/lenders", operation_id = "staff_book_lenders", tag = "staff",
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<LenderOption>>), (status = 401), (status = 403)))]
pub async fn lenders(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<LenderOption>>>> {
    staff.require(Permission::ViewMoney)?;
    let lenders = state.store.lenders().await?;
    Ok(ok(lang, lenders.into_iter().map(LenderOption::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ClosesParams {
    pub lender_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BooksCloseView {
    /// `YYYY-MM-DD`: every day up to this one is closed.
    pub through: String,
    /// `day` or `month`: what finance asked to close.
    pub period: String,
    /// The staff member who closed them, or the finance tool's token.
    pub closed_by: Option<i64>,
    pub closed_by_token: Option<i64>,
    /// RFC 3339.
    pub closed_at: String,
    pub note: Option<String>,
}

impl From<BooksClose> for BooksCloseView {
    fn from(close: BooksClose) -> BooksCloseView {
        BooksCloseView {
            through: close.through.to_string(),
            period: close.period.key().to_owned(),
            closed_by: close.closed_by,
            closed_by_token: close.closed_by_token,
            closed_at: crate::views::timestamp(close.closed_at),
            note: close.note,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BooksClosesView {
    pub lender_id: i64,
    /// `YYYY-MM-DD`: the last day closed; absent while none is.
    pub closed_through: Option<String>,
    /// The latest closes, the latest first (at most 24).
    pub closes: Vec<BooksCloseView>,
}

/// The closes shown: two years of month closes, or the last weeks of days.
const CLOSES_SHOWN: u32 = 24;

/// The closes of a lender's books: through which day they are closed, who
/// closed them, and when.
#[utoipa::path(get, path = "/general-ledger/closes", operation_id = "staff_books_closes", tag = "staff",
    params(ClosesParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<BooksClosesView>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn closes(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ClosesParams>, ApiError>,
) -> ApiResult<Json<Envelope<BooksClosesView>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let closes = state.store.books_closes(lender.id, CLOSES_SHOWN).await?;
    let closed_through = closes.first().map(|close| close.through.to_string());
    Ok(ok(
        lang,
        BooksClosesView {
            lender_id: lender.id.0,
            closed_through,
            closes: closes.into_iter().map(BooksCloseView::from).collect(),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CloseParams {
    pub lender_id: i64,
    /// `day` closes the day `date`; `month` closes every day to the end of
    /// `date`'s month.
    #[param(pattern = "^(day|month)$")]
    pub period: String,
    /// `YYYY-MM-DD`: a Manila day already over (for a month, its last day).
    #[param(pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub date: String,
    /// Why, in finance's words; kept with the close.
    #[param(max_length = 500)]
    pub note: Option<String>,
    /// Closes over lines of the providers' statements still unmatched
    /// (decision 074); the note then says why, in 5 characters or more.
    pub override_unmatched: Option<bool>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedView {
    pub lender_id: i64,
    pub close: BooksCloseView,
    /// The books were closed through that day already; nothing changed.
    pub repeated: bool,
}

/// Closes a lender's books through a day, or through a month's last day:
/// from then on nothing posts into those days. Closing through the day they
/// are closed through already answers that close and changes nothing.
#[utoipa::path(post, path = "/general-ledger/close", operation_id = "staff_books_close", tag = "staff",
    params(CloseParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<ClosedView>), (status = 400, description = "The period has not ended, the books are closed through a later day, or the note is too long; nothing changed"), (status = 401), (status = 403), (status = 404)))]
pub async fn close(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<CloseParams>, ApiError>,
) -> ApiResult<Json<Envelope<ClosedView>>> {
    staff.require(Permission::CloseBooks)?;
    let Params(params) = params?;
    let period = ClosePeriod::parse(&params.period).ok_or(ApiError::InvalidParameters)?;
    let asked = day(Some(&params.date), state.today())?;
    let note = params.note.map(|note| note.trim().to_owned()).filter(|note| !note.is_empty());
    let action = staff.act(&state).await?;
    let by = Closer { member: staff.staff_id(), token: staff.api_token_id() };
    let overriding = params.override_unmatched.unwrap_or(false);
    let closing =
        general_ledger::close_books(&action.state, LenderId(params.lender_id), period, asked, by, note, overriding)
            .await?
            .ok_or(ApiError::NotFound)?
            .map_err(close_refused)?;
    let Closing { lender, close, repeated, unmatched } = closing;
    let view = ClosedView { lender_id: lender.id.0, close: BooksCloseView::from(close), repeated };
    if !repeated {
        let mut after = serde_json::to_value(&view.close).unwrap_or(serde_json::Value::Null);
        if unmatched > 0 {
            after["unmatchedStatementLines"] = serde_json::json!(unmatched);
        }
        staff.audit(&action, "books.close", &format!("lender:{}", lender.id.0), serde_json::Value::Null, after).await?;
        action.commit().await?;
        tracing::info!(lender.id = lender.id.0, books.closed_through = %view.close.through, "books closed");
    }
    Ok(ok(lang, view))
}

fn close_refused(refused: CloseRefused) -> ApiError {
    match refused {
        CloseRefused::NotOver => super::refused_with(Msg::BooksPeriodNotOver, "date"),
        CloseRefused::ClosedLater(through) => ApiError::Rejected {
            message: Msg::BooksClosedLater,
            detail: Some(through.to_string()),
            data: crate::error::FieldRefused::data("date"),
        },
        CloseRefused::NoteTooLong => super::refused_with(Msg::BooksNoteTooLong, "note"),
        CloseRefused::Unmatched(open) => ApiError::Rejected {
            message: Msg::BooksStatementsUnmatched,
            detail: Some(open.to_string()),
            data: crate::error::FieldRefused::data("overrideUnmatched"),
        },
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgingLineView {
    /// `current`, `1-30`, `31-60`, `61-90`, `91-180` or `181+` days past due.
    pub bucket: String,
    pub loans: i64,
    /// Centavos of principal the bucket's loans still owe.
    pub principal: i64,
}

impl From<AgingLine> for AgingLineView {
    fn from(line: AgingLine) -> AgingLineView {
        AgingLineView { bucket: line.bucket.key().to_owned(), loans: line.loans, principal: line.principal.get() }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioShareView {
    /// Centavos: the part and the whole it is a share of.
    pub part: i64,
    pub whole: i64,
    /// Hundredths of a percent, rounded half up; absent when the whole is 0.
    pub basis_points: Option<i64>,
}

impl From<Share> for PortfolioShareView {
    fn from(share: Share) -> PortfolioShareView {
        PortfolioShareView { part: share.part.get(), whole: share.whole.get(), basis_points: share.basis_points() }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RollRateView {
    pub from: String,
    pub to: String,
    /// The principal in `to` on the day, of the principal in `from` a month before.
    pub share: PortfolioShareView,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgingView {
    pub lender_id: i64,
    pub lender_name: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Whether the daily run kept that day's figures; all zero when not.
    pub kept: bool,
    /// Every bucket, in order of days past due.
    pub lines: Vec<AgingLineView>,
    pub total_loans: i64,
    /// Centavos of principal the open loans still owe.
    pub total_principal: i64,
    /// Portfolio at risk: the principal of loans more than 30 (90) days
    /// past due, of all the principal owed.
    pub par30: PortfolioShareView,
    pub par90: PortfolioShareView,
    /// `YYYY-MM-DD`: the day a month before, the roll rates' start.
    pub month_before: String,
    pub roll_rates: Vec<RollRateView>,
}

fn aging_view(aging: LenderAging) -> AgingView {
    let LenderAging { lender, day, kept, aging, month_before, aging_month_before } = aging;
    AgingView {
        lender_id: lender.id.0,
        lender_name: lender.name,
        date: day.to_string(),
        kept,
        total_loans: aging.lines.iter().map(|line| line.loans).sum(),
        total_principal: aging.principal().get(),
        par30: aging.at_risk(30).into(),
        par90: aging.at_risk(90).into(),
        month_before: month_before.to_string(),
        roll_rates: aging
            .rolled_from(&aging_month_before)
            .into_iter()
            .map(|(from, to, share)| RollRateView {
                from: from.key().to_owned(),
                to: to.key().to_owned(),
                share: share.into(),
            })
            .collect(),
        lines: aging.lines.into_iter().map(AgingLineView::from).collect(),
    }
}

/// A lender's open loans by days past due at a day, as the daily run kept
/// them: portfolio at risk over 30 and 90 days, and the roll rates from a
/// month before.
#[utoipa::path(get, path = "/general-ledger/aging", operation_id = "staff_portfolio_aging", tag = "staff",
    params(TrialBalanceParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<AgingView>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn aging(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<TrialBalanceParams>, ApiError>,
) -> ApiResult<Json<Envelope<AgingView>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let day = closed_day(params.date.as_deref(), state.today())?;
    let aging = general_ledger::portfolio_aging(&state, LenderId(params.lender_id), day).await?;
    Ok(ok(lang, aging_view(aging.ok_or(ApiError::NotFound)?)))
}
