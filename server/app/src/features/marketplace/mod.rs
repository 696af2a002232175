//! The marketplace (spec §7 Home and Product families): the product list,
//! a product's detail and live quote, and the application, decided at once
//! by the rules of `hiram_domain::decision` (D3: 21 → 151 or 110).

use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::{Currency, CurrentBorrower, MaybeBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::services::loans;
use crate::state::AppState;
use crate::views::{ProductCard, QuoteView, card};
use axum::Json;
use axum::extract::State;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::caps::CapRuleSet;
use hiram_domain::decision::{Decision, decide};
use hiram_domain::kyc::Profile;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::{NewOrder, Order, OrderId, OrderStatus, Transition};
use hiram_domain::pricing::{Quote, TermsError};
use hiram_domain::product::{Product, ProductId};
use hiram_domain::store::{BorrowerEvent, StoreError};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(home))
        .routes(routes!(detail))
        .routes(routes!(quote))
        .routes(routes!(apply))
        .routes(routes!(push))
}

#[derive(Serialize, ToSchema)]
pub struct Home {
    pub products: Vec<ProductCard>,
    /// A line for everyone, such as service hours.
    pub notice: String,
}

/// The products of the marketplace, available ones first.
#[utoipa::path(method(get, post), path = "/v4/index/home-page", tag = "marketplace", responses((status = 200, body = Envelope<Home>)))]
pub async fn home(
    State(state): State<AppState>,
    lang: Lang,
    Currency(symbol): Currency,
) -> ApiResult<Json<Envelope<Home>>> {
    // A product that breaks a ceiling of the rule set in force is never
    // offered (decision 056): staff see it listed until they fix it.
    let mut products = loans::lawful_products(&state).await?;
    products.sort_by_key(|product| !product.available);
    let notice = Msg::HomeNotice.text(lang).replace("{n}", &crate::company::details(&state).await?.service_hours);
    Ok(ok(lang, Home { products: products.iter().map(|product| card(product, lang, symbol)).collect(), notice }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProductParams {
    pub product_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetail {
    pub id: i64,
    pub name: String,
    pub logo: String,
    pub lender_name: String,
    pub lender_corporate_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
    pub min_amount: i64,
    pub max_amount: i64,
    pub amount_step: i64,
    pub periods: i64,
    pub period_days: i64,
    pub term_days: i64,
    /// The rates the engine charges (decision 090), as on the card.
    pub rate_description: String,
    pub tags: Vec<String>,
    pub available: bool,
    pub allows_extension: bool,
    /// The caller's borrowing limit in centavos; null when not logged in.
    pub limit: Option<i64>,
    /// Why the amounts stop below the product's largest, and how the limit
    /// grows; empty when the limit does not cap this product.
    pub limit_reason: String,
    /// The quote for the amount the page starts at.
    pub sample: QuoteView,
}

async fn product_or_not_found(state: &AppState, id: i64) -> ApiResult<Product> {
    state.store.product(ProductId(id)).await?.ok_or(ApiError::NotFound)
}

/// Whether borrowers may take the product now: available, and no loan of
/// it breaks a ceiling of the rule set in force.
async fn offered(state: &AppState, product: &Product) -> ApiResult<bool> {
    Ok(product.available && loans::breaches(state, product).await?.is_empty())
}

/// The quote of `amount` on the product, for `borrower` when one is known
/// (a repeat borrower's one-time late charge), under the rule set in force.
async fn priced(
    state: &AppState,
    product: &Product,
    amount: Centavos,
    borrower: Option<BorrowerId>,
) -> ApiResult<(Quote, CapRuleSet)> {
    let repeat = match borrower {
        Some(borrower) => {
            state.store.orders_of(borrower).await?.iter().any(|order| order.status == OrderStatus::Repaid)
        }
        None => false,
    };
    let terms = product.terms.loan(amount, product.allows_extension, repeat).map_err(amount_error)?;
    let quote = terms.quote().map_err(amount_error)?;
    Ok((quote, loans::in_force_on(state, state.today()).await?))
}

/// What the borrower may borrow now (the decision rules' limit), and what
/// after one more loan repaid.
async fn limit_of(state: &AppState, borrower: BorrowerId) -> ApiResult<(Centavos, Centavos)> {
    let orders = state.store.orders_of(borrower).await?;
    let repaid = orders.iter().filter(|order| order.status == OrderStatus::Repaid).count();
    let repaid = i64::try_from(repaid).unwrap_or(i64::MAX);
    let rules = state.decision_rules();
    Ok((rules.limit(repaid), rules.limit(repaid.saturating_add(1))))
}

/// What a limit below the product's largest amount means for the borrower.
fn limit_reason(product: &Product, (limit, next): (Centavos, Centavos), lang: Lang, symbol: CurrencySymbol) -> String {
    if limit >= product.terms.max_amount {
        return String::new();
    }
    let message = if next > limit { Msg::LimitGrows } else { Msg::LimitAtMost };
    message
        .text(lang)
        .replace("{limit}", &format_amount(limit, symbol))
        .replace("{next}", &format_amount(next.min(product.terms.max_amount), symbol))
}

/// The largest amount the product offers that is within `limit`.
fn default_amount(product: &Product, limit: Option<Centavos>) -> Centavos {
    let terms = &product.terms;
    let ceiling = limit.map_or(terms.max_amount, |limit| limit.min(terms.max_amount));
    let steps = (ceiling.get() - terms.min_amount.get()).max(0) / terms.amount_step.get();
    Centavos::new(terms.min_amount.get() + steps * terms.amount_step.get())
}

/// A product with its lender's registration and a quote to start from.
#[utoipa::path(method(get, post), path = "/v3/product/detail", tag = "marketplace", params(ProductParams),
    responses((status = 200, body = Envelope<ProductDetail>), (status = 404)), security((), ("borrower_session" = [])))]
pub async fn detail(
    State(state): State<AppState>,
    MaybeBorrower(borrower): MaybeBorrower,
    lang: Lang,
    Currency(symbol): Currency,
    Params(params): Params<ProductParams>,
) -> ApiResult<Json<Envelope<ProductDetail>>> {
    let product = product_or_not_found(&state, params.product_id).await?;
    let lender = state
        .store
        .lender(product.lender_id)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("product {} names a missing lender", product.id.0)))?;
    let limits = match borrower {
        Some(borrower) => Some(limit_of(&state, borrower).await?),
        None => None,
    };
    let limit = limits.map(|(limit, _)| limit);
    let (sample, rule_set) = priced(&state, &product, default_amount(&product, limit), borrower).await?;
    let available = offered(&state, &product).await?;
    let terms = &product.terms;
    Ok(ok(
        lang,
        ProductDetail {
            id: product.id.0,
            name: product.name.clone(),
            logo: product.logo_url.clone(),
            lender_name: lender.name,
            lender_corporate_name: lender.corporate_name,
            sec_registration_no: lender.sec_registration_no,
            certificate_of_authority_no: lender.certificate_of_authority_no,
            min_amount: terms.min_amount.get(),
            max_amount: terms.max_amount.get(),
            amount_step: terms.amount_step.get(),
            periods: terms.periods,
            period_days: terms.period_days,
            term_days: terms.term_days(),
            rate_description: crate::views::rates(&product, lang),
            tags: product.tags.clone(),
            available,
            allows_extension: product.allows_extension,
            limit: limit.map(Centavos::get),
            limit_reason: limits.map(|limits| limit_reason(&product, limits, lang, symbol)).unwrap_or_default(),
            sample: QuoteView::new(&sample, &rule_set, state.today()),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AmountParams {
    pub product_id: i64,
    /// Centavos; a multiple of the product's step within its range.
    pub amount: i64,
}

fn amount_error(error: TermsError) -> ApiError {
    match error {
        TermsError::Amount => ApiError::rejected(Msg::AmountNotOffered),
        other => ApiError::Internal(other.to_string()),
    }
}

/// The price of one amount: charges, net proceeds, plan, rates.
#[utoipa::path(post, path = "/v3/product/quote", tag = "marketplace", params(AmountParams),
    responses((status = 200, body = Envelope<QuoteView>), (status = 400), (status = 404)))]
pub async fn quote(
    State(state): State<AppState>,
    MaybeBorrower(borrower): MaybeBorrower,
    lang: Lang,
    Params(params): Params<AmountParams>,
) -> ApiResult<Json<Envelope<QuoteView>>> {
    let product = product_or_not_found(&state, params.product_id).await?;
    if !loans::breaches(&state, &product).await?.is_empty() {
        return Err(ApiError::rejected(Msg::ProductUnavailable));
    }
    let (quote, rule_set) = priced(&state, &product, Centavos::new(params.amount), borrower).await?;
    Ok(ok(lang, QuoteView::new(&quote, &rule_set, state.today())))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Applied {
    pub order_id: i64,
    /// 21 under review, 151 approved, 110 declined.
    pub status: i64,
    /// Where the page goes next: the confirmation when approved.
    pub next_url: String,
}

/// The `data` of a refused application (409): where the borrower goes
/// instead.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoElsewhere {
    /// The KYC forms, or the open loan's details; absent when two
    /// applications crossed and the other one was stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next_url: Option<String>,
}

impl GoElsewhere {
    fn data(next_url: String) -> serde_json::Value {
        serde_json::to_value(GoElsewhere { next_url: Some(next_url) }).unwrap_or_default()
    }
}

fn is_open(order: &Order) -> bool {
    order.status.is_open()
}

fn details_url(order: OrderId, product: ProductId) -> String {
    format!("/loanDetails?productId={}&orderId={}", product.0, order.0)
}

fn random_digits() -> ApiResult<u32> {
    let mut bytes = [0u8; 4];
    getrandom::fill(&mut bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(u32::from_le_bytes(bytes) % 1_000_000)
}

/// Applies for a loan of `amount`: checks the information is complete, one
/// open loan per product and the borrower's limit, stores the application
/// and decides it at once (unless the product needs a credit officer).
#[utoipa::path(post, path = "/v3/product/apply", tag = "marketplace", params(AmountParams),
    responses(
        (status = 200, body = Envelope<Applied>),
        (status = 400, description = "Amount not offered, or above the borrower's limit"),
        (status = 404, description = "No such product"),
        (status = 409, body = Envelope<GoElsewhere>,
            description = "Information incomplete, or an open loan of this product exists; `data.nextUrl` says where to go"),
    ), security(("borrower_session" = [])))]
pub async fn apply(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
    Params(params): Params<AmountParams>,
) -> ApiResult<Json<Envelope<Applied>>> {
    let product = product_or_not_found(&state, params.product_id).await?;
    if !offered(&state, &product).await? {
        return Err(ApiError::rejected(Msg::ProductUnavailable));
    }
    let amount = Centavos::new(params.amount);
    let (quote, _) = priced(&state, &product, amount, Some(borrower)).await?;
    let profile = Profile::new(
        state.store.kyc_answers(borrower).await?.into_iter().map(|answer| (answer.section, answer.code, answer.value)),
    );
    if !profile.complete() {
        let next_url = format!("/certify?productId={}&amount={}", product.id.0, amount.get());
        return Err(ApiError::Conflict { message: Msg::KycIncomplete, data: GoElsewhere::data(next_url) });
    }
    let orders = state.store.orders_of(borrower).await?;
    if let Some(open) = orders.iter().find(|order| order.product_id == product.id && is_open(order)) {
        return Err(ApiError::Conflict {
            message: Msg::OpenLoanExists,
            data: GoElsewhere::data(details_url(open.id, product.id)),
        });
    }
    let rules = state.decision_rules();
    let applicant = profile.applicant(&orders, state.today());
    let limit = rules.limit(applicant.repaid_loans);
    if amount > limit {
        return Err(ApiError::Rejected {
            message: Msg::AboveLimit,
            detail: Some(format_amount(limit, symbol)),
            data: json!({ "limit": limit.get() }),
        });
    }
    let now = state.now();
    let order_no = format!("HR{}{:06}", state.today().to_string().replace('-', ""), random_digits()?);
    let new_order = NewOrder {
        order_no,
        borrower_id: borrower,
        product_id: product.id,
        principal: quote.principal(),
        interest: quote.interest,
        fees: quote.fee(),
        term_days: quote.term_days(),
        applied_at: now,
    };
    let order_id = match state.store.insert_order(&new_order, "application submitted").await {
        Ok(id) => id,
        // The database's one-open-loan index caught a concurrent application.
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::Conflict { message: Msg::OpenLoanExists, data: json!({}) });
        }
        Err(other) => return Err(other.into()),
    };
    let (status, next_url) = if product.requires_review {
        (OrderStatus::UnderReview, details_url(order_id, product.id))
    } else {
        let decision = decide(&rules, &applicant, amount);
        let to = match decision {
            Decision::Approved => OrderStatus::AwaitingConfirmation,
            Decision::Declined(_) => OrderStatus::Rejected,
        };
        let applied = state
            .store
            .order(order_id)
            .await?
            .ok_or_else(|| ApiError::Internal(format!("order {} just made is missing", order_id.0)))?;
        let transition = Transition::new(&applied, to, decision.cause(), state.now())
            .map_err(|error| ApiError::Internal(error.to_string()))?;
        state.move_order(&transition).await?;
        tracing::info!(order.id = order_id.0, order.status = to.code(), "application decided");
        let next = if to == OrderStatus::AwaitingConfirmation {
            format!("/loanConfirm?productId={}&orderId={}", product.id.0, order_id.0)
        } else {
            details_url(order_id, product.id)
        };
        (to, next)
    };
    Ok(ok(lang, Applied { order_id: order_id.0, status: status.code(), next_url }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PushParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
}

/// Records that a product was shown or tapped (the product "push" call).
#[utoipa::path(post, path = "/v3/product/push", tag = "marketplace", params(PushParams),
    responses((status = 200, body = Envelope<NoData>)), security((), ("borrower_session" = [])))]
pub async fn push(
    State(state): State<AppState>,
    MaybeBorrower(borrower): MaybeBorrower,
    lang: Lang,
    Params(params): Params<PushParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let event = BorrowerEvent {
        borrower_id: borrower,
        kind: "product_push",
        product_id: params.product_id,
        module_id: None,
        position_id: None,
        value: None,
        at: state.now(),
    };
    state.store.record_event(&event).await?;
    Ok(ok(lang, NoData))
}
