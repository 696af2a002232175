//! The pictures of a pay code, for its owner only: the QR of a QR Ph code
//! and the Code 128 barcode of a store code, drawn on the server
//! (`services::pay_code_images`). Another borrower's code, or a code with
//! no such picture, answers exactly like a missing one.

use crate::error::{ApiError, ApiResult};
use crate::extract::CurrentBorrower;
use crate::services::pay_code_images;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::payment::{ChannelKind, PayCode};

/// The caller's own code: 12 digits, of one of the caller's orders.
async fn own_code(state: &AppState, borrower: BorrowerId, code: &str) -> ApiResult<PayCode> {
    if code.len() != 12 || !code.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(ApiError::NotFound);
    }
    let code = state.store.pay_code(code).await?.ok_or(ApiError::NotFound)?;
    state.store.order_of(borrower, code.order_id).await?.ok_or(ApiError::NotFound)?;
    Ok(code)
}

fn png(bytes: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            // A code's picture never changes; it is the borrower's own.
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
    params(("code" = String, Path, description = "The pay code's 12 digits, from `payCodeImg`")),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn pay_code_qr(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    Path(code): Path<String>,
) -> ApiResult<Response> {
    let code = own_code(&state, borrower, &code).await?;
    let payload = code.instruction.and_then(|instruction| instruction.qr_string).ok_or(ApiError::NotFound)?;
    drawn(pay_code_images::qr_png(&payload))
}

/// The Code 128 barcode of one of the caller's store codes, for the
/// cashier's scanner.
#[utoipa::path(get, path = "/pay-codes/{code}/barcode.png", tag = "payments",
    params(("code" = String, Path, description = "The pay code's 12 digits, from `barcodeImg`")),
    responses((status = 200, content_type = "image/png", body = Vec<u8>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn pay_code_barcode(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    Path(code): Path<String>,
) -> ApiResult<Response> {
    let code = own_code(&state, borrower, &code).await?;
    if code.channel.kind() != ChannelKind::OverTheCounter || code.instruction.is_none() {
        return Err(ApiError::NotFound);
    }
    drawn(pay_code_images::barcode_png(code.shown_code()))
}
