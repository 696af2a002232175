//! Staff accounts, console sessions and the audit log on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::ledger::Bucket;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::session::TokenDigest;
use hiram_domain::staff::{Adjustment, AuditEntry, LoggedAudit, MAX_FAILED_LOGINS, NewStaff, Role, StaffAccount};
use hiram_domain::store::{AdjustmentStore, StaffSession, StaffStore, StoreError, StoreResult};
use rusqlite::{OptionalExtension, Row, params};
use time::OffsetDateTime;

const COLUMNS: &str = "id, email, name, role, password_hash, totp_secret, last_totp_step, failed_logins, locked_until, \
     active, created_at";

fn account(row: &Row<'_>) -> rusqlite::Result<StaffAccount> {
    let role: String = row.get(3)?;
    Ok(StaffAccount {
        id: row.get(0)?,
        email: row.get(1)?,
        name: row.get(2)?,
        role: Role::parse(&role)
            .ok_or_else(|| rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Text, "role".into()))?,
        password_hash: row.get(4)?,
        totp_secret: row.get(5)?,
        last_totp_step: row.get(6)?,
        failed_logins: row.get(7)?,
        locked_until: rows::optional_instant(row.get(8)?)?,
        active: row.get(9)?,
        created_at: rows::instant(row.get(10)?)?,
    })
}

fn audit(row: &Row<'_>) -> rusqlite::Result<LoggedAudit> {
    Ok(LoggedAudit {
        entry: AuditEntry {
            id: row.get(0)?,
            staff_id: row.get(1)?,
            action: row.get(2)?,
            subject: row.get(3)?,
            before: row.get(4)?,
            after: row.get(5)?,
            at: rows::instant(row.get(6)?)?,
        },
        staff_name: row.get(7)?,
    })
}

#[async_trait]
impl StaffStore for SqliteStore {
    async fn create_staff(&self, staff: &NewStaff) -> StoreResult<i64> {
        let staff = staff.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO staff_account (email, name, role, password_hash, totp_secret, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    staff.email,
                    staff.name,
                    staff.role.key(),
                    staff.password_hash,
                    staff.totp_secret,
                    millis(staff.created_at)
                ],
            )
            .map_err(|error| crate::stores::unique_violation(error, "staff_email"))?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn staff_by_email(&self, email: &str) -> StoreResult<Option<StaffAccount>> {
        let email = email.to_owned();
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {COLUMNS} FROM staff_account WHERE email = ?1"), [&email], account)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn staff_member(&self, id: i64) -> StoreResult<Option<StaffAccount>> {
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = ?1"), [id], account)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn staff_accounts(&self) -> StoreResult<Vec<StaffAccount>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!("SELECT {COLUMNS} FROM staff_account ORDER BY id"))
                .map_err(backend)?;
            statement.query_map([], account).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn set_staff_active(&self, id: i64, active: bool, at: OffsetDateTime) -> StoreResult<StaffAccount> {
        // The one writer connection serialises this with every other write,
        // so the count of active admins cannot change under it.
        self.write(move |tx| {
            let before = tx
                .query_row(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = ?1"), [id], account)
                .optional()
                .map_err(backend)?
                .ok_or(StoreError::Stale)?;
            if !active && before.active && before.role == Role::Admin {
                let active_admins: i64 = tx
                    .query_row(
                        "SELECT COUNT(*) FROM staff_account WHERE role = ?1 AND active = 1",
                        [Role::Admin.key()],
                        |row| row.get(0),
                    )
                    .map_err(backend)?;
                if active_admins <= 1 {
                    return Err(StoreError::Conflict("last_admin"));
                }
            }
            tx.execute("UPDATE staff_account SET active = ?2 WHERE id = ?1", params![id, active]).map_err(backend)?;
            if !active {
                tx.execute(
                    "UPDATE staff_session SET revoked_at = ?2 WHERE staff_id = ?1 AND revoked_at IS NULL",
                    params![id, millis(at)],
                )
                .map_err(backend)?;
            }
            Ok(before)
        })
        .await
    }

    async fn reset_staff_sign_in(
        &self,
        id: i64,
        password_hash: &str,
        totp_secret: &str,
        at: OffsetDateTime,
    ) -> StoreResult<StaffAccount> {
        let (password_hash, totp_secret) = (password_hash.to_owned(), totp_secret.to_owned());
        self.write(move |tx| {
            let before = tx
                .query_row(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = ?1"), [id], account)
                .optional()
                .map_err(backend)?
                .ok_or(StoreError::Stale)?;
            if !before.active {
                return Err(StoreError::Conflict("inactive"));
            }
            tx.execute(
                "UPDATE staff_account SET password_hash = ?2, totp_secret = ?3, failed_logins = 0, \
                 locked_until = NULL, last_totp_step = 0 WHERE id = ?1",
                params![id, password_hash, totp_secret],
            )
            .map_err(backend)?;
            tx.execute(
                "UPDATE staff_session SET revoked_at = ?2 WHERE staff_id = ?1 AND revoked_at IS NULL",
                params![id, millis(at)],
            )
            .map_err(backend)?;
            Ok(before)
        })
        .await
    }

    async fn note_failed_login(&self, id: i64, lock_until: OffsetDateTime) -> StoreResult<i64> {
        self.write(move |tx| {
            tx.execute(
                "UPDATE staff_account SET failed_logins = failed_logins + 1, \
                 locked_until = CASE WHEN failed_logins + 1 >= ?2 THEN ?3 ELSE locked_until END WHERE id = ?1",
                params![id, MAX_FAILED_LOGINS, millis(lock_until)],
            )
            .map_err(backend)?;
            tx.query_row("SELECT failed_logins FROM staff_account WHERE id = ?1", [id], |row| row.get(0))
                .map_err(backend)
        })
        .await
    }

    async fn accept_login(&self, id: i64, totp_step: i64) -> StoreResult<bool> {
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE staff_account SET failed_logins = 0, locked_until = NULL, last_totp_step = ?2 \
                     WHERE id = ?1 AND last_totp_step < ?2",
                    params![id, totp_step],
                )
                .map_err(backend)?;
            Ok(changed == 1)
        })
        .await
    }

