//! The dated rule sets of the law's ceilings (decision 056): data an
//! operator corrects, read whenever a loan is made or renewed.

use super::StoreResult;
use crate::caps::CapRuleSet;
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait CapRuleSetStore {
    /// Every rule set, oldest first date first.
    async fn cap_rule_sets(&self) -> StoreResult<Vec<CapRuleSet>>;
    /// Stores a rule set under its code, replacing what the code held.
    async fn save_cap_rule_set(&self, rule_set: &CapRuleSet, at: OffsetDateTime) -> StoreResult<()>;
}
