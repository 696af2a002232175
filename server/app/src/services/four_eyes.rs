//! Maker-checker that needs two people, not two accounts (decision 057).
//!
//! An approver must be another member than the proposer, and neither may
//! have made, reset or approved the other's account, directly or through
//! the accounts they made (decision 058), nor may one third member have
//! made or reset both, within `console.four_eyes_days`: otherwise one
//! person (an admin who made two finance accounts, say) holds both keys.

use crate::services::ServiceResult;
use crate::state::AppState;

/// Why an approver is not independent of the proposer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dependence {
    /// The same member, or a call with no member behind it (a token).
    SamePerson,
    /// The proposer made, reset or approved the approver's account, or that
    /// of one of its makers, or the other way round.
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
    if descends_from(state, approver, proposer, since).await? || descends_from(state, proposer, approver, since).await?
    {
        return Ok(Err(Dependence::MadeTheOther));
    }
    if made_approver.iter().any(|maker| made_proposer.contains(maker)) {
        return Ok(Err(Dependence::SameMaker));
    }
    Ok(Ok(()))
}

/// Whether `ancestor` made, reset or approved `member`'s account, or that
/// of one of `member`'s makers, and so on up the chain: an admin who made
/// an admin who made a finance member holds that member's keys as surely
/// as if they had made it themselves. (An approval counts here, between the
/// two people themselves, but not as a shared maker: with two admins, every
/// finance member would share one, and nobody could approve anything.)
async fn descends_from(
    state: &AppState,
    member: i64,
    ancestor: i64,
    since: time::OffsetDateTime,
) -> ServiceResult<bool> {
    let mut seen = vec![member];
    let mut frontier = vec![member];
    while let Some(next) = frontier.pop() {
        let makers = state.store.staff_makers(next, since).await?;
        let approvers = state.store.staff_approvers(next, since).await?;
        for maker in makers.into_iter().chain(approvers) {
            if maker == ancestor {
                return Ok(true);
            }
            if !seen.contains(&maker) {
                seen.push(maker);
                frontier.push(maker);
            }
        }
    }
    Ok(false)
}
