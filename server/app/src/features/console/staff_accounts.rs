//! Staff accounts: admins list, add, deactivate and reactivate them and
//! reset their sign-in (decision 021); members enrol themselves, and a
//! money role's sign-in needs a second admin (decision 058).
use super::enrolment::{checked_member, mail_link, new_enrolment};
use super::refused;
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use hiram_domain::fields::InvalidField;
use hiram_domain::password::NewPassword;
use hiram_domain::staff::{Enrolment, EnrolmentPurpose, NO_PASSWORD, NewStaff, Permission, StaffAccount};
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

/// A sign-in made on the command line (`hiram staff-add`, the first admin):
/// the operator of the host is shown its first password and TOTP secret
/// once. The console never answers secrets: its members enrol through a
/// link only they receive (decision 058).
#[derive(Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NewAccount {
    pub id: i64,
    pub password: String,
    pub totp_secret: String,
    pub otpauth_uri: String,
}

/// Asks for a new member's sign-in (admins signed in; an API token is
/// refused with 403). The account cannot sign in until the member enrols
/// through the one-time link mailed to them, which sets their own password
/// and authenticator: nobody else sees either. A role that moves money
/// (finance) waits for a second admin's approval before the link is
/// mailed. A refused field is named in `data.field`; an e-mail that has an
/// account already is a 409 naming `email`.
#[utoipa::path(post, path = "/staff-accounts", operation_id = "console_create_account", tag = "console", params(NewAccountParams),
    responses((status = 200, body = Envelope<StaffAccountRow>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 409, body = Envelope<FieldRefused>, description = "The e-mail has an account already; `data.field` is `email`"),
        (status = 503, description = "The account was made but its link could not be mailed: reset its sign-in to mail a new one")), security(("staff_token" = [])))]
pub async fn create_account(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    headers: HeaderMap,
    params: Result<Params<NewAccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<StaffAccountRow>>> {
    // A script never makes people: a leaked admin token would make an
    // admin, sign in as it and mint tokens again (decision 036).
    staff.require_member(Permission::ManageStaff)?;
    let Params(params) = params?;
    let (email, name, role) = checked_member(&params.email, &params.name, &params.role, MAX_NAME_CHARS)?;
    let needs_approval = role.moves_money();
    let enrolment = new_enrolment(&state, EnrolmentPurpose::New, staff.staff_id(), needs_approval)?;
    let new = NewStaff {
        email: email.clone(),
        name: name.clone(),
        role,
        password_hash: NO_PASSWORD.to_owned(),
        totp_secret: String::new(),
        created_at: state.now(),
        enrolled_at: None,
    };
    // The mail follows the commit: an account whose link could not be
    // mailed stands, and a reset mails again.
    let action = staff.act(&state).await?;
    let id = match action.state.store.create_staff(&new, Some(&enrolment)).await {
        Ok(id) => id,
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::Conflict { message: Msg::StaffEmailTaken, data: FieldRefused::data("email") });
        }
        Err(other) => return Err(other.into()),
    };
    staff
        .audit(
            &action,
            "staff.create",
            &format!("staff:{id}"),
            serde_json::Value::Null,
            serde_json::json!({ "email": email, "name": name, "role": role.key(), "needsApproval": needs_approval }),
        )
        .await?;
    action.commit().await?;
    let account = member(&state, id).await?;
    if !needs_approval {
        mail_link(&state, &headers, &account, None).await?;
    }
    Ok(ok(lang, row_of(&state, account).await?))
}

/// Creates an enrolled account with a random password and TOTP secret,
/// shown once: the `hiram staff-add` command that makes the first admin,
/// run by whoever operates the host.
pub async fn add_staff(state: &AppState, email: &str, name: &str, role: &str) -> ApiResult<NewAccount> {
    let (email, name, role) = checked_member(email, name, role, MAX_NAME_CHARS)?;
    let mut bytes = [0u8; 12];
    getrandom::fill(&mut bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
    let password = crate::totp::base32(&bytes).to_lowercase();
    let totp_secret = crate::totp::new_secret().map_err(|error| ApiError::Internal(error.to_string()))?;
    let password_hash =
        crate::passwords::hash(NewPassword::parse(&password).map_err(|error| ApiError::Internal(error.to_string()))?)
            .await?;
    let now = state.now();
    let new = NewStaff {
        email: email.clone(),
        name,
        role,
        password_hash,
        totp_secret: totp_secret.clone(),
        created_at: now,
        enrolled_at: Some(now),
    };
    let id = match state.store.create_staff(&new, None).await {
        Ok(id) => id,
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::Conflict { message: Msg::StaffEmailTaken, data: FieldRefused::data("email") });
        }
        Err(other) => return Err(other.into()),
    };
    let otpauth_uri = crate::totp::otpauth_uri(&crate::company::details(state).await?.trade_name, &email, &totp_secret);
    Ok(NewAccount { id, password, totp_secret, otpauth_uri })
}

