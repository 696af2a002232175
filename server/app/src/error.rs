//! The one error type of the HTTP boundary and the one reply envelope.
//!
//! Every reply under `/pany` is `{code, message, data}` (spec §7). Success is
//! code `"00"`, which the web helper reads as the integer 0 and older native
//! clients compare as the string `'00'`. A failure's code is its HTTP status
//! ("400", "401", "429"…). Under `/pany` every handled outcome answers HTTP
//! 200 and the code carries the result (D7: the shells read the envelope,
//! not the status); a body over the limit and a server failure keep their
//! HTTP status. The staff and console APIs keep ordinary HTTP statuses.

use crate::i18n::{Lang, Msg};
use crate::services::ServiceError;
use axum::Json;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use hiram_domain::store::StoreError;
use serde::Serialize;
use utoipa::ToSchema;

/// The reply envelope of every API call.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// `"00"` on success; otherwise the failure's code (the HTTP status).
    pub code: String,
    /// Text for the borrower, in their language.
    pub message: String,
    pub data: T,
}

pub const SUCCESS_CODE: &str = "00";

/// The `data` of a reply that carries none; serialises as `null`.
#[derive(Debug, Serialize)]
pub struct NoData;

/// Documented as what it is on the wire, `null` (a derived schema would say
/// "anything, by default null").
impl utoipa::PartialSchema for NoData {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        ObjectBuilder::new()
            .schema_type(Type::Null)
            .description(Some("The `data` of a reply that carries none; serialises as `null`."))
            .into()
    }
}

impl ToSchema for NoData {}

/// The `data` of a refusal that names the field to fix (a 400, or a 409 for
/// a value another record holds), so a form can point at it.
#[derive(Debug, Serialize, ToSchema)]
pub struct FieldRefused {
    /// The field's code, as the form names it.
    pub field: String,
}

impl FieldRefused {
    /// `{"field": code}`, the `data` of the error that refuses `field`.
    pub fn data(field: &str) -> serde_json::Value {
        serde_json::to_value(FieldRefused { field: field.to_owned() }).unwrap_or_default()
    }
}

/// The `data` of a 403 for a consent the borrower has not given (D4): which
/// one, so the page can ask for it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentNeeded {
    /// The consent's key (`location`, `device`, `contacts`, `usage`, `photos`).
    pub consent: String,
}

impl ConsentNeeded {
    /// The refusal of what `consent` would allow.
    pub fn refusal(consent: &str) -> ApiError {
        ApiError::Forbidden {
            message: Msg::ConsentNeeded,
            data: serde_json::to_value(ConsentNeeded { consent: consent.to_owned() }).unwrap_or_default(),
        }
    }
}

/// The `data` of a 429: how long until the call may be made again (the
/// `Retry-After` header says the same).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RetryLater {
    pub retry_after_seconds: u64,
}

/// A successful reply.
pub fn ok<T: Serialize>(lang: Lang, data: T) -> Json<Envelope<T>> {
    Json(Envelope { code: SUCCESS_CODE.to_owned(), message: Msg::Success.text(lang).to_owned(), data })
}

/// A reply with a code of its own and HTTP 200, for the legacy calls whose
/// clients branch on codes such as "0", "11" or "101" (spec §8).
pub fn coded<T: Serialize>(code: &str, message: Msg, lang: Lang, data: T) -> Json<Envelope<T>> {
    Json(Envelope { code: code.to_owned(), message: message.text(lang).to_owned(), data })
}

