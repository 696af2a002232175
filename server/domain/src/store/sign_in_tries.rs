//! Password sign-in tries, counted against the limits of `sign_in`.

use super::StoreResult;
use crate::sign_in::{Door, SignInPolicy, SignInTry};
use async_trait::async_trait;
use time::Duration;

#[async_trait]
pub trait SignInTryStore {
    /// In one transaction: reads the try's recent tries in each scope the
    /// policy limits, asks the policy, and when it allows, counts the try.
    /// The inner `Err` is how long to wait.
    async fn count_sign_in_try(&self, attempt: &SignInTry, policy: &SignInPolicy) -> StoreResult<Result<(), Duration>>;
    /// Forgets the tries of the account: from one address once a try from
    /// there succeeded, from everywhere when an admin reset its sign-in.
    async fn forget_sign_in_tries(&self, door: Door, account: &str, address: Option<&str>) -> StoreResult<()>;
}
