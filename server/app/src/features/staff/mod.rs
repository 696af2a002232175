//! The staff API: served at `/api/console` to signed-in staff and at
//! `/api/staff` to the configured API token (`staff_access`). Every call
//! checks its permission; every change is audited.

pub mod adjustments;
pub mod borrowers;
pub mod collections;
pub mod complaints;
pub mod dashboard;
pub mod exchange_rates;
pub mod listing;
pub mod marketing;
pub mod money;
pub mod orders;
pub mod products;
pub mod unposted;

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::i18n::Lang;
pub use crate::staff_access::Staff;
use crate::state::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use hiram_domain::phone::Phone;
use hiram_domain::sms::OutboxEntry;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sms-outbox", get(sms_outbox))
        .route("/promotion-funnel", get(promotion_funnel))
        .route("/products", get(products::catalogue).post(products::create_product))
        .route("/products/check", axum::routing::post(products::check))
        .route("/products/listing", axum::routing::post(products::update_listing))
        .route("/orders", get(orders::list))
        .route("/orders/record", get(orders::record))
        .route("/orders/decide", axum::routing::post(orders::decide))
        .route("/borrowers", get(borrowers::search))
        .route("/borrowers/profile", get(borrowers::profile))
        .route("/borrowers/reveal", axum::routing::post(borrowers::reveal))
        .route("/payouts/failed", get(money::failed_payouts))
        .route("/reconciliation", get(money::reconciliation))
        .route("/dashboard", get(dashboard::dashboard))
        .route("/uploads/{name}", get(staff_image))
        .route("/unposted-payments", get(unposted::queue))
        .route("/unposted-payments/match", axum::routing::post(unposted::match_payment))
        .route("/unposted-payments/reject", axum::routing::post(unposted::reject_payment))
        .route("/adjustments", get(adjustments::list))
        .route("/adjustments/propose", axum::routing::post(adjustments::propose))
        .route("/adjustments/approve", axum::routing::post(adjustments::approve))
        .route("/adjustments/reject", axum::routing::post(adjustments::reject))
        .merge(complaints::router())
        .merge(marketing::router())
        .merge(collections::router())
        .route("/exchange-rates", get(exchange_rates::list))
        .route("/exchange-rates/add", axum::routing::post(exchange_rates::add))
        .route("/calculator-views", get(exchange_rates::calculator_views))
}

/// A 400 naming the field that does not fit (`data.field`), so the console
/// can point at it.
pub(crate) fn refused(hiram_domain::fields::InvalidField(field): hiram_domain::fields::InvalidField) -> ApiError {
    ApiError::Rejected {
        message: crate::i18n::Msg::FieldInvalid,
        detail: Some(field.to_owned()),
        data: serde_json::json!({ "field": field }),
    }
}

/// Any borrower's uploaded picture, for staff checking identity photos and
/// complaints.
#[utoipa::path(get, path = "/api/staff/uploads/{name}", tag = "staff",
    params(("name" = String, Path, description = "The name from the upload's `url`")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 401), (status = 404)),
    security(("staff_token" = [])))]
