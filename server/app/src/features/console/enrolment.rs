//! Staff enrol themselves (decision 058): an admin asks for a member's
//! sign-in (a new account, or a reset of a lost one), a second admin
//! approves it when the member's role moves money, and the member alone
//! receives the one-time link, by mail. Through it they set their own
//! password and scan their own authenticator secret: the admin never sees
//! either. A signed-in member changes their password, or renews both
//! through a link of their own.
use super::refused;
use crate::adapters::mail::{self, Mail};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::{Params, secrets_in_body_only};
use crate::i18n::{Lang, Msg};
use crate::staff_access::{Caller, Staff, session_digest};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::request::Parts;
use base64::Engine;
use hiram_domain::fields::InvalidField;
use hiram_domain::password::NewPassword;
use hiram_domain::staff::{ENROLMENT_LINK_HOURS, Enrolment, EnrolmentPurpose, NewEnrolment, StaffAccount};
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The console page a link opens; the secret rides in the fragment, which
/// browsers never send to a server, so it stays out of access logs and
/// `Referer` headers.
const ENROL_PAGE: &str = "/console/enrol#";

/// A new enrolment of `purpose`, with the authenticator secret the member
/// will scan.
pub(super) fn new_enrolment(
    state: &AppState,
    purpose: EnrolmentPurpose,
    requested_by: Option<i64>,
    needs_approval: bool,
) -> ApiResult<NewEnrolment> {
    let totp_secret = crate::totp::new_secret().map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(NewEnrolment { purpose, totp_secret, requested_by, needs_approval, requested_at: state.now() })
}

/// Puts the member's link out and mails it to them: a new secret each
/// time (an earlier link stops working), kept only as its digest.
pub(super) async fn mail_link(
    state: &AppState,
    headers: &HeaderMap,
    account: &StaffAccount,
    approved_by: Option<i64>,
) -> ApiResult<Enrolment> {
    let waiting = state.store.open_enrolments().await?.into_iter().find(|open| open.staff_id == account.id);
    if waiting.is_none_or(|open| open.awaits_approval() && approved_by.is_none()) {
        return Err(nothing_to_approve());
    }
    let (secret, digest) = crate::session::new_token()?;
    let expires_at = state.now() + time::Duration::hours(ENROLMENT_LINK_HOURS);
    let link = format!(
        "{}{ENROL_PAGE}{secret}",
        crate::browser_policy::own_origin(headers, &state.settings.server.public_url)
    );
    let company = crate::company::details(state).await?;
    let body = format!(
        "Hello {name},\n\n\
         A sign-in to the {trade} console has been set up for you. Open this link within {ENROLMENT_LINK_HOURS} \
         hours, choose your password and scan the QR code with your authenticator app:\n\n{link}\n\n\
         The link works once, and only for you: do not forward it. If you did not expect it, tell an \
         administrator of {trade}.\n\n\
         Kumusta {name},\n\n\
         May sign-in ka na sa console ng {trade}. Buksan ang link sa loob ng {ENROLMENT_LINK_HOURS} na oras, \
         pumili ng password at i-scan ang QR code gamit ang authenticator app mo. Isang beses lang gumagana \
         ang link, at para sa iyo lamang: huwag itong ipasa.\n",
        name = account.name,
        trade = company.trade_name,
    );
    let subject = format!("Your {} console sign-in", company.trade_name);
    // The mail goes first and the link's digest is kept once it went: a
    // link that never left shows as "not mailed", never as a live one.
    let sent =
        mail::send(&state.settings.mail, &Mail { to: &account.email, subject: &subject, body: &body }, state.now())
            .await;
    if let Err(error) = sent {
        tracing::error!(staff.id = account.id, error.detail = %error, "an enrolment link was not mailed");
        return Err(ApiError::Unavailable(error.to_string()));
    }
    let enrolment = match state.store.issue_enrolment(account.id, approved_by, &digest, expires_at).await {
        Ok(enrolment) => enrolment,
        Err(StoreError::Stale | StoreError::Conflict("awaits_approval")) => return Err(nothing_to_approve()),
        Err(other) => return Err(other.into()),
    };
    tracing::info!(staff.id = account.id, "enrolment link mailed");
    Ok(enrolment)
}

fn nothing_to_approve() -> ApiError {
    ApiError::Conflict {
        message: Msg::EnrolmentNothingToApprove,
        data: serde_json::json!({ "reason": "nothing_to_approve" }),
    }
}

#[derive(Deserialize, ToSchema)]
pub struct LinkParams {
    /// The secret from the link's address (after `#`).
    #[serde(default)]
    pub token: String,
}

