//! Who calls the staff API, and what they may do. A console user signs in
//! with a password and a TOTP code and carries an HttpOnly session cookie;
//! scripts may use the configured API token instead (full access, as the
//! operator who holds it). Every call checks its permission on the server,
//! and every change is written to the append-only audit log.

use crate::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use hiram_domain::session::TokenDigest;
use hiram_domain::staff::{AuditEntry, Permission, StaffAccount};

/// The console's session cookie.
pub const COOKIE: &str = "hiram_console";

pub enum Caller {
    /// The configured API token.
    Token,
    Member(StaffAccount),
}

/// A caller of the staff API.
pub struct Staff {
    pub caller: Caller,
}

impl Staff {
    /// Refuses (403) a staff member whose role lacks the permission.
    pub fn require(&self, permission: Permission) -> ApiResult<()> {
        match &self.caller {
            Caller::Token => Ok(()),
            Caller::Member(account) if account.role.can(permission) => Ok(()),
            Caller::Member(_) => Err(ApiError::Forbidden {
                message: Msg::NotAllowed,
                data: serde_json::json!({ "permission": permission.key() }),
            }),
        }
    }

    pub fn staff_id(&self) -> Option<i64> {
        match &self.caller {
            Caller::Token => None,
            Caller::Member(account) => Some(account.id),
        }
    }

    /// The name answers and records carry: the member's, or "operator".
    pub fn display_name(&self) -> String {
        match &self.caller {
            Caller::Token => "operator".to_owned(),
            Caller::Member(account) => account.name.clone(),
        }
    }

    /// Writes what this caller did to the audit log.
    pub async fn audit(
        &self,
        state: &AppState,
        action: &str,
        subject: &str,
        before: serde_json::Value,
        after: serde_json::Value,
    ) -> ApiResult<()> {
        let entry = AuditEntry {
            id: 0,
            staff_id: self.staff_id(),
            action: action.to_owned(),
            subject: subject.to_owned(),
            before: before.to_string(),
            after: after.to_string(),
            at: state.now(),
        };
        state.store.append_audit(&entry).await?;
        Ok(())
    }
}

fn cookie_token(parts: &Parts) -> Option<String> {
    parts
        .headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|header| header.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE).and_then(|rest| rest.strip_prefix('=')).map(str::to_owned))
}

/// The digest of the session cookie of a request, if it carries one of ours.
pub fn session_digest(parts: &Parts) -> Option<TokenDigest> {
    cookie_token(parts).as_deref().and_then(crate::session::digest)
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
            return if state.settings.staff.api_token.matches(presented) {
                Ok(Staff { caller: Caller::Token })
            } else {
                Err(ApiError::SessionRequired)
            };
        }
        let digest = session_digest(parts).ok_or(ApiError::SessionRequired)?;
        let session = state.store.staff_session(&digest).await?.ok_or(ApiError::SessionRequired)?;
        if session.revoked || session.expires_at <= state.now() {
            return Err(ApiError::SessionRequired);
        }
        let account = state.store.staff_member(session.staff_id).await?.filter(|account| account.active);
        account.map(|account| Staff { caller: Caller::Member(account) }).ok_or(ApiError::SessionRequired)
    }
}
