//! What a process keeps of rarely changing data that busy calls read: the
//! company's details and the verdicts and rule sets of the law. The state
//! holds one of each; `company` and `services::loans` decide what goes in
//! and when it is read again. Here they are plain values, so the state that
//! holds them imports nothing that imports the state.

use hiram_domain::cap_proof::Breach;
use hiram_domain::caps::CapRuleSet;
use hiram_domain::company::CompanyDetails;
use hiram_domain::product::ProductId;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, RwLock};
use std::time::{Duration, Instant};

/// The company's details this process read last, and when.
#[derive(Default)]
pub struct CompanyCache {
    held: RwLock<Option<(Instant, Arc<CompanyDetails>)>>,
}

impl CompanyCache {
    /// The details, if read less than `fresh_for` ago.
    pub fn fresh(&self, fresh_for: Duration) -> Option<Arc<CompanyDetails>> {
        let held = self.held.read().unwrap_or_else(PoisonError::into_inner);
        held.as_ref().filter(|(read_at, _)| read_at.elapsed() < fresh_for).map(|(_, details)| Arc::clone(details))
    }

    pub fn keep(&self, details: Arc<CompanyDetails>) {
        *self.held.write().unwrap_or_else(PoisonError::into_inner) = Some((Instant::now(), details));
    }
}

/// Which ceilings each product breaks, worked out once per product, listing
/// switch and rule set (a product's terms never change, decision 017), and
/// the rule sets as last read.
#[derive(Default)]
pub struct ComplianceCache {
    verdicts: Mutex<HashMap<Verdict, Vec<Breach>>>,
    rule_sets: Mutex<Option<(Instant, Vec<CapRuleSet>)>>,
}

/// A product, whether it allows extensions, and the rule set it was judged
/// by (its stored form).
pub type Verdict = (ProductId, bool, String);

impl ComplianceCache {
    pub fn verdict(&self, key: &Verdict) -> Option<Vec<Breach>> {
        self.verdicts.lock().unwrap_or_else(PoisonError::into_inner).get(key).cloned()
    }

    pub fn keep_verdict(&self, key: Verdict, breaches: Vec<Breach>) {
        self.verdicts.lock().unwrap_or_else(PoisonError::into_inner).insert(key, breaches);
    }

    /// The rule sets, if read less than `fresh_for` ago.
    pub fn rule_sets(&self, fresh_for: Duration) -> Option<Vec<CapRuleSet>> {
        let held = self.rule_sets.lock().unwrap_or_else(PoisonError::into_inner);
        held.as_ref().filter(|(read_at, _)| read_at.elapsed() < fresh_for).map(|(_, sets)| sets.clone())
    }

    pub fn keep_rule_sets(&self, sets: Vec<CapRuleSet>) {
        *self.rule_sets.lock().unwrap_or_else(PoisonError::into_inner) = Some((Instant::now(), sets));
    }

    pub fn forget_rule_sets(&self) {
        *self.rule_sets.lock().unwrap_or_else(PoisonError::into_inner) = None;
    }
}
