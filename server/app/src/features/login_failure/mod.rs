//! The joint-login failure page, which only the old shells open (at the
//! specification's obfuscated path): why the order could not go on, and
//! other products to try.

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{Currency, CurrentBorrower, Params};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use crate::views::{ProductCard, card};
use axum::Json;
use axum::extract::State;
use hiram_domain::order::{OrderId, OrderStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(failure_page))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FailureParams {
    pub order_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FailurePage {
    pub notice_message: String,
    pub err_message: String,
    /// Other products to try instead.
    pub products: Vec<ProductCard>,
}

/// The joint login failure page: why the order could not go on, and other
/// products to try.
#[utoipa::path(post, path = "/gopia/goya/drowns", tag = "legacy", params(FailureParams),
    responses((status = 200, body = Envelope<FailurePage>), (status = 404)), security(("borrower_session" = [])))]
pub async fn failure_page(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
    Params(params): Params<FailureParams>,
) -> ApiResult<Json<Envelope<FailurePage>>> {
    let order = state.store.order_of(borrower, OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    let err_message = if order.status == OrderStatus::Rejected { Msg::StatusRejectedText } else { Msg::FailureUnknown };
    let products = state
        .store
        .products()
        .await?
        .iter()
        .filter(|product| product.id != order.product_id)
        .map(|product| card(product, lang, symbol))
        .collect();
    Ok(ok(
        lang,
        FailurePage {
            notice_message: Msg::FailureNotice.text(lang).to_owned(),
            err_message: err_message.text(lang).to_owned(),
            products,
        },
    ))
}
