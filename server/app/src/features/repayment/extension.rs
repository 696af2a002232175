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
use crate::services::documents::{self, Document, Parties};
use crate::state::AppState;
use crate::views::DetailRow;
use axum::Json;
use axum::extract::State;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::ledger::EntryKind;
use hiram_domain::money::{Centavos, format_amount};
use hiram_domain::order::{Order, OrderId};
use hiram_domain::product::Product;
use hiram_domain::servicing::{NoExtension, RenewalOffer};
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
    /// The renewal's disclosure statement (an extension is a renewal,
    /// decision 056): shown before the borrower pays, and stored with the
    /// pay code that pays it.
    pub disclosure: Document,
}

/// An extension priced for today with its disclosure.
pub struct Renewal {
    pub offer: RenewalOffer,
    pub disclosure: Document,
    /// The first unpaid due date now.
    pub due: time::Date,
}

/// The extension the caller's loan can take today, priced at what is then
/// due, held to the rule set in force, with the disclosure the borrower
/// sees before paying it; 409 when it cannot be extended.
pub async fn renewal(state: &AppState, borrower: BorrowerId, order: &Order, lang: Lang) -> ApiResult<Renewal> {
    if !order.status.is_repayable() {
        return Err(super::not_extendable(NoExtension::NotOffered));
    }
    let standing = crate::services::loans::standing(state, order.id).await?.ok_or(ApiError::NotFound)?;
    let rule_sets = crate::services::loans::rule_sets(state).await?;
    let offer = standing.account.extension_offer(standing.today, &rule_sets).map_err(super::not_extendable)?;
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    let lender = state.store.lender(product.lender_id).await?.ok_or(ApiError::NotFound)?;
    let borrower = state.store.borrower(borrower).await?.ok_or(ApiError::SessionRequired)?;
    let parties = Parties {
        lender: &lender,
        product: &product,
        borrower_name: borrower.full_name.as_deref().unwrap_or_default(),
        borrower_phone: &borrower.phone.display(),
        order_no: &order.order_no,
        start: standing.account.start,
    };
    let disclosure = documents::renewal_disclosure(&offer, &parties, lang);
    let due = standing.next_due().unwrap_or(standing.today);
    Ok(Renewal { offer, disclosure, due })
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
    let renewal = renewal(&state, borrower, &order, lang).await?;
    let offer = &renewal.offer;
    let today = state.today();
    // The plan as it will stand: what is due paid, every date moved.
    let mut extended = crate::services::loans::account(&state, order.id).await?.ok_or(ApiError::NotFound)?;
    extended.extend(offer, offer.amount);
    let plan_after = extended.plan(today);
    let next_due = plan_after.iter().find(|line| !line.settled).map_or(renewal.due, |line| line.due_date);
    let new_last_due = offer.new_due_dates.last().map(|(_, date)| *date);
    let money = |amount: Centavos| format_amount(amount, symbol);
    let row = |text: Msg, value: String| DetailRow { text: text.text(lang).to_owned(), value };
    let detail = vec![
        row(Msg::RowOrderNumber, order.order_no.clone()),
        row(Msg::RowChargesDue, money(offer.charges_due)),
        row(Msg::RowExtensionFee, money(offer.fee)),
        row(Msg::RowOwedNow, money(offer.amount)),
        row(Msg::RowPrincipalAfter, money(offer.principal)),
        row(Msg::RowNewDueDate, new_last_due.map(|date| date.to_string()).unwrap_or_default()),
        row(Msg::RowEffectiveRate, crate::views::percent(offer.proof.eir.basis_points())),
        row(Msg::RowRuleSet, offer.proof.rule_set.source.clone()),
    ];
    Ok(ok(
        lang,
        ExtensionInfo {
            delay_info: DelayInfo {
                title: Msg::ExtensionTitle.text(lang).replace("{n}", &offer.added_days.to_string()),
                delay_amount: offer.amount.get(),
            },
            product_name: product.name.clone(),
            product_logo: product.logo_url.clone(),
            repay_date: renewal.due.to_string(),
            next_repay_date: next_due.to_string(),
            extension_days: offer.added_days,
            detail,
            repay_plan: plan_items(&plan_after, today, lang),
            repay_list: channel_list(&state),
            notice_msg: Msg::KindTips.text(lang).to_owned(),
            disclosure: renewal.disclosure,
        },
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanInfo {
    /// Centavos: what is due now (what has fallen due, or the next
    /// instalment on its day); the whole payoff is the repayment page's.
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
    let (order, _) = owned_order(&state, borrower, &params).await?;
    let Some(standing) = crate::services::loans::standing(&state, order.id).await? else {
        return Err(ApiError::Conflict { message: Msg::NothingToRepay, data: serde_json::Value::Null });
    };
    Ok(ok(
        lang,
        PlanInfo {
            repay_amount: standing.amount_due().get(),
            repay_date: standing.next_due().map(|date| date.to_string()).unwrap_or_default(),
            repay_plan: plan_items(&standing.plan(), standing.today, lang),
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
/// loan sent, interest, late charges, extension fees, payments, refunds and
/// corrections (a write-off is the lender's accounting, not the borrower's
/// money, and is not among them).
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
        .filter_map(|stored| {
            let title = match stored.entry.kind {
                EntryKind::Disbursement => Msg::TrailDisbursement,
                EntryKind::Interest => Msg::TrailInterest,
                EntryKind::Penalty => Msg::TrailPenalty,
                EntryKind::ExtensionFee => Msg::TrailExtensionFee,
                EntryKind::Repayment => Msg::TrailRepayment,
                EntryKind::Refund => Msg::TrailRefund,
                EntryKind::Reversal | EntryKind::Adjustment | EntryKind::Restatement => Msg::TrailReversal,
                // The lender's own accounting: the borrower's debt is
                // unchanged, and their trail says nothing moved.
                EntryKind::WriteOff => return None,
            };
            Some(TrailItem {
                title: title.text(lang).to_owned(),
                amount: stored.entry.amount().get(),
                time: crate::views::timestamp(stored.created_at),
            })
        })
        .collect();
    Ok(ok(lang, TrailInfo { trail }))
}
