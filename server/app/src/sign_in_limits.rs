//! Counts password sign-in tries against their door's limits (the rules
//! are in `hiram_domain::sign_in`), for the borrower login and the console.

use crate::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::state::AppState;
use hiram_domain::sign_in::{Door, SignInPolicy, SignInTry};
use std::net::IpAddr;

/// Counts one try of `account` from `address` before its password is
/// checked; refuses with how long to wait when a limit is full. Limited
/// tries cost no password hash, so a flood of them burns no CPU.
pub async fn count_try(state: &AppState, door: Door, account: &str, address: IpAddr) -> ApiResult<SignInTry> {
    let attempt = SignInTry { door, account: account.to_owned(), address: address.to_string(), at: state.now() };
    if let Err(wait) = state.store.count_sign_in_try(&attempt, &SignInPolicy::for_door(door)).await? {
        tracing::info!(door = door.as_str(), address = %address, "sign-in refused: too many tries");
        return Err(ApiError::TooManyRequests {
            retry_after_seconds: u64::try_from(wait.whole_seconds()).unwrap_or(1),
            message: match door {
                Door::Borrower => Msg::SignInTooOften,
                Door::Staff => Msg::StaffSignInTooOften,
            },
        });
    }
    Ok(attempt)
}

/// The try succeeded: the account's tries from that address stop counting.
pub async fn succeeded(state: &AppState, attempt: &SignInTry) -> ApiResult<()> {
    Ok(state.store.forget_sign_in_tries(attempt.door, &attempt.account, Some(&attempt.address)).await?)
}

/// An admin reset the account's sign-in: its tries stop counting anywhere.
pub async fn reset(state: &AppState, door: Door, account: &str) -> ApiResult<()> {
    Ok(state.store.forget_sign_in_tries(door, account, None).await?)
}
