//! Bills and repayment reminders, and claiming a reminder's text. A claim
//! holds its reminder's row (on SQLite, the one writer), so its checks and
//! its inserts see no other claim, whichever process it comes from.

use crate::Store;
use crate::db::{Conn, Row, args, stored_value};
use crate::idempotency::{commit_created, created_before};
use crate::sms_outbox;
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::reminder::{
    Bill, BillForm, Reminder, ReminderClaim, ReminderHistory, ReminderRule, ReminderSetting, ReminderTarget, Repeat,
    TimeOfDay,
};
use hiram_domain::store::{ReminderStore, StoreResult, exactly_one};
use time::OffsetDateTime;

const BILL_COLUMNS: &str = "id, borrower_id, name, amount, due_date, repeat, note, created_at, updated_at";

const REMINDER_COLUMNS: &str = "r.id, r.borrower_id, r.bill_id, r.order_id, r.days_before, r.minute_of_day, r.lang, \
     r.enabled, r.revision, r.armed_at, r.next_check_at, \
     (SELECT MAX(s.due_date) FROM repay_reminder_sent s WHERE s.reminder_id = r.id)";

fn bill(row: &Row<'_>) -> StoreResult<Bill> {
    Ok(Bill {
        id: row.get(0)?,
        borrower_id: row.get(1)?,
        form: BillForm {
            name: row.get(2)?,
            amount: row.get(3)?,
            due_date: row.get(4)?,
            repeat: row.parse(5, Repeat::parse)?,
            note: row.get(6)?,
        },
        created_at: row.get(7)?,
        updated_at: row.get(8)?,
    })
}

fn reminder(row: &Row<'_>) -> StoreResult<Reminder> {
    let target = match (row.get(2)?, row.get(3)?) {
        (Some(bill), None) => ReminderTarget::Bill(bill),
        (None, Some(order)) => ReminderTarget::Order(order),
        _ => return Err(stored_value("a reminder without exactly one target")),
    };
    let days_before: i64 = row.get(4)?;
    let minute: i64 = row.get(5)?;
    Ok(Reminder {
        id: row.get(0)?,
        borrower_id: row.get(1)?,
        target,
        rule: ReminderRule {
            days_before: u8::try_from(days_before).map_err(stored_value)?,
            at: u16::try_from(minute).ok().and_then(TimeOfDay::from_minutes).ok_or_else(|| stored_value(minute))?,
        },
        lang: row.get(6)?,
        enabled: row.get(7)?,
        revision: row.get(8)?,
        history: ReminderHistory { armed_at: row.get(9)?, last_sent: row.get(11)? },
        next_check_at: row.get(10)?,
    })
}

/// The reminder's `(bill_id, order_id)`: one of them.
fn target_columns(target: ReminderTarget) -> (Option<i64>, Option<i64>) {
    match target {
        ReminderTarget::Bill(id) => (Some(id), None),
        ReminderTarget::Order(order) => (None, Some(order.0)),
    }
}

/// Locks the borrower's bill, if it is theirs.
async fn owned_bill(tx: &mut Conn, borrower: BorrowerId, id: i64) -> StoreResult<bool> {
    let owned: Option<i64> = tx
        .opt_value("SELECT id FROM repay_bill WHERE id = $1 AND borrower_id = $2 FOR UPDATE", args![id, borrower])
        .await?;
    Ok(owned.is_some())
}

#[async_trait]
impl ReminderStore for Store {
    async fn insert_bill(
        &self,
        borrower: BorrowerId,
        form: &BillForm,
        at: OffsetDateTime,
        max_bills: i64,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<Option<i64>> {
        let mut tx = self.db.write().await?;
        // The borrower's row is the lock: two bills at once cannot both
        // pass the count.
        tx.opt_value::<i64>("SELECT id FROM borrower WHERE id = $1 FOR UPDATE", args![borrower]).await?;
        // A retry answers its first bill even when the borrower is now at
        // the limit.
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(Some(first));
        }
        let kept: i64 = tx.value("SELECT COUNT(*) FROM repay_bill WHERE borrower_id = $1", args![borrower]).await?;
        if kept >= max_bills {
            return Ok(None);
        }
        let id = tx
            .value(
                "INSERT INTO repay_bill (borrower_id, name, amount, due_date, repeat, note, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
                args![borrower, &form.name, form.amount, form.due_date, form.repeat.key(), &form.note, at],
            )
            .await?;
        commit_created(tx, request, id, at).await.map(Some)
    }