/// What the enrolment page shows: who enrols, and the authenticator
/// secret to scan, to the holder of the link only.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolmentPage {
    pub email: String,
    pub name: String,
    /// admin, credit_officer, finance, customer_care, marketing or auditor.
    pub role: String,
    /// new, reset or renewal.
    pub purpose: String,
    pub totp_secret: String,
    pub otpauth_uri: String,
    /// The address as a QR code (`data:image/png;base64,…`).
    pub otpauth_qr: String,
    /// RFC 3339: when the link stops working.
    pub expires_at: String,
}

/// The open enrolment behind a link, or 400 `EnrolmentLinkSpent` for a
/// link that is unknown, used, expired or not yet approved.
async fn open_by_link(state: &AppState, token: &str) -> ApiResult<(Enrolment, StaffAccount)> {
    let spent = || ApiError::rejected(Msg::EnrolmentLinkSpent);
    let digest = crate::session::digest(token.trim()).ok_or_else(spent)?;
    let (enrolment, account) = state.store.enrolment_by_link(&digest).await?.ok_or_else(spent)?;
    match enrolment.is_open_at(state.now()) && account.active {
        true => Ok((enrolment, account)),
        false => Err(spent()),
    }
}

/// Opens an enrolment link (form body only: the secret never rides in an
/// address): who enrols and the authenticator secret to scan. Opening
/// changes nothing; the link works until it is completed or expires.
#[utoipa::path(post, path = "/enrolment", operation_id = "console_open_enrolment", tag = "console", request_body(content = LinkParams, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<EnrolmentPage>),
        (status = 400, description = "The link is unknown, used or expired (`EnrolmentLinkSpent`)")))]
pub async fn open_link(
    State(state): State<AppState>,
    lang: Lang,
    uri: axum::http::Uri,
    Params(params): Params<LinkParams>,
) -> ApiResult<Json<Envelope<EnrolmentPage>>> {
    secrets_in_body_only(&uri, &["token"])?;
    let (enrolment, account) = open_by_link(&state, &params.token).await?;
    let otpauth_uri = crate::totp::otpauth_uri(
        &crate::company::details(&state).await?.trade_name,
        &account.email,
        &enrolment.totp_secret,
    );
    let picture = crate::services::pay_code_images::qr_png(&otpauth_uri)
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(ok(
        lang,
        EnrolmentPage {
            email: account.email,
            name: account.name,
            role: account.role.key().to_owned(),
            purpose: enrolment.purpose.key().to_owned(),
            otpauth_qr: format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(picture)),
            totp_secret: enrolment.totp_secret,
            otpauth_uri,
            expires_at: enrolment.expires_at.map(crate::views::timestamp).unwrap_or_default(),
        },
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct CompleteParams {
    #[serde(default)]
    pub token: String,
    /// The member's own password: 12 to 64 characters, not a common one.
    #[serde(default)]
    pub password: String,
    /// The authenticator app's current code for the secret shown.
    #[serde(default)]
    pub code: String,
}

/// Completes an enrolment (form body only): the member's password and the
/// first code of their authenticator. The link stops working, every
/// session of the member ends, and they sign in with the new password and
/// app. A weak password is 400 naming `password`; a wrong code 400 naming
/// `code`.
#[utoipa::path(post, path = "/enrolment/complete", operation_id = "console_complete_enrolment", tag = "console", request_body(content = CompleteParams, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<NoData>),
        (status = 400, body = Envelope<crate::error::FieldRefused>, description = "The link is spent, or `data.field` names the refused field")))]