    async fn create_staff_session(
        &self,
        digest: &TokenDigest,
        staff_id: i64,
        at: OffsetDateTime,
        expires_at: OffsetDateTime,
    ) -> StoreResult<()> {
        let digest = digest.0;
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO staff_session (token_digest, staff_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
                params![digest.as_slice(), staff_id, millis(at), millis(expires_at)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn staff_session(&self, digest: &TokenDigest) -> StoreResult<Option<StaffSession>> {
        let digest = digest.0;
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT staff_id, expires_at, revoked_at IS NOT NULL FROM staff_session WHERE token_digest = ?1",
                    [digest.as_slice()],
                    |row| {
                        Ok(StaffSession {
                            staff_id: row.get(0)?,
                            expires_at: rows::instant(row.get(1)?)?,
                            revoked: row.get(2)?,
                        })
                    },
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn revoke_staff_session(&self, digest: &TokenDigest, at: OffsetDateTime) -> StoreResult<()> {
        let digest = digest.0;
        self.write(move |tx| {
            tx.execute(
                "UPDATE staff_session SET revoked_at = ?2 WHERE token_digest = ?1 AND revoked_at IS NULL",
                params![digest.as_slice(), millis(at)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn append_audit(&self, entry: &AuditEntry) -> StoreResult<i64> {
        let entry = entry.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO audit_log (staff_id, action, subject, before, after, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![entry.staff_id, entry.action, entry.subject, entry.before, entry.after, millis(entry.at)],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn audit_entries(&self, subject: Option<&str>, page: PageRequest) -> StoreResult<Page<LoggedAudit>> {
        let subject = subject.map(str::to_owned);
        self.read(move |connection| {
            let total = connection
                .query_row("SELECT COUNT(*) FROM audit_log WHERE ?1 IS NULL OR subject = ?1", [&subject], |row| {
                    row.get(0)
                })
                .map_err(backend)?;
            let mut statement = connection
                .prepare_cached(
                    "SELECT a.id, a.staff_id, a.action, a.subject, a.before, a.after, a.at, s.name \
                     FROM audit_log a LEFT JOIN staff_account s ON s.id = a.staff_id \
                     WHERE ?1 IS NULL OR a.subject = ?1 ORDER BY a.id DESC LIMIT ?2 OFFSET ?3",
                )
                .map_err(backend)?;
            let rows = statement
                .query_map(params![subject, page.size, page.offset], audit)
                .and_then(Iterator::collect)
                .map_err(backend)?;
            Ok(Page { rows, total })
        })
        .await
    }
}

const ADJUSTMENT_COLUMNS: &str = "id, order_id, bucket, amount, reason, proposed_by, status, decided_by, proposed_at";

fn adjustment(row: &Row<'_>) -> rusqlite::Result<Adjustment> {
    let bucket: String = row.get(2)?;
    Ok(Adjustment {
        id: row.get(0)?,
        order_id: OrderId(row.get(1)?),
        bucket: Bucket::parse(&bucket).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(2, rusqlite::types::Type::Text, "bucket".into())
        })?,
        amount: Centavos::new(row.get(3)?),
        reason: row.get(4)?,
        proposed_by: row.get(5)?,
        status: row.get(6)?,
        decided_by: row.get(7)?,
        proposed_at: rows::instant(row.get(8)?)?,
    })
}

#[async_trait]
impl AdjustmentStore for SqliteStore {
    async fn propose_adjustment(&self, proposal: &Adjustment) -> StoreResult<i64> {
        let proposal = proposal.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO adjustment (order_id, bucket, amount, reason, proposed_by, proposed_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    proposal.order_id.0,
                    proposal.bucket.key(),
                    proposal.amount.get(),
                    proposal.reason,
                    proposal.proposed_by,
                    millis(proposal.proposed_at)
                ],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn adjustment(&self, id: i64) -> StoreResult<Option<Adjustment>> {
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {ADJUSTMENT_COLUMNS} FROM adjustment WHERE id = ?1"), [id], adjustment)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn adjustments(&self, status: Option<&str>, limit: i64) -> StoreResult<Vec<Adjustment>> {
        let status = status.map(str::to_owned);
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {ADJUSTMENT_COLUMNS} FROM adjustment WHERE ?1 IS NULL OR status = ?1 ORDER BY id LIMIT ?2"
                ))
                .map_err(backend)?;
            statement.query_map(params![status, limit], adjustment).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn decide_adjustment(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()> {
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE adjustment SET status = ?2, decided_by = ?3, decided_at = ?4 WHERE id = ?1 AND status = 'proposed'",
                    params![id, if approve { "approved" } else { "rejected" }, by, millis(at)],
                )
                .map_err(backend)?;
            hiram_domain::store::exactly_one(changed as u64)
        })
        .await
    }
}
