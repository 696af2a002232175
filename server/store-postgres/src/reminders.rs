//! Repayment reminders on PostgreSQL. A claim locks its reminder's row
//! (`FOR UPDATE`) before it checks anything, so when several server
//! processes find the same reminder due, they take turns: the first stores
//! the text, the others then see it and store nothing.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::reminder::{
    Bill, BillForm, Reminder, ReminderClaim, ReminderHistory, ReminderRule, ReminderSetting, ReminderTarget, Repeat,
    TimeOfDay,
};
use hiram_domain::store::{ReminderStore, StoreResult, exactly_one};
use time::OffsetDateTime;
use tokio_postgres::Row;

const BILL_COLUMNS: &str = "id, borrower_id, name, amount, due_date, repeat, note, created_at, updated_at";

const REMINDER_COLUMNS: &str = "r.id, r.borrower_id, r.bill_id, r.order_id, r.days_before, r.minute_of_day, r.lang, \
     r.enabled, r.revision, r.armed_at, r.next_check_at, \
     (SELECT MAX(s.due_date) FROM repay_reminder_sent s WHERE s.reminder_id = r.id)";

fn bill(row: &Row) -> StoreResult<Bill> {
    Ok(Bill {
        id: row.get(0),
        borrower_id: BorrowerId(row.get(1)),
        form: BillForm {
            name: row.get(2),
            amount: Centavos::new(row.get(3)),
            due_date: row.get(4),
            repeat: Repeat::parse(row.get(5)).ok_or_else(|| backend("unknown repeat"))?,
            note: row.get(6),
        },
        created_at: row.get(7),
        updated_at: row.get(8),
    })
}

fn reminder(row: &Row) -> StoreResult<Reminder> {
    let target = match (row.get::<_, Option<i64>>(2), row.get::<_, Option<i64>>(3)) {
        (Some(bill), None) => ReminderTarget::Bill(bill),
        (None, Some(order)) => ReminderTarget::Order(OrderId(order)),
        _ => return Err(backend("a reminder needs exactly one target")),
    };
    Ok(Reminder {
        id: row.get(0),
        borrower_id: BorrowerId(row.get(1)),
        target,
        rule: ReminderRule {
            days_before: u8::try_from(row.get::<_, i64>(4)).map_err(backend)?,
            at: u16::try_from(row.get::<_, i64>(5))
                .ok()
                .and_then(TimeOfDay::from_minutes)
                .ok_or_else(|| backend("reminder time outside the SMS hours"))?,
        },
        lang: row.get(6),
        enabled: row.get(7),
        revision: row.get(8),
        history: ReminderHistory { armed_at: row.get(9), last_sent: row.get(11) },
        next_check_at: row.get(10),
    })
}

fn target_columns(target: ReminderTarget) -> (Option<i64>, Option<i64>) {
    match target {
        ReminderTarget::Bill(id) => (Some(id), None),
        ReminderTarget::Order(order) => (None, Some(order.0)),
    }
}

#[async_trait]
impl ReminderStore for PostgresStore {
    async fn insert_bill(
        &self,
        borrower: BorrowerId,
        form: &BillForm,
        at: OffsetDateTime,
        max_bills: i64,
    ) -> StoreResult<Option<i64>> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // The borrower's row serialises their inserts, so two at once cannot
        // both pass the count.
        transaction
            .execute("SELECT id FROM borrower WHERE id = $1 FOR UPDATE", &[&borrower.0])
            .await
            .map_err(database)?;
        let kept: i64 = transaction
            .query_one("SELECT COUNT(*) FROM repay_bill WHERE borrower_id = $1", &[&borrower.0])
            .await
            .map_err(database)?
            .get(0);
        if kept >= max_bills {
            return Ok(None);
        }
        let row = transaction
            .query_one(
                "INSERT INTO repay_bill (borrower_id, name, amount, due_date, repeat, note, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
                &[&borrower.0, &form.name, &form.amount.get(), &form.due_date, &form.repeat.key(), &form.note, &at],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(Some(row.get(0)))
    }

