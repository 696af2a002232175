//! Loan products for staff: the catalogue (with the rule set of the law in
//! force and every product that breaks it, which borrowers are no longer
//! offered), a live proof of proposed terms against that rule set for every
//! amount and the worst extension they allow, with the agreement and
//! disclosure the borrower would read, creating a product (refused when the
//! proof fails, the ceiling and figures named), and editing a product's
//! listing. Terms never change once a product exists (decision 017): new
//! terms are a new product.

use super::Staff;
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::{Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::documents::{self, Document, Governing, Parties};
use crate::services::loans;
use crate::state::AppState;
use crate::views::{RuleSetView, percent};
use axum::Json;
use axum::extract::State;
use hiram_domain::cap_proof::{Breach, Ceiling, prove_product};
use hiram_domain::caps::CapRuleSet;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::pricing::{Allocation, ClauseTerms, PenaltySchedule, ProductTerms, Quote, TermsError};
use hiram_domain::product::{Lender, LenderId, NewProduct, Product, ProductId, ProductListing};
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductView {
    pub id: i64,
    pub lender_id: i64,
    pub lender_name: String,
    pub name: String,
    pub logo_url: String,
    /// Centavos, as are all amounts here.
    pub min_amount: i64,
    pub max_amount: i64,
    pub amount_step: i64,
    pub periods: i64,
    pub period_days: i64,
    /// Basis points (1% = 100), as are all rates here.
    pub monthly_interest_bp: i64,
    pub service_fee_bp: i64,
    pub penalty_one_time_new: i64,
    pub penalty_one_time_repeat: i64,
    pub penalty_daily_bp_1_30: i64,
    pub penalty_daily_bp_31_90: i64,
    pub penalty_daily_bp_from_91: i64,
    /// Early repayment from this share of the term (basis points)…
    pub early_after_term_bp: i64,
    /// …and at least these days after disbursement.
    pub early_min_days: i64,
    /// An early payoff pays at least these days of interest.
    pub early_min_interest_days: i64,
    /// Extensions a loan may take.
    pub extensions_allowed: i64,
    /// How far each extension moves the due dates.
    pub extension_days: i64,
    /// The extension fee, basis points of the principal still owed.
    pub extension_fee_bp: i64,
    /// `penalty_interest_principal` or `interest_principal_penalty`.
    pub allocation: String,
    /// The rates borrowers read on the product's card (decision 090),
    /// worked out by the engine.
    pub rates: String,
    pub tags: Vec<String>,
    pub allows_extension: bool,
    pub requires_review: bool,
    pub available: bool,
    /// The ceilings of the rule set in force some loan of it breaks: not
    /// offered to borrowers until fixed (a new product with lawful terms).
    pub breaches: Vec<CapViolation>,
}

fn product_view(product: Product, breaches: Vec<CapViolation>, lang: Lang) -> ProductView {
    let rates = crate::views::rates(&product, lang);
    let terms = product.terms;
    ProductView {
        id: product.id.0,
        lender_id: product.lender_id.0,
        lender_name: product.lender_name,
        name: product.name,
        logo_url: product.logo_url,
        min_amount: terms.min_amount.get(),
        max_amount: terms.max_amount.get(),
        amount_step: terms.amount_step.get(),
        periods: terms.periods,
        period_days: terms.period_days,
        monthly_interest_bp: terms.monthly_interest_bp,
        service_fee_bp: terms.service_fee_bp,
        penalty_one_time_new: terms.penalty.one_time_new.get(),
        penalty_one_time_repeat: terms.penalty.one_time_repeat.get(),
        penalty_daily_bp_1_30: terms.penalty.daily_bp_days_1_30,
        penalty_daily_bp_31_90: terms.penalty.daily_bp_days_31_90,
        penalty_daily_bp_from_91: terms.penalty.daily_bp_from_day_91,
        early_after_term_bp: terms.clauses.early_after_term_bp,
        early_min_days: terms.clauses.early_min_days,
        early_min_interest_days: terms.clauses.early_min_interest_days,
        extensions_allowed: terms.clauses.extensions_allowed,
        extension_days: terms.clauses.extension_days,
        extension_fee_bp: terms.clauses.extension_fee_bp,
        allocation: terms.clauses.allocation.key().to_owned(),
        rates,
        tags: product.tags,
        allows_extension: product.allows_extension,
        requires_review: product.requires_review,
        available: product.available,
        breaches,
    }
}

#[derive(Serialize, ToSchema)]
pub struct LenderOption {
    pub id: i64,
    pub name: String,
}

impl From<Lender> for LenderOption {
    fn from(lender: Lender) -> LenderOption {
        LenderOption { id: lender.id.0, name: lender.name }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Catalogue {
    pub products: Vec<ProductView>,
    pub lenders: Vec<LenderOption>,
    /// The rule set of the law in force today, which every product is
    /// proved against.
    pub rule_set: RuleSetView,
}

/// Every product, and the lenders a new one can belong to.
#[utoipa::path(get, path = "/products", operation_id = "staff_products", tag = "staff", security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Catalogue>), (status = 401), (status = 403)))]
pub async fn catalogue(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Catalogue>>> {
    staff.require(Permission::ManageProducts)?;
    let rule_set = loans::in_force_on(&state, state.today()).await?;
    let mut products = Vec::new();
    for product in state.store.products().await? {
        let breaches = loans::breaches_under(&state, &product, &rule_set)?;
        let breaches = breaches.iter().map(|breach| violation(breach, &rule_set, lang)).collect();
        products.push(product_view(product, breaches, lang));
    }
    let lenders = state.store.lenders().await?.into_iter().map(LenderOption::from).collect();
    Ok(ok(lang, Catalogue { products, lenders, rule_set: RuleSetView::of(&rule_set, true) }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct NewProductParams {
    pub lender_id: i64,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub logo_url: String,
    /// Centavos, as are all amounts here.
    pub min_amount: i64,
    pub max_amount: i64,
    pub amount_step: i64,
    pub periods: i64,
    pub period_days: i64,
    /// Basis points (1% = 100), as are all rates here.
    pub monthly_interest_bp: i64,
    pub service_fee_bp: i64,
    pub penalty_one_time_new: i64,
    pub penalty_one_time_repeat: i64,
    pub penalty_daily_bp_1_30: i64,
    pub penalty_daily_bp_31_90: i64,
    pub penalty_daily_bp_from_91: i64,
    /// The agreement's clauses (decision 026); each defaults to the
    /// standard agreement: early repayment from 50% of the term (5000 bp)…
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub early_after_term_bp: Option<i64>,
    /// …and 7 days after disbursement,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub early_min_days: Option<i64>,
    /// paying interest to the day (at least 0 days of it),
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub early_min_interest_days: Option<i64>,
    /// and 1 extension a loan,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub extensions_allowed: Option<i64>,
    /// of one period's days,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub extension_days: Option<i64>,
    /// for a fee of 0 basis points of the principal still owed;
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub extension_fee_bp: Option<i64>,
    /// payments settling each instalment's penalty, interest, then
    /// principal (`penalty_interest_principal`), or its interest, principal,
    /// then penalty (`interest_principal_penalty`).
    #[serde(default)]
    pub allocation: String,
    /// Comma-separated.
    #[serde(default)]
    pub tags: String,
    #[serde(default)]
    pub allows_extension: bool,
    #[serde(default)]
    pub requires_review: bool,
    #[serde(default)]
    pub available: bool,
}

impl NewProductParams {
    fn terms(&self) -> ApiResult<ProductTerms> {
        let standard = ClauseTerms::standard(self.period_days);
        let allocation = match self.allocation.trim() {
            "" => standard.allocation,
            key => Allocation::parse(key).ok_or(ApiError::InvalidParameters)?,
        };
        Ok(ProductTerms {
            min_amount: Centavos::new(self.min_amount),
            max_amount: Centavos::new(self.max_amount),
            amount_step: Centavos::new(self.amount_step),
            periods: self.periods,
            period_days: self.period_days,
            monthly_interest_bp: self.monthly_interest_bp,
            service_fee_bp: self.service_fee_bp,
            penalty: PenaltySchedule {
                one_time_new: Centavos::new(self.penalty_one_time_new),
                one_time_repeat: Centavos::new(self.penalty_one_time_repeat),
                daily_bp_days_1_30: self.penalty_daily_bp_1_30,
                daily_bp_days_31_90: self.penalty_daily_bp_31_90,
                daily_bp_from_day_91: self.penalty_daily_bp_from_91,
            },
            clauses: ClauseTerms {
                early_after_term_bp: self.early_after_term_bp.unwrap_or(standard.early_after_term_bp),
                early_min_days: self.early_min_days.unwrap_or(standard.early_min_days),
                early_min_interest_days: self.early_min_interest_days.unwrap_or(standard.early_min_interest_days),
                extensions_allowed: self.extensions_allowed.unwrap_or(standard.extensions_allowed),
                extension_days: self.extension_days.unwrap_or(standard.extension_days),
                extension_fee_bp: self.extension_fee_bp.unwrap_or(standard.extension_fee_bp),
                allocation,
            },
        })
    }
}

#[derive(Serialize, ToSchema)]
pub struct CreatedProduct {
    pub id: i64,
}

/// A shape the terms cannot have, as the editor names it.
fn malformed(error: &TermsError) -> (Msg, &'static str) {
    match error {
        TermsError::Clauses => (Msg::TermsClauses, "clauses"),
        _ => (Msg::TermsMalformed, "malformed"),
    }
}

/// A ceiling broken, in the editor's words with the figures.
fn violation(breach: &Breach, rule_set: &CapRuleSet, lang: Lang) -> CapViolation {
    let money = |centavos: i64| format_amount(Centavos::new(centavos), CurrencySymbol::Peso);
    let figure = |value: i64| if breach.is_rate() { percent(value) } else { money(value) };
    let (message, cap) = match breach.ceiling {
        Ceiling::Nominal => (Msg::CapNominal, "nominal_cap"),
        Ceiling::Effective => (Msg::CapEffective, "effective_cap"),
        Ceiling::Penalty => (Msg::CapPenalty, "penalty_cap"),
        Ceiling::TotalCost => (Msg::CapTotalCost, "total_cost_cap"),
    };
    let text = message
        .text(lang)
        .replace("{found}", &figure(breach.found))
        .replace("{allowed}", &figure(breach.allowed))
        .replace("{source}", &rule_set.source)
        .replace("{limit}", &money(rule_set.max_principal.get()))
        .replace("{months}", &rule_set.max_term_months.to_string())
        .replace("{principal}", &money(breach.principal.get()))
        .replace("{days}", &breach.term_days.to_string());
    CapViolation {
        cap: cap.to_owned(),
        message: text,
        found: breach.found,
        allowed: breach.allowed,
        principal: breach.principal.get(),
        term_days: breach.term_days,
    }
}

/// A product's listing as a form sent it, from either save.
struct ListingInput<'a> {
    name: &'a str,
    logo_url: &'a str,
    /// Comma-separated.
    tags: &'a str,
    allows_extension: bool,
    requires_review: bool,
    available: bool,
}

/// The listing fields every save checks: a name of 1–80 characters, a logo
/// on this site or over HTTPS, at most 8 tags of at most 40 characters.
fn listing(params: ListingInput<'_>) -> ApiResult<ProductListing> {
    let name = params.name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(ApiError::InvalidParameters);
    }
    let logo_url = params.logo_url.trim();
    if logo_url.chars().count() > 300
        || !(logo_url.is_empty() || logo_url.starts_with('/') || logo_url.starts_with("https://"))
    {
        return Err(ApiError::InvalidParameters);
    }
    let tags: Vec<String> =
        params.tags.split(',').map(str::trim).filter(|tag| !tag.is_empty()).map(str::to_owned).collect();
    if tags.len() > 8 || tags.iter().any(|tag| tag.chars().count() > 40) {
        return Err(ApiError::InvalidParameters);
    }
    Ok(ProductListing {
        name: name.to_owned(),
        logo_url: logo_url.to_owned(),
        tags,
        allows_extension: params.allows_extension,
        requires_review: params.requires_review,
        available: params.available,
    })
}

/// Creates a loan product. Its terms are proved against the rule set of the
/// law in force for every amount and the worst extension they allow; a
/// product that breaks a ceiling is refused with the ceiling named in
/// `data.violation` and its figures in `data` (`found`, `allowed`,
/// `principal`, `termDays`). A product retried under its
/// `Idempotency-Key` answers the first one's id and is created once (a
/// second copy would be listed to borrowers).
#[utoipa::path(post, path = "/products", tag = "staff", params(NewProductParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<CreatedProduct>), (status = 400), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "The `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn create_product(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<NewProductParams>, ApiError>,
) -> ApiResult<Json<Envelope<CreatedProduct>>> {
    staff.require(Permission::ManageProducts)?;
    let Params(params) = params?;
    let terms = params.terms()?;
    if let Err(error) = terms.validate() {
        let (message, code) = malformed(&error);
        return Err(ApiError::Rejected { message, detail: None, data: serde_json::json!({ "violation": code }) });
    }
    let rule_set = loans::in_force_on(&state, state.today()).await?;
    let breaches = prove_product(&terms, params.allows_extension, &rule_set)
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    if let Some(breach) = breaches.first() {
        let found = violation(breach, &rule_set, lang);
        return Err(ApiError::Rejected {
            message: Msg::TermsBreakCeiling,
            detail: Some(found.message.clone()),
            data: serde_json::json!({
                "violation": found.cap,
                "found": found.found,
                "allowed": found.allowed,
                "principal": found.principal,
                "termDays": found.term_days,
                "ruleSet": rule_set.code,
            }),
        });
    }
    let listing = listing(ListingInput {
        name: &params.name,
        logo_url: &params.logo_url,
        tags: &params.tags,
        allows_extension: params.allows_extension,
        requires_review: params.requires_review,
        available: params.available,
    })?;
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let product = NewProduct {
        lender_id: lender.id,
        name: listing.name.clone(),
        logo_url: listing.logo_url,
        terms: terms.clone(),
        tags: listing.tags,
        allows_extension: listing.allows_extension,
        requires_review: listing.requires_review,
        available: listing.available,
    };
    // The checked product in full: its debug form lists every field.
    let request = idempotency.keyed(staff.key_owner(), "product_create", &[&format!("{product:?}")]);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, CreatedProduct { id }));
    }
    let id = state.store.insert_product(&product, state.now(), request.as_ref()).await.map_err(refuse_reused_key)?;
    tracing::info!(product.id = id.0, "product created");
    staff
        .audit(
            &action,
            "product.create",
            &format!("product:{}", id.0),
            serde_json::Value::Null,
            serde_json::json!({
                "name": listing.name,
                "lenderId": lender.id.0,
                "available": listing.available,
                "monthlyInterestBp": terms.monthly_interest_bp,
                "serviceFeeBp": terms.service_fee_bp,
            }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, CreatedProduct { id: id.0 }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapViolation {
    /// `nominal_cap`, `effective_cap`, `penalty_cap` or `total_cost_cap`.
    pub cap: String,
    pub message: String,
    /// What the terms come to and what the ceiling allows: basis points a
    /// month for the rates, centavos for the penalties and the total cost.
    pub found: i64,
    pub allowed: i64,
    /// The first loan (or, for penalties, the smallest instalment) found to
    /// break it, centavos.
    pub principal: i64,
    pub term_days: i64,
}

/// A loan the terms would make, as the disclosure states it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExampleLoan {
    /// Centavos, as are all amounts here.
    pub principal: i64,
    pub interest: i64,
    pub fees: i64,
    pub net_proceeds: i64,
    pub total_repayable: i64,
    /// The effective interest rate (the disclosure's, basis points a month).
    pub effective_monthly_bp: i64,
    /// Whether the rule set in force covers it if made today.
    pub covered: bool,
}

fn example(quote: &Quote, rule_set: &CapRuleSet, today: time::Date) -> ExampleLoan {
    ExampleLoan {
        principal: quote.principal().get(),
        interest: quote.interest.get(),
        fees: quote.fee().get(),
        net_proceeds: quote.net_proceeds().get(),
        total_repayable: quote.total_repayable.get(),
        effective_monthly_bp: quote.eir_monthly_bp(),
        covered: rule_set.covers(quote.principal(), today, today + time::Duration::days(quote.term_days())),
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TermsCheck {
    /// Whether these terms can be saved.
    pub allowed: bool,
    /// Whether some loan of the product, on some contract date, falls under
    /// the rule set's ceilings.
    pub covered: bool,
    /// Terms that cannot work at all (an empty amount range, a zero term).
    pub problem: Option<String>,
    pub violations: Vec<CapViolation>,
    /// The rule set of the law in force today.
    pub caps: RuleSetView,
    /// The smallest and the largest loan.
    pub examples: Vec<ExampleLoan>,
    /// The documents a borrower would accept for the largest loan.
    pub agreement: Option<Document>,
    pub disclosure: Option<Document>,
}

/// Checks proposed terms as the editor changes them: every broken cap, two
/// example loans, and the agreement and disclosure they would produce. It
/// saves nothing.
#[utoipa::path(post, path = "/products/check", operation_id = "staff_product_check", tag = "staff", params(NewProductParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<TermsCheck>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn check(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<NewProductParams>, ApiError>,
) -> ApiResult<Json<Envelope<TermsCheck>>> {
    staff.require(Permission::ManageProducts)?;
    let Params(params) = params?;
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let terms = params.terms()?;
    let today = state.today();
    let rule_set = loans::in_force_on(&state, today).await?;
    // Terms that break only ceilings are still priced and shown; terms that
    // cannot work at all (an empty range, a zero term) are not.
    let problem = terms.validate().err().map(|error| format!("{} ({error})", Msg::TermsMalformed.text(lang)));
    let violations: Vec<CapViolation> = match &problem {
        Some(_) => Vec::new(),
        None => prove_product(&terms, params.allows_extension, &rule_set)
            .unwrap_or_default()
            .iter()
            .map(|breach| violation(breach, &rule_set, lang))
            .collect(),
    };
    let quotes: Vec<Quote> = if problem.is_some() {
        Vec::new()
    } else {
        [terms.min_amount, terms.max_amount]
            .into_iter()
            .filter_map(|amount| terms.loan(amount, params.allows_extension, false).ok()?.quote().ok())
            .collect()
    };
    let largest = quotes.last();
    let product = Product {
        id: ProductId(0),
        lender_id: lender.id,
        lender_name: lender.name.clone(),
        name: if params.name.trim().is_empty() { "—".to_owned() } else { params.name.trim().to_owned() },
        logo_url: String::new(),
        terms,
        tags: Vec::new(),
        allows_extension: params.allows_extension,
        requires_review: params.requires_review,
        available: false,
    };
    let parties = Parties {
        lender: &lender,
        product: &product,
        borrower_name: "Juan Dela Cruz",
        borrower_phone: "0917 *** 0000",
        order_no: "HR-PREVIEW",
        start: today,
    };
    let covers =
        |quote: &&Quote| rule_set.covers(quote.principal(), today, today + time::Duration::days(quote.term_days()));
    let governing = largest.map(|quote| Governing { rule_set: &rule_set, covered: covers(&quote) });
    Ok(ok(
        lang,
        TermsCheck {
            allowed: problem.is_none() && violations.is_empty(),
            covered: product.terms.min_amount <= rule_set.max_principal
                && rule_set.may_cover_days(product.terms.term_days()),
            problem,
            violations,
            caps: RuleSetView::of(&rule_set, true),
            examples: quotes.iter().map(|quote| example(quote, &rule_set, today)).collect(),
            agreement: largest
                .zip(governing.as_ref())
                .map(|(quote, governing)| documents::agreement(quote, governing, &parties, lang)),
            disclosure: largest
                .zip(governing.as_ref())
                .map(|(quote, governing)| documents::disclosure(quote, governing, &parties, lang)),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListingParams {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub logo_url: String,
    /// Comma-separated.
    #[serde(default)]
    pub tags: String,
    #[serde(default)]
    pub allows_extension: bool,
    #[serde(default)]
    pub requires_review: bool,
    #[serde(default)]
    pub available: bool,
}

/// Changes how a product is listed (name, description, tags), whether it
/// is offered, whether it allows extensions and whether its applications
/// wait for review. The terms stay as they are.
#[utoipa::path(post, path = "/products/listing", operation_id = "staff_product_listing", tag = "staff", params(ListingParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn update_listing(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ListingParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ManageProducts)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let state = &action.state;
    let before = state.store.product(ProductId(params.id)).await?.ok_or(ApiError::NotFound)?;
    let listing = listing(ListingInput {
        name: &params.name,
        logo_url: &params.logo_url,
        tags: &params.tags,
        allows_extension: params.allows_extension,
        requires_review: params.requires_review,
        available: params.available,
    })?;
    state.store.update_listing(before.id, &listing).await?;
    staff
        .audit(
            &action,
            "product.update",
            &format!("product:{}", before.id.0),
            serde_json::json!({ "name": before.name, "available": before.available, "requiresReview": before.requires_review, "allowsExtension": before.allows_extension, "tags": before.tags }),
            serde_json::json!({ "name": listing.name, "available": listing.available, "requiresReview": listing.requires_review, "allowsExtension": listing.allows_extension, "tags": listing.tags }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}