/// The member a call names by `id`, refused naming the field when it is
/// not a number.
fn member_id(text: &str) -> ApiResult<i64> {
    text.trim().parse().map_err(|_| refused(InvalidField("id")))
}

async fn member(state: &AppState, id: i64) -> ApiResult<StaffAccount> {
    state.store.staff_member(id).await?.ok_or(ApiError::NotFound)
}

async fn row_of(state: &AppState, account: StaffAccount) -> ApiResult<StaffAccountRow> {
    let enrolments = state.store.open_enrolments().await?;
    Ok(account_row(&account, enrolments.iter().find(|enrolment| enrolment.staff_id == account.id), state.now()))
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
    /// False while a new or reset account waits for its member to enrol:
    /// it cannot sign in.
    pub enrolled: bool,
    /// The member's open enrolment, if any.
    pub enrolment: Option<EnrolmentState>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolmentState {
    /// new, reset or renewal.
    pub purpose: String,
    /// `awaiting_approval` (a money role: a second admin approves before
    /// the link is mailed), `mailed`, `expired` (reset to mail a new one)
    /// or `not_mailed` (the mail failed: reset to try again).
    pub status: String,
    /// The admin who asked for it; a second admin approves it.
    pub requested_by: Option<i64>,
    /// RFC 3339, once mailed.
    pub expires_at: Option<String>,
}

fn account_row(account: &StaffAccount, enrolment: Option<&Enrolment>, now: time::OffsetDateTime) -> StaffAccountRow {
    StaffAccountRow {
        id: account.id,
        email: account.email.clone(),
        name: account.name.clone(),
        role: account.role.key().to_owned(),
        active: account.active,
        created_at: crate::views::timestamp(account.created_at),
        enrolled: account.enrolled_at.is_some(),
        enrolment: enrolment.map(|enrolment| EnrolmentState {
            purpose: enrolment.purpose.key().to_owned(),
            status: match (enrolment.awaits_approval(), enrolment.expires_at) {
                (true, _) => "awaiting_approval",
                (false, None) => "not_mailed",
                (false, Some(end)) if end <= now => "expired",
                (false, Some(_)) => "mailed",
            }
            .to_owned(),
            requested_by: enrolment.requested_by,
            expires_at: enrolment.expires_at.map(crate::views::timestamp),
        }),
    }
}

/// Every staff account, active or not, oldest first, with any enrolment
/// under way (admins only).
#[utoipa::path(get, path = "/staff-accounts", operation_id = "console_staff_accounts", tag = "console",
    responses((status = 200, body = Envelope<Vec<StaffAccountRow>>), (status = 401), (status = 403)), security(("staff_token" = [])))]
pub async fn staff_accounts(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<StaffAccountRow>>>> {
    staff.require(Permission::ManageStaff)?;
    let enrolments = state.store.open_enrolments().await?;
    let now = state.now();
    let rows = state
        .store
        .staff_accounts()
        .await?
        .iter()
        .map(|account| account_row(account, enrolments.iter().find(|enrolment| enrolment.staff_id == account.id), now))
        .collect();
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
    let id = member_id(&params.id)?;
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
    let action = staff.act(state).await?;
    let before = match action.state.store.set_staff_active(id, active, now).await {
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
            &action,
            if active { "staff.reactivate" } else { "staff.deactivate" },
            &format!("staff:{id}"),
            serde_json::json!({ "active": before.active }),
            serde_json::json!({ "active": active }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, row_of(state, StaffAccount { active, ..before }).await?))
}

/// Resets a member's sign-in when they lost their password or
/// authenticator (admins signed in; an API token is refused with 403): the
/// old password and authenticator stop working and the member is signed
/// out everywhere at once, their API tokens revoked; failed tries and any
/// lock are cleared. The member enrols again through a new link mailed to
/// them, after a second admin's approval for a role that moves money.
/// Nobody resets their own (409, `data.reason` `own_account`: another admin
/// does it), and a deactivated account is reactivated first (409,
/// `inactive`).
#[utoipa::path(post, path = "/staff-accounts/reset", operation_id = "console_reset_account", tag = "console", params(AccountParams),
    responses((status = 200, body = Envelope<StaffAccountRow>), (status = 400), (status = 401), (status = 403), (status = 404), (status = 409),
        (status = 503, description = "The sign-in was reset but the link could not be mailed: reset again")), security(("staff_token" = [])))]
