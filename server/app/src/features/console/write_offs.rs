//! Write-offs in the console and the staff API (decision 073): a finance
//! member proposes writing a loan off with a reason, a second, independent
//! one approves it (everything the loan owes that day leaves the lender's
//! books for its allowance for credit losses) or rejects it. The proposal,
//! the posting, the decision and each audit entry commit together.

use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::loans;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::general_ledger::write_off::{WriteOffProposal, WriteOffStatus};
use hiram_domain::order::OrderId;
use hiram_domain::product::LenderId;
use hiram_domain::staff::Permission;
use hiram_domain::store::{IdempotencyKey, StoreError};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WriteOffView {
    pub id: i64,
    pub order_id: i64,
    pub reason: String,
    /// `proposed`, `approved` or `rejected`.
    pub status: String,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    /// RFC 3339.
    pub proposed_at: String,
    pub decided_by: Option<i64>,
    /// RFC 3339.
    pub decided_at: Option<String>,
    /// Centavos: what the approval wrote off (everything the loan owed that day).
    pub amount: Option<i64>,
}

impl From<WriteOffProposal> for WriteOffView {
    fn from(proposal: WriteOffProposal) -> WriteOffView {
        WriteOffView {
            id: proposal.id,
            order_id: proposal.order_id.0,
            reason: proposal.reason,
            status: proposal.status.key().to_owned(),
            proposed_by: proposal.proposed_by,
            proposed_by_token: proposal.proposed_by_token,
            proposed_at: crate::views::timestamp(proposal.proposed_at),
            decided_by: proposal.decided_by,
            decided_at: proposal.decided_at.map(crate::views::timestamp),
            amount: proposal.amount.map(|amount| amount.get()),
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WriteOffsParams {
    pub lender_id: i64,
}

/// The write-offs shown: the latest.
const WRITE_OFFS_SHOWN: u32 = 100;

/// The write-offs of a lender's loans, the latest first.
#[utoipa::path(get, path = "/general-ledger/write-offs", operation_id = "staff_write_offs", tag = "staff",
    params(WriteOffsParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<WriteOffView>>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn write_offs(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<WriteOffsParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<WriteOffView>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let rows = state.store.write_offs(lender.id, WRITE_OFFS_SHOWN).await?;
    Ok(ok(lang, rows.into_iter().map(WriteOffView::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeWriteOffParams {
    pub order_id: i64,
    /// Why the loan is written off, 5 to 500 characters.
    #[param(min_length = 5, max_length = 500)]
    pub reason: String,
}

fn not_owing() -> ApiError {
    ApiError::Conflict { message: Msg::WriteOffNotOwing, data: serde_json::Value::Null }
}

/// Proposes writing off a loan with money owed, for a second member to
/// approve. A proposal retried under its `Idempotency-Key` answers the
/// first one's id and is proposed (and audited) once.
#[utoipa::path(post, path = "/general-ledger/write-offs/propose", operation_id = "staff_write_off_propose", tag = "staff",
    params(ProposeWriteOffParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "The loan owes nothing, is written off or has a write-off waiting, or the `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn propose(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ProposeWriteOffParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeWriteOffs)?;
    let Params(params) = params?;
    let reason = hiram_domain::fields::reason("reason", &params.reason)
        .map_err(|_| super::refused_with(Msg::WriteOffReason, "reason"))?;
    let reason = reason.as_str();
    let order_id = params.order_id.to_string();
    let request = idempotency.keyed(staff.key_owner(), "write_off_propose", &[&order_id, reason]);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let order = state.store.order(OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    let account = loans::account(state, order.id).await?;
    if !order.status.is_repayable() || account.is_none_or(|account| account.written_off.is_some()) {
        return Err(not_owing());
    }
    let proposal = WriteOffProposal {
        id: 0,
        order_id: order.id,
        reason: reason.to_owned(),
        status: WriteOffStatus::Proposed,
        proposed_by: staff.staff_id(),
        proposed_by_token: staff.api_token_id(),
        proposed_at: state.now(),
        decided_by: None,
        decided_at: None,
        amount: None,
    };
    let id = state.store.propose_write_off(&proposal, request.as_ref()).await.map_err(|error| match error {
        StoreError::Conflict("write_off_one_per_loan") => {
            ApiError::Conflict { message: Msg::WriteOffPending, data: serde_json::Value::Null }
        }
        other => refuse_reused_key(other),
    })?;
    let owed = loans::owed_today(state, order.id).await?;
    staff
        .audit(
            &action,
            "write_off.propose",
            &format!("write_off:{id}"),
            serde_json::Value::Null,
            serde_json::json!({ "orderId": order.id.0, "reason": reason, "owedToday": owed.get() }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecideWriteOffParams {
    pub id: i64,
}

/// Approves another member's write-off: everything the loan owes today
/// leaves the lender's books. 409 when the loan was paid meanwhile (the
/// proposal stays waiting, to be rejected).
#[utoipa::path(post, path = "/general-ledger/write-offs/approve", operation_id = "staff_write_off_approve", tag = "staff",
    params(DecideWriteOffParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideWriteOffParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, true).await
}

/// Rejects another member's write-off: the loan stays in the books.
#[utoipa::path(post, path = "/general-ledger/write-offs/reject", operation_id = "staff_write_off_reject", tag = "staff",
    params(DecideWriteOffParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reject(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideWriteOffParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, false).await
}

async fn decide(
    state: AppState,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideWriteOffParams>, ApiError>,
    approve: bool,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ApproveWriteOffs)?;
    let Params(params) = params?;
    // The write-off's entries and account, the proposal's decision and the
    // audit entry: one transaction (decision 063).
    let action = staff.act(&state).await?;
    let proposal = action.state.store.write_off(params.id).await?.ok_or(ApiError::NotFound)?;
    let pending = super::Pending {
        kind: "write_off",
        subject: format!("write_off:{}", proposal.id),
        waiting: proposal.status == WriteOffStatus::Proposed,
        proposed_by: proposal.proposed_by,
    };
    super::decide_pending(&staff, action, pending, approve, async |state| {
        let written_off = if approve {
            let key = IdempotencyKey { key: format!("write-off:{}", proposal.id), fingerprint: [0; 32] };
            match loans::post_write_off(state, proposal.order_id, &key).await? {
                Ok(amount) => Some(amount),
                Err(reason) => {
                    tracing::info!(write_off.id = proposal.id, %reason, "write-off not posted");
                    return Err(not_owing());
                }
            }
        } else {
            None
        };
        let decided = state.store.decide_write_off(proposal.id, written_off, staff.staff_id(), state.now()).await;
        decided.map_err(super::decided_first)?;
        let status = if approve { WriteOffStatus::Approved } else { WriteOffStatus::Rejected };
        let amount = written_off.map(|amount| amount.get());
        Ok(((), serde_json::json!({ "status": status.key(), "orderId": proposal.order_id.0, "writtenOff": amount })))
    })
    .await?;
    Ok(ok(lang, NoData))
}
