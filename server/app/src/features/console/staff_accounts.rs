//! Staff accounts: admins list, add, deactivate and reactivate them and
//! reset their sign-in (decision 021).
use super::refused;
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use base64::Engine;
use hiram_domain::fields::InvalidField;
use hiram_domain::staff::{NewStaff, Permission, Role, StaffAccount};
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Longest staff name, in characters.
const MAX_NAME_CHARS: usize = 60;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NewAccountParams {
    pub email: String,
    pub name: String,
    /// admin, credit_officer, finance, customer_care, marketing or auditor.
    pub role: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewAccount {
    pub id: i64,
    /// Shown once: the first password (or the one a reset makes), to be
    /// handed over in person.
    pub password: String,
    /// Shown once: the TOTP secret and the address authenticator apps scan.
    pub totp_secret: String,
    pub otpauth_uri: String,
    /// The same address as a QR code (a `data:image/png;base64,…` URL) for
    /// the authenticator app's camera; never a link the secret could be
    /// fetched again from.
    pub otpauth_qr: String,
}

/// Creates a staff account with a random password and TOTP secret, shown
/// once (admins signed in; an API token is refused with 403). A refused field is named in `data.field`; an e-mail
/// that has an account already is a 409 naming `email`.
#[utoipa::path(post, path = "/staff-accounts", operation_id = "console_create_account", tag = "console", params(NewAccountParams),
    responses((status = 200, body = Envelope<NewAccount>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 409, body = Envelope<FieldRefused>, description = "The e-mail has an account already; `data.field` is `email`")), security(("staff_token" = [])))]
pub async fn create_account(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<NewAccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<NewAccount>>> {
    // A script never makes people: a leaked admin token would make an
    // admin, sign in as it and mint tokens again (decision 036).
    staff.require_member(Permission::ManageStaff)?;
    let Params(params) = params?;
    let created = add_staff(&state, &params.email, &params.name, &params.role).await?;
    staff
        .audit(
            &state,
            "staff.create",
            &format!("staff:{}", created.id),
            serde_json::Value::Null,
            serde_json::json!({ "email": params.email.trim().to_lowercase(), "name": params.name.trim(), "role": params.role }),
        )
        .await?;
    Ok(ok(lang, created))
}

/// Creates an account; shared with the `hiram staff-add` command that makes
/// the first admin.
pub async fn add_staff(state: &AppState, email: &str, name: &str, role: &str) -> ApiResult<NewAccount> {
    let email = hiram_domain::fields::email("email", email).map_err(refused)?.to_lowercase();
    let name = hiram_domain::fields::text("name", name, 1, MAX_NAME_CHARS).map_err(refused)?;
    let role = Role::parse(role.trim()).ok_or_else(|| refused(InvalidField("role")))?;
    let Credentials { password, password_hash, totp_secret } = new_credentials().await?;
    let new = NewStaff {
        email: email.clone(),
        name,
        role,
        password_hash,
        totp_secret: totp_secret.clone(),
        created_at: state.now(),
    };
    let id = match state.store.create_staff(&new).await {
        Ok(id) => id,
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::Conflict { message: Msg::StaffEmailTaken, data: FieldRefused::data("email") });
        }
        Err(other) => return Err(other.into()),
    };
    answer_once(state, id, &email, password, totp_secret).await
}

/// A new sign-in: a random one-time password, its Argon2id hash (all the
/// server keeps of it) and a new TOTP secret. Adding an account and
/// resetting one make them the same way.
struct Credentials {
    password: String,
    password_hash: String,
    totp_secret: String,
}

async fn new_credentials() -> ApiResult<Credentials> {
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
    let password = crate::totp::base32(&bytes).to_lowercase();
    let totp_secret = crate::totp::new_secret().map_err(|error| ApiError::Internal(error.to_string()))?;
    let password_hash = crate::passwords::hash(
        hiram_domain::password::NewPassword::parse(&password).map_err(|error| ApiError::Internal(error.to_string()))?,
    )
    .await?;
    Ok(Credentials { password, password_hash, totp_secret })
}

