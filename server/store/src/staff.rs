//! Staff accounts, console sessions, staff API tokens and the audit log.

use crate::Store;
use crate::db::{Conn, Row, args, conflict};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::session::TokenDigest;
use hiram_domain::staff::{
    ApiToken, AuditEntry, Enrolment, EnrolmentPurpose, ListedApiToken, LoggedAudit, NO_PASSWORD, NewApiToken,
    NewEnrolment, NewStaff, Role, StaffAccount,
};
use hiram_domain::store::{StaffSession, StaffStore, StoreError, StoreResult};
use time::OffsetDateTime;

const COLUMNS: &str =
    "id, email, name, role, password_hash, totp_secret, last_totp_step, active, created_at, enrolled_at";

/// Switching accounts on and off, and resetting them, take turns under
/// this lock, so the count of active admins cannot change under either.
const STAFF_ACTIVE_LOCK: &str = "staff accounts";

fn account(row: &Row<'_>) -> StoreResult<StaffAccount> {
    Ok(StaffAccount {
        id: row.get(0)?,
        email: row.get(1)?,
        name: row.get(2)?,
        role: row.parse(3, Role::parse)?,
        password_hash: row.get(4)?,
        totp_secret: row.get(5)?,
        last_totp_step: row.get(6)?,
        active: row.get(7)?,
        created_at: row.get(8)?,
        enrolled_at: row.get(9)?,
    })
}

const ENROLMENT_COLUMNS: &str = "staff_id, purpose, totp_secret, requested_by, needs_approval, approved_by, \
     requested_at, expires_at, completed_at";

fn enrolment(row: &Row<'_>) -> StoreResult<Enrolment> {
    Ok(Enrolment {
        staff_id: row.get(0)?,
        purpose: row.parse(1, EnrolmentPurpose::parse)?,
        totp_secret: row.get(2)?,
        requested_by: row.get(3)?,
        needs_approval: row.get(4)?,
        approved_by: row.get(5)?,
        requested_at: row.get(6)?,
        expires_at: row.get(7)?,
        completed_at: row.get(8)?,
    })
}

/// Replaces the member's enrolment with a new one, its link not out yet.
async fn open_enrolment(tx: &mut Conn, staff_id: i64, new: &NewEnrolment) -> StoreResult<()> {
    tx.exec("DELETE FROM staff_enrolment WHERE staff_id = $1", args![staff_id]).await?;
    tx.exec(
        "INSERT INTO staff_enrolment (staff_id, purpose, totp_secret, requested_by, needs_approval, requested_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
        args![staff_id, new.purpose.key(), &new.totp_secret, new.requested_by, new.needs_approval, new.requested_at],
    )
    .await
    .map(drop)
}

fn audit(row: &Row<'_>) -> StoreResult<LoggedAudit> {
    Ok(LoggedAudit {
        entry: AuditEntry {
            id: row.get(0)?,
            staff_id: row.get(1)?,
            api_token_id: row.get(2)?,
            action: row.get(3)?,
            subject: row.get(4)?,
            before: row.get(5)?,
            after: row.get(6)?,
            at: row.get(7)?,
        },
        staff_name: row.get(8)?,
        api_token_name: row.get(9)?,
    })
}

const TOKEN_COLUMNS: &str =
    "t.id, t.name, t.role, t.created_by, t.created_at, t.expires_at, t.last_used_at, t.revoked_at";

fn api_token(row: &Row<'_>) -> StoreResult<ApiToken> {
    Ok(ApiToken {
        id: row.get(0)?,
        name: row.get(1)?,
        role: row.parse(2, Role::parse)?,
        created_by: row.get(3)?,
        created_at: row.get(4)?,
        expires_at: row.get(5)?,
        last_used_at: row.get(6)?,
        revoked_at: row.get(7)?,
    })
}

/// The account as it is now, under the lock; `Stale` when there is none.
async fn locked_account(tx: &mut Conn, id: i64) -> StoreResult<StaffAccount> {
    tx.opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = $1"), args![id], account)
        .await?
        .ok_or(StoreError::Stale)
}

/// Signs a member out everywhere: their sessions end, and the API tokens
/// they made are revoked (a token would otherwise outlive its maker's
/// deactivation or a reset of secrets that may have leaked).
async fn end_sessions(tx: &mut Conn, id: i64, at: OffsetDateTime) -> StoreResult<()> {
    tx.exec("UPDATE staff_session SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL", args![id, at])
        .await?;
    tx.exec("UPDATE staff_api_token SET revoked_at = $2 WHERE created_by = $1 AND revoked_at IS NULL", args![id, at])
        .await
        .map(drop)
}

