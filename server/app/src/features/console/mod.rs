//! The operator console: the staff API it calls, one module per console
//! section, and the console's own sign-in, staff accounts, API tokens and
//! audit log. The sections' calls are served at `/api/console` and at
//! `/api/staff` (for scripts with a staff API token, `staff_access`);
//! sign-in, staff accounts, API tokens and the audit log only at
//! `/api/console`. Every call checks its permission against the caller's
//! role, a member's or a token's; every change is audited.

pub mod adjustments;
pub mod api_tokens;
pub mod audit;
pub mod borrowers;
pub mod chart;
pub mod collections;
pub mod complaints;
pub mod dashboard;
pub mod enrolment;
pub mod exchange_rates;
pub mod general_ledger;
pub mod journals;
pub mod listing;
pub mod marketing;
pub mod money;
pub mod orders;
pub mod products;
pub mod provisions;
pub mod refunds;
pub mod reversals;
pub mod rule_sets;
pub mod sign_in;
pub mod sms_outbox;
pub mod staff_accounts;
pub mod statements;
pub mod unposted_payments;
pub mod write_offs;

use crate::error::ApiError;
pub use crate::staff_access::Staff;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// The sections' calls, mounted at `/api/staff` and `/api/console`.
pub fn staff_api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sms_outbox::sms_outbox))
        .routes(routes!(products::catalogue, products::create_product))
        .routes(routes!(products::check))
        .routes(routes!(products::update_listing))
        .routes(routes!(orders::list))
        .routes(routes!(orders::record))
        .routes(routes!(orders::decide))
        .routes(routes!(borrowers::search))
        .routes(routes!(borrowers::profile))
        .routes(routes!(borrowers::reveal))
        .routes(routes!(borrowers::review_identity))
        .routes(routes!(money::failed_payouts))
        .routes(routes!(money::reconciliation))
        .routes(routes!(general_ledger::trial_balance))
        .routes(routes!(general_ledger::lenders))
        .routes(routes!(general_ledger::income_statement))
        .routes(routes!(general_ledger::balance_sheet))
        .routes(routes!(general_ledger::closes))
        .routes(routes!(general_ledger::close))
        .routes(routes!(general_ledger::aging))
        .routes(routes!(chart::chart))
        .routes(routes!(chart::proposals))
        .routes(routes!(chart::propose))
        .routes(routes!(chart::approve))
        .routes(routes!(chart::reject))
        .routes(routes!(journals::journals))
        .routes(routes!(journals::propose))
        .routes(routes!(journals::approve))
        .routes(routes!(journals::reject))
        .routes(routes!(journals::reverse))
        .routes(routes!(provisions::provisions))
        .routes(routes!(provisions::propose))
        .routes(routes!(provisions::approve))
        .routes(routes!(provisions::reject))
        .routes(routes!(write_offs::write_offs))
        .routes(routes!(write_offs::propose))
        .routes(routes!(write_offs::approve))
        .routes(routes!(write_offs::reject))
        .routes(routes!(statements::statements))
        .routes(routes!(statements::items))
        .routes(routes!(statements::worklist))
        .routes(routes!(statements::import))
        .routes(routes!(statements::fetch))
        .routes(routes!(statements::resolve))
        .routes(routes!(refunds::refunds))
        .routes(routes!(refunds::propose))
        .routes(routes!(refunds::approve))
        .routes(routes!(refunds::reject))
        .routes(routes!(dashboard::dashboard))
        .routes(routes!(borrowers::staff_image))
        .routes(routes!(unposted_payments::queue))
        .routes(routes!(unposted_payments::match_payment))
        .routes(routes!(unposted_payments::reject_payment))
        .routes(routes!(adjustments::list))
        .routes(routes!(adjustments::propose))
        .routes(routes!(adjustments::approve))
        .routes(routes!(adjustments::reject))
        .routes(routes!(reversals::list))
        .routes(routes!(reversals::propose))
        .routes(routes!(reversals::approve))
        .routes(routes!(reversals::reject))
        .merge(complaints::router())
        .merge(marketing::router())
        .merge(collections::router())
        .routes(routes!(exchange_rates::list))
        .routes(routes!(exchange_rates::add))
        .routes(routes!(exchange_rates::calculator_views))
        .routes(routes!(rule_sets::list, rule_sets::save))
}

