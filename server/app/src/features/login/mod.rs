//! The way in (spec §7 login family): one-time codes by SMS or voice call,
//! code login (which registers a new number), optional password login and
//! reset, logout.

use crate::client_address::ClientAddress;
use crate::error::{ApiError, ApiResult, Envelope, NoData, RetryLater, ok};
use crate::extract::{Params, SessionToken};
use crate::i18n::{Lang, Msg, NamedLang};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use hiram_domain::borrower::Borrower;
use hiram_domain::otp::{CodePurpose, Delivery};
use hiram_domain::password::NewPassword;
use hiram_domain::sign_in::Door;
use serde::{Deserialize, Serialize};
use std::net::IpAddr;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::one_time_codes::{issue_code, parse_phone, verify_code};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login_init))
        .routes(routes!(send_sms_code))
        .routes(routes!(send_voice_code))
        .routes(routes!(sms_code_login))
        .routes(routes!(password_login))
        .routes(routes!(reset_password))
        .routes(routes!(logout))
        .routes(routes!(web_session))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginInit {
    pub resend_seconds: i64,
    pub code_length: i64,
    pub voice_code_available: bool,
    pub password_login_available: bool,
}

/// What the login page needs to know before it starts.
#[utoipa::path(method(get, post), path = "/service/login/login-init", tag = "login", responses((status = 200, body = Envelope<LoginInit>)))]
pub async fn login_init(State(state): State<AppState>, lang: Lang) -> Json<Envelope<LoginInit>> {
    ok(
        lang,
        LoginInit {
            resend_seconds: state.settings.otp.resend_after_seconds,
            code_length: 6,
            voice_code_available: state.sms.name() == "outbox",
            password_login_available: true,
        },
    )
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SendCodeParams {
    /// `09171234567` or `+639171234567`.
    #[param(value_type = crate::wire_values::PhoneNumber, inline)]
    pub phone: String,
    /// `login` (default) or `reset_pwd`.
    #[serde(default)]
    #[param(pattern = "^(login|reset_pwd)?$")]
    pub purpose: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeSent {
    pub resend_seconds: i64,
    pub expires_in_seconds: i64,
}

fn purpose_of(params: &SendCodeParams) -> ApiResult<CodePurpose> {
    match params.purpose.as_deref().map(str::trim).filter(|purpose| !purpose.is_empty()) {
        None => Ok(CodePurpose::Login),
        Some(text) => match CodePurpose::parse(text) {
            Some(purpose @ (CodePurpose::Login | CodePurpose::ResetPassword)) => Ok(purpose),
            _ => Err(ApiError::rejected(Msg::UnknownPurpose)),
        },
    }
}

async fn send_code(
    state: &AppState,
    address: IpAddr,
    lang: Lang,
    params: SendCodeParams,
    delivery: Delivery,
) -> ApiResult<Json<Envelope<CodeSent>>> {
    let phone = parse_phone(&params.phone)?;
    let purpose = purpose_of(&params)?;
    issue_code(state, &phone, purpose, delivery, &address.to_string(), lang).await?;
    let otp = &state.settings.otp;
    Ok(ok(lang, CodeSent { resend_seconds: otp.resend_after_seconds, expires_in_seconds: otp.validity_seconds }))
}

/// Sends a one-time code by SMS. Every valid number gets the same answer,
/// registered or not.
#[utoipa::path(
    post,
    path = "/service/login/send-sms-code-new",
    tag = "login",
    params(SendCodeParams),
    responses(
        (status = 200, body = Envelope<CodeSent>),
        (status = 400, description = "Not a Philippine mobile number, or an unknown purpose"),
        (status = 429, body = Envelope<RetryLater>,
            description = "Asked again too soon or too often; `data.retryAfterSeconds` (and `Retry-After`) says how long to wait"),
        (status = 503, description = "The SMS provider failed"),
    )
)]
pub async fn send_sms_code(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    lang: Lang,
    Params(params): Params<SendCodeParams>,
) -> ApiResult<Json<Envelope<CodeSent>>> {
    send_code(&state, address, lang, params, Delivery::Sms).await
}

