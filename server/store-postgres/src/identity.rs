//! One-time codes and the SMS outbox on PostgreSQL.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::otp::{CodePurpose, Delivery, NewChallenge, OtpChallenge, OtpPolicy, SendHistory, SendLimit};
use hiram_domain::phone::Phone;
use hiram_domain::sms::{NewOutboxEntry, OutboxEntry, OutboxStatus};
use hiram_domain::store::{OtpStore, OutboxStore, StoreResult};
use time::{Duration, OffsetDateTime};
use tokio_postgres::Row;

/// Serialises code issuing per number across server processes, so two
/// concurrent sends cannot both pass the 60-second rule.
const OTP_LOCK_NAMESPACE: i32 = 0x4f54;

fn fixed<const N: usize>(bytes: Vec<u8>) -> StoreResult<[u8; N]> {
    bytes.try_into().map_err(|_| backend("stored digest has the wrong length"))
}

fn challenge(row: &Row) -> StoreResult<OtpChallenge> {
    let purpose: String = row.get(2);
    Ok(OtpChallenge {
        id: row.get(0),
        phone: Phone::parse(row.get::<_, &str>(1)).map_err(backend)?,
        purpose: CodePurpose::parse(&purpose).ok_or_else(|| backend("unknown code purpose"))?,
        code_digest: fixed(row.get(3))?,
        salt: fixed(row.get(4))?,
        created_at: row.get(5),
        expires_at: row.get(6),
        wrong_tries: row.get(7),
        closed_at: row.get(8),
    })
}

#[async_trait]
impl OtpStore for PostgresStore {
    async fn issue_challenge(&self, new: &NewChallenge, policy: &OtpPolicy) -> StoreResult<Result<(), SendLimit>> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        transaction
            .execute("SELECT pg_advisory_xact_lock($1, hashtext($2))", &[&OTP_LOCK_NAMESPACE, &new.phone.e164()])
            .await
            .map_err(database)?;
        let now = new.created_at;
        let hour_ago = now - Duration::hours(1);
        let day_ago = now - Duration::days(1);
        let phone_row = transaction
            .query_one(
                "SELECT MAX(at), COUNT(*) FILTER (WHERE at > $2), COUNT(*) FROM otp_send WHERE phone = $1 AND at > $3",
                &[&new.phone.e164(), &hour_ago, &day_ago],
            )
            .await
            .map_err(database)?;
        let address_row = transaction
            .query_one(
                "SELECT COUNT(*) FILTER (WHERE at > $2), COUNT(*) FROM otp_send WHERE address = $1 AND at > $3",
                &[&new.address, &hour_ago, &day_ago],
            )
            .await
            .map_err(database)?;
        let history = SendHistory {
            last_to_phone: phone_row.get(0),
            to_phone_last_hour: phone_row.get(1),
            to_phone_last_day: phone_row.get(2),
            from_address_last_hour: address_row.get(0),
            from_address_last_day: address_row.get(1),
        };
        if let Err(limit) = policy.allow_send(&history, now) {
            return Ok(Err(limit));
        }
        transaction
            .execute(
                "UPDATE otp_challenge SET closed_at = $3 WHERE phone = $1 AND purpose = $2 AND closed_at IS NULL",
                &[&new.phone.e164(), &new.purpose.as_str(), &now],
            )
            .await
            .map_err(database)?;
        transaction
            .execute(
                "INSERT INTO otp_challenge (phone, purpose, code_digest, salt, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &new.phone.e164(),
                    &new.purpose.as_str(),
                    &&new.code_digest[..],
                    &&new.salt[..],
                    &now,
                    &new.expires_at,
                ],
            )
            .await
            .map_err(database)?;
        transaction
            .execute(
                "INSERT INTO otp_send (phone, address, purpose, delivery, at) VALUES ($1, $2, $3, $4, $5)",
                &[&new.phone.e164(), &new.address, &new.purpose.as_str(), &new.delivery.as_str(), &now],
            )
            .await
            .map_err(database)?;
        transaction.commit().await.map_err(database)?;
        Ok(Ok(()))
    }

    async fn live_challenge(&self, phone: &Phone, purpose: CodePurpose) -> StoreResult<Option<OtpChallenge>> {
        let client = self.client().await?;
        let row = client
            .query_opt(
                "SELECT id, phone, purpose, code_digest, salt, created_at, expires_at, wrong_tries, closed_at \
                 FROM otp_challenge WHERE phone = $1 AND purpose = $2 AND closed_at IS NULL ORDER BY id DESC LIMIT 1",
                &[&phone.e164(), &purpose.as_str()],
            )
            .await
            .map_err(database)?;
        row.as_ref().map(challenge).transpose()
    }

    async fn record_try(
        &self,
        id: i64,
        accepted: bool,
        now: OffsetDateTime,
        max_wrong_tries: i64,
    ) -> StoreResult<bool> {
        let sql = if accepted {
            "UPDATE otp_challenge SET closed_at = $2 \
             WHERE id = $1 AND closed_at IS NULL AND expires_at > $2 AND wrong_tries < $3"
        } else {
            "UPDATE otp_challenge SET wrong_tries = wrong_tries + 1 \
             WHERE id = $1 AND closed_at IS NULL AND expires_at > $2 AND wrong_tries < $3"
        };
        let changed = self.client().await?.execute(sql, &[&id, &now, &max_wrong_tries]).await.map_err(database)?;
        Ok(changed == 1)
    }
}

fn outbox_entry(row: &Row) -> StoreResult<OutboxEntry> {
    Ok(OutboxEntry {
        id: row.get(0),
        phone: Phone::parse(row.get::<_, &str>(1)).map_err(backend)?,
        delivery: Delivery::parse(row.get(2)).ok_or_else(|| backend("unknown delivery"))?,
        body: row.get(3),
        provider: row.get(4),
        status: OutboxStatus::parse(row.get(5)).ok_or_else(|| backend("unknown outbox status"))?,
        created_at: row.get(6),
    })
}

#[async_trait]
impl OutboxStore for PostgresStore {
    async fn record_outbox(&self, entry: &NewOutboxEntry) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO sms_outbox (phone, delivery, body, provider, status, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                &[
                    &entry.phone.e164(),
                    &entry.delivery.as_str(),
                    &entry.body,
                    &entry.provider,
                    &entry.status.as_str(),
                    &entry.created_at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn outbox(&self, phone: Option<&Phone>, limit: i64) -> StoreResult<Vec<OutboxEntry>> {
        let phone = phone.map(Phone::e164);
        let rows = self
            .client()
            .await?
            .query(
                "SELECT * FROM (SELECT id, phone, delivery, body, provider, status, created_at FROM sms_outbox \
                 WHERE $1::TEXT IS NULL OR phone = $1 ORDER BY id DESC LIMIT $2) newest ORDER BY id",
                &[&phone, &limit],
            )
            .await
            .map_err(database)?;
        rows.iter().map(outbox_entry).collect()
    }
}
