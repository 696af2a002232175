//! Borrower sessions, known by the digest of their token.

use crate::Store;
use crate::db::{args, conflict};
use crate::rows::{self, SESSION_COLUMNS};
use async_trait::async_trait;
use hiram_domain::session::{Session, TokenDigest};
use hiram_domain::store::{SessionStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl SessionStore for Store {
    async fn insert_session(&self, session: &Session) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO session (digest, borrower_id, created_at, last_seen_at, expires_at, revoked_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
                args![
                    &session.digest.0,
                    session.borrower_id,
                    session.created_at,
                    session.last_seen_at,
                    session.expires_at,
                    session.revoked_at,
                ],
            )
            .await
            .map(drop)
            .map_err(conflict("session_digest"))
    }

    async fn session(&self, digest: &TokenDigest) -> StoreResult<Option<Session>> {
        let sql = format!("SELECT {SESSION_COLUMNS} FROM session WHERE digest = $1");
        self.db.opt(&sql, args![&digest.0], |row| rows::session(row, digest)).await
    }

    async fn touch_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE session SET last_seen_at = CASE WHEN last_seen_at < $2 THEN $2 ELSE last_seen_at END \
                 WHERE digest = $1",
                args![&digest.0, now],
            )
            .await
            .map(drop)
    }

    async fn revoke_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec("UPDATE session SET revoked_at = $2 WHERE digest = $1 AND revoked_at IS NULL", args![&digest.0, now])
            .await
            .map(drop)
    }

    async fn address_signing_key(&self, candidate: &[u8]) -> StoreResult<Vec<u8>> {
        self.db
            .exec(
                "INSERT INTO address_signing_key (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
                args![candidate],
            )
            .await?;
        self.db.value("SELECT secret FROM address_signing_key WHERE id = 1", args![]).await
    }
}
