//! Refunds in the console and the staff API (decision 075): a finance
//! member proposes paying back credit a repaid loan holds for its borrower,
//! with a reason; a second, independent one approves (then the payout
//! gateway sends it, and the ledger moves when the money left) or rejects
//! it. Each proposal and decision commits with its audit entry.

use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::{loans, refunds};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::money::Centavos;
use hiram_domain::order::{OrderId, OrderStatus};
use hiram_domain::refund::{Refund, RefundStatus};
use hiram_domain::staff::Permission;
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundView {
    pub id: i64,
    pub order_id: i64,
    /// Centavos.
    pub amount: i64,
    pub reason: String,
    /// `proposed`, `approved` (waiting for the gateway), `sent`, `failed` or `rejected`.
    pub status: String,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    /// RFC 3339.
    pub proposed_at: String,
    pub decided_by: Option<i64>,
    /// RFC 3339.
    pub decided_at: Option<String>,
    /// The gateway's transaction, once sent.
    pub transaction_id: Option<String>,
    /// Why it failed, or what the last try met.
    pub detail: Option<String>,
}

impl From<Refund> for RefundView {
    fn from(refund: Refund) -> RefundView {
        RefundView {
            id: refund.id,
            order_id: refund.order_id.0,
            amount: refund.amount.get(),
            reason: refund.reason,
            status: refund.status.key().to_owned(),
            proposed_by: refund.proposed_by,
            proposed_by_token: refund.proposed_by_token,
            proposed_at: crate::views::timestamp(refund.proposed_at),
            decided_by: refund.decided_by,
            decided_at: refund.decided_at.map(crate::views::timestamp),
            transaction_id: refund.transaction_id,
            detail: refund.detail,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RefundsParams {
    /// Only those of this status.
    #[param(pattern = "^(proposed|approved|sent|failed|rejected)$")]
    pub status: Option<String>,
}

/// Refunds, the latest first.
#[utoipa::path(get, path = "/refunds", operation_id = "staff_refunds", tag = "staff", params(RefundsParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<RefundView>>), (status = 400), (status = 401), (status = 403)))]
pub async fn refunds(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<RefundsParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<RefundView>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let status =
        params.status.as_deref().map(|key| RefundStatus::parse(key).ok_or(ApiError::InvalidParameters)).transpose()?;
    let rows = state.store.refunds(status, 500).await?;
    Ok(ok(lang, rows.into_iter().map(RefundView::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeRefundParams {
    pub order_id: i64,
    /// Centavos, at most the credit the loan holds.
    pub amount: i64,
    /// Why, 5 to 500 characters.
    #[param(min_length = 5, max_length = 500)]
    pub reason: String,
}

/// Proposes paying back credit a repaid loan holds for its borrower, for a
/// second member to approve. A retry under its `Idempotency-Key` answers the
/// first one's id.
#[utoipa::path(post, path = "/refunds/propose", operation_id = "staff_refund_propose", tag = "staff",
    params(ProposeRefundParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "The loan is not repaid, has a refund waiting, or the `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn propose(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ProposeRefundParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeRefunds)?;
    let Params(params) = params?;
    let reason = hiram_domain::fields::reason("reason", &params.reason)
        .map_err(|_| super::refused_with(Msg::RefundReason, "reason"))?;
    let reason = reason.as_str();
    let asked = [params.order_id.to_string(), params.amount.to_string()];
    let request = idempotency.keyed(staff.key_owner(), "refund_propose", &[&asked[0], &asked[1], reason]);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let order = state.store.order(OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    if order.status != OrderStatus::Repaid {
        return Err(ApiError::Conflict { message: Msg::RefundNotRepaid, data: serde_json::Value::Null });
    }
    let credit = loans::account(state, order.id).await?.map_or(Centavos::ZERO, |account| account.credit);
    let amount = Centavos::new(params.amount);
    if amount.get() <= 0 || amount > credit {
        return Err(super::refused_with(Msg::RefundAmount, "amount"));
    }
    let proposal = Refund {
        id: 0,
        order_id: order.id,
        amount,
        reason: reason.to_owned(),
        status: RefundStatus::Proposed,
        proposed_by: staff.staff_id(),
        proposed_by_token: staff.api_token_id(),
        proposed_at: state.now(),
        decided_by: None,
        decided_at: None,
        transaction_id: None,
        detail: None,
    };
    let id = state.store.propose_refund(&proposal, request.as_ref()).await.map_err(|error| match error {
        StoreError::Conflict("refund_one_waiting") => {
            ApiError::Conflict { message: Msg::RefundPending, data: serde_json::Value::Null }
        }
        other => refuse_reused_key(other),
    })?;
    let after =
        serde_json::json!({ "orderId": order.id.0, "amount": amount.get(), "reason": reason, "credit": credit.get() });
    staff.audit(&action, "refund.propose", &format!("refund:{id}"), serde_json::Value::Null, after).await?;
    action.commit().await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecideRefundParams {
    pub id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundDecided {
    /// Where the refund stands after the decision and the gateway's first
    /// try: `approved` (waiting for the gateway), `sent`, `failed` or `rejected`.
    pub status: String,
}

/// Approves another member's refund; the payout gateway is asked at once
/// and again by the daily run until it answers.
#[utoipa::path(post, path = "/refunds/approve", operation_id = "staff_refund_approve", tag = "staff",
    params(DecideRefundParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<RefundDecided>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideRefundParams>, ApiError>,
) -> ApiResult<Json<Envelope<RefundDecided>>> {
    let refund = decide(&state, &staff, params, true).await?;
    // The decision is committed: the money goes now, or on a later try.
    let status = refunds::send(&state, &refund).await?;
    Ok(ok(lang, RefundDecided { status: status.key().to_owned() }))
}

/// Rejects another member's refund: the credit stays the borrower's.
#[utoipa::path(post, path = "/refunds/reject", operation_id = "staff_refund_reject", tag = "staff",
    params(DecideRefundParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reject(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideRefundParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(&state, &staff, params, false).await?;
    Ok(ok(lang, NoData))
}

/// The decision and its audit entry, committed together; the refund as decided.
async fn decide(
    state: &AppState,
    staff: &Staff,
    params: Result<Params<DecideRefundParams>, ApiError>,
    approve: bool,
) -> ApiResult<Refund> {
    staff.require(Permission::ApproveRefunds)?;
    let Params(params) = params?;
    let action = staff.act(state).await?;
    let refund = action.state.store.refund(params.id).await?.ok_or(ApiError::NotFound)?;
    let pending = super::Pending {
        kind: "refund",
        subject: format!("refund:{}", refund.id),
        waiting: refund.status == RefundStatus::Proposed,
        proposed_by: refund.proposed_by,
    };
    super::decide_pending(staff, action, pending, approve, async |state| {
        let at = state.now();
        state.store.decide_refund(refund.id, approve, staff.staff_id(), at).await.map_err(super::decided_first)?;
        let status = if approve { RefundStatus::Approved } else { RefundStatus::Rejected };
        let after = serde_json::json!({ "status": status.key(), "amount": refund.amount.get() });
        Ok((Refund { status, decided_by: staff.staff_id(), decided_at: Some(at), ..refund.clone() }, after))
    })
    .await
}
