//! The unposted-payment queue for staff: payments borrowers reported with a
//! receipt reference. Matching posts the money to the order (once, keyed by
//! the queue entry); rejecting closes the entry with a note. Either needs
//! the entry still pending.

use super::Staff;
use super::listing::{Listing, page_request};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::fields::InvalidField;
use hiram_domain::order::OrderId;
use hiram_domain::payment::{ReceivedPayment, UnpostedPayment, UnpostedStatus};
use hiram_domain::staff::Permission;
use hiram_domain::store::{IdempotencyKey, Posting};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct QueueParams {
    /// `pending` (the default), `matched` or `rejected`; `all` for every one.
    #[param(pattern = "^(pending|matched|rejected|all)$")]
    pub status: Option<String>,
    /// From 1 (the default).
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
    /// 1–100, default 25.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedPayment {
    pub id: i64,
    pub borrower_id: i64,
    pub order_id: i64,
    pub channel: String,
    pub reference: String,
    /// Centavos.
    pub amount: i64,
    pub status: String,
    pub note: String,
    pub created_at: String,
}

impl From<UnpostedPayment> for QueuedPayment {
    fn from(payment: UnpostedPayment) -> QueuedPayment {
        QueuedPayment {
            id: payment.id,
            borrower_id: payment.borrower_id.0,
            order_id: payment.order_id.0,
            channel: payment.channel.name().to_owned(),
            reference: payment.reference,
            amount: payment.amount.get(),
            status: payment.status.key().to_owned(),
            note: payment.note,
            created_at: crate::views::timestamp(payment.created_at),
        }
    }
}

/// The queue, oldest first, a page at a time.
#[utoipa::path(get, path = "/unposted-payments", tag = "staff", params(QueueParams),
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<QueuedPayment>>), (status = 400), (status = 401), (status = 403)))]
pub async fn queue(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<QueueParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<QueuedPayment>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let status = match params.status.as_deref().unwrap_or("pending") {
        "all" => None,
        key => Some(UnpostedStatus::parse(key).ok_or(ApiError::InvalidParameters)?),
    };
    let paging = page_request(params.page, params.page_size)?;
    let payments = state.store.unposted_payments(status, paging).await?;
    Ok(ok(lang, Listing::of(payments, paging, QueuedPayment::from)))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ResolveParams {
    pub id: i64,
    /// Matching: the order the money is for (the reported one, or the one
    /// staff found it belongs to).
    pub order_id: Option<i64>,
    /// What staff found in the channel's statement.
    #[serde(default)]
    pub note: String,
}

async fn pending(state: &AppState, id: i64) -> ApiResult<UnpostedPayment> {
    let payment = state.store.unposted_payment(id).await?.ok_or(ApiError::NotFound)?;
    if payment.status != UnpostedStatus::Pending {
        return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: serde_json::Value::Null });
    }
    Ok(payment)
}

fn checked_note(note: &str) -> ApiResult<&str> {
    let note = note.trim();
    if note.chars().count() > 500 { Err(super::refused(InvalidField("note"))) } else { Ok(note) }
}

/// Posts a queued payment to an order with money owed. A report whose
/// reference a payment provider has posted since is refused (409,
/// `data.reason` `already_credited`): finance rejects it instead.
#[utoipa::path(post, path = "/unposted-payments/match", tag = "staff", params(ResolveParams),
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn match_payment(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ResolveParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::MatchPayments)?;
    let Params(params) = params?;
    let note = checked_note(&params.note)?;
    // The posting with its receipt, the queue's resolution and the audit
    // entry: one transaction (decision 063).
    let action = staff.act(&state).await?;
    let payment = pending(&action.state, params.id).await?;
    // The provider's own notice of the same transaction may have come after
    // the borrower's report: the money is in already.
    if let Some(credited) = crate::services::money_in::credited_by_provider(&action.state, &payment.reference).await? {
        return Err(ApiError::Conflict {
            message: Msg::UnpostedAlreadyCredited,
            data: serde_json::json!({ "reason": "already_credited", "orderId": credited.0 }),
        });
    }
    let order_id = OrderId(params.order_id.unwrap_or(payment.order_id.0));
    let order = action.state.store.order(order_id).await?.ok_or(ApiError::NotFound)?;
    if !order.status.is_repayable() {
        return Err(ApiError::Conflict { message: Msg::NothingToRepay, data: serde_json::Value::Null });
    }
    let key = IdempotencyKey {
        key: format!("unposted:{}", payment.id),
        fingerprint: Sha256::digest(format!("{}:{}:{}", payment.id, order.id.0, payment.amount.get()).as_bytes())
            .into(),
    };
    let received = ReceivedPayment {
        order_id: order.id,
        channel: payment.channel,
        amount: payment.amount,
        extension_fee: None,
        pay_code: None,
    };
    let (posting, receipt) = crate::services::money_in::post_payment_in(&action.state, &received, &key).await?;
    if matches!(posting, Posting::KeyReused) {
        return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: serde_json::Value::Null });
    }
    action
        .state
        .store
        .resolve_unposted(payment.id, UnpostedStatus::Matched, order.id, note, action.state.now())
        .await
        .map_err(super::moved_on)?;
    staff
        .audit(
            &action,
            "unposted_payment.match",
            &format!("unposted_payment:{}", payment.id),
            serde_json::json!({ "status": "pending", "orderId": payment.order_id.0 }),
            serde_json::json!({ "status": "matched", "orderId": order.id.0, "amount": payment.amount.get(), "note": note }),
        )
        .await?;
    action.commit().await?;
    tracing::info!(unposted.id = payment.id, order.id = order.id.0, "reported payment matched and posted");
    receipt.send(&state).await;
    Ok(ok(lang, NoData))
}

/// Closes a queued payment that staff could not find, with the reason.
#[utoipa::path(post, path = "/unposted-payments/reject", tag = "staff", params(ResolveParams),
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reject_payment(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ResolveParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::MatchPayments)?;
    let Params(params) = params?;
    let note = checked_note(&params.note)?;
    if note.is_empty() {
        return Err(ApiError::InvalidParameters);
    }
    let action = staff.act(&state).await?;
    let payment = pending(&action.state, params.id).await?;
    action
        .state
        .store
        .resolve_unposted(payment.id, UnpostedStatus::Rejected, payment.order_id, note, action.state.now())
        .await
        .map_err(super::moved_on)?;
    staff
        .audit(
            &action,
            "unposted_payment.reject",
            &format!("unposted_payment:{}", payment.id),
            serde_json::json!({ "status": "pending" }),
            serde_json::json!({ "status": "rejected", "note": note }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}
