//! Waivers of charges under maker-checker: a finance officer proposes
//! waiving part of an order's penalties, fees or interest with a reason;
//! another approves (the waiver is posted to the ledger) or rejects it.
//! Nobody decides their own proposal, and the API token, which is nobody
//! in particular, can propose but never approve.

use super::listing::ProposalListParams;
use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::loans;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::fields::InvalidField;
use hiram_domain::ledger::{self, Bucket};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::staff::{Adjustment, Permission};
use hiram_domain::store::IdempotencyKey;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentRow {
    pub id: i64,
    pub order_id: i64,
    /// penalties, fees or interest.
    pub bucket: String,
    /// Centavos.
    pub amount: i64,
    pub reason: String,
    pub proposed_by: Option<i64>,
    /// proposed, approved or rejected.
    pub status: String,
    pub decided_by: Option<i64>,
    pub proposed_at: String,
}

impl From<Adjustment> for AdjustmentRow {
    fn from(adjustment: Adjustment) -> AdjustmentRow {
        AdjustmentRow {
            id: adjustment.id,
            order_id: adjustment.order_id.0,
            bucket: adjustment.bucket.key().to_owned(),
            amount: adjustment.amount.get(),
            reason: adjustment.reason,
            proposed_by: adjustment.proposed_by,
            status: adjustment.status,
            decided_by: adjustment.decided_by,
            proposed_at: crate::views::timestamp(adjustment.proposed_at),
        }
    }
}

/// Adjustments, oldest first.
#[utoipa::path(get, path = "/adjustments", operation_id = "adjustment_list", tag = "staff", params(ProposalListParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<AdjustmentRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ProposalListParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<AdjustmentRow>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let rows = state.store.adjustments(params.status()?, 500).await?;
    Ok(ok(lang, rows.into_iter().map(AdjustmentRow::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeParams {
    pub order_id: i64,
    /// penalties, fees or interest.
    pub bucket: String,
    /// Centavos, at most what is owed of that charge now.
    pub amount: i64,
    /// Why (a complaint upheld, a collection error): required.
    pub reason: String,
}

/// Proposes waiving part of a charge of an order with money owed. A
/// proposal retried under its `Idempotency-Key` answers the first one's id
/// and is proposed (and audited) once.
#[utoipa::path(post, path = "/adjustments/propose", operation_id = "adjustment_propose", tag = "staff",
    params(ProposeParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Nothing is owed, or the `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn propose(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ProposeParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeAdjustments)?;
    let Params(params) = params?;
    let bucket = Bucket::parse(&params.bucket)
        .filter(|bucket| *bucket != Bucket::Principal)
        .ok_or(ApiError::InvalidParameters)?;
    let reason = params.reason.trim();
    if reason.is_empty() || reason.chars().count() > 500 {
        return Err(super::refused(InvalidField("reason")));
    }
    let asked = [params.order_id.to_string(), bucket.key().to_owned(), params.amount.to_string(), reason.to_owned()];
    let asked: Vec<&str> = asked.iter().map(String::as_str).collect();
    let request = idempotency.keyed(staff.key_owner(), "adjustment_propose", &asked);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let order = state.store.order(OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    if !order.status.is_repayable() {
        return Err(ApiError::Conflict { message: Msg::NothingToRepay, data: serde_json::Value::Null });
    }
    let standing = loans::standing(state, order.id).await?.ok_or(ApiError::NotFound)?;
    let dues = standing.account.dues();
    let amount = Centavos::new(params.amount);
    if ledger::waiver(bucket, amount, &dues).is_err() {
        return Err(super::refused(InvalidField("amount")));
    }
    let proposal = Adjustment {
        id: 0,
        order_id: order.id,
        bucket,
        amount,
        reason: reason.to_owned(),
        proposed_by: staff.staff_id(),
        status: "proposed".to_owned(),
        decided_by: None,
        proposed_at: state.now(),
    };
    let id = state.store.propose_adjustment(&proposal, request.as_ref()).await.map_err(refuse_reused_key)?;
    staff
        .audit(
            &action,
            "adjustment.propose",
            &format!("adjustment:{id}"),
            serde_json::Value::Null,
            serde_json::json!({ "orderId": order.id.0, "bucket": bucket.key(), "amount": amount.get(), "reason": reason }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecideParams {
    pub id: i64,
}

async fn decidable(state: &AppState, staff: &Staff, id: i64) -> ApiResult<Adjustment> {
    let adjustment = state.store.adjustment(id).await?.ok_or(ApiError::NotFound)?;
    if adjustment.status != "proposed" {
        return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: serde_json::Value::Null });
    }
    super::independent_of(state, adjustment.proposed_by, staff).await?;
    Ok(adjustment)
}

/// Approves a proposal of someone else and posts the waiver.
#[utoipa::path(post, path = "/adjustments/approve", operation_id = "adjustment_approve", tag = "staff", params(DecideParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ApproveAdjustments)?;
    let Params(params) = params?;
    // The waiver's entries and account, the order's move when it settles
    // the loan, the proposal's decision and the audit entry: one
    // transaction (decision 063).
    let action = staff.act(&state).await?;
    let adjustment = decidable(&action.state, &staff, params.id).await?;
    let owed_before = loans::owed_today(&action.state, adjustment.order_id).await?;
    let key = IdempotencyKey { key: format!("adjustment:{}", adjustment.id), fingerprint: [0; 32] };
    if let Err(reason) =
        loans::post_waiver(&action.state, adjustment.order_id, adjustment.bucket, adjustment.amount, &key).await?
    {
        tracing::info!(adjustment.id = adjustment.id, %reason, "waiver not posted");
        return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: serde_json::Value::Null });
    }
    action
        .state
        .store
        .decide_adjustment(adjustment.id, true, staff.staff_id(), action.state.now())
        .await
        .map_err(super::moved_on)?;
    staff
        .audit(
            &action,
            "adjustment.approve",
            &format!("adjustment:{}", adjustment.id),
            serde_json::json!({ "status": "proposed", "owed": owed_before.get() }),
            serde_json::json!({ "status": "approved", "waived": adjustment.amount.get(), "bucket": adjustment.bucket.key() }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}

/// Rejects a proposal of someone else.
#[utoipa::path(post, path = "/adjustments/reject", operation_id = "adjustment_reject", tag = "staff", params(DecideParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reject(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ApproveAdjustments)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let adjustment = decidable(&action.state, &staff, params.id).await?;
    action
        .state
        .store
        .decide_adjustment(adjustment.id, false, staff.staff_id(), action.state.now())
        .await
        .map_err(super::moved_on)?;
    staff
        .audit(
            &action,
            "adjustment.reject",
            &format!("adjustment:{}", adjustment.id),
            serde_json::json!({ "status": "proposed" }),
            serde_json::json!({ "status": "rejected" }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}
