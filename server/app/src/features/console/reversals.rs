//! Reversals of posted payments under maker-checker (issue 16, decision
//! 029): a finance officer proposes taking back (part of) a payment the
//! channel reversed, with a reason; another approves (the reversal is
//! posted, the order reopens, the borrower is told by SMS) or rejects.
//! Nobody decides their own proposal; the API token can propose, never
//! decide. The same permissions as the waivers (`adjustments`) apply.

use super::listing::ProposalListParams;
use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::reversals::NotPosted;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::OrderId;
use hiram_domain::reversal::{self, PaymentReversal, ReversalError, ReversalStatus};
use hiram_domain::staff::Permission;
use hiram_domain::store::{KEY_REUSED, StoreError};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReversalRow {
    pub id: i64,
    pub order_id: i64,
    /// The ledger entry of the payment reversed.
    pub entry_id: i64,
    /// Centavos.
    pub amount: i64,
    pub reason: String,
    /// `None` for the API token.
    pub proposed_by: Option<i64>,
    pub proposed_at: String,
    /// proposed, approved or rejected.
    pub status: String,
    pub decided_by: Option<i64>,
    pub decided_at: Option<String>,
}

impl From<PaymentReversal> for ReversalRow {
    fn from(proposal: PaymentReversal) -> ReversalRow {
        ReversalRow {
            id: proposal.id,
            order_id: proposal.order_id.0,
            entry_id: proposal.entry_id,
            amount: proposal.amount.get(),
            reason: proposal.reason,
            proposed_by: proposal.proposed_by,
            proposed_at: crate::views::timestamp(proposal.proposed_at),
            status: proposal.status.key().to_owned(),
            decided_by: proposal.decided_by,
            decided_at: proposal.decided_at.map(crate::views::timestamp),
        }
    }
}