pub async fn reset_account(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    headers: HeaderMap,
    params: Result<Params<AccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<StaffAccountRow>>> {
    staff.require_member(Permission::ManageStaff)?;
    let Params(params) = params?;
    let id = member_id(&params.id)?;
    // An admin who can still sign in has no lost secret to replace, and one
    // who cannot must not be able to swap theirs from a stolen session:
    // another admin resets it (decision 021).
    if staff.staff_id() == Some(id) {
        return Err(ApiError::Conflict {
            message: Msg::StaffOwnReset,
            data: serde_json::json!({ "reason": "own_account" }),
        });
    }
    let target = member(&state, id).await?;
    let needs_approval = target.role.moves_money();
    let enrolment = new_enrolment(&state, EnrolmentPurpose::Reset, staff.staff_id(), needs_approval)?;
    let action = staff.act(&state).await?;
    let before = match action.state.store.request_enrolment(id, &enrolment).await {
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
    crate::sign_in_limits::reset(&action.state, hiram_domain::sign_in::Door::Staff, &before.email).await?;
    staff
        .audit(
            &action,
            "staff.reset_sign_in",
            &format!("staff:{id}"),
            serde_json::Value::Null,
            serde_json::json!({ "signedOut": true, "needsApproval": needs_approval }),
        )
        .await?;
    action.commit().await?;
    tracing::info!(staff.id = id, "staff sign-in reset");
    let account = member(&state, id).await?;
    if !needs_approval {
        mail_link(&state, &headers, &account, None).await?;
    }
    Ok(ok(lang, row_of(&state, account).await?))
}

/// Approves the sign-in another admin asked for a member whose role moves
/// money (admins signed in; an API token is refused with 403), and mails
/// the member their link. The admin who asked cannot approve (403,
/// `data.reason` `same_person`), nor an admin made or reset by them or by
/// the same member (`made_the_other`, `same_maker`, decision 057); a member
/// with nothing waiting is 409 `nothing_to_approve`.
#[utoipa::path(post, path = "/staff-accounts/approve-sign-in", operation_id = "console_approve_sign_in", tag = "console", params(AccountParams),
    responses((status = 200, body = Envelope<StaffAccountRow>), (status = 400), (status = 401), (status = 403), (status = 404), (status = 409),
        (status = 503, description = "Approved, but the link could not be mailed: reset to try again")), security(("staff_token" = [])))]
pub async fn approve_sign_in(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    headers: HeaderMap,
    params: Result<Params<AccountParams>, ApiError>,
) -> ApiResult<Json<Envelope<StaffAccountRow>>> {
    staff.require_member(Permission::ManageStaff)?;
    let Params(params) = params?;
    let id = member_id(&params.id)?;
    let action = staff.act(&state).await?;
    let account = member(&action.state, id).await?;
    let waiting = action
        .state
        .store
        .open_enrolments()
        .await?
        .into_iter()
        .find(|enrolment| enrolment.staff_id == id && enrolment.awaits_approval())
        .ok_or_else(|| ApiError::Conflict {
            message: Msg::EnrolmentNothingToApprove,
            data: serde_json::json!({ "reason": "nothing_to_approve" }),
        })?;
    if waiting.requested_by == staff.staff_id() {
        return Err(ApiError::Forbidden {
            message: Msg::EnrolmentOwnApproval,
            data: serde_json::json!({ "reason": "same_person" }),
        });
    }
    super::independent_of(&action.state, waiting.requested_by, &staff).await?;
    // Recorded before the mail goes: from now on the approver and the member
    // are not independent of each other for maker-checker (decision 058).
    staff
        .audit(
            &action,
            "staff.approve_enrolment",
            &format!("staff:{id}"),
            serde_json::json!({ "requestedBy": waiting.requested_by }),
            serde_json::json!({ "approved": true }),
        )
        .await?;
    action.commit().await?;
    mail_link(&state, &headers, &account, staff.staff_id()).await?;
    Ok(ok(lang, row_of(&state, member(&state, id).await?).await?))
}