#[async_trait]
impl StaffStore for Store {
    async fn create_staff(&self, staff: &NewStaff, enrolment: Option<&NewEnrolment>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        let id: i64 = tx
            .value(
                "INSERT INTO staff_account (email, name, role, password_hash, totp_secret, created_at, enrolled_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                args![
                    &staff.email,
                    &staff.name,
                    staff.role.key(),
                    &staff.password_hash,
                    &staff.totp_secret,
                    staff.created_at,
                    staff.enrolled_at
                ],
            )
            .await
            .map_err(conflict("staff_email"))?;
        if let Some(enrolment) = enrolment {
            open_enrolment(&mut tx, id, enrolment).await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    async fn request_enrolment(&self, staff_id: i64, new: &NewEnrolment) -> StoreResult<StaffAccount> {
        let mut tx = self.db.write().await?;
        tx.lock(STAFF_ACTIVE_LOCK).await?;
        let before = locked_account(&mut tx, staff_id).await?;
        if !before.active {
            return Err(StoreError::Conflict("inactive"));
        }
        if new.purpose == EnrolmentPurpose::Reset {
            tx.exec(
                "UPDATE staff_account SET password_hash = $2, totp_secret = '', last_totp_step = 0, enrolled_at = NULL \
                 WHERE id = $1",
                args![staff_id, NO_PASSWORD],
            )
            .await?;
            end_sessions(&mut tx, staff_id, new.requested_at).await?;
        }
        open_enrolment(&mut tx, staff_id, new).await?;
        tx.commit().await?;
        Ok(before)
    }

    async fn issue_enrolment(
        &self,
        staff_id: i64,
        approved_by: Option<i64>,
        digest: &TokenDigest,
        expires_at: OffsetDateTime,
    ) -> StoreResult<Enrolment> {
        let mut tx = self.db.write().await?;
        let open = tx
            .opt(
                &format!(
                    "SELECT {ENROLMENT_COLUMNS} FROM staff_enrolment WHERE staff_id = $1 AND completed_at IS NULL FOR UPDATE"
                ),
                args![staff_id],
                enrolment,
            )
            .await?
            .ok_or(StoreError::Stale)?;
        let approved_by = open.approved_by.or(approved_by);
        if open.needs_approval && approved_by.is_none() {
            return Err(StoreError::Conflict("awaits_approval"));
        }
        tx.exec(
            "UPDATE staff_enrolment SET approved_by = $2, token_digest = $3, expires_at = $4 WHERE staff_id = $1",
            args![staff_id, approved_by, &digest.0, expires_at],
        )
        .await?;
        tx.commit().await?;
        Ok(Enrolment { approved_by, expires_at: Some(expires_at), ..open })
    }

    async fn open_enrolments(&self) -> StoreResult<Vec<Enrolment>> {
        self.db
            .all(
                &format!(
                    "SELECT {ENROLMENT_COLUMNS} FROM staff_enrolment WHERE completed_at IS NULL ORDER BY staff_id"
                ),
                args![],
                enrolment,
            )
            .await
    }

    async fn enrolment_by_link(&self, digest: &TokenDigest) -> StoreResult<Option<(Enrolment, StaffAccount)>> {
        let mut db = self.db.read().await?;
        let Some(found) = db
            .opt(
                &format!("SELECT {ENROLMENT_COLUMNS} FROM staff_enrolment WHERE token_digest = $1"),
                args![&digest.0],
                enrolment,
            )
            .await?
        else {
            return Ok(None);
        };
        let account = db
            .opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = $1"), args![found.staff_id], account)
            .await?
            .ok_or(StoreError::Stale)?;
        Ok(Some((found, account)))
    }

    async fn complete_enrolment(
        &self,
        digest: &TokenDigest,
        password_hash: &str,
        totp_step: i64,
        at: OffsetDateTime,
    ) -> StoreResult<StaffAccount> {
        let mut tx = self.db.write().await?;
        tx.lock(STAFF_ACTIVE_LOCK).await?;
        let open = tx
            .opt(
                &format!("SELECT {ENROLMENT_COLUMNS} FROM staff_enrolment WHERE token_digest = $1 FOR UPDATE"),
                args![&digest.0],
                enrolment,
            )
            .await?
            .filter(|found| found.is_open_at(at))
            .ok_or(StoreError::Stale)?;
        let before = locked_account(&mut tx, open.staff_id).await?;
        if !before.active {
            return Err(StoreError::Stale);
        }
        tx.exec(
            "UPDATE staff_account SET password_hash = $2, totp_secret = $3, last_totp_step = $4, enrolled_at = $5 \
             WHERE id = $1",
            args![open.staff_id, password_hash, &open.totp_secret, totp_step, at],
        )
        .await?;
        tx.exec(
            "UPDATE staff_enrolment SET completed_at = $2, token_digest = NULL WHERE staff_id = $1",
            args![open.staff_id, at],
        )
        .await?;
        tx.exec(
            "UPDATE staff_session SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL",
            args![open.staff_id, at],
        )
        .await?;
        tx.commit().await?;
        Ok(StaffAccount { password_hash: password_hash.to_owned(), enrolled_at: Some(at), ..before })
    }

    async fn change_staff_password(
        &self,
        staff_id: i64,
        password_hash: &str,
        keep_session: &TokenDigest,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        tx.exec("UPDATE staff_account SET password_hash = $2 WHERE id = $1", args![staff_id, password_hash]).await?;
        tx.exec(
            "UPDATE staff_session SET revoked_at = $3 \
             WHERE staff_id = $1 AND token_digest <> $2 AND revoked_at IS NULL",
            args![staff_id, &keep_session.0, at],
        )
        .await?;
        tx.commit().await
    }

    async fn staff_by_email(&self, email: &str) -> StoreResult<Option<StaffAccount>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE email = $1"), args![email], account).await
    }

