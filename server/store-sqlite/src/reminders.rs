//! Repayment reminders on SQLite. Every write runs in `BEGIN IMMEDIATE`
//! (`SqliteStore::write`), which holds the database's one write lock from
//! the first read: a claim's checks and its inserts see no other writer,
//! whichever process it comes from.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, date_text, millis};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::order::OrderId;
use hiram_domain::reminder::{
    Bill, BillForm, Reminder, ReminderClaim, ReminderHistory, ReminderRule, ReminderSetting, ReminderTarget, Repeat,
    TimeOfDay, parse_date,
};
use hiram_domain::store::{ReminderStore, StoreResult, exactly_one};
use rusqlite::types::Type;
use rusqlite::{OptionalExtension, Row, Transaction, params};
use time::{Date, OffsetDateTime};

const BILL_COLUMNS: &str = "id, borrower_id, name, amount, due_date, repeat, note, created_at, updated_at";

const REMINDER_COLUMNS: &str = "r.id, r.borrower_id, r.bill_id, r.order_id, r.days_before, r.minute_of_day, r.lang, \
     r.enabled, r.revision, r.armed_at, r.next_check_at, \
     (SELECT MAX(s.due_date) FROM repay_reminder_sent s WHERE s.reminder_id = r.id)";

fn invalid(column: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, Type::Text, what.into())
}

fn date_at(row: &Row<'_>, column: usize) -> rusqlite::Result<Date> {
    let text: String = row.get(column)?;
    parse_date(&text).ok_or_else(|| invalid(column, "date"))
}

fn bill(row: &Row<'_>) -> rusqlite::Result<Bill> {
    let repeat: String = row.get(5)?;
    Ok(Bill {
        id: row.get(0)?,
        borrower_id: BorrowerId(row.get(1)?),
        form: BillForm {
            name: row.get(2)?,
            amount: hiram_domain::money::Centavos::new(row.get(3)?),
            due_date: date_at(row, 4)?,
            repeat: Repeat::parse(&repeat).ok_or_else(|| invalid(5, "repeat"))?,
            note: row.get(6)?,
        },
        created_at: rows::instant(row.get(7)?)?,
        updated_at: rows::instant(row.get(8)?)?,
    })
}

fn reminder(row: &Row<'_>) -> rusqlite::Result<Reminder> {
    let bill_id: Option<i64> = row.get(2)?;
    let order_id: Option<i64> = row.get(3)?;
    let target = match (bill_id, order_id) {
        (Some(bill), None) => ReminderTarget::Bill(bill),
        (None, Some(order)) => ReminderTarget::Order(OrderId(order)),
        _ => return Err(invalid(2, "reminder target")),
    };
    let days_before: i64 = row.get(4)?;
    let minute: i64 = row.get(5)?;
    let last_sent: Option<String> = row.get(11)?;
    Ok(Reminder {
        id: row.get(0)?,
        borrower_id: BorrowerId(row.get(1)?),
        target,
        rule: ReminderRule {
            days_before: u8::try_from(days_before).map_err(|_| invalid(4, "days before"))?,
            at: u16::try_from(minute).ok().and_then(TimeOfDay::from_minutes).ok_or_else(|| invalid(5, "minute"))?,
        },
        lang: row.get(6)?,
        enabled: row.get(7)?,
        revision: row.get(8)?,
        history: ReminderHistory {
            armed_at: rows::instant(row.get(9)?)?,
            last_sent: last_sent.map(|text| parse_date(&text).ok_or_else(|| invalid(11, "date"))).transpose()?,
        },
        next_check_at: rows::optional_instant(row.get(10)?)?,
    })
}

fn target_columns(target: ReminderTarget) -> (Option<i64>, Option<i64>) {
    match target {
        ReminderTarget::Bill(id) => (Some(id), None),
        ReminderTarget::Order(order) => (None, Some(order.0)),
    }
}

/// Re-arms the reminder of a bill the borrower just changed.
fn rearm_bill_reminder(tx: &Transaction<'_>, bill_id: i64, at: OffsetDateTime) -> rusqlite::Result<usize> {
    tx.execute(
        "UPDATE repay_reminder SET revision = revision + 1, armed_at = ?2, next_check_at = ?2 WHERE bill_id = ?1",
        params![bill_id, millis(at)],
    )
}

