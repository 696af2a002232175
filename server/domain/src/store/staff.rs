//! Staff accounts, console sessions, staff API tokens and the audit log.

use super::StoreResult;
use crate::back_office::{Page, PageRequest};
use crate::session::TokenDigest;
use async_trait::async_trait;
use time::OffsetDateTime;

/// A console session: the staff member behind a cookie's token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaffSession {
    pub staff_id: i64,
    pub expires_at: OffsetDateTime,
    pub revoked: bool,
    /// When it was last used (to the minute); it ends after the console's
    /// idle limit without use.
    pub last_seen_at: OffsetDateTime,
}

impl StaffSession {
    /// Whether the session lets its member in at `now`: not revoked, not
    /// past its end, and used within `idle_limit`.
    pub fn is_usable_at(&self, now: OffsetDateTime, idle_limit: time::Duration) -> bool {
        !self.revoked && now < self.expires_at && now - self.last_seen_at < idle_limit
    }

    /// Whether this use is to be written down (at most once a minute, as a
    /// token's, `staff::API_TOKEN_LAST_USED_RESOLUTION`).
    pub fn needs_touch(&self, now: OffsetDateTime) -> bool {
        now - self.last_seen_at >= crate::staff::API_TOKEN_LAST_USED_RESOLUTION
    }
}

#[async_trait]
pub trait StaffStore {
    /// `Conflict("staff_email")` when the e-mail has an account. With an
    /// enrolment, the account and its enrolment are made together.
    async fn create_staff(
        &self,
        staff: &crate::staff::NewStaff,
        enrolment: Option<&crate::staff::NewEnrolment>,
    ) -> StoreResult<i64>;
    /// Opens an enrolment for an existing, active member, replacing any
    /// open one, and returns the account as it was. A reset also takes the
    /// old sign-in away at once: no password, no authenticator, every
    /// session and token of the member ended. `Stale` when there is no such
    /// account; `Conflict("inactive")` when it is deactivated.
    async fn request_enrolment(
        &self,
        staff_id: i64,
        enrolment: &crate::staff::NewEnrolment,
    ) -> StoreResult<crate::staff::StaffAccount>;
    /// Puts the link of a member's open enrolment out: records the approver
    /// (if one approves now) and the digest of the link's secret, which
    /// replaces any earlier link. `Stale` when the member has no open
    /// enrolment; `Conflict("awaits_approval")` when it needs an approval
    /// that neither it nor this call carries.
    async fn issue_enrolment(
        &self,
        staff_id: i64,
        approved_by: Option<i64>,
        digest: &TokenDigest,
        expires_at: OffsetDateTime,
    ) -> StoreResult<crate::staff::Enrolment>;
    /// Every enrolment not completed yet.
    async fn open_enrolments(&self) -> StoreResult<Vec<crate::staff::Enrolment>>;
    /// The enrolment whose link has this digest, with its member.
    async fn enrolment_by_link(
        &self,
        digest: &TokenDigest,
    ) -> StoreResult<Option<(crate::staff::Enrolment, crate::staff::StaffAccount)>>;
    /// The member sets their password and authenticator through the link:
    /// in one transaction the enrolment closes, the account takes the hash,
    /// the enrolment's secret and the code's step, and every session of
    /// the member ends. `Stale` when the link no longer works at `at`.
    async fn complete_enrolment(
        &self,
        digest: &TokenDigest,
        password_hash: &str,
        totp_step: i64,
        at: OffsetDateTime,
    ) -> StoreResult<crate::staff::StaffAccount>;
    /// A member's new password; every other session of theirs ends.
    async fn change_staff_password(
        &self,
        staff_id: i64,
        password_hash: &str,
        keep_session: &TokenDigest,
        at: OffsetDateTime,
    ) -> StoreResult<()>;
    async fn staff_by_email(&self, email: &str) -> StoreResult<Option<crate::staff::StaffAccount>>;
    async fn staff_member(&self, id: i64) -> StoreResult<Option<crate::staff::StaffAccount>>;
    /// Every account, active or not, oldest first.
    async fn staff_accounts(&self) -> StoreResult<Vec<crate::staff::StaffAccount>>;
    /// Switches an account on or off and returns it as it was before.
    /// Switching off revokes every console session of the account at `at`
    /// in the same transaction, so the member is signed out at once and
    /// switching back on revives no old session. `Stale` when there is no
    /// such account; `Conflict("last_admin")` when switching off would leave
    /// no active admin, checked in the transaction so that two admins
    /// switching each other off at once cannot both succeed.
    async fn set_staff_active(
        &self,
        id: i64,
        active: bool,
        at: OffsetDateTime,
    ) -> StoreResult<crate::staff::StaffAccount>;
    /// A right password and code: clears the failures and records the
    /// code's time step, only if it is newer than the last one accepted
    /// (false: the code was used before).
    async fn accept_login(&self, id: i64, totp_step: i64) -> StoreResult<bool>;
    async fn create_staff_session(
        &self,
        digest: &TokenDigest,
        staff_id: i64,
        at: OffsetDateTime,
        expires_at: OffsetDateTime,
    ) -> StoreResult<()>;
    async fn staff_session(&self, digest: &TokenDigest) -> StoreResult<Option<StaffSession>>;
    async fn revoke_staff_session(&self, digest: &TokenDigest, at: OffsetDateTime) -> StoreResult<()>;
    /// Records a use of the session (never moving its time back).
    async fn touch_staff_session(&self, digest: &TokenDigest, at: OffsetDateTime) -> StoreResult<()>;
    /// Stores a new staff API token under the digest of its secret.
    async fn create_api_token(&self, digest: &TokenDigest, token: &crate::staff::NewApiToken) -> StoreResult<i64>;
    /// The token whose secret has this digest, revoked and expired ones too.
    async fn api_token(&self, digest: &TokenDigest) -> StoreResult<Option<crate::staff::ApiToken>>;
    /// Every token, newest first, with the name of the admin who made it.
    async fn api_tokens(&self) -> StoreResult<Vec<crate::staff::ListedApiToken>>;
    /// Revokes a token at `at` and returns it as it was before; revoking a
    /// revoked token changes nothing. `Stale` when there is no such token.
    async fn revoke_api_token(&self, id: i64, at: OffsetDateTime) -> StoreResult<crate::staff::ApiToken>;
    /// Records that the token was used at `at`.
    async fn touch_api_token(&self, id: i64, at: OffsetDateTime) -> StoreResult<()>;
    async fn append_audit(&self, entry: &crate::staff::AuditEntry) -> StoreResult<i64>;
    /// The members who created or reset `member`'s sign-in since `since`,
    /// by the audit log (a token's actions count as its maker's; the
    /// command line is nobody).
    async fn staff_makers(&self, member: i64, since: OffsetDateTime) -> StoreResult<Vec<i64>>;
    /// The admins who approved a sign-in of `member` (a money role's) since
    /// `since`, by the audit log.
    async fn staff_approvers(&self, member: i64, since: OffsetDateTime) -> StoreResult<Vec<i64>>;
    /// The newest entries first, of every subject or of one (`order:12`),
    /// a page at a time.
    async fn audit_entries(
        &self,
        subject: Option<&str>,
        page: PageRequest,
    ) -> StoreResult<Page<crate::staff::LoggedAudit>>;
}