/// The reply that carries a new sign-in, the one time it is ever shown.
async fn answer_once(
    state: &AppState,
    id: i64,
    email: &str,
    password: String,
    totp_secret: String,
) -> ApiResult<NewAccount> {
    let otpauth_uri = crate::totp::otpauth_uri(&crate::company::details(state).await?.trade_name, email, &totp_secret);
    let picture = crate::services::pay_code_images::qr_png(&otpauth_uri)
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    let otpauth_qr = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(picture));
    Ok(NewAccount { id, password, totp_secret, otpauth_uri, otpauth_qr })
}

/// A staff account as admins see it: never the password hash or the TOTP
/// secret.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAccountRow {
    pub id: i64,
    pub email: String,
    pub name: String,
    /// admin, credit_officer, finance, customer_care, marketing or auditor.
    pub role: String,
    /// False once deactivated: the member can neither sign in nor use a
    /// session until reactivated.
    pub active: bool,
    /// RFC 3339.
    pub created_at: String,
}

fn account_row(account: &StaffAccount) -> StaffAccountRow {
    StaffAccountRow {
        id: account.id,
        email: account.email.clone(),
        name: account.name.clone(),
        role: account.role.key().to_owned(),
        active: account.active,
        created_at: crate::views::timestamp(account.created_at),
    }
}

/// Every staff account, active or not, oldest first (admins only).
#[utoipa::path(get, path = "/staff-accounts", operation_id = "console_staff_accounts", tag = "console",
    responses((status = 200, body = Envelope<Vec<StaffAccountRow>>), (status = 401), (status = 403)), security(("staff_token" = [])))]
pub async fn staff_accounts(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<StaffAccountRow>>>> {
    staff.require(Permission::ManageStaff)?;
    let rows = state.store.staff_accounts().await?.iter().map(account_row).collect();
    Ok(ok(lang, rows))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AccountParams {
    /// The account's id.
    #[serde(default)]
    #[param(value_type = i64, required = true)]
    pub id: String,
}

/// Deactivates a staff account (admins): the member is signed out at
/// once (every session of theirs ends, every API token they made is
/// revoked) and cannot sign in until reactivated. Nobody deactivates their own account, and the last active
/// admin stays active (409, `data.reason` `own_account` or `last_admin`).
#[utoipa::path(post, path = "/staff-accounts/deactivate", operation_id = "console_deactivate_account", tag = "console", params(AccountParams),
    responses((status = 200, body = Envelope<StaffAccountRow>), (status = 400), (status = 401), (status = 403), (status = 404), (status = 409)), security(("staff_token" = [])))]
pub async fn deactivate_account(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<AccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<StaffAccountRow>>> {
    switch_account(&state, &staff, lang, params, false).await
}

/// Reactivates a deactivated staff account (admins signed in; an API token
/// is refused with 403); the member signs in again with their password and
/// authenticator. The API tokens they made stay revoked.
#[utoipa::path(post, path = "/staff-accounts/reactivate", operation_id = "console_reactivate_account", tag = "console", params(AccountParams),
    responses((status = 200, body = Envelope<StaffAccountRow>), (status = 400), (status = 401), (status = 403), (status = 404)), security(("staff_token" = [])))]
