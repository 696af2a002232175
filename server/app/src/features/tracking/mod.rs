//! Counting what borrowers tap (spec §7 `/service/event/save`, the order
//! details rating): events tied to the session when there is one.

use crate::error::{ApiResult, Envelope, NoData, ok};
use crate::extract::{MaybeBorrower, Params, optional_id};
use crate::i18n::Lang;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::order::OrderStatus;
use hiram_domain::store::BorrowerEvent;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(save_event)).routes(routes!(app_rating)).routes(routes!(store_review_prompt))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct EventParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    /// 30 is Borrow Again on order details.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub module_id: Option<i64>,
    /// The tapped item's position in its list (`position` from older shells).
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, alias = "position", deserialize_with = "optional_id")]
    pub position_id: Option<i64>,
}

/// Records a tap (Borrow Again, a recommended product, a page module).
#[utoipa::path(post, path = "/service/event/save", tag = "tracking",
    params(EventParams,
        ("position" = Option<i64>, Query, description = "Older shells' name for `positionId`"),
        ("orderId" = Option<String>, Query, description = "The order whose page the tap was on (the login failure page); not read")),
    responses((status = 200, body = Envelope<NoData>), (status = 400)), security((), ("borrower_session" = [])))]
pub async fn save_event(
    State(state): State<AppState>,
    MaybeBorrower(borrower): MaybeBorrower,
    lang: Lang,
    Params(params): Params<EventParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let event = BorrowerEvent {
        borrower_id: borrower,
        kind: "tap",
        product_id: params.product_id,
        module_id: params.module_id,
        position_id: params.position_id,
        value: None,
        at: state.now(),
    };
    state.store.record_event(&event).await?;
    Ok(ok(lang, NoData))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScoreParams {
    /// 1 to 5 stars.
    #[param(minimum = 1, maximum = 5)]
    pub score: i64,
}

/// The borrower's rating of the app from the order details popup.
#[utoipa::path(post, path = "/v3/loan-details/google-score", tag = "tracking", params(ScoreParams),
    responses((status = 200, body = Envelope<NoData>), (status = 400), (status = 401)), security(("borrower_session" = [])))]
pub async fn app_rating(
    State(state): State<AppState>,
    crate::extract::CurrentBorrower(borrower): crate::extract::CurrentBorrower,
    lang: Lang,
    Params(params): Params<ScoreParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    if !(1..=5).contains(&params.score) {
        return Err(crate::error::ApiError::InvalidParameters);
    }
    let event = BorrowerEvent {
        borrower_id: Some(borrower),
        kind: "app_rating",
        product_id: None,
        module_id: None,
        position_id: None,
        value: Some(params.score),
        at: state.now(),
    };
    state.store.record_event(&event).await?;
    Ok(ok(lang, NoData))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreReviewPrompt {
    /// 1: the shell may open the App Store's review prompt now.
    pub is_show: i64,
}

/// Whether the iOS shell may ask for an App Store review (decision 011):
/// only a borrower who has repaid a loan and has not rated the app yet, so
/// nobody is asked while waiting for money or owing it.
#[utoipa::path(post, path = "/v3/loan-confirm/google-market-ios-new", tag = "tracking",
    responses((status = 200, body = Envelope<StoreReviewPrompt>), (status = 401)), security(("borrower_session" = [])))]
pub async fn store_review_prompt(
    State(state): State<AppState>,
    crate::extract::CurrentBorrower(borrower): crate::extract::CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<StoreReviewPrompt>>> {
    let repaid = state.store.orders_of(borrower).await?.iter().any(|order| order.status == OrderStatus::Repaid);
    let asks = repaid && !state.store.has_event(borrower, "app_rating").await?;
    Ok(ok(lang, StoreReviewPrompt { is_show: i64::from(asks) }))
}
