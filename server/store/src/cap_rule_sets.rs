//! The dated rule sets of the law's ceilings (decision 056).

use crate::Store;
use crate::db::{Row, args};
use async_trait::async_trait;
use hiram_domain::caps::CapRuleSet;
use hiram_domain::store::{CapRuleSetStore, StoreResult};
use time::OffsetDateTime;

const COLUMNS: &str = "code, source, in_force_from, max_principal, max_term_months, nominal_monthly_bp, eir_monthly_bp, \
     penalty_monthly_bp, total_cost_bp";

fn rule_set(row: &Row<'_>) -> StoreResult<CapRuleSet> {
    Ok(CapRuleSet {
        code: row.get(0)?,
        source: row.get(1)?,
        in_force_from: row.get(2)?,
        max_principal: row.get(3)?,
        max_term_months: row.get(4)?,
        nominal_monthly_bp: row.get(5)?,
        eir_monthly_bp: row.get(6)?,
        penalty_monthly_bp: row.get(7)?,
        total_cost_bp: row.get(8)?,
    })
}

#[async_trait]
impl CapRuleSetStore for Store {
    async fn cap_rule_sets(&self) -> StoreResult<Vec<CapRuleSet>> {
        self.db
            .all(&format!("SELECT {COLUMNS} FROM cap_rule_set ORDER BY in_force_from, code"), args![], rule_set)
            .await
    }

    async fn save_cap_rule_set(&self, set: &CapRuleSet, at: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO cap_rule_set (code, source, in_force_from, max_principal, max_term_months, \
                 nominal_monthly_bp, eir_monthly_bp, penalty_monthly_bp, total_cost_bp, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (code) DO UPDATE SET \
                 source = excluded.source, in_force_from = excluded.in_force_from, \
                 max_principal = excluded.max_principal, max_term_months = excluded.max_term_months, \
                 nominal_monthly_bp = excluded.nominal_monthly_bp, eir_monthly_bp = excluded.eir_monthly_bp, \
                 penalty_monthly_bp = excluded.penalty_monthly_bp, total_cost_bp = excluded.total_cost_bp, \
                 updated_at = excluded.updated_at",
                args![
                    &set.code,
                    &set.source,
                    set.in_force_from,
                    set.max_principal,
                    set.max_term_months,
                    set.nominal_monthly_bp,
                    set.eir_monthly_bp,
                    set.penalty_monthly_bp,
                    set.total_cost_bp,
                    at
                ],
            )
            .await
            .map(drop)
    }
}
