//! One-time codes, the SMS outbox and passwords on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::otp::{CodePurpose, Delivery, NewChallenge, OtpChallenge, OtpPolicy, SendHistory, SendLimit};
use hiram_domain::phone::Phone;
use hiram_domain::sms::{NewOutboxEntry, OutboxEntry, OutboxStatus};
use hiram_domain::store::{OtpStore, OutboxStore, StoreResult};
use rusqlite::types::Type;
use rusqlite::{OptionalExtension, Row, params};
use time::{Duration, OffsetDateTime};

fn conversion(column: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, Type::Text, format!("unexpected {what}").into())
}

fn phone(text: &str, column: usize) -> rusqlite::Result<Phone> {
    Phone::parse(text).map_err(|_| conversion(column, "phone"))
}

fn challenge(row: &Row<'_>) -> rusqlite::Result<OtpChallenge> {
    let purpose: String = row.get(2)?;
    Ok(OtpChallenge {
        id: row.get(0)?,
        phone: phone(&row.get::<_, String>(1)?, 1)?,
        purpose: CodePurpose::parse(&purpose).ok_or_else(|| conversion(2, "purpose"))?,
        code_digest: row.get(3)?,
        salt: row.get(4)?,
        created_at: rows::instant(row.get(5)?)?,
        expires_at: rows::instant(row.get(6)?)?,
        wrong_tries: row.get(7)?,
        closed_at: rows::optional_instant(row.get(8)?)?,
    })
}

#[async_trait]
impl OtpStore for SqliteStore {
    async fn issue_challenge(&self, new: &NewChallenge, policy: &OtpPolicy) -> StoreResult<Result<(), SendLimit>> {
        let new = new.clone();
        let policy = *policy;
        self.write(move |tx| {
            let now = new.created_at;
            let hour_ago = millis(now - Duration::hours(1));
            let day_ago = millis(now - Duration::days(1));
            let (last, phone_hour, phone_day): (Option<i64>, i64, i64) = tx
                .query_row(
                    "SELECT MAX(at), COUNT(*) FILTER (WHERE at > ?2), COUNT(*) FROM otp_send WHERE phone = ?1 AND at > ?3",
                    params![new.phone.e164(), hour_ago, day_ago],
                    |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
                )
                .map_err(backend)?;
            let (address_hour, address_day): (i64, i64) = tx
                .query_row(
                    "SELECT COUNT(*) FILTER (WHERE at > ?2), COUNT(*) FROM otp_send WHERE address = ?1 AND at > ?3",
                    params![new.address, hour_ago, day_ago],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )
                .map_err(backend)?;
            let history = SendHistory {
                last_to_phone: last.map(rows::instant).transpose().map_err(backend)?,
                to_phone_last_hour: phone_hour,
                to_phone_last_day: phone_day,
                from_address_last_hour: address_hour,
                from_address_last_day: address_day,
            };
            if let Err(limit) = policy.allow_send(&history, now) {
                return Ok(Err(limit));
            }
            tx.execute(
                "UPDATE otp_challenge SET closed_at = ?3 WHERE phone = ?1 AND purpose = ?2 AND closed_at IS NULL",
                params![new.phone.e164(), new.purpose.as_str(), millis(now)],
            )
            .map_err(backend)?;
            tx.execute(
                "INSERT INTO otp_challenge (phone, purpose, code_digest, salt, created_at, expires_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    new.phone.e164(),
                    new.purpose.as_str(),
                    new.code_digest,
                    new.salt,
                    millis(now),
                    millis(new.expires_at)
                ],
            )
            .map_err(backend)?;
            tx.execute(
                "INSERT INTO otp_send (phone, address, purpose, delivery, at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![new.phone.e164(), new.address, new.purpose.as_str(), new.delivery.as_str(), millis(now)],
            )
            .map_err(backend)?;
            Ok(Ok(()))
        })
        .await
    }

    async fn live_challenge(&self, phone: &Phone, purpose: CodePurpose) -> StoreResult<Option<OtpChallenge>> {
        let phone = phone.e164().to_owned();
        self.read(move |connection| {
            connection
                .prepare_cached(
                    "SELECT id, phone, purpose, code_digest, salt, created_at, expires_at, wrong_tries, closed_at \
                     FROM otp_challenge WHERE phone = ?1 AND purpose = ?2 AND closed_at IS NULL ORDER BY id DESC LIMIT 1",
                )
                .and_then(|mut statement| statement.query_row(params![phone, purpose.as_str()], challenge).optional())
                .map_err(backend)
        })
        .await
    }

    async fn record_try(
        &self,
        id: i64,
        accepted: bool,
        now: OffsetDateTime,
        max_wrong_tries: i64,
    ) -> StoreResult<bool> {
        self.write(move |tx| {
            let sql = if accepted {
                "UPDATE otp_challenge SET closed_at = ?2 \
                 WHERE id = ?1 AND closed_at IS NULL AND expires_at > ?2 AND wrong_tries < ?3"
            } else {
                "UPDATE otp_challenge SET wrong_tries = wrong_tries + 1 \
                 WHERE id = ?1 AND closed_at IS NULL AND expires_at > ?2 AND wrong_tries < ?3"
            };
            let changed = tx.execute(sql, params![id, millis(now), max_wrong_tries]).map_err(backend)?;
            Ok(changed == 1)
        })
        .await
    }
}

fn outbox_entry(row: &Row<'_>) -> rusqlite::Result<OutboxEntry> {
    let delivery: String = row.get(2)?;
    let status: String = row.get(5)?;
    Ok(OutboxEntry {
        id: row.get(0)?,
        phone: phone(&row.get::<_, String>(1)?, 1)?,
        delivery: Delivery::parse(&delivery).ok_or_else(|| conversion(2, "delivery"))?,
        body: row.get(3)?,
        provider: row.get(4)?,
        status: OutboxStatus::parse(&status).ok_or_else(|| conversion(5, "status"))?,
        created_at: rows::instant(row.get(6)?)?,
    })
}

#[async_trait]
impl OutboxStore for SqliteStore {
    async fn record_outbox(&self, entry: &NewOutboxEntry) -> StoreResult<i64> {
        let entry = entry.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO sms_outbox (phone, delivery, body, provider, status, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    entry.phone.e164(),
                    entry.delivery.as_str(),
                    entry.body,
                    entry.provider,
                    entry.status.as_str(),
                    millis(entry.created_at)
                ],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn outbox(&self, phone: Option<&Phone>, limit: i64) -> StoreResult<Vec<OutboxEntry>> {
        let phone = phone.map(|phone| phone.e164().to_owned());
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT * FROM (SELECT id, phone, delivery, body, provider, status, created_at FROM sms_outbox \
                     WHERE ?1 IS NULL OR phone = ?1 ORDER BY id DESC LIMIT ?2) ORDER BY id",
                )
                .map_err(backend)?;
            let entries = statement.query_map(params![phone, limit], outbox_entry).map_err(backend)?;
            entries.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
        })
        .await
    }
}
