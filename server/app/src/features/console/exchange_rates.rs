//! The peso exchange rates the borrower's calculator offers: finance sets
//! each one by hand, dated and with its source, and nothing is ever edited
//! or deleted (a correction is a newer rate). Also how often borrowers open
//! each product from the calculator.

use super::refused;
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::exchange_rates::RateView;
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::exchange::{ExchangeRate, NewExchangeRate, RateError, in_effect};
use hiram_domain::fields::InvalidField;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use time::{Date, Duration};
use utoipa::{IntoParams, ToSchema};

/// How far back the console's history of rates goes.
const HISTORY_DAYS: i64 = 365;
/// The window of the calculator's product views.
const VIEWS_DAYS: i64 = 30;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateRow {
    pub id: i64,
    #[serde(flatten)]
    pub rate: RateView,
    /// Whether borrowers are offered this rate today.
    pub in_effect: bool,
    pub set_by: Option<i64>,
    /// RFC 3339.
    pub set_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct RateHistory {
    /// Newest effective date first, the last year.
    pub rates: Vec<RateRow>,
}

fn rows(rates: &[ExchangeRate], today: Date) -> Vec<RateRow> {
    let current: Vec<i64> = in_effect(rates, today).iter().map(|rate| rate.id).collect();
    rates
        .iter()
        .map(|rate| RateRow {
            id: rate.id,
            rate: RateView::from(rate),
            in_effect: current.contains(&rate.id),
            set_by: rate.set_by,
            set_at: crate::views::timestamp(rate.set_at),
        })
        .collect()
}

/// The rates set in the last year, and which are in effect.
#[utoipa::path(get, path = "/exchange-rates", operation_id = "staff_exchange_rates", tag = "staff",
    security(("staff_token" = [])), responses((status = 200, body = Envelope<RateHistory>), (status = 401), (status = 403)))]
pub async fn list(State(state): State<AppState>, staff: Staff, lang: Lang) -> ApiResult<Json<Envelope<RateHistory>>> {
    staff.require(Permission::ViewMoney)?;
    let today = state.today();
    let rates = state.store.exchange_rates(today - Duration::days(HISTORY_DAYS)).await?;
    Ok(ok(lang, RateHistory { rates: rows(&rates, today) }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AddParams {
    /// ISO 4217 code other than PHP.
    #[serde(default)]
    pub currency: String,
    /// Pesos for one unit, up to 6 decimals (`58.1234`).
    #[serde(default)]
    pub rate: String,
    /// `YYYY-MM-DD`, not after today (Manila).
    #[serde(default)]
    pub effective_on: String,
    /// Where the rate comes from (3–120 characters).
    #[serde(default)]
    pub source: String,
}

/// Sets a rate; a refused field is named in `data.field`. A rate retried
/// under its `Idempotency-Key` answers the first one's row and is set once.
#[utoipa::path(post, path = "/exchange-rates/add", operation_id = "staff_exchange_rate_add", tag = "staff",
    params(AddParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<RateRow>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 409, description = "The `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn add(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<AddParams>, ApiError>,
) -> ApiResult<Json<Envelope<RateRow>>> {
    staff.require(Permission::SetExchangeRates)?;
    let Params(params) = params?;
    let today = state.today();
    let effective_on =
        Date::parse(params.effective_on.trim(), time::macros::format_description!("[year]-[month]-[day]"))
            .map_err(|_| refused(InvalidField("effectiveOn")))?;
    let rate = NewExchangeRate::check(&params.currency, &params.rate, effective_on, &params.source, today).map_err(
        |error| {
            refused(InvalidField(match error {
                RateError::Currency => "currency",
                RateError::Rate => "rate",
                RateError::Source => "source",
                RateError::Date => "effectiveOn",
            }))
        },
    )?;
    let micros = rate.peso_micros.to_string();
    let effective = rate.effective_on.to_string();
    let request = idempotency.keyed(
        staff.key_owner(),
        "exchange_rate_add",
        &[rate.currency.as_str(), &micros, &effective, &rate.source],
    );
    let now = state.now();
    let action = staff.act(&state).await?;
    let state = &action.state;
    let first = first_id(state, request.as_ref()).await?;
    let id = match first {
        Some(id) => id,
        None => state
            .store
            .add_exchange_rate(&rate, staff.staff_id(), now, request.as_ref())
            .await
            .map_err(refuse_reused_key)?,
    };
    let stored = ExchangeRate { id, rate, set_by: staff.staff_id(), set_at: now };
    let history = state.store.exchange_rates(today - Duration::days(HISTORY_DAYS)).await?;
    let row = rows(&history, today).into_iter().find(|row| row.id == id).unwrap_or(RateRow {
        id,
        rate: RateView::from(&stored),
        in_effect: false,
        set_by: stored.set_by,
        set_at: crate::views::timestamp(now),
    });
    if first.is_some() {
        return Ok(ok(lang, row));
    }
    tracing::info!(exchange_rate.id = id, "exchange rate set");
    let after = serde_json::to_value(&row).unwrap_or(serde_json::Value::Null);
    staff.audit(&action, "exchange_rate.add", &format!("exchange_rate:{id}"), serde_json::Value::Null, after).await?;
    action.commit().await?;
    Ok(ok(lang, row))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductViews {
    pub product_id: i64,
    pub product_name: String,
    pub views: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CalculatorViews {
    /// Most viewed first, the last 30 days.
    pub products: Vec<ProductViews>,
}

/// How often borrowers opened each product from the calculator lately.
#[utoipa::path(get, path = "/calculator-views", operation_id = "staff_calculator_views", tag = "staff",
    security(("staff_token" = [])), responses((status = 200, body = Envelope<CalculatorViews>), (status = 401), (status = 403)))]
pub async fn calculator_views(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<CalculatorViews>>> {
    staff.require(Permission::ManageMarketing)?;
    let counts = state.store.product_views(state.now() - Duration::days(VIEWS_DAYS)).await?;
    let catalogue = state.store.products().await?;
    let products = counts
        .into_iter()
        .map(|(id, views)| ProductViews {
            product_id: id.0,
            product_name: catalogue
                .iter()
                .find(|product| product.id == id)
                .map(|product| product.name.clone())
                .unwrap_or_default(),
            views,
        })
        .collect();
    Ok(ok(lang, CalculatorViews { products }))
}