pub async fn reactivate_account(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<AccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<StaffAccountRow>>> {
    switch_account(&state, &staff, lang, params, true).await
}

async fn switch_account(
    state: &AppState,
    staff: &Staff,
    lang: Lang,
    params: Result<Params<AccountParams>, ApiError>,
    active: bool,
) -> ApiResult<Json<Envelope<StaffAccountRow>>> {
    // A script may take someone's access away (an offboarding job), never
    // give it back.
    match active {
        true => staff.require_member(Permission::ManageStaff)?,
        false => staff.require(Permission::ManageStaff)?,
    }
    let Params(params) = params?;
    let id: i64 = params.id.trim().parse().map_err(|_| refused(InvalidField("id")))?;
    // Switching oneself off is a slip more often than a decision, and it
    // would sign the admin out mid-task; someone leaving is recorded by
    // another admin (decision 021).
    if !active && staff.staff_id() == Some(id) {
        return Err(ApiError::Conflict {
            message: Msg::StaffOwnAccount,
            data: serde_json::json!({ "reason": "own_account" }),
        });
    }
    let now = state.now();
    let before = match state.store.set_staff_active(id, active, now).await {
        Ok(before) => before,
        Err(StoreError::Stale) => return Err(ApiError::NotFound),
        Err(StoreError::Conflict("last_admin")) => {
            return Err(ApiError::Conflict {
                message: Msg::StaffLastAdmin,
                data: serde_json::json!({ "reason": "last_admin" }),
            });
        }
        Err(other) => return Err(other.into()),
    };
    tracing::info!(staff.id = id, active, "staff account switched");
    staff
        .audit(
            state,
            if active { "staff.reactivate" } else { "staff.deactivate" },
            &format!("staff:{id}"),
            serde_json::json!({ "active": before.active }),
            serde_json::json!({ "active": active }),
        )
        .await?;
    Ok(ok(lang, account_row(&StaffAccount { active, ..before })))
}

/// Resets a member's sign-in when they lost their password or
/// authenticator (admins signed in; an API token is refused with 403): a new
/// one-time password and TOTP secret, answered this once like a new
/// account's. The old password and authenticator stop working, failed tries
/// and any lock are cleared, and the member is signed out everywhere at
/// once, their API tokens revoked. Nobody resets their own
/// (409, `data.reason` `own_account`: another admin does it), and a
/// deactivated account is reactivated first (409, `inactive`).
#[utoipa::path(post, path = "/staff-accounts/reset", operation_id = "console_reset_account", tag = "console", params(AccountParams),
    responses((status = 200, body = Envelope<NewAccount>), (status = 400), (status = 401), (status = 403), (status = 404), (status = 409)), security(("staff_token" = [])))]
pub async fn reset_account(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<AccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<NewAccount>>> {
    staff.require_member(Permission::ManageStaff)?;
    let Params(params) = params?;
    let id: i64 = params.id.trim().parse().map_err(|_| refused(InvalidField("id")))?;
    // An admin who can still sign in has no lost secret to replace, and one
    // who cannot must not be able to swap theirs from a stolen session:
    // another admin resets it (decision 021).
    if staff.staff_id() == Some(id) {
        return Err(ApiError::Conflict {
            message: Msg::StaffOwnReset,
            data: serde_json::json!({ "reason": "own_account" }),
        });
    }
    let Credentials { password, password_hash, totp_secret } = new_credentials().await?;
    let now = state.now();
    let before = match state.store.reset_staff_sign_in(id, &password_hash, &totp_secret, now).await {
        Ok(before) => before,
        Err(StoreError::Stale) => return Err(ApiError::NotFound),
        Err(StoreError::Conflict("inactive")) => {
            return Err(ApiError::Conflict {
                message: Msg::StaffResetInactive,
                data: serde_json::json!({ "reason": "inactive" }),
            });
        }
        Err(other) => return Err(other.into()),
    };
    crate::sign_in_limits::reset(&state, hiram_domain::sign_in::Door::Staff, &before.email).await?;
    tracing::info!(staff.id = id, "staff sign-in reset");
    // What changed, never the secrets: the old and new ones stay out of the log.
    staff
        .audit(
            &state,
            "staff.reset_sign_in",
            &format!("staff:{id}"),
            serde_json::Value::Null,
            serde_json::json!({ "signedOut": true }),
        )
        .await?;
    Ok(ok(lang, answer_once(&state, id, &before.email, password, totp_secret).await?))
}
