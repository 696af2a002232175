//! Money reports for finance: payouts that did not go out, and the daily
//! reconciliation of what each payment channel's statement says it
//! collected against what the ledger posted.

use super::Staff;
use super::listing::{Listing, PageParams};
use super::orders::{PayoutView, payout_view};
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::back_office::{ReconciliationRow, reconcile};
use hiram_domain::clock::{MANILA, end_of_manila_day};
use hiram_domain::payment::Channel;
use hiram_domain::staff::Permission;
use hiram_domain::store::FailedPayout;
use serde::{Deserialize, Serialize};
use time::{Date, Duration};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailedPayoutRow {
    pub order_id: i64,
    pub order_no: String,
    /// The order's status now: 170 while the daily run retries, 110 once refused.
    pub status: i64,
    /// Centavos.
    pub principal: i64,
    pub attempt: PayoutView,
}

fn failed_row(failed: FailedPayout) -> FailedPayoutRow {
    FailedPayoutRow {
        order_id: failed.order.id.0,
        order_no: failed.order.order_no,
        status: failed.order.status.code(),
        principal: failed.order.principal.get(),
        attempt: payout_view(failed.attempt.gateway, failed.attempt.result, failed.attempt.at),
    }
}

/// Payout attempts the gateway refused or could not be reached for, newest first.
#[utoipa::path(get, path = "/payouts/failed", operation_id = "staff_failed_payouts", tag = "staff", params(PageParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<FailedPayoutRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn failed_payouts(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<PageParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<FailedPayoutRow>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let page = params.checked()?;
    let found = state.store.failed_payouts(page).await?;
    Ok(ok(lang, Listing::of(found, page, failed_row)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodParams {
    /// First Manila day, `YYYY-MM-DD` (default: six days before `to`).
    #[param(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    pub from: Option<String>,
    /// Last Manila day (default: today). At most 31 days in all.
    #[param(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    pub to: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReconciliationLine {
    pub day: String,
    pub channel: String,
    pub statement_count: i64,
    /// Centavos.
    pub statement_amount: i64,
    pub posted_count: i64,
    pub posted_amount: i64,
    /// Statement minus ledger: money collected and not posted when positive.
    pub difference: i64,
    pub balanced: bool,
    /// Whether the channel's statement is kept by this system (the payment
    /// gateway). Reported payments and account debits are checked against
    /// statements staff hold, so only their postings show here.
    pub statement_kept: bool,
}

/// The store names where each posting came from: a pay-code channel's key
/// (`gcash`) for money the gateway collected, `reported:<key>` for a
/// payment a borrower reported and staff matched, `account_debit` for the
/// old repayment store's debits, `manual` for anything else. Only the
/// gateway's channels have a statement here.
fn source_name(key: &str) -> String {
    if let Some(channel) = Channel::parse(key) {
        return channel.name().to_owned();
    }
    if let Some(channel) = key.strip_prefix("reported:").and_then(Channel::parse) {
        return format!("{} (reported)", channel.name());
    }
    match key {
        "account_debit" => "Linked account debit".to_owned(),
        "manual" => "Other postings".to_owned(),
        other => other.to_owned(),
    }
}

fn line(row: ReconciliationRow) -> ReconciliationLine {
    let statement_kept = Channel::parse(&row.channel).is_some();
    ReconciliationLine {
        day: row.day.to_string(),
        channel: source_name(&row.channel),
        statement_count: row.statement_count,
        statement_amount: row.statement_amount.get(),
        posted_count: row.posted_count,
        posted_amount: row.posted_amount.get(),
        difference: row.difference(),
        balanced: row.balanced(),
        statement_kept,
    }
}

pub(super) fn day(text: Option<&str>, default: Date) -> ApiResult<Date> {
    match text.filter(|text| !text.is_empty()) {
        Some(text) => hiram_domain::kyc::parse_day(text).ok_or(ApiError::InvalidParameters),
        None => Ok(default),
    }
}

/// Per Manila day and channel: the statement's count and sum against the
/// ledger's, newest day first.
#[utoipa::path(get, path = "/reconciliation", operation_id = "staff_reconciliation", tag = "staff", params(PeriodParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<ReconciliationLine>>), (status = 400), (status = 401), (status = 403)))]
pub async fn reconciliation(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<PeriodParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<ReconciliationLine>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let to = day(params.to.as_deref(), state.today())?;
    let from = day(params.from.as_deref(), to - Duration::days(6))?;
    if from > to || (to - from).whole_days() > 30 {
        return Err(ApiError::InvalidParameters);
    }
    let start = from.midnight().assume_offset(MANILA);
    let end = end_of_manila_day(to);
    let statement = state.store.statement_payments(start, end).await?;
    let posted = state.store.posted_repayments(start, end).await?;
    Ok(ok(lang, reconcile(&statement, &posted).into_iter().map(line).collect()))
}
