//! Creates sent under a client's key (decision 037). A create calls
//! `created_before` first in its transaction and, after its insert,
//! `commit_created`, which records the key in that same transaction: a
//! crash keeps the row and its key together or neither.

use crate::Store;
use crate::db::{Conn, Tx, args, stored_value};
use async_trait::async_trait;
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::store::{IdempotencyStore, KEY_REUSED, StoreError, StoreResult};
use time::OffsetDateTime;

/// What a create makes, as the key's row keeps it.
pub(crate) trait Created: Sized {
    fn stored(&self) -> String;
    fn from_stored(stored: String) -> StoreResult<Self>;
}

impl Created for i64 {
    fn stored(&self) -> String {
        self.to_string()
    }

    fn from_stored(stored: String) -> StoreResult<i64> {
        stored.parse().map_err(stored_value)
    }
}

impl Created for String {
    fn stored(&self) -> String {
        self.clone()
    }

    fn from_stored(stored: String) -> StoreResult<String> {
        Ok(stored)
    }
}

async fn first_answer(conn: &mut Conn, request: &KeyedRequest) -> StoreResult<Option<String>> {
    let earlier = conn
        .opt(
            "SELECT fingerprint, created FROM idempotent_request WHERE owner = $1 AND idempotency_key = $2",
            args![&request.owner.stored(), request.key.as_str()],
            |row| Ok((row.get::<String>(0)?, row.get::<String>(1)?)),
        )
        .await?;
    match earlier {
        None => Ok(None),
        Some((fingerprint, created)) if fingerprint == request.fingerprint => Ok(Some(created)),
        Some(_) => Err(StoreError::Conflict(KEY_REUSED)),
    }
}

/// What the first request under the key created, when this is a retry;
/// `Conflict(KEY_REUSED)` when the key named another request.
pub(crate) async fn created_before<T: Created>(tx: &mut Tx, request: Option<&KeyedRequest>) -> StoreResult<Option<T>> {
    match request {
        None => Ok(None),
        Some(request) => first_answer(tx, request).await?.map(T::from_stored).transpose(),
    }
}

/// Records the key against what this transaction created and commits. When
/// another request under the same key committed first (PostgreSQL lets two
/// begin at once; the primary key makes the second wait for the first),
/// this transaction is rolled back and the first's answer returned.
pub(crate) async fn commit_created<T: Created>(
    mut tx: Tx,
    request: Option<&KeyedRequest>,
    created: T,
    at: OffsetDateTime,
) -> StoreResult<T> {
    if let Some(request) = request {
        let recorded = tx
            .exec(
                "INSERT INTO idempotent_request (owner, idempotency_key, fingerprint, created, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (owner, idempotency_key) DO NOTHING",
                args![&request.owner.stored(), request.key.as_str(), &request.fingerprint, &created.stored(), at],
            )
            .await?;
        if recorded == 0 {
            let first = first_answer(&mut tx, request).await?.ok_or(StoreError::Stale)?;
            return T::from_stored(first);
        }
    }
    tx.commit().await?;
    Ok(created)
}

#[async_trait]
impl IdempotencyStore for Store {
    async fn created_under(&self, request: &KeyedRequest) -> StoreResult<Option<String>> {
        first_answer(&mut self.db.read().await?, request).await
    }

    async fn purge_request_keys(&self, before: OffsetDateTime) -> StoreResult<u64> {
        self.db.exec("DELETE FROM idempotent_request WHERE created_at < $1", args![before]).await
    }
}
