//! Who calls the staff API, and what they may do. A console user signs in
//! with a password and a TOTP code and carries an HttpOnly session cookie;
//! scripts send a named staff API token instead (decision 036), which acts
//! in the role an admin gave it until it expires or is revoked. Every call
//! checks its permission on the server, and every change is written to the
//! append-only audit log under the member or the token that made it.

use crate::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use hiram_domain::session::TokenDigest;
use hiram_domain::staff::{ApiToken, AuditEntry, Permission, Role, StaffAccount};
use hiram_domain::store::{STAFF_ACTION_LOCK, UnitOfWork};

/// The console's session cookie, as plain HTTP (development, tests) names
/// it.
pub const COOKIE: &str = "hiram_console";

/// The console's session cookie over https: the `__Host-` prefix makes the
/// browser keep it Secure, for this exact host and path `/`, so no
/// sibling subdomain can set or shadow it.
const HOST_COOKIE: &str = "__Host-hiram_console";

/// The name the console's cookie goes by on this server.
pub fn cookie_name(state: &AppState) -> &'static str {
    if state.settings.server.served_over_https() { HOST_COOKIE } else { COOKIE }
}

pub enum Caller {
    /// A script with a staff API token.
    Token(ApiToken),
    Member(StaffAccount),
}

/// A caller of the staff API.
pub struct Staff {
    pub caller: Caller,
}

impl Staff {
    /// The role the caller acts in: the member's, or the one the token was
    /// given.
    pub fn role(&self) -> Role {
        match &self.caller {
            Caller::Token(token) => token.role,
            Caller::Member(account) => account.role,
        }
    }

    /// Refuses (403) a caller whose role lacks the permission.
    pub fn require(&self, permission: Permission) -> ApiResult<()> {
        if self.role().can(permission) {
            Ok(())
        } else {
            Err(ApiError::Forbidden {
                message: Msg::NotAllowed,
                data: serde_json::json!({ "permission": permission.key() }),
            })
        }
    }

    /// Refuses (403) a token, and a member whose role lacks the permission:
    /// for what a script must never do even in an admin's role, such as
    /// minting or revoking tokens (decision 036).
    pub fn require_member(&self, permission: Permission) -> ApiResult<()> {
        match &self.caller {
            Caller::Member(_) => self.require(permission),
            Caller::Token(_) => Err(ApiError::Forbidden {
                message: Msg::ApiTokenMembersOnly,
                data: serde_json::json!({ "permission": permission.key() }),
            }),
        }
    }

    /// Whose idempotency keys this caller's are.
    pub fn key_owner(&self) -> hiram_domain::idempotency::KeyOwner {
        use hiram_domain::idempotency::KeyOwner;
        match &self.caller {
            Caller::Token(token) => KeyOwner::ApiToken(token.id),
            Caller::Member(account) => KeyOwner::Staff(account.id),
        }
    }

    pub fn staff_id(&self) -> Option<i64> {
        match &self.caller {
            Caller::Token(_) => None,
            Caller::Member(account) => Some(account.id),
        }
    }

    pub fn api_token_id(&self) -> Option<i64> {
        match &self.caller {
            Caller::Token(token) => Some(token.id),
            Caller::Member(_) => None,
        }
    }

    /// The name answers and records carry: the member's, or the token's.
    pub fn display_name(&self) -> String {
        match &self.caller {
            Caller::Token(token) => token.name.clone(),
            Caller::Member(account) => account.name.clone(),
        }
    }

    /// Opens one of this caller's actions: its changes and its audit entry
    /// commit together or not at all (decision 063).
    pub async fn act(&self, state: &AppState) -> ApiResult<StaffAction> {
        StaffAction::open(state).await
    }

