//! The pictures of a pay code: the QR of a QR Ph code and the Code 128
//! barcode of a store code, drawn on the server (`services::pay_code_images`).
//! The address the API hands out is signed and works as given until it ends
//! (decision 059); without a valid signature only the code's owner, by
//! their session, gets it. Another borrower's code, an ended or forged
//! address, or a code with no such picture answers exactly like a missing
//! one.

use crate::error::{ApiError, ApiResult};
use crate::extract::CurrentBorrower;
use crate::services::pay_code_images;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use hiram_domain::payment::{ChannelKind, PayCode};
use utoipa::IntoParams;

/// A signed address's end and signature. Read leniently from the query
/// (`Signed::of`): a malformed pair is no signature, never a refusal of its
/// own, so the picture answers as it would without one.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Signed {
    /// Unix seconds: when the address stops working.
    pub until: Option<i64>,
    /// Hex HMAC-SHA256 of the path and `until`.
    pub sig: Option<String>,
}

impl Signed {
    fn of(uri: &axum::http::Uri) -> Signed {
        let pairs = form_urlencoded::parse(uri.query().unwrap_or("").as_bytes());
        let (mut until, mut sig) = (None, None);
        for (key, value) in pairs {
            match key.as_ref() {
                "until" => until = value.parse().ok(),
                "sig" => sig = Some(value.into_owned()),
                _ => {}
            }
        }
        Signed { until, sig }
    }
}

/// The code the address names: 12 digits, opened by a valid signature of
/// this very address, or else one of the caller's own orders' codes.
async fn pictured_code(
    state: &AppState,
    path: &str,
    code: &str,
    signed: &Signed,
    borrower: Result<CurrentBorrower, ApiError>,
) -> ApiResult<PayCode> {
    if code.len() != 12 || !code.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(ApiError::NotFound);
    }
    let by_signature = match (signed.until, signed.sig.as_deref()) {
        (Some(until), Some(signature)) => {
            crate::signed_addresses::verify(state, path, until, signature, state.now()).await?
        }
        _ => false,
    };
    let code = state.store.pay_code(code).await?.ok_or(ApiError::NotFound)?;
    if !by_signature {
        let CurrentBorrower(borrower) = borrower?;
        state.store.order_of(borrower, code.order_id).await?.ok_or(ApiError::NotFound)?;
    }
    Ok(code)
}

fn png(bytes: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            // A code's picture never changes; it is the borrower's own, and
            // shared caches keep nothing of it.
            (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=86400")),
        ],
        Body::from(bytes),
    )
        .into_response()
}

fn drawn(result: Result<Vec<u8>, pay_code_images::DrawError>) -> ApiResult<Response> {
    result.map(png).map_err(|error| ApiError::Internal(error.to_string()))
}

/// The QR of one of the caller's QR Ph codes, to scan with any bank or
/// e-wallet app.
#[utoipa::path(get, path = "/pay-codes/{code}/qr.png", tag = "payments",
    params(("code" = String, Path, description = "The pay code's 12 digits, from `payCodeImg`"), Signed),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 401), (status = 404)), security((), ("borrower_session" = [])))]
pub async fn pay_code_qr(
    State(state): State<AppState>,
    borrower: Result<CurrentBorrower, ApiError>,
    Path(code): Path<String>,
    uri: axum::http::Uri,
) -> ApiResult<Response> {
    let signed = Signed::of(&uri);
    let path = format!("/pany/pay-codes/{code}/qr.png");
    let code = pictured_code(&state, &path, &code, &signed, borrower).await?;
    let payload = code.instruction.and_then(|instruction| instruction.qr_string).ok_or(ApiError::NotFound)?;
    drawn(pay_code_images::qr_png(&payload))
}

/// The Code 128 barcode of one of the caller's store codes, for the
/// cashier's scanner.
#[utoipa::path(get, path = "/pay-codes/{code}/barcode.png", tag = "payments",
    params(("code" = String, Path, description = "The pay code's 12 digits, from `barcodeImg`"), Signed),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 401), (status = 404)), security((), ("borrower_session" = [])))]
pub async fn pay_code_barcode(
    State(state): State<AppState>,
    borrower: Result<CurrentBorrower, ApiError>,
    Path(code): Path<String>,
    uri: axum::http::Uri,
) -> ApiResult<Response> {
    let signed = Signed::of(&uri);
    let path = format!("/pany/pay-codes/{code}/barcode.png");
    let code = pictured_code(&state, &path, &code, &signed, borrower).await?;
    if code.channel.kind() != ChannelKind::OverTheCounter || code.instruction.is_none() {
        return Err(ApiError::NotFound);
    }
    drawn(pay_code_images::barcode_png(code.shown_code()))
}