#[async_trait]
impl ReminderStore for SqliteStore {
    async fn insert_bill(
        &self,
        borrower: BorrowerId,
        form: &BillForm,
        at: OffsetDateTime,
        max_bills: i64,
    ) -> StoreResult<Option<i64>> {
        let form = form.clone();
        self.write(move |tx| {
            let kept: i64 = tx
                .query_row("SELECT COUNT(*) FROM repay_bill WHERE borrower_id = ?1", [borrower.0], |row| row.get(0))
                .map_err(backend)?;
            if kept >= max_bills {
                return Ok(None);
            }
            tx.execute(
                "INSERT INTO repay_bill (borrower_id, name, amount, due_date, repeat, note, created_at, updated_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
                params![
                    borrower.0,
                    form.name,
                    form.amount.get(),
                    date_text(form.due_date),
                    form.repeat.key(),
                    form.note,
                    millis(at)
                ],
            )
            .map_err(backend)?;
            Ok(Some(tx.last_insert_rowid()))
        })
        .await
    }

    async fn update_bill(&self, borrower: BorrowerId, id: i64, form: &BillForm, at: OffsetDateTime) -> StoreResult<()> {
        let form = form.clone();
        self.write(move |tx| {
            exactly_one(
                tx.execute(
                    "UPDATE repay_bill SET name = ?3, amount = ?4, due_date = ?5, repeat = ?6, note = ?7, updated_at = ?8 \
                     WHERE id = ?1 AND borrower_id = ?2",
                    params![
                        id,
                        borrower.0,
                        form.name,
                        form.amount.get(),
                        date_text(form.due_date),
                        form.repeat.key(),
                        form.note,
                        millis(at)
                    ],
                )
                .map_err(backend)? as u64,
            )?;
            rearm_bill_reminder(tx, id, at).map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn bills_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Bill>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!("SELECT {BILL_COLUMNS} FROM repay_bill WHERE borrower_id = ?1 ORDER BY id"))
                .map_err(backend)?;
            statement.query_map([borrower.0], bill).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn bill_of(&self, borrower: BorrowerId, id: i64) -> StoreResult<Option<Bill>> {
        self.read(move |connection| {
            connection
                .query_row(
                    &format!("SELECT {BILL_COLUMNS} FROM repay_bill WHERE id = ?1 AND borrower_id = ?2"),
                    params![id, borrower.0],
                    bill,
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn delete_bill(&self, borrower: BorrowerId, id: i64) -> StoreResult<()> {
        self.write(move |tx| {
            let owned: Option<i64> = tx
                .query_row("SELECT id FROM repay_bill WHERE id = ?1 AND borrower_id = ?2", params![id, borrower.0], |row| {
                    row.get(0)
                })
                .optional()
                .map_err(backend)?;
            if owned.is_none() {
                return exactly_one(0);
            }
            tx.execute(
                "DELETE FROM repay_reminder_sent WHERE reminder_id IN (SELECT id FROM repay_reminder WHERE bill_id = ?1)",
                [id],
            )
            .map_err(backend)?;
            tx.execute("DELETE FROM repay_reminder WHERE bill_id = ?1", [id]).map_err(backend)?;
            tx.execute("DELETE FROM repay_bill WHERE id = ?1", [id]).map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn reminders_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Reminder>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {REMINDER_COLUMNS} FROM repay_reminder r WHERE r.borrower_id = ?1 ORDER BY r.id"
                ))
                .map_err(backend)?;
            statement.query_map([borrower.0], reminder).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn set_reminder(&self, setting: &ReminderSetting) -> StoreResult<()> {
        let setting = setting.clone();
        self.write(move |tx| {
            let (bill_id, order_id) = target_columns(setting.target);
            let at = millis(setting.at);
            let changed = tx
                .execute(
                    "UPDATE repay_reminder SET days_before = ?4, minute_of_day = ?5, lang = ?6, enabled = 1, \
                     revision = revision + 1, armed_at = ?7, next_check_at = ?7 \
                     WHERE borrower_id = ?1 AND bill_id IS ?2 AND order_id IS ?3",
                    params![
                        setting.borrower_id.0,
                        bill_id,
                        order_id,
                        setting.rule.days_before,
                        setting.rule.at.minutes(),
                        setting.lang,
                        at
                    ],
                )
                .map_err(backend)?;
            if changed == 0 {
                tx.execute(
                    "INSERT INTO repay_reminder (borrower_id, bill_id, order_id, days_before, minute_of_day, lang, enabled, \
                     revision, armed_at, next_check_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, 1, ?7, ?7)",
                    params![
                        setting.borrower_id.0,
                        bill_id,
                        order_id,
                        setting.rule.days_before,
                        setting.rule.at.minutes(),
                        setting.lang,
                        at
                    ],
                )
                .map_err(backend)?;
            }
            Ok(())
        })
        .await
    }

    async fn close_reminder(
        &self,
        borrower: BorrowerId,
        target: ReminderTarget,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        self.write(move |tx| {
            let (bill_id, order_id) = target_columns(target);
            exactly_one(
                tx.execute(
                    "UPDATE repay_reminder SET enabled = 0, revision = revision + 1, armed_at = ?4, next_check_at = NULL \
                     WHERE borrower_id = ?1 AND bill_id IS ?2 AND order_id IS ?3",
                    params![borrower.0, bill_id, order_id, millis(at)],
                )
                .map_err(backend)? as u64,
            )
        })
        .await
    }

    async fn due_reminders(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<Reminder>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {REMINDER_COLUMNS} FROM repay_reminder r \
                     WHERE r.enabled AND r.next_check_at <= ?1 ORDER BY r.next_check_at, r.id LIMIT ?2"
                ))
                .map_err(backend)?;
            statement.query_map(params![millis(now), limit], reminder).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn reschedule_reminder(&self, id: i64, revision: i64, next: Option<OffsetDateTime>) -> StoreResult<()> {
        self.write(move |tx| {
            tx.execute(
                "UPDATE repay_reminder SET next_check_at = ?3 WHERE id = ?1 AND revision = ?2",
                params![id, revision, next.map(millis)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn claim_reminder(&self, claim: &ReminderClaim) -> StoreResult<Option<i64>> {
        let claim = claim.clone();
        self.write(move |tx| {
            let current: Option<(bool, i64)> = tx
                .query_row("SELECT enabled, revision FROM repay_reminder WHERE id = ?1", [claim.reminder_id], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })
                .optional()
                .map_err(backend)?;
            if current != Some((true, claim.revision)) {
                return Ok(None);
            }
            let newer: bool = tx
                .query_row(
                    "SELECT EXISTS (SELECT 1 FROM repay_reminder_sent WHERE reminder_id = ?1 AND due_date >= ?2)",
                    params![claim.reminder_id, date_text(claim.due)],
                    |row| row.get(0),
                )
                .map_err(backend)?;
            if newer {
                return Ok(None);
            }
            let message = &claim.message;
            tx.execute(
                "INSERT INTO sms_outbox (phone, delivery, body, provider, status, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    message.phone.e164(),
                    message.delivery.as_str(),
                    message.body,
                    message.provider,
                    message.status.as_str(),
                    millis(message.created_at)
                ],
            )
            .map_err(backend)?;
            let outbox_id = tx.last_insert_rowid();
            tx.execute(
                "INSERT INTO repay_reminder_sent (reminder_id, due_date, outbox_id, sent_at) VALUES (?1, ?2, ?3, ?4)",
                params![claim.reminder_id, date_text(claim.due), outbox_id, millis(message.created_at)],
            )
            .map_err(backend)?;
            tx.execute(
                "UPDATE repay_reminder SET next_check_at = ?2 WHERE id = ?1",
                params![claim.reminder_id, claim.next_check_at.map(millis)],
            )
            .map_err(backend)?;
            Ok(Some(outbox_id))
        })
        .await
    }

    async fn reminder_text_failed(&self, outbox_id: i64) -> StoreResult<()> {
        self.write(move |tx| {
            tx.execute("UPDATE sms_outbox SET status = 'failed' WHERE id = ?1", [outbox_id]).map_err(backend)?;
            Ok(())
        })
        .await
    }
}
