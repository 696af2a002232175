//! Staff accounts, console sessions and the audit log on PostgreSQL.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::ledger::Bucket;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::session::TokenDigest;
use hiram_domain::staff::{Adjustment, AuditEntry, LoggedAudit, MAX_FAILED_LOGINS, NewStaff, Role, StaffAccount};
use hiram_domain::store::{AdjustmentStore, StaffSession, StaffStore, StoreError, StoreResult};
use time::OffsetDateTime;
use tokio_postgres::Row;

const COLUMNS: &str = "id, email, name, role, password_hash, totp_secret, last_totp_step, failed_logins, locked_until, \
     active, created_at";

/// Serialises changes to whether accounts are active, so that two admins
/// switching each other off at once cannot both pass the last-admin check.
const STAFF_ACTIVE_LOCK: i64 = 0x4869_7261_6d01;

fn account(row: &Row) -> StoreResult<StaffAccount> {
    Ok(StaffAccount {
        id: row.get(0),
        email: row.get(1),
        name: row.get(2),
        role: Role::parse(row.get(3)).ok_or_else(|| backend("unknown staff role"))?,
        password_hash: row.get(4),
        totp_secret: row.get(5),
        last_totp_step: row.get(6),
        failed_logins: row.get(7),
        locked_until: row.get(8),
        active: row.get(9),
        created_at: row.get(10),
    })
}

