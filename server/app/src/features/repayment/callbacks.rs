//! The collection providers' notifications that a pay code was paid: the
//! sandbox's signed callbacks (a demo, D8) and Xendit's webhook. Each is
//! verified the way its provider documents, then the payment it names is
//! fetched from the provider, checked and posted once
//! (`services::pay_codes::receive`). Anything that fails changes nothing.

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::i18n::{Lang, Msg};
use crate::services::pay_codes::{self, ReceiveError};
use crate::state::AppState;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use hiram_domain::collection_provider::{Notification, NotificationRefusal};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct CallbackAnswer {
    /// `posted`; `duplicate` for a payment an earlier delivery posted;
    /// `ignored` for an event that moves no money.
    pub result: String,
}

async fn receive(state: &AppState, provider: &str, headers: &HeaderMap, body: &[u8]) -> ApiResult<&'static str> {
    let headers: Vec<(String, String)> = headers
        .iter()
        .filter_map(|(name, value)| Some((name.as_str().to_owned(), value.to_str().ok()?.to_owned())))
        .collect();
    let notification = Notification { headers: &headers, body, received_at: state.now() };
    match pay_codes::receive(state, provider, &notification).await {
        Ok(received) => Ok(received.key()),
        Err(error) => {
            tracing::warn!(payment.provider = provider, refusal = %error, "payment notification refused");
            Err(match error {
                ReceiveError::Off => ApiError::Unauthenticated(Msg::NotificationsOff),
                ReceiveError::Notification(NotificationRefusal::Unauthenticated) => {
                    ApiError::Unauthenticated(Msg::NotificationUnverified)
                }
                ReceiveError::Notification(_) | ReceiveError::Denied(_) => ApiError::InvalidParameters,
                ReceiveError::Unavailable(detail) => ApiError::Unavailable(detail),
                ReceiveError::AlreadyPaid => {
                    ApiError::Conflict { message: Msg::PayCodeAlreadyPaid, data: serde_json::Value::Null }
                }
                ReceiveError::KeyReused => {
                    ApiError::Conflict { message: Msg::InvalidParameters, data: serde_json::Value::Null }
                }
                ReceiveError::Service(error) => error.into(),
            })
        }
    }
}

/// The sandbox's callback (a demo, on only with `payments.collections =
/// "sandbox"`): a pay code was paid on its test page. Headers
/// `x-hiram-timestamp` (Unix seconds) and `x-hiram-signature` (hex
/// HMAC-SHA256 of `timestamp.body`); body `{transactionId, payCode, amount,
/// currency}`.
#[utoipa::path(post, path = "/payments/callback/sandbox", tag = "payments",
    responses(
        (status = 200, body = Envelope<CallbackAnswer>, description = "Posted, or a duplicate of a posted callback"),
        (status = 400, description = "Refused: stale, unreadable, or not what the sandbox's statement says; nothing posted"),
        (status = 401, description = "Missing or wrong signature, or the sandbox is off; nothing posted"),
        (status = 409, description = "Another payment already paid this single-use code; nothing posted"),
    ))]
pub async fn sandbox_callback(
    State(state): State<AppState>,
    lang: Lang,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Envelope<CallbackAnswer>>> {
    let result = receive(&state, "sandbox", &headers, &body).await?;
    Ok(ok(lang, CallbackAnswer { result: result.to_owned() }))
}

/// Xendit's payment webhook (`payments.collections = "xendit"`), with the
/// dashboard's verification token in `x-callback-token`. `payment.capture`
/// posts the payment once Xendit, asked by its `payment_id`, confirms it;
/// other events are answered `ignored`.
#[utoipa::path(post, path = "/payments/callback/xendit", tag = "payments",
    responses(
        (status = 200, body = Envelope<CallbackAnswer>, description = "Posted, a duplicate, or an event that moves no money"),
        (status = 400, description = "Unreadable, or Xendit does not confirm the payment as notified; nothing posted"),
        (status = 401, description = "Missing or wrong token, or Xendit does not collect here; nothing posted"),
        (status = 409, description = "Another payment already paid this single-use code; nothing posted"),
        (status = 503, description = "Xendit could not be asked; send again later"),
    ))]
pub async fn xendit_callback(
    State(state): State<AppState>,
    lang: Lang,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Envelope<CallbackAnswer>>> {
    let result = receive(&state, "xendit", &headers, &body).await?;
    Ok(ok(lang, CallbackAnswer { result: result.to_owned() }))
}