pub async fn staff_image(
    State(state): State<AppState>,
    staff: Staff,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> ApiResult<axum::response::Response> {
    staff.require(Permission::ViewBorrowers)?;
    let record = super::uploads::stored(&state, &name).await?.ok_or(ApiError::NotFound)?;
    super::uploads::serve(&state, &record).await
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxParams {
    /// Only this number's messages.
    pub phone: Option<String>,
    /// How many of the newest messages (1–500, default 50).
    pub limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxMessage {
    pub id: i64,
    pub phone: String,
    pub delivery: String,
    pub body: String,
    pub provider: String,
    pub status: String,
    pub created_at: String,
}

impl From<OutboxEntry> for OutboxMessage {
    fn from(entry: OutboxEntry) -> OutboxMessage {
        OutboxMessage {
            id: entry.id,
            phone: entry.phone.e164().to_owned(),
            delivery: entry.delivery.as_str().to_owned(),
            body: entry.body,
            provider: entry.provider,
            status: entry.status.as_str().to_owned(),
            created_at: crate::views::timestamp(entry.created_at),
        }
    }
}

/// The SMS outbox, newest last.
#[utoipa::path(get, path = "/api/staff/sms-outbox", tag = "staff", params(OutboxParams),
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<OutboxMessage>>), (status = 401)))]
pub async fn sms_outbox(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<crate::extract::Params<OutboxParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<OutboxMessage>>>> {
    staff.require(Permission::ViewMessages)?;
    let crate::extract::Params(params) = params?;
    let phone = match params.phone.as_deref().filter(|phone| !phone.is_empty()) {
        Some(text) => Some(crate::one_time_codes::parse_phone(text)?),
        None => None,
    };
    let limit = params.limit.unwrap_or(50);
    if !(1..=500).contains(&limit) {
        return Err(ApiError::InvalidParameters);
    }
    let entries = state.store.outbox(phone.as_ref(), limit).await?;
    let mut messages: Vec<OutboxMessage> = entries.into_iter().map(OutboxMessage::from).collect();
    // People never read borrowers' live codes: a code could sign them in as
    // the borrower. The operator's token (testers, scripts) reads them whole.
    if matches!(staff.caller, crate::staff_access::Caller::Member(_)) {
        for message in &mut messages {
            message.body = mask_codes(&message.body);
        }
    }
    Ok(ok(lang, messages))
}

/// Replaces every run of exactly six digits (a one-time code) with dots.
fn mask_codes(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if digits.len() == 6 {
            out.push_str("••••••");
        } else {
            out.push_str(digits);
        }
        digits.clear();
    };
    for c in body.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelRow {
    pub template_id: Option<i64>,
    /// The channel (`user_from` of the link).
    pub user_from: String,
    pub utm_tag: String,
    pub visits: i64,
    pub clicks: i64,
    pub codes_sent: i64,
    pub registrations: i64,
}

/// Promotion funnel counts per template, channel and utm tag.
#[utoipa::path(get, path = "/api/staff/promotion-funnel", tag = "staff", security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<FunnelRow>>), (status = 401)))]
pub async fn promotion_funnel(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<FunnelRow>>>> {
    staff.require(Permission::ManageMarketing)?;
    let counts = state.store.funnel_counts().await?;
    Ok(ok(
        lang,
        counts
            .into_iter()
            .map(|count| FunnelRow {
                template_id: count.template_id,
                user_from: count.user_from,
                utm_tag: count.utm_tag,
                visits: count.visits,
                clicks: count.clicks,
                codes_sent: count.codes_sent,
                registrations: count.registrations,
            })
            .collect(),
    ))
}

/// The outbox as the `hiram sms-outbox` command prints it: one JSON object
/// a line, newest last, with the one-time code picked out for testers.
pub async fn outbox_lines(state: &AppState, phone: Option<&Phone>, limit: i64) -> ApiResult<Vec<serde_json::Value>> {
    let entries = state.store.outbox(phone, limit).await?;
    Ok(entries
        .into_iter()
        .map(|entry| {
            let code = one_time_code_in(&entry.body);
            let message = OutboxMessage::from(entry);
            serde_json::json!({
                "phone": message.phone,
                "delivery": message.delivery,
                "body": message.body,
                "code": code,
                "status": message.status,
                "at": message.created_at,
            })
        })
        .collect())
}

/// The first run of exactly six digits in a message.
fn one_time_code_in(body: &str) -> Option<String> {
    body.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_code_is_the_six_digit_run() {
        assert_eq!(
            super::one_time_code_in("Your Hiram code is 042917. It expires in 5 minutes.").as_deref(),
            Some("042917")
        );
        assert_eq!(super::one_time_code_in("Call 02 8123 4567"), None);
    }
}
