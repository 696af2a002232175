//! Password sign-in tries, counted against the limits of `sign_in`.

use crate::Store;
use crate::db::{Tx, args};
use async_trait::async_trait;
use hiram_domain::sign_in::{Door, Limit, RecentTries, SignInPolicy, SignInTry};
use hiram_domain::store::{SignInTryStore, StoreResult};
use time::{Duration, OffsetDateTime};

/// Which tries a limit counts.
enum Scope {
    Account,
    AccountFromAddress,
    Address,
}

/// The times of a scope's tries within the limit's window, newest first;
/// none when the policy does not limit the scope.
async fn recent(
    tx: &mut Tx,
    limit: Option<Limit>,
    scope: Scope,
    attempt: &SignInTry,
) -> StoreResult<Vec<OffsetDateTime>> {
    let Some(limit) = limit else { return Ok(Vec::new()) };
    let (door, since) = (attempt.door.as_str(), attempt.at - limit.window);
    let max_tries = i64::try_from(limit.max_tries).unwrap_or(i64::MAX);
    let at = |row: &crate::db::Row<'_>| row.get(0);
    match scope {
        Scope::Account => {
            tx.all(
                "SELECT at FROM sign_in_try WHERE door = $1 AND account = $2 AND at > $3 ORDER BY at DESC LIMIT $4",
                args![door, &attempt.account, since, max_tries],
                at,
            )
            .await
        }
        Scope::AccountFromAddress => {
            tx.all(
                "SELECT at FROM sign_in_try WHERE door = $1 AND account = $2 AND address = $3 AND at > $4 \
                 ORDER BY at DESC LIMIT $5",
                args![door, &attempt.account, &attempt.address, since, max_tries],
                at,
            )
            .await
        }
        Scope::Address => {
            tx.all(
                "SELECT at FROM sign_in_try WHERE door = $1 AND address = $2 AND at > $3 ORDER BY at DESC LIMIT $4",
                args![door, &attempt.address, since, max_tries],
                at,
            )
            .await
        }
    }
}

#[async_trait]
impl SignInTryStore for Store {
    async fn count_sign_in_try(&self, attempt: &SignInTry, policy: &SignInPolicy) -> StoreResult<Result<(), Duration>> {
        let mut tx = self.db.write().await?;
        // Parallel tries of one account, or from one address, would each
        // read the count before any is recorded; the locks are always taken
        // in this order.
        tx.lock(&format!("sign-in:{}:account:{}", attempt.door.as_str(), attempt.account)).await?;
        tx.lock(&format!("sign-in:{}:address:{}", attempt.door.as_str(), attempt.address)).await?;
        let recent_tries = RecentTries {
            of_account: recent(&mut tx, policy.per_account, Scope::Account, attempt).await?,
            of_account_from_address: recent(
                &mut tx,
                policy.per_account_and_address,
                Scope::AccountFromAddress,
                attempt,
            )
            .await?,
            from_address: recent(&mut tx, policy.per_address, Scope::Address, attempt).await?,
        };
        if let Err(wait) = policy.allow(&recent_tries, attempt.at) {
            return Ok(Err(wait));
        }
        tx.exec("DELETE FROM sign_in_try WHERE at < $1", args![attempt.at - policy.longest_window()]).await?;
        tx.exec(
            "INSERT INTO sign_in_try (door, account, address, at) VALUES ($1, $2, $3, $4)",
            args![attempt.door.as_str(), &attempt.account, &attempt.address, attempt.at],
        )
        .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    async fn forget_sign_in_tries(&self, door: Door, account: &str, address: Option<&str>) -> StoreResult<()> {
        match address {
            Some(address) => {
                self.db
                    .exec(
                        "DELETE FROM sign_in_try WHERE door = $1 AND account = $2 AND address = $3",
                        args![door.as_str(), account, address],
                    )
                    .await?
            }
            None => {
                self.db
                    .exec("DELETE FROM sign_in_try WHERE door = $1 AND account = $2", args![door.as_str(), account])
                    .await?
            }
        };
        Ok(())
    }
}
