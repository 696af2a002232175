//! Limits on password sign-in tries, for borrowers and staff alike.
//!
//! Every try is counted before its password is checked (and forgotten when
//! it succeeds), so a burst of parallel guesses cannot slip past a limit
//! while the first ones are still being hashed. A limit counts the tries of
//! its scope in a sliding window; when the window holds the maximum, the
//! next try may come when the oldest counted one leaves it.
//!
//! Staff have no limit on an account from every address: that would let a
//! stranger lock any staff member out by guessing wrongly on purpose. An
//! account is limited per address, and an address over all accounts (which
//! stops spraying one password over many accounts).

use time::{Duration, OffsetDateTime};

/// Who is signing in: the two doors count separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Door {
    Borrower,
    Staff,
}

impl Door {
    pub fn as_str(self) -> &'static str {
        match self {
            Door::Borrower => "borrower",
            Door::Staff => "staff",
        }
    }
}

/// One try, as the store counts it: the account typed (a phone number in
/// E.164 or a lower-cased e-mail, whether or not it exists) and the
/// caller's address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignInTry {
    pub door: Door,
    pub account: String,
    pub address: String,
    pub at: OffsetDateTime,
}

/// At most `max_tries` in any `window`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    pub max_tries: usize,
    pub window: Duration,
}

impl Limit {
    /// When a next try may come, given the times of the scope's tries in the
    /// window, newest first (the store reads at most `max_tries` of them).
    pub fn retry_after(&self, newest_first: &[OffsetDateTime], now: OffsetDateTime) -> Option<Duration> {
        if newest_first.len() < self.max_tries {
            return None;
        }
        let frees_at = newest_first[self.max_tries - 1] + self.window;
        (frees_at > now).then(|| whole_seconds_up(frees_at - now))
    }
}

/// The limits of one door; `None` counts nothing in that scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SignInPolicy {
    pub per_account: Option<Limit>,
    pub per_account_and_address: Option<Limit>,
    pub per_address: Option<Limit>,
}

/// The earlier tries of one try's scopes that fall within their windows,
/// newest first, as read in the transaction that will count the new try.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecentTries {
    pub of_account: Vec<OffsetDateTime>,
    pub of_account_from_address: Vec<OffsetDateTime>,
    pub from_address: Vec<OffsetDateTime>,
}

impl SignInPolicy {
    pub fn for_door(door: Door) -> SignInPolicy {
        let quarter_hour = Duration::minutes(15);
        match door {
            // A borrower who forgot the password still gets in with a code
            // by SMS, so a limit on the number itself locks nobody out.
            Door::Borrower => SignInPolicy {
                per_account: Some(Limit { max_tries: 10, window: quarter_hour }),
                per_account_and_address: Some(Limit { max_tries: 5, window: quarter_hour }),
                per_address: Some(Limit { max_tries: 30, window: Duration::hours(1) }),
            },
            Door::Staff => SignInPolicy {
                per_account: None,
                per_account_and_address: Some(Limit { max_tries: 5, window: quarter_hour }),
                per_address: Some(Limit { max_tries: 20, window: Duration::hours(1) }),
            },
        }
    }

    /// The longest window of the policy: tries older than this count for
    /// nothing and may be deleted.
    pub fn longest_window(&self) -> Duration {
        [self.per_account, self.per_account_and_address, self.per_address]
            .into_iter()
            .flatten()
            .map(|limit| limit.window)
            .max()
            .unwrap_or(Duration::ZERO)
    }

    /// Whether one more try may be made now, else how long to wait (the
    /// longest wait any limit asks).
    pub fn allow(&self, recent: &RecentTries, now: OffsetDateTime) -> Result<(), Duration> {
        let waits = [
            self.per_account.and_then(|limit| limit.retry_after(&recent.of_account, now)),
            self.per_account_and_address.and_then(|limit| limit.retry_after(&recent.of_account_from_address, now)),
            self.per_address.and_then(|limit| limit.retry_after(&recent.from_address, now)),
        ];
        match waits.into_iter().flatten().max() {
            Some(wait) => Err(wait),
            None => Ok(()),
        }
    }
}

fn whole_seconds_up(duration: Duration) -> Duration {
    let whole = duration.whole_seconds();
    Duration::seconds(if duration > Duration::seconds(whole) { whole + 1 } else { whole }.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-11-24 10:00 UTC);

    fn minutes_ago(minutes: &[i64]) -> Vec<OffsetDateTime> {
        minutes.iter().map(|m| NOW - Duration::minutes(*m)).collect()
    }

    #[test]
    fn a_limit_under_its_maximum_allows() {
        let limit = Limit { max_tries: 3, window: Duration::minutes(15) };
        assert_eq!(limit.retry_after(&minutes_ago(&[1, 2]), NOW), None);
    }

    #[test]
    fn a_full_limit_waits_for_the_oldest_counted_try_to_leave_the_window() {
        let limit = Limit { max_tries: 3, window: Duration::minutes(15) };
        // Tries 1, 2 and 10 minutes ago: the third leaves in 5 minutes.
        assert_eq!(limit.retry_after(&minutes_ago(&[1, 2, 10]), NOW), Some(Duration::minutes(5)));
    }

    #[test]
    fn a_wait_is_never_less_than_a_second() {
        let limit = Limit { max_tries: 1, window: Duration::minutes(15) };
        let almost_out = vec![NOW - Duration::minutes(15) + Duration::milliseconds(10)];
        assert_eq!(limit.retry_after(&almost_out, NOW), Some(Duration::SECOND));
    }

    #[test]
    fn the_borrower_door_limits_the_number_the_pair_and_the_address() {
        let policy = SignInPolicy::for_door(Door::Borrower);
        let pair = RecentTries { of_account_from_address: minutes_ago(&[0, 1, 2, 3, 4]), ..RecentTries::default() };
        assert_eq!(policy.allow(&pair, NOW), Err(Duration::minutes(11)));
        let number = RecentTries { of_account: minutes_ago(&[0; 10]), ..RecentTries::default() };
        assert_eq!(policy.allow(&number, NOW), Err(Duration::minutes(15)));
        let address = RecentTries { from_address: minutes_ago(&[30; 30]), ..RecentTries::default() };
        assert_eq!(policy.allow(&address, NOW), Err(Duration::minutes(30)));
        let few = RecentTries {
            of_account: minutes_ago(&[1; 9]),
            of_account_from_address: minutes_ago(&[1; 4]),
            from_address: minutes_ago(&[1; 29]),
        };
        assert_eq!(policy.allow(&few, NOW), Ok(()));
    }

    #[test]
    fn no_number_of_tries_from_elsewhere_limits_a_staff_member() {
        let policy = SignInPolicy::for_door(Door::Staff);
        let stranger = RecentTries { of_account: minutes_ago(&[0; 500]), ..RecentTries::default() };
        assert_eq!(policy.allow(&stranger, NOW), Ok(()));
        let pair = RecentTries { of_account_from_address: minutes_ago(&[0; 5]), ..RecentTries::default() };
        assert!(policy.allow(&pair, NOW).is_err());
    }

    #[test]
    fn the_longest_window_covers_every_limit() {
        assert_eq!(SignInPolicy::for_door(Door::Staff).longest_window(), Duration::hours(1));
    }
}
