//! The peso exchange calculator: the rates in effect today, as staff set
//! them (dated, with their source), and a conversion on one of them. There
//! is no live feed: a currency without a rate says so.

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::services::exchange_rates::RateView;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::exchange::{CurrencyCode, MAX_AMOUNT_HUNDREDTHS, SHELF_LIFE_DAYS, from_pesos, in_effect, to_pesos};
use hiram_domain::money::Centavos;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversionView {
    pub currency: String,
    /// `toPeso` or `fromPeso`.
    pub direction: String,
    /// Hundredths of what was changed (cents, or centavos when from pesos).
    pub amount: i64,
    /// Hundredths of what it comes to (centavos, or cents when from pesos).
    pub result: i64,
    pub rate: RateView,
}

#[derive(Serialize, ToSchema)]
pub struct ExchangeRates {
    /// The rate in effect for each currency, by code.
    pub rates: Vec<RateView>,
    /// Present when a currency and an amount were given.
    pub conversion: Option<ConversionView>,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExchangeParams {
    /// ISO code (`USD`); empty lists the rates only.
    #[serde(default)]
    pub currency: String,
    /// Hundredths of what is changed, 1 to 100,000,000,000.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub amount: Option<i64>,
    /// `toPeso` (default) or `fromPeso`.
    #[serde(default)]
    #[param(pattern = "^(toPeso|fromPeso)?$")]
    pub direction: String,
}

/// The rates staff set, and a conversion when asked.
#[utoipa::path(post, path = "/calc/exchange-rate", operation_id = "calc_exchange_rate", tag = "calculator",
    params(ExchangeParams), responses((status = 200, body = Envelope<ExchangeRates>), (status = 400)))]
pub async fn exchange_rate(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<ExchangeParams>,
) -> ApiResult<Json<Envelope<ExchangeRates>>> {
    let to_peso = match params.direction.as_str() {
        "" | "toPeso" => true,
        "fromPeso" => false,
        _ => return Err(ApiError::rejected(Msg::ExchangeDirectionInvalid)),
    };
    let today = state.today();
    let stored = state.store.exchange_rates(today - Duration::days(SHELF_LIFE_DAYS)).await?;
    let current = in_effect(&stored, today);
    let conversion = match (params.currency.trim(), params.amount) {
        ("", _) | (_, None) => None,
        (currency, Some(amount)) => {
            if !(1..=MAX_AMOUNT_HUNDREDTHS).contains(&amount) {
                return Err(ApiError::rejected(Msg::ExchangeAmountInvalid));
            }
            let code = CurrencyCode::parse(currency).map_err(|_| ApiError::rejected(Msg::ExchangeNoRate))?;
            let rate = current
                .iter()
                .find(|rate| rate.rate.currency == code)
                .ok_or(ApiError::rejected(Msg::ExchangeNoRate))?;
            let micros = rate.rate.peso_micros;
            Some(ConversionView {
                currency: code.as_str().to_owned(),
                direction: if to_peso { "toPeso" } else { "fromPeso" }.to_owned(),
                amount,
                result: if to_peso {
                    to_pesos(amount, micros).get()
                } else {
                    from_pesos(Centavos::new(amount), micros)
                },
                rate: RateView::from(*rate),
            })
        }
    };
    Ok(ok(lang, ExchangeRates { rates: current.into_iter().map(RateView::from).collect(), conversion }))
}