/// Sends a one-time code by a voice call; same rules as SMS.
#[utoipa::path(post, path = "/service/login/send-voice-code", tag = "login", params(SendCodeParams),
    responses((status = 200, body = Envelope<CodeSent>), (status = 400),
        (status = 429, body = Envelope<RetryLater>,
            description = "Asked again too soon or too often; `data.retryAfterSeconds` (and `Retry-After`) says how long to wait"),
        (status = 503)))]
pub async fn send_voice_code(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    lang: Lang,
    Params(params): Params<SendCodeParams>,
) -> ApiResult<Json<Envelope<CodeSent>>> {
    send_code(&state, address, lang, params, Delivery::Voice).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CodeLoginParams {
    #[param(value_type = crate::wire_values::PhoneNumber, inline)]
    pub phone: String,
    pub code: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoggedIn {
    /// The session token to carry as `sessionId` on every call.
    pub session_id: String,
    /// True when this login registered the number.
    pub new_borrower: bool,
    /// The language the borrower chose (`en` or `fil`), if they ever did:
    /// the page switches to it (decision 046).
    pub language: Option<String>,
}

/// A session for the borrower, remembering the language the login page
/// named (decision 046).
async fn logged_in(
    state: &AppState,
    borrower: Borrower,
    NamedLang(named): NamedLang,
    new_borrower: bool,
) -> ApiResult<LoggedIn> {
    let mut language = borrower.language;
    if let Some(lang) = named {
        state.store.set_language(borrower.id, lang.into()).await?;
        language = Some(lang.into());
    }
    let session_id = crate::session::start(state, borrower.id).await?;
    Ok(LoggedIn { session_id, new_borrower, language: language.map(|language| language.tag().to_owned()) })
}

/// Logs in with a code; a number seen for the first time is registered.
#[utoipa::path(post, path = "/service/login/sms-code-login", tag = "login", params(CodeLoginParams),
    responses((status = 200, body = Envelope<LoggedIn>), (status = 400, description = "Wrong, used or expired code")))]
pub async fn sms_code_login(
    State(state): State<AppState>,
    lang: Lang,
    named: NamedLang,
    Params(params): Params<CodeLoginParams>,
) -> ApiResult<Json<Envelope<LoggedIn>>> {
    let phone = parse_phone(&params.phone)?;
    verify_code(&state, &phone, CodePurpose::Login, &params.code).await?;
    let known = state.store.borrower_by_phone(&phone).await?;
    let new_borrower = known.is_none();
    let borrower = match known {
        Some(borrower) => borrower,
        None => state.store.ensure_borrower(&phone, None, state.now()).await?,
    };
    let borrower_id = borrower.id;
    let reply = logged_in(&state, borrower, named, new_borrower).await?;
    tracing::info!(borrower.id = borrower_id.0, "borrower logged in with a code");
    Ok(ok(lang, reply))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PasswordLoginParams {
    #[param(value_type = crate::wire_values::PhoneNumber, inline)]
    pub phone: String,
    pub password: String,
}

/// Logs in with the password the borrower set. Tries are limited per
/// number, per number and address, and per address; an unknown number, a
/// number with no password and a wrong password answer alike, after the
/// same work.
#[utoipa::path(post, path = "/service/login/login", tag = "login", params(PasswordLoginParams),
    responses((status = 200, body = Envelope<LoggedIn>), (status = 400, description = "Wrong number or password"),
        (status = 429, body = Envelope<RetryLater>,
            description = "Too many tries; `data.retryAfterSeconds` (and `Retry-After`) says how long to wait")))]
