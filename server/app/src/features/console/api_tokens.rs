//! Staff API tokens: signed-in admins make named tokens for scripts, each
//! acting in one role until it expires or is revoked, list them and revoke
//! them (decision 036). The secret is answered once; only its digest is kept.
use super::refused;
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::fields::InvalidField;
use hiram_domain::staff::{ApiToken, ListedApiToken, MAX_API_TOKEN_DAYS, NewApiToken, Permission, Role};
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Longest token name, in characters.
const MAX_NAME_CHARS: usize = 60;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct NewTokenParams {
    /// What the token is for, as the list and the audit log show it.
    pub name: String,
    /// admin, credit_officer, finance, customer_care, marketing or auditor:
    /// the token may do what a member of that role may.
    pub role: String,
    /// Days until the token stops working, 1–365.
    #[serde(default)]
    #[param(value_type = i64, required = true)]
    pub valid_days: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssuedApiToken {
    pub id: i64,
    pub name: String,
    pub role: String,
    /// RFC 3339.
    pub expires_at: String,
    /// Shown once: the bearer secret (`Authorization: Bearer …`). The server
    /// keeps only its digest and can never show it again.
    pub secret: String,
}

/// Makes a token and answers its secret, the one time it is ever shown;
/// shared with the `hiram staff-token` command (`created_by` is then `None`).
pub async fn issue(
    state: &AppState,
    name: &str,
    role: &str,
    valid_days: &str,
    created_by: Option<i64>,
) -> ApiResult<IssuedApiToken> {
    let name = hiram_domain::fields::text("name", name, 1, MAX_NAME_CHARS).map_err(refused)?;
    let role = Role::parse(role.trim()).ok_or_else(|| refused(InvalidField("role")))?;
    let valid_days = valid_days
        .trim()
        .parse::<i64>()
        .ok()
        .filter(|days| (1..=MAX_API_TOKEN_DAYS).contains(days))
        .ok_or_else(|| refused(InvalidField("validDays")))?;
    let (secret, digest) = crate::session::new_token()?;
    let now = state.now();
    let token =
        NewApiToken { name, role, created_by, created_at: now, expires_at: now + time::Duration::days(valid_days) };
    let id = state.store.create_api_token(&digest, &token).await?;
    tracing::info!(api_token.id = id, api_token.role = role.key(), "staff API token made");
    Ok(IssuedApiToken {
        id,
        name: token.name,
        role: role.key().to_owned(),
        expires_at: crate::views::timestamp(token.expires_at),
        secret,
    })
}

/// What the audit log keeps of a new token: never its secret.
pub fn audited(issued: &IssuedApiToken) -> serde_json::Value {
    serde_json::json!({ "name": issued.name, "role": issued.role, "expiresAt": issued.expires_at })
}

/// Makes a token for a script (signed-in admins only, never a token). A
/// refused field is named in `data.field`.
#[utoipa::path(post, path = "/api-tokens", operation_id = "console_create_api_token", tag = "console", params(NewTokenParams),
    responses((status = 200, body = Envelope<IssuedApiToken>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403)),
    security(("staff_token" = [])))]
pub async fn create_api_token(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<NewTokenParams>, ApiError>,
) -> ApiResult<Json<Envelope<IssuedApiToken>>> {
    staff.require_member(Permission::ManageStaff)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let state = &action.state;
    let issued = issue(state, &params.name, &params.role, &params.valid_days, staff.staff_id()).await?;
    staff
        .audit(
            &action,
            "api_token.create",
            &format!("api_token:{}", issued.id),
            serde_json::Value::Null,
            audited(&issued),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, issued))
}

/// A token as admins see it: never its secret.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiTokenRow {
    pub id: i64,
    pub name: String,
    /// admin, credit_officer, finance, customer_care, marketing or auditor.
    pub role: String,
    /// The admin who made it; empty when the `hiram staff-token` command did.
    pub created_by: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    /// RFC 3339; from then on the token is refused.
    pub expires_at: String,
    /// RFC 3339, to the minute; empty when never used.
    pub last_used_at: Option<String>,
    /// RFC 3339; empty while the token is not revoked.
    pub revoked_at: Option<String>,
}

fn token_row(token: &ApiToken, created_by: Option<String>) -> ApiTokenRow {
    ApiTokenRow {
        id: token.id,
        name: token.name.clone(),
        role: token.role.key().to_owned(),
        created_by,
        created_at: crate::views::timestamp(token.created_at),
        expires_at: crate::views::timestamp(token.expires_at),
        last_used_at: token.last_used_at.map(crate::views::timestamp),
        revoked_at: token.revoked_at.map(crate::views::timestamp),
    }
}

/// Every token, revoked and expired ones too, newest first (admins only).
#[utoipa::path(get, path = "/api-tokens", operation_id = "console_api_tokens", tag = "console",
    responses((status = 200, body = Envelope<Vec<ApiTokenRow>>), (status = 401), (status = 403)), security(("staff_token" = [])))]
pub async fn api_tokens(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<ApiTokenRow>>>> {
    staff.require(Permission::ManageStaff)?;
    let rows = state
        .store
        .api_tokens()
        .await?
        .into_iter()
        .map(|ListedApiToken { token, created_by_name }| token_row(&token, created_by_name))
        .collect();
    Ok(ok(lang, rows))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenParams {
    /// The token's id.
    #[serde(default)]
    #[param(value_type = i64, required = true)]
    pub id: String,
}

/// Revokes a token (signed-in admins only, never a token): every call with
/// it is refused (401) from now on. Revoking a revoked token changes nothing.
#[utoipa::path(post, path = "/api-tokens/revoke", operation_id = "console_revoke_api_token", tag = "console", params(TokenParams),
    responses((status = 200, body = Envelope<ApiTokenRow>), (status = 400), (status = 401), (status = 403), (status = 404)), security(("staff_token" = [])))]
pub async fn revoke_api_token(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<TokenParams>, ApiError>,
) -> ApiResult<Json<Envelope<ApiTokenRow>>> {
    staff.require_member(Permission::ManageStaff)?;
    let Params(params) = params?;
    let id: i64 = params.id.trim().parse().map_err(|_| refused(InvalidField("id")))?;
    let now = state.now();
    let action = staff.act(&state).await?;
    let state = &action.state;
    let before = match state.store.revoke_api_token(id, now).await {
        Ok(before) => before,
        Err(StoreError::Stale) => return Err(ApiError::NotFound),
        Err(other) => return Err(other.into()),
    };
    let revoked_at = before.revoked_at.unwrap_or(now);
    if before.revoked_at.is_none() {
        tracing::info!(api_token.id = id, "staff API token revoked");
        staff
            .audit(
                &action,
                "api_token.revoke",
                &format!("api_token:{id}"),
                serde_json::json!({ "revoked": false }),
                serde_json::json!({ "revoked": true }),
            )
            .await?;
    }
    let creator = match before.created_by {
        Some(staff_id) => state.store.staff_member(staff_id).await?.map(|account| account.name),
        None => None,
    };
    action.commit().await?;
    Ok(ok(lang, token_row(&ApiToken { revoked_at: Some(revoked_at), ..before }, creator)))
}
