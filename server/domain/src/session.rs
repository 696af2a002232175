//! Borrower sessions (decisions.md D5).
//!
//! The session id travels in the page URL, so the token itself is never
//! stored: the database keeps its SHA-256 digest, computed by the caller, and
//! a leaked table gives nobody a way in.

use crate::borrower::BorrowerId;
use time::{Duration, OffsetDateTime};

/// SHA-256 of a session token.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenDigest(pub [u8; 32]);

impl std::fmt::Debug for TokenDigest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenDigest(..)")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionPolicy {
    /// A session unused for this long ends.
    pub idle: Duration,
    /// A session ends this long after sign-in, however active.
    pub absolute: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub digest: TokenDigest,
    pub borrower_id: BorrowerId,
    pub created_at: OffsetDateTime,
    pub last_seen_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    pub revoked_at: Option<OffsetDateTime>,
}

/// How coarse the "last seen" clock is. Touching the session on every
/// request would turn every read into a write; a minute of slack on a
/// 30-minute idle limit costs nothing.
pub const LAST_SEEN_RESOLUTION: Duration = Duration::minutes(1);

impl Session {
    pub fn is_valid_at(&self, now: OffsetDateTime, policy: &SessionPolicy) -> bool {
        self.revoked_at.is_none() && now < self.expires_at && now < self.last_seen_at + policy.idle
    }

    pub fn needs_touch(&self, now: OffsetDateTime) -> bool {
        now - self.last_seen_at >= LAST_SEEN_RESOLUTION
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn session() -> Session {
        Session {
            digest: TokenDigest([0; 32]),
            borrower_id: BorrowerId(1),
            created_at: datetime!(2026-11-22 00:00 UTC),
            last_seen_at: datetime!(2026-11-22 00:00 UTC),
            expires_at: datetime!(2026-12-22 00:00 UTC),
            revoked_at: None,
        }
    }

    const POLICY: SessionPolicy = SessionPolicy { idle: Duration::minutes(30), absolute: Duration::days(30) };

    #[test]
    fn an_idle_session_expires() {
        assert!(session().is_valid_at(datetime!(2026-11-22 00:29 UTC), &POLICY));
        assert!(!session().is_valid_at(datetime!(2026-11-22 00:30 UTC), &POLICY));
    }

    #[test]
    fn an_active_session_still_ends_at_its_absolute_expiry() {
        let mut active = session();
        active.last_seen_at = datetime!(2026-12-21 23:59 UTC);
        assert!(!active.is_valid_at(datetime!(2026-12-22 00:00 UTC), &POLICY));
    }

    #[test]
    fn a_revoked_session_is_refused() {
        let mut revoked = session();
        revoked.revoked_at = Some(datetime!(2026-11-22 00:01 UTC));
        assert!(!revoked.is_valid_at(datetime!(2026-11-22 00:02 UTC), &POLICY));
    }
}
