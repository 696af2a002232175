//! The dated rule sets of the law's ceilings (D4, decision 056): every
//! staff member who sees orders sees which rule set is in force and which
//! governed before; an admin corrects one (a date the regulator moved) or
//! adds the next circular, with a reason, audited. A loan keeps the copy
//! its contract was proved against, so a correction changes only loans
//! made or renewed after it, and which products borrowers are offered.

use super::refused;
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::services::loans;
use crate::staff_access::Staff;
use crate::state::AppState;
use crate::views::RuleSetView;
use axum::Json;
use axum::extract::State;
use hiram_domain::caps::{CapRuleSet, RuleSetError, in_force};
use hiram_domain::fields::InvalidField;
use hiram_domain::money::Centavos;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleSetRow {
    #[serde(flatten)]
    pub rule_set: RuleSetView,
    /// Whether it governs loans contracted today.
    pub in_force_today: bool,
    /// Available products whose terms break it (those borrowers are not
    /// offered while it is in force).
    pub products_breaking: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct RuleSets {
    /// Oldest first date first.
    pub rows: Vec<RuleSetRow>,
}

fn rows(
    state: &AppState,
    sets: &[CapRuleSet],
    products: &[hiram_domain::product::Product],
    today: Date,
) -> ApiResult<Vec<RuleSetRow>> {
    let current = in_force(sets, today).map(|set| set.code.clone());
    sets.iter()
        .map(|set| {
            let mut breaking = Vec::new();
            for product in products.iter().filter(|product| product.available) {
                if !loans::breaches_under(state, product, set)?.is_empty() {
                    breaking.push(product.name.clone());
                }
            }
            Ok(RuleSetRow {
                rule_set: RuleSetView::of(set, true),
                in_force_today: current.as_deref() == Some(set.code.as_str()),
                products_breaking: breaking,
            })
        })
        .collect()
}

/// Every rule set, which is in force today, and the products that break each.
#[utoipa::path(get, path = "/rule-sets", operation_id = "staff_rule_sets", tag = "staff",
    security(("staff_token" = [])), responses((status = 200, body = Envelope<RuleSets>), (status = 401), (status = 403)))]
pub async fn list(State(state): State<AppState>, staff: Staff, lang: Lang) -> ApiResult<Json<Envelope<RuleSets>>> {
    staff.require(Permission::ViewOrders)?;
    let sets = loans::rule_sets(&state).await?;
    let products = state.store.products().await?;
    Ok(ok(lang, RuleSets { rows: rows(&state, &sets, &products, state.today())? }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaveParams {
    /// A short name (`SEC-MC-14-2025`); an existing code is corrected.
    #[serde(default)]
    pub code: String,
    /// The issuances it comes from.
    #[serde(default)]
    pub source: String,
    /// `YYYY-MM-DD`: the first contract, renewal or restructure date it governs.
    #[serde(default)]
    pub in_force_from: String,
    /// Centavos: coverage up to this principal.
    #[serde(default)]
    pub max_principal: i64,
    /// Coverage: payable within this many calendar months (1–12).
    #[serde(default)]
    pub max_term_months: i64,
    #[serde(default)]
    pub nominal_monthly_bp: i64,
    #[serde(default)]
    pub eir_monthly_bp: i64,
    #[serde(default)]
    pub penalty_monthly_bp: i64,
    #[serde(default)]
    pub total_cost_bp: i64,
    /// Why (5–500 characters), for the audit log.
    #[serde(default)]
    pub reason: String,
}

/// Adds a rule set or corrects one, with a reason; a refused field is
/// named in `data.field`. Saving the same figures again changes nothing
/// but the audit log.
#[utoipa::path(post, path = "/rule-sets", operation_id = "staff_rule_set_save", tag = "staff",
    params(SaveParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<RuleSets>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403)))]
pub async fn save(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<SaveParams>, ApiError>,
) -> ApiResult<Json<Envelope<RuleSets>>> {
    staff.require(Permission::ManageRuleSets)?;
    let Params(params) = params?;
    let in_force_from =
        Date::parse(params.in_force_from.trim(), time::macros::format_description!("[year]-[month]-[day]"))
            .map_err(|_| refused(InvalidField("inForceFrom")))?;
    let reason = params.reason.trim();
    if !(5..=500).contains(&reason.chars().count()) {
        return Err(refused(InvalidField("reason")));
    }
    let rule_set = CapRuleSet {
        code: params.code.trim().to_owned(),
        source: params.source.trim().to_owned(),
        in_force_from,
        max_principal: Centavos::new(params.max_principal),
        max_term_months: params.max_term_months,
        nominal_monthly_bp: params.nominal_monthly_bp,
        eir_monthly_bp: params.eir_monthly_bp,
        penalty_monthly_bp: params.penalty_monthly_bp,
        total_cost_bp: params.total_cost_bp,
    };
    let field_ok = rule_set.code.chars().count() <= 40 && rule_set.source.chars().count() <= 300;
    match rule_set.validate() {
        Ok(()) if field_ok => {}
        Ok(()) => {
            return Err(refused(InvalidField(if rule_set.code.chars().count() > 40 { "code" } else { "source" })));
        }
        Err(RuleSetError::Unnamed) => {
            return Err(refused(InvalidField(if rule_set.code.is_empty() { "code" } else { "source" })));
        }
        Err(RuleSetError::Coverage) => {
            return Err(refused(InvalidField(if rule_set.max_principal.get() <= 0 {
                "maxPrincipal"
            } else {
                "maxTermMonths"
            })));
        }
        Err(RuleSetError::Ceiling) => {
            let ceilings = [
                ("nominalMonthlyBp", rule_set.nominal_monthly_bp),
                ("eirMonthlyBp", rule_set.eir_monthly_bp),
                ("penaltyMonthlyBp", rule_set.penalty_monthly_bp),
                ("totalCostBp", rule_set.total_cost_bp),
            ];
            let field = ceilings
                .iter()
                .find(|(_, bp)| !(1..=100_000).contains(bp))
                .map_or("nominalMonthlyBp", |(field, _)| field);
            return Err(refused(InvalidField(field)));
        }
    }
    let action = staff.act(&state).await?;
    let before = action.state.store.cap_rule_sets().await?.into_iter().find(|set| set.code == rule_set.code);
    loans::save_rule_set(&action.state, &rule_set).await?;
    let json = |set: Option<&CapRuleSet>| serde_json::to_value(set).unwrap_or(serde_json::Value::Null);
    let mut after = json(Some(&rule_set));
    if let Some(fields) = after.as_object_mut() {
        fields.insert("reason".to_owned(), serde_json::Value::from(reason));
    }
    staff.audit(&action, "rule_set.save", &format!("rule_set:{}", rule_set.code), json(before.as_ref()), after).await?;
    action.commit().await?;
    loans::rule_sets_changed(&state);
    tracing::info!(rule_set = %rule_set.code, "rule set saved");
    let sets = loans::rule_sets(&state).await?;
    let products = state.store.products().await?;
    Ok(ok(lang, RuleSets { rows: rows(&state, &sets, &products, state.today())? }))
}