#[async_trait]
impl StaffStore for PostgresStore {
    async fn create_staff(&self, staff: &NewStaff) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO staff_account (email, name, role, password_hash, totp_secret, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &staff.email,
                    &staff.name,
                    &staff.role.key(),
                    &staff.password_hash,
                    &staff.totp_secret,
                    &staff.created_at,
                ],
            )
            .await
            .map_err(|error| crate::stores::unique_violation(error, "staff_email"))?;
        Ok(row.get(0))
    }

    async fn staff_by_email(&self, email: &str) -> StoreResult<Option<StaffAccount>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE email = $1"), &[&email])
            .await
            .map_err(database)?;
        row.as_ref().map(account).transpose()
    }

    async fn staff_member(&self, id: i64) -> StoreResult<Option<StaffAccount>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        row.as_ref().map(account).transpose()
    }

    async fn staff_accounts(&self) -> StoreResult<Vec<StaffAccount>> {
        let rows = self
            .client()
            .await?
            .query(&format!("SELECT {COLUMNS} FROM staff_account ORDER BY id"), &[])
            .await
            .map_err(database)?;
        rows.iter().map(account).collect()
    }

    async fn set_staff_active(&self, id: i64, active: bool, at: OffsetDateTime) -> StoreResult<StaffAccount> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // Each statement after the lock reads what the previous holder
        // committed (read committed), so the count below is current.
        transaction.execute("SELECT pg_advisory_xact_lock($1)", &[&STAFF_ACTIVE_LOCK]).await.map_err(database)?;
        let row = transaction
            .query_opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        let before = account(&row.ok_or(StoreError::Stale)?)?;
        if !active && before.active && before.role == Role::Admin {
            let active_admins: i64 = transaction
                .query_one("SELECT COUNT(*) FROM staff_account WHERE role = $1 AND active", &[&Role::Admin.key()])
                .await
                .map_err(database)?
                .get(0);
            if active_admins <= 1 {
                return Err(StoreError::Conflict("last_admin"));
            }
        }
        transaction
            .execute("UPDATE staff_account SET active = $2 WHERE id = $1", &[&id, &active])
            .await
            .map_err(database)?;
        if !active {
            transaction
                .execute(
                    "UPDATE staff_session SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL",
                    &[&id, &at],
                )
                .await
                .map_err(database)?;
        }
        transaction.commit().await.map_err(database)?;
        Ok(before)
    }

    async fn reset_staff_sign_in(
        &self,
        id: i64,
        password_hash: &str,
        totp_secret: &str,
        at: OffsetDateTime,
    ) -> StoreResult<StaffAccount> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // The lock that guards switching accounts on and off: a reset never
        // interleaves with a deactivation of the same account.
        transaction.execute("SELECT pg_advisory_xact_lock($1)", &[&STAFF_ACTIVE_LOCK]).await.map_err(database)?;
        let row = transaction
            .query_opt(&format!("SELECT {COLUMNS} FROM staff_account WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        let before = account(&row.ok_or(StoreError::Stale)?)?;
        if !before.active {
            return Err(StoreError::Conflict("inactive"));
        }
        transaction
            .execute(
                "UPDATE staff_account SET password_hash = $2, totp_secret = $3, failed_logins = 0, \
                 locked_until = NULL, last_totp_step = 0 WHERE id = $1",
                &[&id, &password_hash, &totp_secret],
            )
            .await
            .map_err(database)?;
        transaction
            .execute("UPDATE staff_session SET revoked_at = $2 WHERE staff_id = $1 AND revoked_at IS NULL", &[&id, &at])
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(before)
    }

    async fn note_failed_login(&self, id: i64, lock_until: OffsetDateTime) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "UPDATE staff_account SET failed_logins = failed_logins + 1, \
                 locked_until = CASE WHEN failed_logins + 1 >= $2 THEN $3 ELSE locked_until END \
                 WHERE id = $1 RETURNING failed_logins",
                &[&id, &MAX_FAILED_LOGINS, &lock_until],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn accept_login(&self, id: i64, totp_step: i64) -> StoreResult<bool> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE staff_account SET failed_logins = 0, locked_until = NULL, last_totp_step = $2 \
                 WHERE id = $1 AND last_totp_step < $2",
                &[&id, &totp_step],
            )
            .await
            .map_err(database)?;
        Ok(changed == 1)
    }

    async fn create_staff_session(
        &self,
        digest: &TokenDigest,
        staff_id: i64,
        at: OffsetDateTime,
        expires_at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO staff_session (token_digest, staff_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
                &[&digest.0.as_slice(), &staff_id, &at, &expires_at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn staff_session(&self, digest: &TokenDigest) -> StoreResult<Option<StaffSession>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT staff_id, expires_at, revoked_at IS NOT NULL FROM staff_session WHERE token_digest = $1",
                &[&digest.0.as_slice()],
            )
            .await
            .map_err(database)?;
        Ok(row.map(|row| StaffSession { staff_id: row.get(0), expires_at: row.get(1), revoked: row.get(2) }))
    }

    async fn revoke_staff_session(&self, digest: &TokenDigest, at: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "UPDATE staff_session SET revoked_at = $2 WHERE token_digest = $1 AND revoked_at IS NULL",
                &[&digest.0.as_slice(), &at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn append_audit(&self, entry: &AuditEntry) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO audit_log (staff_id, action, subject, before, after, at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[&entry.staff_id, &entry.action, &entry.subject, &entry.before, &entry.after, &entry.at],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn audit_entries(&self, subject: Option<&str>, page: PageRequest) -> StoreResult<Page<LoggedAudit>> {
        let client = self.client().await?;
        let total: i64 = client
            .query_one("SELECT COUNT(*) FROM audit_log WHERE $1::TEXT IS NULL OR subject = $1", &[&subject])
            .await
            .map_err(database)?
            .get(0);
        let rows = client
            .query(
                "SELECT a.id, a.staff_id, a.action, a.subject, a.before, a.after, a.at, s.name \
                 FROM audit_log a LEFT JOIN staff_account s ON s.id = a.staff_id \
                 WHERE $1::TEXT IS NULL OR a.subject = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3",
                &[&subject, &page.size, &page.offset],
            )
            .await
            .map_err(database)?;
        let rows = rows
            .iter()
            .map(|row| LoggedAudit {
                entry: AuditEntry {
                    id: row.get(0),
                    staff_id: row.get(1),
                    action: row.get(2),
                    subject: row.get(3),
                    before: row.get(4),
                    after: row.get(5),
                    at: row.get(6),
                },
                staff_name: row.get(7),
            })
            .collect();
        Ok(Page { rows, total })
    }
}

const ADJUSTMENT_COLUMNS: &str = "id, order_id, bucket, amount, reason, proposed_by, status, decided_by, proposed_at";

fn adjustment(row: &Row) -> StoreResult<Adjustment> {
    Ok(Adjustment {
        id: row.get(0),
        order_id: OrderId(row.get(1)),
        bucket: Bucket::parse(row.get(2)).ok_or_else(|| backend("unknown bucket"))?,
        amount: Centavos::new(row.get(3)),
        reason: row.get(4),
        proposed_by: row.get(5),
        status: row.get(6),
        decided_by: row.get(7),
        proposed_at: row.get(8),
    })
}

#[async_trait]
impl AdjustmentStore for PostgresStore {
    async fn propose_adjustment(&self, proposal: &Adjustment) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO adjustment (order_id, bucket, amount, reason, proposed_by, proposed_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &proposal.order_id.0,
                    &proposal.bucket.key(),
                    &proposal.amount.get(),
                    &proposal.reason,
                    &proposal.proposed_by,
                    &proposal.proposed_at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn adjustment(&self, id: i64) -> StoreResult<Option<Adjustment>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {ADJUSTMENT_COLUMNS} FROM adjustment WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        row.as_ref().map(adjustment).transpose()
    }

    async fn adjustments(&self, status: Option<&str>, limit: i64) -> StoreResult<Vec<Adjustment>> {
        let rows = self
            .client()
            .await?
            .query(
                &format!("SELECT {ADJUSTMENT_COLUMNS} FROM adjustment WHERE $1::TEXT IS NULL OR status = $1 ORDER BY id LIMIT $2"),
                &[&status, &limit],
            )
            .await
            .map_err(database)?;
        rows.iter().map(adjustment).collect()
    }

    async fn decide_adjustment(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE adjustment SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1 AND status = 'proposed'",
                &[&id, &if approve { "approved" } else { "rejected" }, &by, &at],
            )
            .await
            .map_err(database)?;
        hiram_domain::store::exactly_one(changed)
    }
}
