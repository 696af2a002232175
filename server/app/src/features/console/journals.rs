//! A lender's staff journals in the console and the staff API (decision
//! 071): one finance member proposes a balanced journal with a memo, a
//! second, independent one approves it into the books or rejects it. The
//! proposal, the decision and each audit entry commit together.

use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::staff_access::StaffAction;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::general_ledger::journal::{Journal, JournalLine, JournalRefused, JournalStatus, check_journal};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::ledger::Side;
use hiram_domain::money::Centavos;
use hiram_domain::product::LenderId;
use hiram_domain::staff::Permission;
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JournalLineView {
    pub code: String,
    /// `debit` or `credit`.
    pub side: String,
    /// Centavos.
    pub amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JournalView {
    pub id: i64,
    pub lender_id: i64,
    pub memo: String,
    /// `proposed`, `posted` or `rejected`.
    pub status: String,
    pub lines: Vec<JournalLineView>,
    /// Centavos: the debits (equal to the credits).
    pub total: i64,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    /// RFC 3339.
    pub proposed_at: String,
    pub decided_by: Option<i64>,
    /// RFC 3339: when it was posted or rejected.
    pub decided_at: Option<String>,
    /// `YYYY-MM-DD` for the daily run's own journals of that day (no
    /// member proposed them); absent for a member's journal.
    pub provision_day: Option<String>,
    /// Which of the daily run's journals: `provision` (the allowance to the
    /// matrix) or `accrual` (income to the effective interest method).
    pub run_kind: Option<String>,
    /// The journal this one undoes, if it is a reversal.
    pub reverses: Option<i64>,
}

impl From<Journal> for JournalView {
    fn from(journal: Journal) -> JournalView {
        JournalView {
            id: journal.id,
            lender_id: journal.lender.0,
            memo: journal.memo,
            status: journal.status.key().to_owned(),
            total: journal.lines.iter().filter(|line| line.side == Side::Debit).map(|line| line.amount.get()).sum(),
            lines: journal
                .lines
                .into_iter()
                .map(|line| JournalLineView {
                    code: line.code,
                    side: line.side.key().to_owned(),
                    amount: line.amount.get(),
                })
                .collect(),
            proposed_by: journal.proposed_by,
            proposed_by_token: journal.proposed_by_token,
            proposed_at: crate::views::timestamp(journal.proposed_at),
            decided_by: journal.decided_by,
            decided_at: journal.decided_at.map(crate::views::timestamp),
            provision_day: journal.run.map(|(_, day)| day.to_string()),
            run_kind: journal.run.map(|(kind, _)| kind.key().to_owned()),
            reverses: journal.reverses,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct JournalsParams {
    pub lender_id: i64,
}

/// The journals shown: the latest.
const JOURNALS_SHOWN: u32 = 50;

/// A lender's journals, the latest first: proposed, posted and rejected.
#[utoipa::path(get, path = "/general-ledger/journals", operation_id = "staff_journals", tag = "staff",
    params(JournalsParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<JournalView>>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn journals(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<JournalsParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<JournalView>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let journals = state.store.journals(lender.id, JOURNALS_SHOWN).await?;
    Ok(ok(lang, journals.into_iter().map(JournalView::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeJournalParams {
    pub lender_id: i64,
    /// What the journal is for, 5 to 500 characters.
    #[param(min_length = 5, max_length = 500)]
    pub memo: String,
    /// The lines as a JSON array: `[{"code":"5100","side":"debit","amount":150000},
    /// {"code":"1290","side":"credit","amount":150000}]` (amounts in centavos).
    pub lines: String,
}

#[derive(Deserialize)]
struct LineInput {
    code: String,
    side: String,
    amount: i64,
}

/// The lines as sent, or the field refused when they are not a list of lines.
fn lines_of(text: &str) -> ApiResult<Vec<JournalLine>> {
    let inputs: Vec<LineInput> = serde_json::from_str(text).map_err(|_| refused(&JournalRefused::Lines))?;
    inputs
        .into_iter()
        .map(|input| {
            let side = Side::parse(&input.side).ok_or_else(|| refused(&JournalRefused::Lines))?;
            Ok(JournalLine { code: input.code.trim().to_owned(), side, amount: Centavos::new(input.amount) })
        })
        .collect()
}

fn refused(refusal: &JournalRefused) -> ApiError {
    let (message, field, detail) = match refusal {
        JournalRefused::Lines => (Msg::JournalLines, "lines", None),
        JournalRefused::Amount => (Msg::JournalAmount, "lines", None),
        JournalRefused::Unbalanced => (Msg::JournalUnbalanced, "lines", None),
        JournalRefused::UnknownAccount(code) => (Msg::JournalUnknownAccount, "lines", Some(code.clone())),
        JournalRefused::ControlAccount(code) => (Msg::JournalControlAccount, "lines", Some(code.clone())),
        JournalRefused::Memo => (Msg::JournalMemo, "memo", None),
    };
    ApiError::Rejected { message, detail, data: crate::error::FieldRefused::data(field) }
}

/// Proposes a journal for a second member to approve; a refused field is
/// named in `data.field`. A proposal retried under its `Idempotency-Key`
/// answers the first one's id and is proposed (and audited) once.
#[utoipa::path(post, path = "/general-ledger/journals/propose", operation_id = "staff_journal_propose", tag = "staff",
    params(ProposeJournalParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "The `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn propose(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ProposeJournalParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeJournals)?;
    let Params(params) = params?;
    let memo = params.memo.trim().to_owned();
    let lines = lines_of(&params.lines)?;
    let lender_id = params.lender_id.to_string();
    let request = idempotency.keyed(staff.key_owner(), "journal_propose", &[&lender_id, &memo, &params.lines]);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    check_journal(&state.store.chart_of_accounts().await?, &memo, &lines).map_err(|refusal| refused(&refusal))?;
    let journal = proposal(&staff, state, lender.id, memo, lines, None);
    let id = keep(&action, &staff, journal, request.as_ref(), "journal.propose").await?;
    action.commit().await?;
    Ok(ok(lang, Proposed { id }))
}

/// A journal `staff` proposes now, waiting for a second member.
fn proposal(
    staff: &Staff,
    state: &AppState,
    lender: LenderId,
    memo: String,
    lines: Vec<JournalLine>,
    reverses: Option<i64>,
) -> Journal {
    Journal {
        id: 0,
        lender,
        memo,
        lines,
        status: JournalStatus::Proposed,
        proposed_by: staff.staff_id(),
        proposed_by_token: staff.api_token_id(),
        proposed_at: state.now(),
        decided_by: None,
        decided_at: None,
        run: None,
        reverses,
    }
}

/// Keeps a proposed journal and its audit entry (`kind`) in the caller's
/// action; its id. A journal whose reversal is waiting or posted already is
/// a 409, as is a reused `Idempotency-Key`.
async fn keep(
    action: &StaffAction,
    staff: &Staff,
    journal: Journal,
    request: Option<&KeyedRequest>,
    kind: &str,
) -> ApiResult<i64> {
    let id = action.state.store.propose_journal(&journal, request).await.map_err(|error| match error {
        StoreError::Conflict(REVERSED) => not_reversible(),
        other => refuse_reused_key(other),
    })?;
    let after = serde_json::to_value(JournalView::from(Journal { id, ..journal })).unwrap_or(serde_json::Value::Null);
    staff.audit(action, kind, &format!("journal:{id}"), serde_json::Value::Null, after).await?;
    Ok(id)
}

/// The store's name for a journal reversed twice.
const REVERSED: &str = "gl_journal_reverses";

fn not_reversible() -> ApiError {
    ApiError::Conflict { message: Msg::JournalNotReversible, data: serde_json::Value::Null }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReverseJournalParams {
    /// The posted journal to undo.
    pub id: i64,
}

/// Proposes the journal that undoes a posted one, line for line the other
/// way, for a second member to approve (nothing posted is ever changed).
/// 409 when the journal is not posted, is the daily run's allowance
/// adjustment, or has a reversal waiting or posted.
#[utoipa::path(post, path = "/general-ledger/journals/reverse", operation_id = "staff_journal_reverse", tag = "staff",
    params(ReverseJournalParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reverse(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ReverseJournalParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeJournals)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let state = &action.state;
    let original = state.store.journal(params.id).await?.ok_or(ApiError::NotFound)?;
    let lines = original.reversed_lines().map_err(|_| not_reversible())?;
    let memo = format!("Reverses journal #{}: {}", original.id, original.memo);
    let journal = proposal(&staff, state, original.lender, memo, lines, Some(original.id));
    let id = keep(&action, &staff, journal, None, "journal.reverse").await?;
    action.commit().await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecideJournalParams {
    pub id: i64,
}

/// A journal still waiting, which this caller may decide: not their own,
/// nor one of a member whose keys they hold (decision 057).
/// Approves another member's journal: it enters the books now.
#[utoipa::path(post, path = "/general-ledger/journals/approve", operation_id = "staff_journal_approve", tag = "staff",
    params(DecideJournalParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideJournalParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, true).await
}

/// Rejects another member's journal: it never enters the books.
#[utoipa::path(post, path = "/general-ledger/journals/reject", operation_id = "staff_journal_reject", tag = "staff",
    params(DecideJournalParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reject(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideJournalParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, false).await
}

async fn decide(
    state: AppState,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideJournalParams>, ApiError>,
    approve: bool,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ApproveJournals)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let journal = action.state.store.journal(params.id).await?.ok_or(ApiError::NotFound)?;
    let pending = super::Pending {
        kind: "journal",
        subject: format!("journal:{}", journal.id),
        waiting: journal.status == JournalStatus::Proposed,
        proposed_by: journal.proposed_by,
    };
    super::decide_pending(&staff, action, pending, approve, async |state| {
        state
            .store
            .decide_journal(journal.id, approve, staff.staff_id(), state.now())
            .await
            .map_err(super::decided_first)?;
        let status = if approve { JournalStatus::Posted } else { JournalStatus::Rejected };
        Ok(((), serde_json::json!({ "status": status.key() })))
    })
    .await?;
    Ok(ok(lang, NoData))
}