/// A success whose message is a `Msg` with its details filled in, already
/// in the caller's language.
pub fn ok_saying<T: Serialize>(message: String, data: T) -> Json<Envelope<T>> {
    Json(Envelope { code: SUCCESS_CODE.to_owned(), message, data })
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("invalid parameters")]
    InvalidParameters,
    /// A 400 with a message that says what to fix ("Please enter a valid
    /// mobile number."). `{n}` in the message is replaced by `detail`, and
    /// `data` goes to the reply (`{"field": "birth_date"}`).
    #[error("rejected: {message:?}")]
    Rejected { message: Msg, detail: Option<String>, data: serde_json::Value },
    /// A 403: the borrower has not allowed this (a consent is missing).
    #[error("forbidden: {message:?}")]
    Forbidden { message: Msg, data: serde_json::Value },
    /// A 409: the request is fine but the borrower's state forbids it now
    /// (an open loan, missing information); `data` says where to go.
    #[error("conflict: {message:?}")]
    Conflict { message: Msg, data: serde_json::Value },
    #[error("no valid session")]
    SessionRequired,
    /// A 401 for a caller that is no person (a provider's notification):
    /// `message` says what failed, not that a session ended.
    #[error("not authenticated: {0:?}")]
    Unauthenticated(Msg),
    /// Also the answer for another borrower's records, so ids leak nothing.
    #[error("not found")]
    NotFound,
    #[error("rate limited")]
    TooManyRequests { retry_after_seconds: u64, message: Msg },
    /// A 413: the body is larger than the call takes (kept as an HTTP
    /// status under D7: nothing of the request was read).
    #[error("body too large")]
    BodyTooLarge,
    /// A provider we depend on failed (the SMS gateway); try again later.
    #[error("unavailable: {0}")]
    Unavailable(String),
    #[error("internal: {0}")]
    Internal(String),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        match error {
            // Postings are stamped when made, so only a clock behind a close
            // of the books meets one (decision 069): a retry once the clock
            // is right posts, so the caller is told to try later.
            StoreError::ClosedPeriod => ApiError::Unavailable(error.to_string()),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

/// The one place shared work's failures become replies: a stale write is
/// the 409 "the order moved on", never a 500; a broken record or a refused
/// rule is an internal error whose text is logged, not shown.
impl From<ServiceError> for ApiError {
    fn from(error: ServiceError) -> ApiError {
        match error {
            ServiceError::Stale => ApiError::Conflict { message: Msg::OrderMovedOn, data: serde_json::Value::Null },
            ServiceError::Store(error) => error.into(),
            ServiceError::Missing(detail) | ServiceError::Refused(detail) => ApiError::Internal(detail),
        }
    }
}

impl ApiError {
    pub fn rejected(message: Msg) -> ApiError {
        ApiError::Rejected { message, detail: None, data: serde_json::Value::Null }
    }
}

/// What an error reply will say, attached to the response so that
/// [`localize_errors`] can write it in the caller's language.
#[derive(Clone, Debug)]
struct ErrorReply {
    message: Msg,
    detail: Option<String>,
    data: serde_json::Value,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut detail = None;
        let mut data = serde_json::Value::Null;
        let (status, message) = match &self {
            ApiError::InvalidParameters => (StatusCode::BAD_REQUEST, Msg::InvalidParameters),
            ApiError::Rejected { message, detail: text, data: extra } => {
                detail = text.clone();
                data = extra.clone();
                (StatusCode::BAD_REQUEST, *message)
            }
            ApiError::Conflict { message, data: extra } => {
                data = extra.clone();
                (StatusCode::CONFLICT, *message)
            }
            ApiError::Forbidden { message, data: extra } => {
                data = extra.clone();
                (StatusCode::FORBIDDEN, *message)
            }
            ApiError::SessionRequired => (StatusCode::UNAUTHORIZED, Msg::SessionRequired),
            ApiError::Unauthenticated(message) => (StatusCode::UNAUTHORIZED, *message),
            ApiError::BodyTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, Msg::InvalidParameters),
            ApiError::NotFound => (StatusCode::NOT_FOUND, Msg::NotFound),
            ApiError::TooManyRequests { retry_after_seconds, message } => {
                detail = Some(retry_after_seconds.to_string());
                data =
                    serde_json::to_value(RetryLater { retry_after_seconds: *retry_after_seconds }).unwrap_or_default();
                (StatusCode::TOO_MANY_REQUESTS, *message)
            }
            ApiError::Unavailable(detail) => {
                tracing::warn!(error.detail = %detail, "a provider failed");
                (StatusCode::SERVICE_UNAVAILABLE, Msg::ProviderUnavailable)
            }
            ApiError::Internal(detail) => {
                // Logged once, here, where it is handled; the caller sees only
                // a generic message, for security reasons.
                tracing::error!(error.detail = %detail, "request failed with an internal error");
                (StatusCode::INTERNAL_SERVER_ERROR, Msg::ServerError)
            }
        };
        let mut response = status.into_response();
        if let ApiError::TooManyRequests { retry_after_seconds, .. } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after_seconds));
        }
        response.extensions_mut().insert(ErrorReply { message, detail, data });
        response
    }
}

/// Marks a failed reply whose body is documented as its own (readiness's
/// `{"status":"unavailable"}`, which load balancers and operators read):
/// [`localize_errors`] leaves it as it is.
#[derive(Clone, Copy)]
pub struct KeepsItsBody;

/// Writes every failed reply as the envelope in the caller's language,
/// including failures produced outside our handlers (unknown path, wrong
/// method, a caught panic).
pub async fn localize_errors(request: Request, next: Next) -> Response {
    let accept = request.headers().get(header::ACCEPT_LANGUAGE).and_then(|value| value.to_str().ok());
    let lang = Lang::detect(request.uri().query(), accept);
    let borrower_api = is_borrower_api(request.uri().path());
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || response.extensions().get::<KeepsItsBody>().is_some()
    {
        return response;
    }
    let handled = response.extensions().get::<ErrorReply>().is_some();
    let reply = response.extensions().get::<ErrorReply>().cloned().unwrap_or_else(|| ErrorReply {
        message: match status {
            StatusCode::NOT_FOUND => Msg::NotFound,
            StatusCode::METHOD_NOT_ALLOWED => Msg::MethodNotAllowed,
            StatusCode::TOO_MANY_REQUESTS => Msg::TooManyRequests,
            StatusCode::SERVICE_UNAVAILABLE => Msg::ProviderUnavailable,
            status if status.is_client_error() => Msg::InvalidParameters,
            _ => Msg::ServerError,
        },
        detail: None,
        data: serde_json::Value::Null,
    });
    let (mut parts, _) = response.into_parts();
    if borrower_api && handled && answers_in_envelope(status) {
        parts.status = StatusCode::OK;
    }
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.remove(header::CONTENT_TYPE);
    let text = reply.message.text(lang);
    let message = match &reply.detail {
        Some(detail) => crate::i18n::with_detail(text, detail),
        None => text.to_owned(),
    };
    let envelope = Envelope { code: status.as_u16().to_string(), message, data: reply.data };
    let body = Json(envelope).into_response();
    let (body_parts, body) = body.into_parts();
    parts.headers.extend(body_parts.headers);
    Response::from_parts(parts, body)
}

/// The borrower API, whose handled outcomes answer HTTP 200 (D7). The
/// payment providers' callbacks under `/pany/payments/` are not the shells'
/// calls: a provider retries on a non-2xx status, so a refused notification
/// keeps its 4xx (decision 002).
fn is_borrower_api(path: &str) -> bool {
    (path == "/pany" || path.starts_with("/pany/")) && !path.starts_with("/pany/payments/")
}

/// Whether a handled failure of the borrower API is told by the envelope
/// alone (D7): every refusal, bad input, missing session and rate limit;
/// not a body over the limit, nor a server failure (5xx).
fn answers_in_envelope(status: StatusCode) -> bool {
    status.is_client_error() && status != StatusCode::PAYLOAD_TOO_LARGE
}