    async fn staff_member(&self, id: i64) -> StoreResult<Option<StaffAccount>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = $1"), args![id], account).await
    }

    async fn staff_accounts(&self) -> StoreResult<Vec<StaffAccount>> {
        self.db.all(&format!("SELECT {COLUMNS} FROM staff_account ORDER BY id"), args![], account).await
    }

    async fn set_staff_active(&self, id: i64, active: bool, at: OffsetDateTime) -> StoreResult<StaffAccount> {
        let mut tx = self.db.write().await?;
        tx.lock(STAFF_ACTIVE_LOCK).await?;
        let before = locked_account(&mut tx, id).await?;
        if !active && before.active && before.role == Role::Admin {
            let active_admins: i64 = tx
                .value("SELECT COUNT(*) FROM staff_account WHERE role = $1 AND active", args![Role::Admin.key()])
                .await?;
            if active_admins <= 1 {
                return Err(StoreError::Conflict("last_admin"));
            }
        }
        tx.exec("UPDATE staff_account SET active = $2 WHERE id = $1", args![id, active]).await?;
        if !active {
            end_sessions(&mut tx, id, at).await?;
        }
        tx.commit().await?;
        Ok(before)
    }

    async fn accept_login(&self, id: i64, totp_step: i64) -> StoreResult<bool> {
        let changed = self
            .db
            .exec(
                "UPDATE staff_account SET last_totp_step = $2 \
                 WHERE id = $1 AND last_totp_step < $2",
                args![id, totp_step],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn create_staff_session(
        &self,
        digest: &TokenDigest,
        staff_id: i64,
        at: OffsetDateTime,
        expires_at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO staff_session (token_digest, staff_id, created_at, expires_at, last_seen_at) \
                 VALUES ($1, $2, $3, $4, $3)",
                args![&digest.0, staff_id, at, expires_at],
            )
            .await
            .map(drop)
    }

    async fn staff_session(&self, digest: &TokenDigest) -> StoreResult<Option<StaffSession>> {
        self.db
            .opt(
                "SELECT staff_id, expires_at, revoked_at IS NOT NULL, COALESCE(last_seen_at, created_at) \
                 FROM staff_session WHERE token_digest = $1",
                args![&digest.0],
                |row| {
                    Ok(StaffSession {
                        staff_id: row.get(0)?,
                        expires_at: row.get(1)?,
                        revoked: row.get(2)?,
                        last_seen_at: row.get(3)?,
                    })
                },
            )
            .await
    }

    async fn touch_staff_session(&self, digest: &TokenDigest, at: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE staff_session SET last_seen_at = $2 WHERE token_digest = $1 AND last_seen_at < $2",
                args![&digest.0, at],
            )
            .await
            .map(drop)
    }

    async fn revoke_staff_session(&self, digest: &TokenDigest, at: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE staff_session SET revoked_at = $2 WHERE token_digest = $1 AND revoked_at IS NULL",
                args![&digest.0, at],
            )
            .await
            .map(drop)
    }

    async fn create_api_token(&self, digest: &TokenDigest, token: &NewApiToken) -> StoreResult<i64> {
        self.db
            .insert(
                "INSERT INTO staff_api_token (token_digest, name, role, created_by, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                args![&digest.0, &token.name, token.role.key(), token.created_by, token.created_at, token.expires_at],
            )
            .await
    }

    async fn api_token(&self, digest: &TokenDigest) -> StoreResult<Option<ApiToken>> {
        self.db
            .opt(
                // A token whose maker is deactivated answers like an unknown
                // one, whatever its own state (tokens made before makers'
                // deactivations revoked them).
                &format!(
                    "SELECT {TOKEN_COLUMNS} FROM staff_api_token t LEFT JOIN staff_account s ON s.id = t.created_by \
                     WHERE t.token_digest = $1 AND (t.created_by IS NULL OR s.active)"
                ),
                args![&digest.0],
                api_token,
            )
            .await
    }

    async fn api_tokens(&self) -> StoreResult<Vec<ListedApiToken>> {
        self.db
            .all(
                &format!(
                    "SELECT {TOKEN_COLUMNS}, s.name FROM staff_api_token t \
                     LEFT JOIN staff_account s ON s.id = t.created_by ORDER BY t.id DESC"
                ),
                args![],
                |row| Ok(ListedApiToken { token: api_token(row)?, created_by_name: row.get(8)? }),
            )
            .await
    }

    async fn revoke_api_token(&self, id: i64, at: OffsetDateTime) -> StoreResult<ApiToken> {
        let mut tx = self.db.write().await?;
        let before = tx
            .opt(&format!("SELECT {TOKEN_COLUMNS} FROM staff_api_token t WHERE t.id = $1"), args![id], api_token)
            .await?
            .ok_or(StoreError::Stale)?;
        tx.exec("UPDATE staff_api_token SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL", args![id, at])
            .await?;
        tx.commit().await?;
        Ok(before)
    }

    async fn touch_api_token(&self, id: i64, at: OffsetDateTime) -> StoreResult<()> {
        self.db.exec("UPDATE staff_api_token SET last_used_at = $2 WHERE id = $1", args![id, at]).await.map(drop)
    }

    async fn append_audit(&self, entry: &AuditEntry) -> StoreResult<i64> {
        self.db
            .insert(
                "INSERT INTO audit_log (staff_id, api_token_id, action, subject, before, after, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
                args![
                    entry.staff_id,
                    entry.api_token_id,
                    &entry.action,
                    &entry.subject,
                    &entry.before,
                    &entry.after,
                    entry.at
                ],
            )
            .await
    }

    async fn staff_makers(&self, member: i64, since: OffsetDateTime) -> StoreResult<Vec<i64>> {
        self.db
            .all(
                "SELECT DISTINCT COALESCE(a.staff_id, t.created_by) FROM audit_log a \
                 LEFT JOIN staff_api_token t ON t.id = a.api_token_id \
                 WHERE a.subject = $1 AND a.action IN ('staff.create', 'staff.reset_sign_in') AND a.at >= $2 \
                 AND COALESCE(a.staff_id, t.created_by) IS NOT NULL",
                args![&format!("staff:{member}"), since],
                |row| row.get(0),
            )
            .await
    }

    async fn staff_approvers(&self, member: i64, since: OffsetDateTime) -> StoreResult<Vec<i64>> {
        self.db
            .all(
                "SELECT DISTINCT staff_id FROM audit_log \
                 WHERE subject = $1 AND action = 'staff.approve_enrolment' AND at >= $2 AND staff_id IS NOT NULL",
                args![&format!("staff:{member}"), since],
                |row| row.get(0),
            )
            .await
    }

    async fn audit_entries(&self, subject: Option<&str>, page: PageRequest) -> StoreResult<Page<LoggedAudit>> {
        let mut db = self.db.read().await?;
        let total = db
            .value("SELECT COUNT(*) FROM audit_log WHERE CAST($1 AS TEXT) IS NULL OR subject = $1", args![subject])
            .await?;
        let rows = db
            .all(
                "SELECT a.id, a.staff_id, a.api_token_id, a.action, a.subject, a.before, a.after, a.at, s.name, t.name \
                 FROM audit_log a LEFT JOIN staff_account s ON s.id = a.staff_id \
                 LEFT JOIN staff_api_token t ON t.id = a.api_token_id \
                 WHERE CAST($1 AS TEXT) IS NULL OR a.subject = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3",
                args![subject, page.size, page.offset],
                audit,
            )
            .await?;
        Ok(Page { rows, total })
    }
}