    async fn update_bill(&self, borrower: BorrowerId, id: i64, form: &BillForm, at: OffsetDateTime) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        let changed = tx
            .exec(
                "UPDATE repay_bill SET name = $3, amount = $4, due_date = $5, repeat = $6, note = $7, updated_at = $8 \
                 WHERE id = $1 AND borrower_id = $2",
                args![id, borrower, &form.name, form.amount, form.due_date, form.repeat.key(), &form.note, at],
            )
            .await?;
        exactly_one(changed)?;
        // The bill changed: its reminder looks again now, as a new revision.
        tx.exec(
            "UPDATE repay_reminder SET revision = revision + 1, armed_at = $2, next_check_at = $2 WHERE bill_id = $1",
            args![id, at],
        )
        .await?;
        tx.commit().await
    }

    async fn bills_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Bill>> {
        self.db
            .all(
                &format!("SELECT {BILL_COLUMNS} FROM repay_bill WHERE borrower_id = $1 ORDER BY id"),
                args![borrower],
                bill,
            )
            .await
    }

    async fn bill_of(&self, borrower: BorrowerId, id: i64) -> StoreResult<Option<Bill>> {
        let sql = format!("SELECT {BILL_COLUMNS} FROM repay_bill WHERE id = $1 AND borrower_id = $2");
        self.db.opt(&sql, args![id, borrower], bill).await
    }

    async fn delete_bill(&self, borrower: BorrowerId, id: i64) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        if !owned_bill(&mut tx, borrower, id).await? {
            return exactly_one(0);
        }
        tx.exec(
            "DELETE FROM repay_reminder_sent WHERE reminder_id IN (SELECT id FROM repay_reminder WHERE bill_id = $1)",
            args![id],
        )
        .await?;
        tx.exec("DELETE FROM repay_reminder WHERE bill_id = $1", args![id]).await?;
        tx.exec("DELETE FROM repay_bill WHERE id = $1", args![id]).await?;
        tx.commit().await
    }

    async fn reminders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Reminder>> {
        let sql = format!("SELECT {REMINDER_COLUMNS} FROM repay_reminder r WHERE r.borrower_id = $1 ORDER BY r.id");
        self.db.all(&sql, args![borrower], reminder).await
    }

    async fn set_reminder(&self, setting: &ReminderSetting) -> StoreResult<()> {
        let (bill_id, order_id) = target_columns(setting.target);
        // One statement, so two settings at once cannot both insert.
        let conflict = match setting.target {
            ReminderTarget::Bill(_) => "bill_id",
            ReminderTarget::Order(_) => "order_id",
        };
        let changed = self
            .db
            .exec(
                &format!(
                    "INSERT INTO repay_reminder (borrower_id, bill_id, order_id, days_before, minute_of_day, lang, enabled, \
                     revision, armed_at, next_check_at) VALUES ($1, $2, $3, $4, $5, $6, TRUE, 1, $7, $7) \
                     ON CONFLICT ({conflict}) DO UPDATE SET days_before = excluded.days_before, \
                     minute_of_day = excluded.minute_of_day, lang = excluded.lang, enabled = TRUE, \
                     revision = repay_reminder.revision + 1, armed_at = excluded.armed_at, \
                     next_check_at = excluded.next_check_at \
                     WHERE repay_reminder.borrower_id = excluded.borrower_id"
                ),
                args![
                    setting.borrower_id,
                    bill_id,
                    order_id,
                    i64::from(setting.rule.days_before),
                    i64::from(setting.rule.at.minutes()),
                    &setting.lang,
                    setting.at,
                ],
            )
            .await?;
        exactly_one(changed)
    }

    async fn close_reminder(
        &self,
        borrower: BorrowerId,
        target: ReminderTarget,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let (bill_id, order_id) = target_columns(target);
        let changed = self
            .db
            .exec(
                "UPDATE repay_reminder SET enabled = FALSE, revision = revision + 1, armed_at = $4, next_check_at = NULL \
                 WHERE borrower_id = $1 AND bill_id IS NOT DISTINCT FROM $2 AND order_id IS NOT DISTINCT FROM $3",
                args![borrower, bill_id, order_id, at],
            )
            .await?;
        exactly_one(changed)
    }

    async fn claim_due_reminders(
        &self,
        now: OffsetDateTime,
        lease_until: OffsetDateTime,
        limit: i64,
    ) -> StoreResult<Vec<Reminder>> {
        self.db
            .retrying(move || async move {
                let mut tx = self.db.write().await?;
                // Skipping the reminders another process is claiming right now.
                let ids: Vec<i64> = tx
                    .all(
                        "SELECT r.id FROM repay_reminder r WHERE r.enabled AND r.next_check_at <= $1 \
                         ORDER BY r.next_check_at, r.id LIMIT $2 FOR UPDATE SKIP LOCKED",
                        args![now, limit],
                        |row| row.get(0),
                    )
                    .await?;
                let mut claimed = Vec::with_capacity(ids.len());
                let sql = format!("SELECT {REMINDER_COLUMNS} FROM repay_reminder r WHERE r.id = $1");
                for id in ids {
                    claimed.push(tx.one(&sql, args![id], reminder).await?);
                    tx.exec("UPDATE repay_reminder SET next_check_at = $2 WHERE id = $1", args![id, lease_until])
                        .await?;
                }
                tx.commit().await?;
                Ok(claimed)
            })
            .await
    }

    async fn count_due_reminders(&self, now: OffsetDateTime) -> StoreResult<i64> {
        self.db.value("SELECT COUNT(*) FROM repay_reminder WHERE enabled AND next_check_at <= $1", args![now]).await
    }

    async fn reschedule_reminder(&self, id: i64, revision: i64, next: Option<OffsetDateTime>) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE repay_reminder SET next_check_at = $3 WHERE id = $1 AND revision = $2",
                args![id, revision, next],
            )
            .await
            .map(drop)
    }

    async fn claim_reminder(&self, claim: &ReminderClaim) -> StoreResult<Option<i64>> {
        let mut tx = self.db.write().await?;
        // Another process claiming the same reminder waits here until this
        // transaction ends; its checks below then see this one's text.
        let current: Option<(bool, i64)> = tx
            .opt(
                "SELECT enabled, revision FROM repay_reminder WHERE id = $1 FOR UPDATE",
                args![claim.reminder_id],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .await?;
        if current != Some((true, claim.revision)) {
            return Ok(None);
        }
        let newer: bool = tx
            .value(
                "SELECT EXISTS (SELECT 1 FROM repay_reminder_sent WHERE reminder_id = $1 AND due_date >= $2)",
                args![claim.reminder_id, claim.due],
            )
            .await?;
        if newer {
            return Ok(None);
        }
        let outbox_id = sms_outbox::insert(&mut tx, &claim.message).await?;
        tx.exec(
            "INSERT INTO repay_reminder_sent (reminder_id, due_date, outbox_id, sent_at) VALUES ($1, $2, $3, $4)",
            args![claim.reminder_id, claim.due, outbox_id, claim.message.created_at],
        )
        .await?;
        tx.exec(
            "UPDATE repay_reminder SET next_check_at = $2 WHERE id = $1",
            args![claim.reminder_id, claim.next_check_at],
        )
        .await?;
        tx.commit().await?;
        Ok(Some(outbox_id))
    }
}
