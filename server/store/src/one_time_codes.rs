//! One-time codes sent by SMS.

use crate::Store;
use crate::db::{Row, args};
use async_trait::async_trait;
use hiram_domain::otp::{CodePurpose, NewChallenge, OtpChallenge, OtpPolicy, SendHistory, SendLimit};
use hiram_domain::phone::Phone;
use hiram_domain::store::{OtpStore, StoreResult};
use time::{Duration, OffsetDateTime};

fn challenge(row: &Row<'_>) -> StoreResult<OtpChallenge> {
    Ok(OtpChallenge {
        id: row.get(0)?,
        phone: row.get(1)?,
        purpose: row.parse(2, CodePurpose::parse)?,
        code_digest: row.get(3)?,
        salt: row.get(4)?,
        created_at: row.get(5)?,
        expires_at: row.get(6)?,
        wrong_tries: row.get(7)?,
        closed_at: row.get(8)?,
    })
}

#[async_trait]
impl OtpStore for Store {
    async fn issue_challenge(&self, new: &NewChallenge, policy: &OtpPolicy) -> StoreResult<Result<(), SendLimit>> {
        let now = new.created_at;
        let (hour_ago, day_ago) = (now - Duration::hours(1), now - Duration::days(1));
        let mut tx = self.db.write().await?;
        // Two sends to one number at once would both count the history
        // before either is recorded.
        tx.lock(&format!("otp:{}", new.phone.e164())).await?;
        let (last_to_phone, to_phone_last_hour, to_phone_last_day) = tx
            .one(
                "SELECT MAX(at), COUNT(*) FILTER (WHERE at > $2), COUNT(*) FROM otp_send WHERE phone = $1 AND at > $3",
                args![&new.phone, hour_ago, day_ago],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .await?;
        let (from_address_last_hour, from_address_last_day) = tx
            .one(
                "SELECT COUNT(*) FILTER (WHERE at > $2), COUNT(*) FROM otp_send WHERE address = $1 AND at > $3",
                args![&new.address, hour_ago, day_ago],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .await?;
        let history = SendHistory {
            last_to_phone,
            to_phone_last_hour,
            to_phone_last_day,
            from_address_last_hour,
            from_address_last_day,
        };
        if let Err(limit) = policy.allow_send(&history, now) {
            return Ok(Err(limit));
        }
        tx.exec(
            "UPDATE otp_challenge SET closed_at = $3 WHERE phone = $1 AND purpose = $2 AND closed_at IS NULL",
            args![&new.phone, new.purpose.as_str(), now],
        )
        .await?;
        tx.exec(
            "INSERT INTO otp_challenge (phone, purpose, code_digest, salt, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            args![&new.phone, new.purpose.as_str(), &new.code_digest, &new.salt, now, new.expires_at],
        )
        .await?;
        tx.exec(
            "INSERT INTO otp_send (phone, address, purpose, delivery, at) VALUES ($1, $2, $3, $4, $5)",
            args![&new.phone, &new.address, new.purpose.as_str(), new.delivery.as_str(), now],
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    async fn live_challenge(&self, phone: &Phone, purpose: CodePurpose) -> StoreResult<Option<OtpChallenge>> {
        self.db
            .opt(
                "SELECT id, phone, purpose, code_digest, salt, created_at, expires_at, wrong_tries, closed_at \
                 FROM otp_challenge WHERE phone = $1 AND purpose = $2 AND closed_at IS NULL ORDER BY id DESC LIMIT 1",
                args![phone, purpose.as_str()],
                challenge,
            )
            .await
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
        Ok(self.db.exec(sql, args![id, now, max_wrong_tries]).await? == 1)
    }
}
