//! Signing in to the console with e-mail, password and a TOTP code (an
//! HttpOnly, SameSite=Strict session cookie), signing out, and who am I.
use crate::client_address::ClientAddress;
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::staff_access::{Caller, Staff, cookie_name, session_digest};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::request::Parts;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use hiram_domain::sign_in::Door;
use hiram_domain::staff::{Role, StaffAccount};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How long a console session lasts: one working day.
const SESSION_HOURS: i64 = 12;

#[derive(Deserialize, ToSchema)]
pub struct LoginParams {
    pub email: String,
    pub password: String,
    /// The 6-digit code of the authenticator app.
    pub code: String,
}

#[derive(Serialize, ToSchema)]
pub struct Me {
    pub id: i64,
    pub email: String,
    pub name: String,
    pub role: String,
    pub permissions: Vec<String>,
    /// What the role may not do, each with the roles that may: the console
    /// says who can act where it shows no control ("Only a credit officer
    /// can decide"), from the table the server checks.
    pub withheld: Vec<Withheld>,
}

#[derive(Serialize, ToSchema)]
pub struct Withheld {
    pub permission: String,
    /// Role keys, in the server's order of roles.
    pub roles: Vec<String>,
}

/// The permissions `role` lacks that another role holds, and who holds them.
fn withheld_from(role: Role) -> Vec<Withheld> {
    let mut withheld: Vec<Withheld> = Vec::new();
    for holder in Role::ALL {
        for permission in holder.permissions().iter().filter(|permission| !role.can(**permission)) {
            let key = permission.key();
            match withheld.iter_mut().find(|entry| entry.permission == key) {
                Some(entry) => entry.roles.push(holder.key().to_owned()),
                None => withheld.push(Withheld { permission: key.to_owned(), roles: vec![holder.key().to_owned()] }),
            }
        }
    }
    withheld
}

fn me_of(account: &StaffAccount) -> Me {
    Me {
        id: account.id,
        email: account.email.clone(),
        name: account.name.clone(),
        role: account.role.key().to_owned(),
        permissions: account.role.permissions().iter().map(|permission| permission.key().to_owned()).collect(),
        withheld: withheld_from(account.role),
    }
}

fn cookie(state: &AppState, value: &str, max_age_seconds: i64) -> ApiResult<HeaderValue> {
    // Over https the `__Host-` cookie must be Secure with path `/`; over
    // plain HTTP it keeps to the console's calls.
    let (path, secure) =
        if state.settings.server.served_over_https() { ("/", "; Secure") } else { ("/api/console", "") };
    let name = cookie_name(state);
    HeaderValue::from_str(&format!(
        "{name}={value}; Path={path}; HttpOnly; SameSite=Strict; Max-Age={max_age_seconds}{secure}"
    ))
    .map_err(|error| ApiError::Internal(error.to_string()))
}

/// Signs a staff member in (form body only). Wrong e-mail, password or
/// code all answer the same, after the same work; a code works once. Tries
/// are limited per e-mail and address and per address (decision 028), never
/// per account alone, so nobody can lock a colleague out.
#[utoipa::path(post, path = "/login", operation_id = "console_login", tag = "console", request_body(content = LoginParams, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<Me>, description = "Sets the HttpOnly session cookie"), (status = 400),
        (status = 429, body = Envelope<crate::error::RetryLater>,
            description = "Too many tries from this address; `Retry-After` says how long to wait")))]
pub async fn login(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    lang: Lang,
    uri: axum::http::Uri,
    Params(params): Params<LoginParams>,
) -> ApiResult<Response> {
    crate::extract::secrets_in_body_only(&uri, &["email", "password", "code"])?;
    let refused = || ApiError::rejected(Msg::StaffLoginRefused);
    let now = state.now();
    let email = params.email.trim().to_lowercase();
    let attempt = crate::sign_in_limits::count_try(&state, Door::Staff, &email, address).await?;
    let account = state.store.staff_by_email(&email).await?.filter(StaffAccount::can_sign_in);
    // Hash the password even for an unknown e-mail, so timing tells nothing.
    let password_ok =
        crate::passwords::verify(&params.password, account.as_ref().map(|account| account.password_hash.as_str()))
            .await?;
    let Some(account) = account else { return Err(refused()) };
    let step = crate::totp::verify(&account.totp_secret, params.code.trim(), now.unix_timestamp());
    let accepted = match step {
        Some(step) if password_ok => state.store.accept_login(account.id, step).await?,
        _ => false,
    };
    if !accepted {
        tracing::info!(staff.id = account.id, "console sign-in refused");
        return Err(refused());
    }
    crate::sign_in_limits::succeeded(&state, &attempt).await?;
    let (token, digest) = crate::session::new_token()?;
    let staff = Staff { caller: Caller::Member(account.clone()) };
    let action = staff.act(&state).await?;
    let expires = now + time::Duration::hours(SESSION_HOURS);
    action.state.store.create_staff_session(&digest, account.id, now, expires).await?;
    staff
        .audit(
            &action,
            "staff.sign_in",
            &format!("staff:{}", account.id),
            serde_json::Value::Null,
            serde_json::Value::Null,
        )
        .await?;
    action.commit().await?;
    let mut response = ok(lang, me_of(&account)).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie(&state, &token, SESSION_HOURS * 3600)?);
    Ok(response)
}

/// Signs out: the session ends on the server and the cookie is cleared.
#[utoipa::path(post, path = "/logout", operation_id = "console_logout", tag = "console",
    responses((status = 200, body = Envelope<NoData>), (status = 401)), security(("staff_token" = [])))]
pub async fn logout(State(state): State<AppState>, staff: Staff, lang: Lang, parts: Parts) -> ApiResult<Response> {
    let action = staff.act(&state).await?;
    if let Some(digest) = session_digest(&state, &parts) {
        action.state.store.revoke_staff_session(&digest, action.state.now()).await?;
    }
    staff
        .audit(
            &action,
            "staff.sign_out",
            &format!("staff:{}", staff.staff_id().unwrap_or(0)),
            serde_json::Value::Null,
            serde_json::Value::Null,
        )
        .await?;
    action.commit().await?;
    let mut response = ok(lang, NoData).into_response();
    response.headers_mut().insert(header::SET_COOKIE, cookie(&state, "", 0)?);
    Ok(response)
}

/// The signed-in staff member and what their role allows.
#[utoipa::path(get, path = "/me", operation_id = "console_me", tag = "console",
    responses((status = 200, body = Envelope<Me>), (status = 401),
        (status = 404, description = "The caller holds a staff API token, which is no staff member")), security(("staff_token" = [])))]
pub async fn me(staff: Staff, lang: Lang) -> ApiResult<Json<Envelope<Me>>> {
    match &staff.caller {
        Caller::Member(account) => Ok(ok(lang, me_of(account))),
        Caller::Token(_) => Err(ApiError::NotFound),
    }
}