    async fn update_bill(&self, borrower: BorrowerId, id: i64, form: &BillForm, at: OffsetDateTime) -> StoreResult<()> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        exactly_one(
            transaction
                .execute(
                    "UPDATE repay_bill SET name = $3, amount = $4, due_date = $5, repeat = $6, note = $7, updated_at = $8 \
                     WHERE id = $1 AND borrower_id = $2",
                    &[&id, &borrower.0, &form.name, &form.amount.get(), &form.due_date, &form.repeat.key(), &form.note, &at],
                )
                .await
                .map_err(database)?,
        )?;
        transaction
            .execute(
                "UPDATE repay_reminder SET revision = revision + 1, armed_at = $2, next_check_at = $2 WHERE bill_id = $1",
                &[&id, &at],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)
    }

    async fn bills_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Bill>> {
        let rows = self
            .client()
            .await?
            .query(&format!("SELECT {BILL_COLUMNS} FROM repay_bill WHERE borrower_id = $1 ORDER BY id"), &[&borrower.0])
            .await
            .map_err(database)?;
        rows.iter().map(bill).collect()
    }

    async fn bill_of(&self, borrower: BorrowerId, id: i64) -> StoreResult<Option<Bill>> {
        let row = self
            .client()
            .await?
            .query_opt(
                &format!("SELECT {BILL_COLUMNS} FROM repay_bill WHERE id = $1 AND borrower_id = $2"),
                &[&id, &borrower.0],
            )
            .await
            .map_err(database)?;
        row.as_ref().map(bill).transpose()
    }

    async fn delete_bill(&self, borrower: BorrowerId, id: i64) -> StoreResult<()> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        let owned = transaction
            .query_opt("SELECT id FROM repay_bill WHERE id = $1 AND borrower_id = $2 FOR UPDATE", &[&id, &borrower.0])
            .await
            .map_err(database)?;
        if owned.is_none() {
            return exactly_one(0);
        }
        for sql in [
            "DELETE FROM repay_reminder_sent WHERE reminder_id IN (SELECT id FROM repay_reminder WHERE bill_id = $1)",
            "DELETE FROM repay_reminder WHERE bill_id = $1",
            "DELETE FROM repay_bill WHERE id = $1",
        ] {
            transaction.execute(sql, &[&id]).await.map_err(database)?;
        }
        transaction.commit().await.map_err(database)
    }

    async fn reminders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Reminder>> {
        let rows = self
            .client()
            .await?
            .query(
                &format!("SELECT {REMINDER_COLUMNS} FROM repay_reminder r WHERE r.borrower_id = $1 ORDER BY r.id"),
                &[&borrower.0],
            )
            .await
            .map_err(database)?;
        rows.iter().map(reminder).collect()
    }

    async fn set_reminder(&self, setting: &ReminderSetting) -> StoreResult<()> {
        let (bill_id, order_id) = target_columns(setting.target);
        let days_before = i64::from(setting.rule.days_before);
        let minute = i64::from(setting.rule.at.minutes());
        // One statement, so two settings at once cannot both insert.
        let conflict = match setting.target {
            ReminderTarget::Bill(_) => "bill_id",
            ReminderTarget::Order(_) => "order_id",
        };
        let changed = self
            .client()
            .await?
            .execute(
                &format!(
                    "INSERT INTO repay_reminder (borrower_id, bill_id, order_id, days_before, minute_of_day, lang, enabled, \
                     revision, armed_at, next_check_at) VALUES ($1, $2, $3, $4, $5, $6, TRUE, 1, $7, $7) \
                     ON CONFLICT ({conflict}) DO UPDATE SET days_before = EXCLUDED.days_before, \
                     minute_of_day = EXCLUDED.minute_of_day, lang = EXCLUDED.lang, enabled = TRUE, \
                     revision = repay_reminder.revision + 1, armed_at = EXCLUDED.armed_at, \
                     next_check_at = EXCLUDED.next_check_at \
                     WHERE repay_reminder.borrower_id = EXCLUDED.borrower_id"
                ),
                &[&setting.borrower_id.0, &bill_id, &order_id, &days_before, &minute, &setting.lang, &setting.at],
            )
            .await
            .map_err(database)?;
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
            .client()
            .await?
            .execute(
                "UPDATE repay_reminder SET enabled = FALSE, revision = revision + 1, armed_at = $4, next_check_at = NULL \
                 WHERE borrower_id = $1 AND bill_id IS NOT DISTINCT FROM $2 AND order_id IS NOT DISTINCT FROM $3",
                &[&borrower.0, &bill_id, &order_id, &at],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn due_reminders(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<Reminder>> {
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {REMINDER_COLUMNS} FROM repay_reminder r \
                     WHERE r.enabled AND r.next_check_at <= $1 ORDER BY r.next_check_at, r.id LIMIT $2"
                ),
                &[&now, &limit],
            )
            .await
            .map_err(database)?;
        rows.iter().map(reminder).collect()
    }

    async fn reschedule_reminder(&self, id: i64, revision: i64, next: Option<OffsetDateTime>) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "UPDATE repay_reminder SET next_check_at = $3 WHERE id = $1 AND revision = $2",
                &[&id, &revision, &next],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn claim_reminder(&self, claim: &ReminderClaim) -> StoreResult<Option<i64>> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // Another process claiming the same reminder waits here until this
        // transaction ends; its checks below then see this one's text.
        let current = transaction
            .query_opt("SELECT enabled, revision FROM repay_reminder WHERE id = $1 FOR UPDATE", &[&claim.reminder_id])
            .await
            .map_err(database)?;
        if current.map(|row| (row.get::<_, bool>(0), row.get::<_, i64>(1))) != Some((true, claim.revision)) {
            return Ok(None);
        }
        let newer: bool = transaction
            .query_one(
                "SELECT EXISTS (SELECT 1 FROM repay_reminder_sent WHERE reminder_id = $1 AND due_date >= $2)",
                &[&claim.reminder_id, &claim.due],
            )
            .await
            .map_err(database)?
            .get(0);
        if newer {
            return Ok(None);
        }
        let message = &claim.message;
        let outbox_id: i64 = transaction
            .query_one(
                "INSERT INTO sms_outbox (phone, delivery, body, provider, status, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &message.phone.e164(),
                    &message.delivery.as_str(),
                    &message.body,
                    &message.provider,
                    &message.status.as_str(),
                    &message.created_at,
                ],
            )
            .await
            .map_err(database)?
            .get(0);
        transaction
            .execute(
                "INSERT INTO repay_reminder_sent (reminder_id, due_date, outbox_id, sent_at) VALUES ($1, $2, $3, $4)",
                &[&claim.reminder_id, &claim.due, &outbox_id, &message.created_at],
            )
            .await
            .map_err(database)?;
        transaction
            .execute(
                "UPDATE repay_reminder SET next_check_at = $2 WHERE id = $1",
                &[&claim.reminder_id, &claim.next_check_at],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(Some(outbox_id))
    }

    async fn reminder_text_failed(&self, outbox_id: i64) -> StoreResult<()> {
        self.client()
            .await?
            .execute("UPDATE sms_outbox SET status = 'failed' WHERE id = $1", &[&outbox_id])
            .await
            .map_err(database)?;
        Ok(())
    }
}
