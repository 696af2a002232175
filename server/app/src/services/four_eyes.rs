//! Maker-checker that needs two people, not two accounts (decision 057).
//!
//! An approver must be another member than the proposer, and neither may
//! have made or reset the other's account, nor may one third member have
//! made or reset both, within `console.four_eyes_days`: otherwise one
//! person (an admin who made two finance accounts, say) holds both keys.

use crate::services::ServiceResult;
use crate::state::AppState;

/// Why an approver is not independent of the proposer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dependence {
    /// The same member, or a call with no member behind it (a token).
    SamePerson,
    /// The proposer made or reset the approver's account, or the other way
    /// round.
    MadeTheOther,
    /// One member made or reset both accounts.
    SameMaker,
}

impl Dependence {
    pub fn key(self) -> &'static str {
        match self {
            Dependence::SamePerson => "same_person",
            Dependence::MadeTheOther => "made_the_other",
            Dependence::SameMaker => "same_maker",
        }
    }
}

/// Whether `approver` may approve what `proposer` proposed.
pub async fn check(
    state: &AppState,
    proposer: Option<i64>,
    approver: Option<i64>,
) -> ServiceResult<Result<(), Dependence>> {
    let (Some(proposer), Some(approver)) = (proposer, approver) else { return Ok(Err(Dependence::SamePerson)) };
    if proposer == approver {
        return Ok(Err(Dependence::SamePerson));
    }
    let since = state.now() - time::Duration::days(state.settings.console.four_eyes_days);
    let made_proposer = state.store.staff_makers(proposer, since).await?;
    let made_approver = state.store.staff_makers(approver, since).await?;
    if made_approver.contains(&proposer) || made_proposer.contains(&approver) {
        return Ok(Err(Dependence::MadeTheOther));
    }
    if made_approver.iter().any(|maker| made_proposer.contains(maker)) {
        return Ok(Err(Dependence::SameMaker));
    }
    Ok(Ok(()))
}
