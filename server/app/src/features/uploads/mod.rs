//! Identity photos for the credit check (`/credit-info/upload-image`, under
//! the photos consent of D4), and the borrower's own pictures served back
//! (`/uploads/{name}`). Accepting and serving pictures is
//! `services::images`, shared with complaints and the book.

use crate::error::{ApiError, ApiResult, ConsentNeeded, Envelope, RetryLater, ok};
use crate::extract::CurrentBorrower;
use crate::i18n::Lang;
use crate::idempotency::IdempotencyHeader;
use crate::services::images::{self, HARD_BODY_LIMIT, ImageForm, UploadedImage};
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::response::Response;
use hiram_domain::files::ImagePurpose;
use hiram_domain::store::ConsentKind;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_identity_image).layer(DefaultBodyLimit::max(HARD_BODY_LIMIT)))
        .routes(routes!(borrower_image))
}

/// Stores an identity photo for the credit check, if the borrower allowed
/// photos (D4).
#[utoipa::path(post, path = "/credit-info/upload-image", tag = "consent",
    request_body(content = ImageForm, content_type = "multipart/form-data"), params(IdempotencyHeader),
    responses((status = 200, body = Envelope<UploadedImage>), (status = 400), (status = 401),
        (status = 409, description = "The `Idempotency-Key` was used for a different picture; nothing was stored"),
        (status = 403, body = Envelope<ConsentNeeded>, description = "No photos consent; nothing stored"),
        (status = 429, body = Envelope<RetryLater>, description = "Too often; `data.retryAfterSeconds` (and `Retry-After`) says how long to wait")), security(("borrower_session" = [])))]
pub async fn upload_identity_image(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    idempotency: IdempotencyHeader,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Envelope<UploadedImage>>> {
    if !state.store.has_consent(borrower, ConsentKind::Photos).await? {
        return Err(ConsentNeeded::refusal("photos"));
    }
    let record = images::accept_image(&state, borrower, ImagePurpose::Identity, form, "image", &idempotency).await?;
    Ok(ok(lang, UploadedImage::of(&record)))
}

/// One of the caller's own pictures. Another borrower's picture answers
/// exactly like a missing one.
#[utoipa::path(get, path = "/uploads/{name}", tag = "consent",
    params(("name" = String, Path, description = "The name from the upload's `url`")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn borrower_image(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    Path(name): Path<String>,
) -> ApiResult<Response> {
    let record =
        images::stored(&state, &name).await?.filter(|record| record.owner == borrower).ok_or(ApiError::NotFound)?;
    images::serve(&state, &record).await
}