pub async fn password_login(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    lang: Lang,
    named: NamedLang,
    Params(params): Params<PasswordLoginParams>,
) -> ApiResult<Json<Envelope<LoggedIn>>> {
    let phone = parse_phone(&params.phone)?;
    let attempt = crate::sign_in_limits::count_try(&state, Door::Borrower, phone.e164(), address).await?;
    let borrower = state.store.borrower_by_phone(&phone).await?;
    let stored_hash = match &borrower {
        Some(borrower) => state.store.password_hash(borrower.id).await?,
        None => None,
    };
    let matches = crate::passwords::verify(&params.password, stored_hash.as_deref()).await?;
    let borrower = borrower.filter(|_| matches).ok_or(ApiError::rejected(Msg::WrongPhoneOrPassword))?;
    crate::sign_in_limits::succeeded(&state, &attempt).await?;
    Ok(ok(lang, logged_in(&state, borrower, named, false).await?))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ResetPasswordParams {
    #[param(value_type = crate::wire_values::PhoneNumber, inline)]
    pub phone: String,
    /// A code sent with purpose `reset_pwd`.
    pub code: String,
    pub password: String,
}

/// Sets a new password after proving the number with a code; every session
/// of the borrower's ends (a phone left signed in, a thief's).
#[utoipa::path(post, path = "/service/login/reset-pwd", tag = "login", params(ResetPasswordParams),
    responses((status = 200, body = Envelope<NoData>), (status = 400, description = "Wrong code or weak password")))]
pub async fn reset_password(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<ResetPasswordParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let phone = parse_phone(&params.phone)?;
    let password = NewPassword::parse(&params.password).map_err(|_| ApiError::rejected(Msg::WeakPassword))?;
    verify_code(&state, &phone, CodePurpose::ResetPassword, &params.code).await?;
    let borrower = state.store.ensure_borrower(&phone, None, state.now()).await?;
    let hash = crate::passwords::hash(password).await?;
    state.store.set_password_hash(borrower.id, &hash, state.now()).await?;
    Ok(ok(lang, NoData))
}

/// Ends the session (of the query, or of our pages' cookie, which is
/// cleared). Calling it without a live session is not an error: the
/// borrower is logged out either way.
#[utoipa::path(post, path = "/service/login/logout", tag = "login", responses((status = 200, body = Envelope<NoData>)),
    security((), ("borrower_session" = [])))]
pub async fn logout(State(state): State<AppState>, lang: Lang, token: SessionToken) -> ApiResult<Response> {
    if let Some(digest) = token.0.as_deref().and_then(crate::session::digest) {
        state.store.revoke_session(&digest, state.now()).await?;
    }
    let mut response = ok(lang, NoData).into_response();
    response.headers_mut().insert(header::SET_COOKIE, crate::session::cookie(&state, ""));
    Ok(response)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebSessionParams {
    /// The session a native shell put in the page's address, or login gave.
    #[serde(default)]
    pub session_id: String,
}

/// Our own pages trade the session of their address for an HttpOnly,
/// SameSite=Strict cookie (form body only), then take it out of the
/// address, so that nothing the page loads afterwards carries it (issue
/// 29). Native shells keep calling with `sessionId` as D5 says. A session
/// that is not live is 401 and sets nothing.
#[utoipa::path(post, path = "/service/login/web-session", tag = "login", request_body(content = WebSessionParams, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<NoData>, description = "Sets the HttpOnly session cookie"), (status = 400), (status = 401)))]
pub async fn web_session(
    State(state): State<AppState>,
    lang: Lang,
    uri: axum::http::Uri,
    Params(params): Params<WebSessionParams>,
) -> ApiResult<Response> {
    crate::extract::secrets_in_body_only(&uri, &["sessionId"])?;
    let token = params.session_id.trim();
    let digest = crate::session::digest(token).ok_or(ApiError::SessionRequired)?;
    let session = state.store.session(&digest).await?.ok_or(ApiError::SessionRequired)?;
    if !session.is_valid_at(state.now(), &state.session_policy()) {
        return Err(ApiError::SessionRequired);
    }
    let mut response = ok(lang, NoData).into_response();
    response.headers_mut().insert(header::SET_COOKIE, crate::session::cookie(&state, token));
    Ok(response)
}