/// Payment reversals, newest first.
#[utoipa::path(get, path = "/reversals", operation_id = "reversal_list", tag = "staff", params(ProposalListParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<ReversalRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ProposalListParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<ReversalRow>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let status =
        params.status()?.map(|key| ReversalStatus::parse(key).ok_or(ApiError::InvalidParameters)).transpose()?;
    let rows = state.store.reversals(status, 500).await?;
    Ok(ok(lang, rows.into_iter().map(ReversalRow::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeParams {
    pub order_id: i64,
    /// The ledger entry of the payment (a `repayment` entry of the order).
    pub entry_id: i64,
    /// Centavos to take back; the whole payment when left out.
    pub amount: Option<i64>,
    /// Why (the channel's notice of a bounced or disputed payment): 5–500
    /// characters.
    #[serde(default)]
    pub reason: String,
}

/// Proposes reversing (part of) a posted payment of an order. A proposal
/// retried under its `Idempotency-Key` answers the first one's id (without
/// a key, a second proposal for the payment is refused as already made).
#[utoipa::path(post, path = "/reversals/propose", operation_id = "reversal_propose", tag = "staff", params(ProposeParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "The payment has a proposal already, it paid an extension, or the `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn propose(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ProposeParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeAdjustments)?;
    let Params(params) = params?;
    let reason =
        reversal::checked_reason(&params.reason).ok_or_else(|| super::refused_with(Msg::ReasonNeeded, "reason"))?;
    let asked = [
        params.order_id.to_string(),
        params.entry_id.to_string(),
        params.amount.map(|amount| amount.to_string()).unwrap_or_default(),
        reason.to_owned(),
    ];
    let asked: Vec<&str> = asked.iter().map(String::as_str).collect();
    let request = idempotency.keyed(staff.key_owner(), "reversal_propose", &asked);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let order_id = OrderId(params.order_id);
    let entries = state.store.ledger_entries(order_id).await?;
    let payment = entries.iter().find(|stored| stored.id == params.entry_id).ok_or(ApiError::NotFound)?;
    let amount = params.amount.map(Centavos::new).unwrap_or_else(|| payment.entry.amount());
    let paid_an_extension = entries.iter().any(|stored| stored.key == reversal::extension_fee_key(&payment.key));
    match reversal::check_proposal(&payment.entry, paid_an_extension, amount) {
        Ok(()) => {}
        Err(ReversalError::NotAPayment) => return Err(ApiError::rejected(Msg::ReversalNotAPayment)),
        Err(ReversalError::MoreThanPaid | ReversalError::Ledger) => {
            return Err(ApiError::Rejected {
                message: Msg::ReversalMoreThanPaid,
                detail: Some(format_amount(payment.entry.amount(), CurrencySymbol::Peso)),
                data: json!({ "field": "amount" }),
            });
        }
        Err(ReversalError::PaidAnExtension) => {
            return Err(ApiError::Conflict { message: Msg::ReversalOfExtension, data: Value::Null });
        }
    }
    let proposal = PaymentReversal {
        id: 0,
        order_id,
        entry_id: payment.id,
        amount,
        reason: reason.to_owned(),
        proposed_by: staff.staff_id(),
        proposed_at: state.now(),
        status: ReversalStatus::Proposed,
        decided_by: None,
        decided_at: None,
    };
    let id = match state.store.propose_reversal(&proposal, request.as_ref()).await {
        Ok(id) => id,
        Err(error @ StoreError::Conflict(KEY_REUSED)) => return Err(refuse_reused_key(error)),
        Err(StoreError::Conflict(_)) => {
            // On PostgreSQL a retry sent while its first was still being
            // stored meets the first's proposal, not its key: it is the
            // first's answer once that has committed.
            if let Some(id) = first_id(state, request.as_ref()).await? {
                return Ok(ok(lang, Proposed { id }));
            }
            return Err(ApiError::Conflict { message: Msg::ReversalAlreadyProposed, data: Value::Null });
        }
        Err(other) => return Err(other.into()),
    };
    staff
        .audit(
            &action,
            "reversal.propose",
            &format!("reversal:{id}"),
            Value::Null,
            json!({ "orderId": order_id.0, "entryId": payment.id, "amount": amount.get(), "reason": reason }),
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

/// The proposal, while it waits for someone independent of its proposer.
async fn decidable(state: &AppState, staff: &Staff, id: i64) -> ApiResult<PaymentReversal> {
    let proposal = state.store.reversal(id).await?.ok_or(ApiError::NotFound)?;
    if proposal.status != ReversalStatus::Proposed {
        return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: Value::Null });
    }
    super::independent_of(state, proposal.proposed_by, staff).await?;
    Ok(proposal)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Approved {
    /// What the borrower owes after the reversal, centavos.
    pub owed: i64,
    /// The order's status code after the reversal.
    pub status: i64,
}

/// Approves a proposal of someone else: the reversal is posted.
#[utoipa::path(post, path = "/reversals/approve", operation_id = "reversal_approve", tag = "staff", params(DecideParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Approved>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideParams>, ApiError>,
) -> ApiResult<Json<Envelope<Approved>>> {
    staff.require(Permission::ApproveAdjustments)?;
    let Params(params) = params?;
    // The reversal's entry, the account, the order's move, the proposal's
    // approval and the audit entry: one transaction (decision 063).
    let action = staff.act(&state).await?;
    let proposal = decidable(&action.state, &staff, params.id).await?;
    let reversed = match crate::services::reversals::approve(&action.state, &proposal, staff.staff_id()).await? {
        Ok(reversed) => reversed,
        Err(NotPosted::AlreadyDecided) => {
            return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: Value::Null });
        }
        Err(NotPosted::OpenLoanOfProduct) => {
            return Err(ApiError::Conflict { message: Msg::ReversalOpenLoanOfProduct, data: Value::Null });
        }
        Err(NotPosted::Refused(reason)) => {
            tracing::warn!(reversal.id = proposal.id, %reason, "reversal refused by the ledger");
            return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: Value::Null });
        }
    };
    staff
        .audit(
            &action,
            "reversal.approve",
            &format!("reversal:{}", proposal.id),
            json!({ "status": "proposed" }),
            json!({
                "status": "approved",
                "orderId": proposal.order_id.0,
                "entryId": proposal.entry_id,
                "reversed": proposal.amount.get(),
                "owed": reversed.owed.get(),
                "orderStatus": reversed.status.code(),
            }),
        )
        .await?;
    action.commit().await?;
    reversed.texts.send(&state).await;
    Ok(ok(lang, Approved { owed: reversed.owed.get(), status: reversed.status.code() }))
}

/// Rejects a proposal of someone else; nothing is posted.
#[utoipa::path(post, path = "/reversals/reject", operation_id = "reversal_reject", tag = "staff", params(DecideParams), security(("staff_token" = [])),
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
    let proposal = decidable(&action.state, &staff, params.id).await?;
    action
        .state
        .store
        .reject_reversal(proposal.id, staff.staff_id(), action.state.now())
        .await
        .map_err(super::moved_on)?;
    staff
        .audit(
            &action,
            "reversal.reject",
            &format!("reversal:{}", proposal.id),
            json!({ "status": "proposed" }),
            json!({ "status": "rejected" }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}
