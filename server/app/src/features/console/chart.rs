//! The chart of accounts in the console and the staff API (decisions 068,
//! 077): read by whoever reads money; extended by finance under
//! maker-checker, one member proposing an account, a second approving it
//! into the chart. Each proposal and decision commits with its audit entry.

use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::general_ledger::GlKind;
use hiram_domain::general_ledger::chart::{AccountProposal, AccountProposalStatus, AccountRefused, check_account};
use hiram_domain::staff::Permission;
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartAccountView {
    pub code: String,
    pub name: String,
    /// `asset`, `contra_asset`, `liability`, `equity`, `income` or `expense`.
    pub kind: String,
    /// The loan-ledger account it carries, if any.
    pub loan_account: Option<String>,
    /// Whether only the loans' events move it (never a journal). The
    /// allowance carries the loans' write-offs and stays open to journals.
    pub control: bool,
}

/// The chart of accounts every lender's books are kept in, in its order.
#[utoipa::path(get, path = "/general-ledger/chart", operation_id = "staff_chart_of_accounts", tag = "staff",
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<ChartAccountView>>), (status = 401), (status = 403)))]
pub async fn chart(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<ChartAccountView>>>> {
    staff.require(Permission::ViewMoney)?;
    let chart = state.store.chart_of_accounts().await?;
    Ok(ok(
        lang,
        chart
            .into_iter()
            .map(|account| ChartAccountView {
                code: account.code,
                name: account.name,
                kind: account.kind.key().to_owned(),
                control: account.loan_account.is_some_and(hiram_domain::ledger::Account::controls_its_gl_account),
                loan_account: account.loan_account.map(|loan| loan.key().to_owned()),
            })
            .collect(),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountProposalView {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// `asset`, `contra_asset`, `liability`, `equity`, `income` or `expense`.
    pub kind: String,
    /// `proposed`, `added` or `rejected`.
    pub status: String,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    /// RFC 3339.
    pub proposed_at: String,
    pub decided_by: Option<i64>,
    /// RFC 3339.
    pub decided_at: Option<String>,
}

impl From<AccountProposal> for AccountProposalView {
    fn from(proposal: AccountProposal) -> AccountProposalView {
        AccountProposalView {
            id: proposal.id,
            code: proposal.code,
            name: proposal.name,
            kind: proposal.kind.key().to_owned(),
            status: proposal.status.key().to_owned(),
            proposed_by: proposal.proposed_by,
            proposed_by_token: proposal.proposed_by_token,
            proposed_at: crate::views::timestamp(proposal.proposed_at),
            decided_by: proposal.decided_by,
            decided_at: proposal.decided_at.map(crate::views::timestamp),
        }
    }
}

/// Accounts proposed for the chart, the latest first.
#[utoipa::path(get, path = "/general-ledger/chart/proposals", operation_id = "staff_chart_proposals", tag = "staff",
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<AccountProposalView>>), (status = 401), (status = 403)))]
pub async fn proposals(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<AccountProposalView>>>> {
    staff.require(Permission::ViewMoney)?;
    let rows = state.store.gl_account_proposals(100).await?;
    Ok(ok(lang, rows.into_iter().map(AccountProposalView::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeAccountParams {
    /// Four digits, the first saying the kind: 1 assets, 2 liabilities,
    /// 3 equity, 4 income, 5 expenses.
    #[param(pattern = "^[0-9]{4}$")]
    pub code: String,
    #[param(min_length = 3, max_length = 100)]
    pub name: String,
    /// `asset`, `contra_asset`, `liability`, `equity`, `income` or `expense`.
    #[param(pattern = "^(asset|contra_asset|liability|equity|income|expense)$")]
    pub kind: String,
}

fn account_refused(refused: &AccountRefused) -> ApiError {
    let (message, field, detail) = match refused {
        AccountRefused::Code => (Msg::AccountCode, "code", None),
        AccountRefused::Taken(code) => (Msg::AccountTaken, "code", Some(code.clone())),
        AccountRefused::Name => (Msg::AccountName, "name", None),
    };
    ApiError::Rejected { message, detail, data: crate::error::FieldRefused::data(field) }
}

/// Proposes an account for the chart, for a second member to approve. A
/// retry under its `Idempotency-Key` answers the first one's id.
#[utoipa::path(post, path = "/general-ledger/chart/propose", operation_id = "staff_chart_propose", tag = "staff",
    params(ProposeAccountParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 409, description = "A proposal of that code waits already, or the `Idempotency-Key` was used for a different request")))]
pub async fn propose(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ProposeAccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeJournals)?;
    let Params(params) = params?;
    let kind = GlKind::parse(&params.kind).ok_or_else(|| super::refused(hiram_domain::fields::InvalidField("kind")))?;
    let (code, name) = (params.code.trim(), params.name.trim());
    let request = idempotency.keyed(staff.key_owner(), "chart_propose", &[code, name, kind.key()]);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    check_account(&state.store.chart_of_accounts().await?, code, name, kind)
        .map_err(|refused| account_refused(&refused))?;
    let proposal = AccountProposal {
        id: 0,
        code: code.to_owned(),
        name: name.to_owned(),
        kind,
        status: AccountProposalStatus::Proposed,
        proposed_by: staff.staff_id(),
        proposed_by_token: staff.api_token_id(),
        proposed_at: state.now(),
        decided_by: None,
        decided_at: None,
    };
    let id = state.store.propose_gl_account(&proposal, request.as_ref()).await.map_err(|error| match error {
        StoreError::Conflict("gl_account_proposal_code") => {
            ApiError::Conflict { message: Msg::AccountPending, data: serde_json::Value::Null }
        }
        other => refuse_reused_key(other),
    })?;
    let after = serde_json::to_value(AccountProposalView::from(AccountProposal { id, ..proposal })).unwrap_or_default();
    staff.audit(&action, "chart.propose", &format!("gl_account_proposal:{id}"), serde_json::Value::Null, after).await?;
    action.commit().await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecideAccountParams {
    pub id: i64,
}

/// Approves another member's account into the chart.
#[utoipa::path(post, path = "/general-ledger/chart/approve", operation_id = "staff_chart_approve", tag = "staff",
    params(DecideAccountParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideAccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, true).await
}

/// Rejects another member's account: the chart stays as it is.
#[utoipa::path(post, path = "/general-ledger/chart/reject", operation_id = "staff_chart_reject", tag = "staff",
    params(DecideAccountParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reject(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideAccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, false).await
}

async fn decide(
    state: AppState,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideAccountParams>, ApiError>,
    approve: bool,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ApproveJournals)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let proposal = action.state.store.gl_account_proposal(params.id).await?.ok_or(ApiError::NotFound)?;
    let pending = super::Pending {
        kind: "chart",
        subject: format!("gl_account_proposal:{}", proposal.id),
        waiting: proposal.status == AccountProposalStatus::Proposed,
        proposed_by: proposal.proposed_by,
    };
    super::decide_pending(&staff, action, pending, approve, async |state| {
        let decided = state.store.decide_gl_account(proposal.id, approve, staff.staff_id(), state.now()).await;
        decided.map_err(|error| match error {
            StoreError::Conflict("gl_account_code") => account_refused(&AccountRefused::Taken(proposal.code.clone())),
            other => super::decided_first(other),
        })?;
        let status = if approve { AccountProposalStatus::Added } else { AccountProposalStatus::Rejected };
        Ok(((), serde_json::json!({ "status": status.key(), "code": proposal.code })))
    })
    .await?;
    Ok(ok(lang, NoData))
}
