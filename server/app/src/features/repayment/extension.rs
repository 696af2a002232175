//! Extending a loan (spec §2 "Extension (delay) repayment page"; §7
//! `delay-detail`, `loan-play-delay-detail`, `/orbital/fail`) and the two
//! read-outs the repayment pages share: the plan (`loan-plan-info`) and the
//! money trail of an order (`loan-trail`). Paying the extension goes
//! through `generate-vcode` with `isDelay=1`; the callback applies it
//! (`services::money_in::post_payment`).

use super::{ChannelItem, DelayInfo, PlanItem, RepaymentParams, channel_list, plan_items};
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{Currency, CurrentBorrower, Params};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use crate::views::DetailRow;
use axum::Json;
use axum::extract::State;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::ledger::{self, EntryKind};
use hiram_domain::money::{Centavos, format_amount};
use hiram_domain::order::{Order, OrderId};
use hiram_domain::product::Product;
use serde::Serialize;
use utoipa::ToSchema;

/// What the extension page shows.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtensionInfo {
    /// The page title and what the borrower pays now (centavos).
    pub delay_info: DelayInfo,
    pub product_name: String,
    pub product_logo: String,
    /// The next payment date today.
    pub repay_date: String,
    /// The next payment date once extended.
    pub next_repay_date: String,
    pub extension_days: i64,
    pub detail: Vec<DetailRow>,
    /// The plan as it will be after the extension.
    pub repay_plan: Vec<PlanItem>,
    pub repay_list: Vec<ChannelItem>,
    pub notice_msg: String,
}

async fn owned_order(state: &AppState, borrower: BorrowerId, params: &RepaymentParams) -> ApiResult<(Order, Product)> {
    let order = state.store.order_of(borrower, OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    if params.product_id.is_some_and(|product| product != order.product_id.0) {
        return Err(ApiError::NotFound);
    }
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    Ok((order, product))
}

/// What extending the loan costs now and where it moves the due dates; 409
/// when the loan cannot be extended.
#[utoipa::path(post, path = "/v3/loan-details/delay-detail", tag = "payments", params(RepaymentParams),
    responses((status = 200, body = Envelope<ExtensionInfo>), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn extension_info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
    Params(params): Params<RepaymentParams>,
) -> ApiResult<Json<Envelope<ExtensionInfo>>> {
    let (order, product) = owned_order(&state, borrower, &params).await?;
    let balances = crate::services::money_in::balances(&state, order.id).await?;
    let today = state.today();
    let (quote, due) =
        hiram_domain::repayment::extension_offer(&order, &product, &balances, today).map_err(super::not_extendable)?;
    // The plan as it will stand: charges paid, every date a period later.
    let mut extended = order.clone();
    extended.extension_days += quote.added_days;
    let mut paid_up = balances.clone();
    if quote.charges_due.get() > 0 {
        let settle = ledger::repayment(quote.charges_due, &balances.dues(), &ledger::DEFAULT_ALLOCATION)
            .map_err(|error| ApiError::Internal(error.to_string()))?;
        paid_up.apply(&settle);
    }
    let plan_after = hiram_domain::repayment::plan_status(&extended, &product, &paid_up, today);
    let next_due = hiram_domain::repayment::next_unpaid_due(&plan_after).unwrap_or(due);
    let new_last_due = order.due_date.map(|last| last + time::Duration::days(quote.added_days));
    let money = |amount: Centavos| format_amount(amount, symbol);
    let row = |text: Msg, value: String| DetailRow { text: text.text(lang).to_owned(), value };
    let detail = vec![
        row(Msg::RowOrderNumber, order.order_no.clone()),
        row(Msg::RowChargesDue, money(quote.charges_due)),
        row(Msg::RowExtensionFee, money(quote.fee)),
        row(Msg::RowOwedNow, money(quote.amount)),
        row(Msg::RowPrincipalAfter, money(balances.dues().principal)),
        row(Msg::RowNewDueDate, new_last_due.map(|date| date.to_string()).unwrap_or_default()),
    ];
    Ok(ok(
        lang,
        ExtensionInfo {
            delay_info: DelayInfo {
                title: Msg::ExtensionTitle.text(lang).replace("{n}", &quote.added_days.to_string()),
                delay_amount: quote.amount.get(),
            },
            product_name: product.name.clone(),
            product_logo: product.logo_url.clone(),
            repay_date: due.to_string(),
            next_repay_date: next_due.to_string(),
            extension_days: quote.added_days,
            detail,
            repay_plan: plan_items(&plan_after, today, lang),
            repay_list: channel_list(&state),
            notice_msg: Msg::KindTips.text(lang).to_owned(),
        },
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanInfo {
    /// Centavos owed now.
    pub repay_amount: i64,
    /// The first unpaid due date, empty when all is paid.
    pub repay_date: String,
    pub repay_plan: Vec<PlanItem>,
}

/// The repayment plan of a disbursed loan, with what is paid.
#[utoipa::path(post, path = "/v3/installment/loan-plan-info", tag = "payments", params(RepaymentParams),
    responses((status = 200, body = Envelope<PlanInfo>), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn plan_info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<RepaymentParams>,
) -> ApiResult<Json<Envelope<PlanInfo>>> {
    let (order, product) = owned_order(&state, borrower, &params).await?;
    if order.disbursed_at.is_none() {
        return Err(ApiError::Conflict { message: Msg::NothingToRepay, data: serde_json::Value::Null });
    }
    let balances = crate::services::money_in::balances(&state, order.id).await?;
    let today = state.today();
    let plan = hiram_domain::repayment::plan_status(&order, &product, &balances, today);
    Ok(ok(
        lang,
        PlanInfo {
            repay_amount: balances.dues().total().get().max(0),
            repay_date: hiram_domain::repayment::next_unpaid_due(&plan)
                .map(|date| date.to_string())
                .unwrap_or_default(),
            repay_plan: plan_items(&plan, today, lang),
        },
    ))
}

#[derive(Serialize, ToSchema)]
pub struct TrailItem {
    pub title: String,
    /// Centavos moved.
    pub amount: i64,
    /// When it was recorded, RFC 3339.
    pub time: String,
}

#[derive(Serialize, ToSchema)]
pub struct TrailInfo {
    /// Oldest first.
    pub trail: Vec<TrailItem>,
}

/// Every movement of money on the borrower's loan, from its ledger: the
/// loan sent, interest, late charges, extension fees, payments and
/// corrections.
#[utoipa::path(post, path = "/v3/installment/loan-trail", tag = "payments", params(RepaymentParams),
    responses((status = 200, body = Envelope<TrailInfo>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn money_trail(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<RepaymentParams>,
) -> ApiResult<Json<Envelope<TrailInfo>>> {
    let (order, _) = owned_order(&state, borrower, &params).await?;
    let trail = state
        .store
        .ledger_entries(order.id)
        .await?
        .into_iter()
        .map(|stored| {
            let title = match stored.entry.kind {
                EntryKind::Disbursement => Msg::TrailDisbursement,
                EntryKind::Interest => Msg::TrailInterest,
                EntryKind::Penalty => Msg::TrailPenalty,
                EntryKind::ExtensionFee => Msg::TrailExtensionFee,
                EntryKind::Repayment => Msg::TrailRepayment,
                EntryKind::Reversal | EntryKind::Adjustment => Msg::TrailReversal,
            };
            TrailItem {
                title: title.text(lang).to_owned(),
                amount: stored.entry.amount().get(),
                time: crate::views::timestamp(stored.created_at),
            }
        })
        .collect();
    Ok(ok(lang, TrailInfo { trail }))
}
