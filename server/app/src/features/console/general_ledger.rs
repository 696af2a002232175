//! A lender's books in the console and the staff API (decision 068): the
//! trial balance of its loans at the end of a Manila day, every account of
//! the chart with its balance in the debit or the credit column; its
//! balance sheet at the end of a day; and its income statement for a run
//! of days.

use super::Staff;
use super::money::day;
use super::products::LenderOption;
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::services::general_ledger::{self, LenderIncomeStatement, LenderTrialBalance};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
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
fn closed_day(text: Option<&str>, today: Date) -> ApiResult<Date> {
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