pub async fn complete(
    State(state): State<AppState>,
    lang: Lang,
    uri: axum::http::Uri,
    Params(params): Params<CompleteParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    secrets_in_body_only(&uri, &["token", "password", "code"])?;
    let (enrolment, account) = open_by_link(&state, &params.token).await?;
    let password = NewPassword::parse_for_staff(&params.password)
        .map_err(|_| super::refused_with(Msg::StaffPasswordWeak, "password"))?;
    let now = state.now();
    let step = crate::totp::verify(&enrolment.totp_secret, params.code.trim(), now.unix_timestamp())
        .ok_or_else(|| super::refused_with(Msg::EnrolmentCodeWrong, "code"))?;
    let password_hash = crate::passwords::hash(password).await?;
    let digest =
        crate::session::digest(params.token.trim()).ok_or_else(|| ApiError::rejected(Msg::EnrolmentLinkSpent))?;
    let member = Staff { caller: Caller::Member(account.clone()) };
    let action = member.act(&state).await?;
    match action.state.store.complete_enrolment(&digest, &password_hash, step, now).await {
        Ok(_) => {}
        Err(StoreError::Stale) => return Err(ApiError::rejected(Msg::EnrolmentLinkSpent)),
        Err(other) => return Err(other.into()),
    }
    crate::sign_in_limits::reset(&action.state, hiram_domain::sign_in::Door::Staff, &account.email).await?;
    member
        .audit(
            &action,
            "staff.enrol",
            &format!("staff:{}", account.id),
            serde_json::Value::Null,
            serde_json::json!({ "purpose": enrolment.purpose.key() }),
        )
        .await?;
    action.commit().await?;
    tracing::info!(staff.id = account.id, "staff member enrolled");
    Ok(ok(lang, NoData))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordParams {
    /// The current password.
    #[serde(default)]
    pub password: String,
    /// The new one: 12 to 64 characters, not a common one.
    #[serde(default)]
    pub new_password: String,
    /// The authenticator app's current code.
    #[serde(default)]
    pub code: String,
}

/// The signed-in member proves it is them: the current password and a
/// fresh code (which is then used up).
async fn prove_member(state: &AppState, account: &StaffAccount, password: &str, code: &str) -> ApiResult<()> {
    let wrong = || super::refused_with(Msg::StaffPasswordWrong, "password");
    if !crate::passwords::verify(password, Some(&account.password_hash)).await? {
        return Err(wrong());
    }
    let step =
        crate::totp::verify(&account.totp_secret, code.trim(), state.now().unix_timestamp()).ok_or_else(wrong)?;
    match state.store.accept_login(account.id, step).await? {
        true => Ok(()),
        false => Err(wrong()),
    }
}

fn signed_in_member(staff: &Staff) -> ApiResult<&StaffAccount> {
    match &staff.caller {
        Caller::Member(account) => Ok(account),
        Caller::Token(_) => Err(ApiError::NotFound),
    }
}

/// Changes the signed-in member's password (form body only): the current
/// password and a code prove it is them; every other session of theirs
/// ends. A wrong password or code is 400 naming `password`; a weak new
/// one 400 naming `newPassword`.
#[utoipa::path(post, path = "/me/password", operation_id = "console_change_password", tag = "console", request_body(content = PasswordParams, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>), (status = 401),
        (status = 404, description = "The caller holds a staff API token, which is no staff member")), security(("staff_token" = [])))]
pub async fn change_password(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    parts: Parts,
    Params(params): Params<PasswordParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    secrets_in_body_only(&parts.uri, &["password", "newPassword", "code"])?;
    let account = signed_in_member(&staff)?;
    let new_password = NewPassword::parse_for_staff(&params.new_password)
        .map_err(|_| super::refused_with(Msg::StaffPasswordWeak, "newPassword"))?;
    prove_member(&state, account, &params.password, &params.code).await?;
    let keep = session_digest(&state, &parts).ok_or(ApiError::SessionRequired)?;
    let hash = crate::passwords::hash(new_password).await?;
    let action = staff.act(&state).await?;
    action.state.store.change_staff_password(account.id, &hash, &keep, action.state.now()).await?;
    staff
        .audit(
            &action,
            "staff.change_password",
            &format!("staff:{}", account.id),
            serde_json::Value::Null,
            serde_json::json!({ "otherSessionsEnded": true }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}

#[derive(Deserialize, ToSchema)]
pub struct RenewParams {
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub code: String,
}

/// Renews the signed-in member's authenticator (a new phone) and password
/// through a link mailed to them (form body only): the current password
/// and a code prove it is them, and the old ones work until the new ones
/// are set. A wrong password or code is 400 naming `password`.
#[utoipa::path(post, path = "/me/renew-sign-in", operation_id = "console_renew_sign_in", tag = "console", request_body(content = RenewParams, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>), (status = 401),
        (status = 404, description = "The caller holds a staff API token, which is no staff member"),
        (status = 503, description = "The mail could not be handed over; nothing changed for the member")), security(("staff_token" = [])))]
pub async fn renew_sign_in(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    parts: Parts,
    Params(params): Params<RenewParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    secrets_in_body_only(&parts.uri, &["password", "code"])?;
    let account = signed_in_member(&staff)?;
    prove_member(&state, account, &params.password, &params.code).await?;
    let enrolment = new_enrolment(&state, EnrolmentPurpose::Renewal, Some(account.id), false)?;
    // Mailed inside the action: a link that could not be mailed leaves no
    // renewal behind.
    let action = staff.act(&state).await?;
    action.state.store.request_enrolment(account.id, &enrolment).await?;
    mail_link(&action.state, &parts.headers, account, None).await?;
    staff
        .audit(
            &action,
            "staff.renew_sign_in",
            &format!("staff:{}", account.id),
            serde_json::Value::Null,
            serde_json::Value::Null,
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}

/// An e-mail, name and role as typed, checked.
pub(super) fn checked_member(
    email: &str,
    name: &str,
    role: &str,
    max_name_chars: usize,
) -> ApiResult<(String, String, hiram_domain::staff::Role)> {
    let email = hiram_domain::fields::email("email", email).map_err(refused)?.to_lowercase();
    let name = hiram_domain::fields::text("name", name, 1, max_name_chars).map_err(refused)?;
    let role = hiram_domain::staff::Role::parse(role.trim()).ok_or_else(|| refused(InvalidField("role")))?;
    Ok((email, name, role))
}
