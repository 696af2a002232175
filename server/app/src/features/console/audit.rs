//! The audit log (admins and auditors): read a page at a time, never changed.
use super::listing::{Listing, page_request};
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::staff::{LoggedAudit, Permission};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditParams {
    /// One record's entries only, by its subject as the log names it
    /// (`order:12`, `staff:3`); every entry when absent or empty.
    pub subject: Option<String>,
    /// From 1 (the default).
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
    /// 1–100, default 25.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    pub id: i64,
    /// Empty for a staff API token or the system.
    pub staff_id: Option<i64>,
    /// The name of the staff member who acted; empty for a staff API token
    /// or the system.
    pub staff_name: Option<String>,
    /// The staff API token that acted; empty for a member or the system.
    pub api_token_id: Option<i64>,
    /// The name of the staff API token that acted.
    pub api_token_name: Option<String>,
    pub action: String,
    pub subject: String,
    pub before: serde_json::Value,
    pub after: serde_json::Value,
    pub at: String,
}

/// The audit log, newest first, a page at a time. It can be read, never
/// changed.
#[utoipa::path(get, path = "/audit", operation_id = "console_audit_log", tag = "console", params(AuditParams),
    responses((status = 200, body = Envelope<Listing<AuditRow>>), (status = 400), (status = 401), (status = 403)), security(("staff_token" = [])))]
pub async fn audit_log(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<AuditParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<AuditRow>>>> {
    staff.require(Permission::ReadAudit)?;
    let Params(params) = params?;
    let paging = page_request(params.page, params.page_size)?;
    let subject = params.subject.as_deref().map(str::trim).filter(|subject| !subject.is_empty());
    if subject.is_some_and(|subject| subject.chars().count() > 100) {
        return Err(ApiError::InvalidParameters);
    }
    let page = state.store.audit_entries(subject, paging).await?;
    let listing = Listing::of(page, paging, |LoggedAudit { entry, staff_name, api_token_name }| AuditRow {
        id: entry.id,
        staff_id: entry.staff_id,
        staff_name,
        api_token_id: entry.api_token_id,
        api_token_name,
        action: entry.action,
        subject: entry.subject,
        before: serde_json::from_str(&entry.before).unwrap_or(serde_json::Value::Null),
        after: serde_json::from_str(&entry.after).unwrap_or(serde_json::Value::Null),
        at: crate::views::timestamp(entry.at),
    });
    Ok(ok(lang, listing))
}