/// The console's own calls, mounted at `/api/console` only.
pub fn console_only() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in::login))
        .routes(routes!(sign_in::logout))
        .routes(routes!(sign_in::me))
        .routes(routes!(audit::audit_log))
        .routes(routes!(staff_accounts::staff_accounts, staff_accounts::create_account))
        .routes(routes!(staff_accounts::deactivate_account))
        .routes(routes!(staff_accounts::reactivate_account))
        .routes(routes!(staff_accounts::reset_account))
        .routes(routes!(staff_accounts::approve_sign_in))
        .routes(routes!(enrolment::open_link))
        .routes(routes!(enrolment::complete))
        .routes(routes!(enrolment::change_password))
        .routes(routes!(enrolment::renew_sign_in))
        .routes(routes!(api_tokens::api_tokens, api_tokens::create_api_token))
        .routes(routes!(api_tokens::revoke_api_token))
}

/// A maker's proposal as made (a waiver, a payment reversal): what the
/// checker approves or rejects by.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Proposed {
    pub id: i64,
}

/// A 400 saying what is wrong in its own words and naming the field it is
/// about (`data.field`), so the console shows it beside that field.
pub(crate) fn refused_with(message: crate::i18n::Msg, field: &'static str) -> ApiError {
    ApiError::Rejected { message, detail: None, data: crate::error::FieldRefused::data(field) }
}

/// A 400 naming the field that does not fit (`data.field`), so the console
/// can point at it.
pub(crate) fn refused(hiram_domain::fields::InvalidField(field): hiram_domain::fields::InvalidField) -> ApiError {
    ApiError::Rejected {
        message: crate::i18n::Msg::FieldInvalid,
        detail: Some(field.to_owned()),
        data: crate::error::FieldRefused::data(field),
    }
}

/// Refuses (403) an approver who is not independent of the proposer
/// (decision 057): the same member, a token, or an account the proposer
/// made or reset, or one made or reset by the same member as the
/// proposer's; `data.reason` names which.
/// A row someone else changed first (a stale write) is the 409 "it moved
/// on", not a 500.
pub(crate) fn moved_on(error: hiram_domain::store::StoreError) -> ApiError {
    crate::services::ServiceError::from(error).into()
}

/// A 409: the proposal (a journal, a provision matrix) was approved or
/// rejected already.
pub(crate) fn already_decided() -> ApiError {
    ApiError::Conflict { message: crate::i18n::Msg::ProposalDecided, data: serde_json::Value::Null }
}

/// A decision's write that found the proposal decided by another first is
/// that 409; any other failure stays what it was.
pub(crate) fn decided_first(error: hiram_domain::store::StoreError) -> ApiError {
    match error {
        hiram_domain::store::StoreError::Stale => already_decided(),
        other => other.into(),
    }
}

/// A proposal waiting for a second member's decision, whatever it proposes
/// (a journal, a provision matrix, a write-off, a refund, an account).
pub(crate) struct Pending<'a> {
    /// The stem of its audit kinds: `journal` gives `journal.approve` and
    /// `journal.reject`.
    pub kind: &'a str,
    /// The audit entry's subject, `journal:12`.
    pub subject: String,
    pub waiting: bool,
    pub proposed_by: Option<i64>,
}

/// Decides a proposal as every maker-checker step does (decision 057): a
/// 409 unless it still waits, a 403 unless the decider is independent of
/// its maker; `write` records the decision (and whatever an approval moves)
/// in the action's transaction and gives what the audit entry shows after
/// it; the audit entry commits with it, or nothing does.
pub(crate) async fn decide_pending<T>(
    staff: &crate::staff_access::Staff,
    action: crate::staff_access::StaffAction,
    pending: Pending<'_>,
    approve: bool,
    write: impl AsyncFnOnce(&AppState) -> crate::error::ApiResult<(T, serde_json::Value)>,
) -> crate::error::ApiResult<T> {
    if !pending.waiting {
        return Err(already_decided());
    }
    independent_of(&action.state, pending.proposed_by, staff).await?;
    let (decided, after) = write(&action.state).await?;
    let kind = format!("{}.{}", pending.kind, if approve { "approve" } else { "reject" });
    staff.audit(&action, &kind, &pending.subject, serde_json::json!({ "status": "proposed" }), after).await?;
    action.commit().await?;
    Ok(decided)
}

pub(crate) async fn independent_of(
    state: &AppState,
    proposer: Option<i64>,
    approver: &crate::staff_access::Staff,
) -> Result<(), ApiError> {
    use crate::services::four_eyes::{Dependence, check};
    match check(state, proposer, approver.staff_id()).await? {
        Ok(()) => Ok(()),
        Err(dependence) => Err(ApiError::Forbidden {
            message: match dependence {
                Dependence::SamePerson => crate::i18n::Msg::SecondPersonNeeded,
                Dependence::MadeTheOther | Dependence::SameMaker => crate::i18n::Msg::ApproverNotIndependent,
            },
            data: serde_json::json!({ "reason": dependence.key() }),
        }),
    }
}