    /// Writes what this caller did to the audit log, in the action that did
    /// it: there is never a change without its entry, nor an entry without
    /// its change.
    pub async fn audit(
        &self,
        action: &StaffAction,
        kind: &str,
        subject: &str,
        before: serde_json::Value,
        after: serde_json::Value,
    ) -> ApiResult<()> {
        let entry = AuditEntry {
            id: 0,
            staff_id: self.staff_id(),
            api_token_id: self.api_token_id(),
            action: kind.to_owned(),
            subject: subject.to_owned(),
            before: before.to_string(),
            after: after.to_string(),
            at: action.state.now(),
        };
        action.record(&entry).await
    }
}

/// A staff action in progress: one transaction under the staff-action lock.
/// Everything it changes goes through `state`, whose store runs inside the
/// transaction; dropped without `commit`, none of it stays. Work that must
/// not wait on the action (an SMS to the borrower) follows the commit.
pub struct StaffAction {
    pub state: AppState,
    unit: Box<dyn UnitOfWork>,
}

impl StaffAction {
    /// Opens an action: a caller's (`Staff::act`), or an operator's command
    /// on the server (`hiram staff-add`), which answers to nobody signed in.
    pub async fn open(state: &AppState) -> ApiResult<StaffAction> {
        let unit = state.store.unit_of_work(STAFF_ACTION_LOCK).await?;
        let store = unit.store();
        Ok(StaffAction { state: state.changed(|shared| shared.store = store), unit })
    }

    /// Writes the action's audit entry, in its transaction.
    pub async fn record(&self, entry: &AuditEntry) -> ApiResult<()> {
        self.state.store.append_audit(entry).await?;
        Ok(())
    }

    pub async fn commit(self) -> ApiResult<()> {
        Ok(self.unit.commit().await?)
    }
}

/// The digest of the session cookie of a request, if it carries one of ours.
pub fn session_digest(state: &AppState, parts: &Parts) -> Option<TokenDigest> {
    crate::session::cookie_value(&parts.headers, cookie_name(state)).as_deref().and_then(crate::session::digest)
}

/// The caller behind a bearer token: the token must be one of ours, neither
/// revoked nor expired. Only the secret's digest is looked up, so the
/// comparison of secrets is the database's equality on digests.
async fn token_caller(state: &AppState, presented: &str) -> ApiResult<Staff> {
    let digest = crate::session::digest(presented).ok_or(ApiError::SessionRequired)?;
    let token = state.store.api_token(&digest).await?.ok_or(ApiError::SessionRequired)?;
    let now = state.now();
    if !token.is_usable_at(now) {
        return Err(ApiError::SessionRequired);
    }
    if token.needs_touch(now) {
        let (store, id) = (state.store.clone(), token.id);
        state.last_seen.touch(format!("api-token:{id}"), async move { store.touch_api_token(id, now).await });
    }
    Ok(Staff { caller: Caller::Token(token) })
}

impl FromRequestParts<AppState> for Staff {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(presented) = parts
            .headers
            .get(axum::http::header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
        {
            return token_caller(state, presented).await;
        }
        let digest = session_digest(state, parts).ok_or(ApiError::SessionRequired)?;
        let session = state.store.staff_session(&digest).await?.ok_or(ApiError::SessionRequired)?;
        let now = state.now();
        // Staff move money: a console left open ends after the idle limit.
        if !session.is_usable_at(now, time::Duration::minutes(state.settings.session.staff_idle_minutes)) {
            return Err(ApiError::SessionRequired);
        }
        // The use is written off the request's path.
        if session.needs_touch(now) {
            let store = state.store.clone();
            state.last_seen.touch(format!("staff-session:{}", hiram_domain::hex::encode(&digest.0)), async move {
                store.touch_staff_session(&digest, now).await
            });
        }
        let account =
            state.store.staff_member(session.staff_id).await?.filter(hiram_domain::staff::StaffAccount::can_sign_in);
        account.map(|account| Staff { caller: Caller::Member(account) }).ok_or(ApiError::SessionRequired)
    }
}
