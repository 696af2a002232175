//! Borrower sessions, known by the digest of their token.

use super::StoreResult;
use crate::session::{Session, TokenDigest};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait SessionStore {
    async fn insert_session(&self, session: &Session) -> StoreResult<()>;
    async fn session(&self, digest: &TokenDigest) -> StoreResult<Option<Session>>;
    async fn touch_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()>;
    async fn revoke_session(&self, digest: &TokenDigest, now: OffsetDateTime) -> StoreResult<()>;
    /// The key that signs picture addresses: `candidate` becomes it when
    /// there is none yet, else the one kept is answered (every process of a
    /// fleet ends with the same).
    async fn address_signing_key(&self, candidate: &[u8]) -> StoreResult<Vec<u8>>;
}
