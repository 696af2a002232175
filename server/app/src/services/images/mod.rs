//! Pictures borrowers and staff send (identity photos, complaint
//! screenshots and answers, receipts): every picture is re-encoded by the
//! server ([`reencode`]), kept under a name the server makes, and served
//! only to its owner (and staff) as a JPEG to show, nothing else.

mod reencode;

use crate::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::idempotency::{IdempotencyHeader, refuse_reused_key};
use crate::state::AppState;
use axum::body::Body;
use axum::extract::Multipart;
use axum::extract::multipart::MultipartRejection;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::{ImagePurpose, ImageRecord, is_server_name};
use hiram_domain::idempotency::KeyOwner;
use serde::Serialize;
use sha2::{Digest, Sha256};
use time::Duration;
use tokio::sync::Semaphore;
use utoipa::ToSchema;

/// No upload body is read past this, whatever the configuration says.
pub const HARD_BODY_LIMIT: usize = 32 * 1024 * 1024;
/// Decoding is CPU-heavy: at most this many at once, so uploads cannot
/// starve the requests of everyone else.
static DECODING: Semaphore = Semaphore::const_new(2);

#[derive(Serialize, ToSchema)]
pub struct UploadedImage {
    /// Where the stored picture is served (`/pany/uploads/…`); the owner's
    /// `sessionId` goes in its query.
    pub url: String,
}

/// Where a stored picture is served, before its name.
pub const UPLOADS_PATH: &str = "/pany/uploads/";

impl UploadedImage {
    pub fn of(record: &ImageRecord) -> UploadedImage {
        UploadedImage { url: format!("{UPLOADS_PATH}{}", record.name) }
    }
}

/// The multipart form of an upload: one picture in its named field.
#[derive(ToSchema)]
#[allow(dead_code, reason = "describes the request body for the API documentation only")]
pub struct ImageForm {
    /// A JPEG, PNG or WebP photo or screenshot.
    #[schema(value_type = String, format = Binary)]
    pub image: Vec<u8>,
}

/// The multipart form of a complaint picture.
#[derive(ToSchema)]
#[allow(dead_code, reason = "describes the request body for the API documentation only")]
pub struct ProblemImageForm {
    /// A JPEG, PNG or WebP photo or screenshot.
    #[serde(rename = "problemImage")]
    #[schema(value_type = String, format = Binary)]
    pub problem_image: Vec<u8>,
}

/// Reads the picture in `field` of a multipart form, re-encodes it and
/// keeps it for `owner`. Refuses, changing nothing: an empty or oversize
/// picture, anything that is not a JPEG, PNG or WebP by its bytes, too many
/// pixels, and more pictures in a day than the configured cap. A picture
/// sent again under its `Idempotency-Key` answers the first one's record
/// (before the cap, which the first already counted).
pub async fn accept_image(
    state: &AppState,
    owner: BorrowerId,
    purpose: ImagePurpose,
    form: Result<Multipart, MultipartRejection>,
    field: &str,
    idempotency: &IdempotencyHeader,
) -> ApiResult<ImageRecord> {
    let settings = &state.settings.uploads;
    let now = state.now();
    let max_bytes = (settings.max_megabytes * 1024 * 1024).min(HARD_BODY_LIMIT);
    let mut form = Some(form);
    let mut read = async || match form.take() {
        Some(Ok(form)) => read_field(form, field, max_bytes, settings.max_megabytes).await,
        _ => Err(ApiError::InvalidParameters),
    };
    // With a key the picture is read first: its bytes tell a retry from a
    // different picture under the same key.
    let (request, sent) = match idempotency.key {
        None => (None, None),
        Some(_) => {
            let sent = read().await?;
            let digest = hiram_domain::hex::encode(&Sha256::digest(&sent));
            let request = idempotency.keyed(KeyOwner::Borrower(owner), purpose.key(), &[&digest]);
            (request, Some(sent))
        }
    };
    if let Some(request) = &request
        && let Some(first) = state.store.created_under(request).await.map_err(refuse_reused_key)?
    {
        return stored(state, &first).await?.ok_or_else(|| ApiError::Internal(format!("image {first} missing")));
    }
    let sent_by_the_borrower = purpose != ImagePurpose::ComplaintAnswer;
    if sent_by_the_borrower
        && state.store.images_sent_since(owner, now - Duration::days(1)).await? >= settings.per_borrower_day
    {
        return Err(ApiError::TooManyRequests { retry_after_seconds: 3600, message: Msg::ImageDailyLimit });
    }
    let sent = match sent {
        Some(sent) => sent,
        None => read().await?,
    };
    let clean = {
        let _permit = DECODING.acquire().await.map_err(|error| ApiError::Internal(error.to_string()))?;
        tokio::task::spawn_blocking(move || reencode::reencode(&sent))
            .await
            .map_err(|error| ApiError::Internal(error.to_string()))?
    }
    .map_err(|refusal| match refusal {
        reencode::Refusal::WrongType => ApiError::rejected(Msg::ImageWrongType),
        reencode::Refusal::TooManyPixels => ApiError::rejected(Msg::ImageTooManyPixels),
    })?;
    let record = ImageRecord {
        name: server_name()?,
        owner,
        purpose,
        byte_size: i64::try_from(clean.jpeg.len()).map_err(|error| ApiError::Internal(error.to_string()))?,
        width: i64::from(clean.width),
        height: i64::from(clean.height),
        created_at: now,
    };
    state.files.put(&record.name, &clean.jpeg).await.map_err(|error| ApiError::Internal(error.to_string()))?;
    let recorded = state.store.record_image(&record, request.as_ref()).await.map_err(refuse_reused_key)?;
    if recorded != record.name {
        // The same request under the same key was recorded first by a
        // request running alongside: answer its picture, drop this copy.
        if let Err(error) = state.files.delete(&record.name).await {
            tracing::warn!(image.name = %record.name, error.detail = %error, "a duplicate picture was not deleted");
        }
        return stored(state, &recorded).await?.ok_or_else(|| ApiError::Internal(format!("image {recorded} missing")));
    }
    Ok(record)
}

async fn read_field(mut form: Multipart, wanted: &str, max_bytes: usize, max_megabytes: usize) -> ApiResult<Vec<u8>> {
    let too_large = || ApiError::Rejected {
        message: Msg::ImageTooLarge,
        detail: Some(max_megabytes.to_string()),
        data: serde_json::Value::Null,
    };
    let broken = |error: axum::extract::multipart::MultipartError| {
        if error.status() == StatusCode::PAYLOAD_TOO_LARGE { too_large() } else { ApiError::InvalidParameters }
    };
    while let Some(mut field) = form.next_field().await.map_err(broken)? {
        if field.name() != Some(wanted) {
            continue;
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(broken)? {
            if bytes.len() + chunk.len() > max_bytes {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        if bytes.is_empty() {
            return Err(ApiError::rejected(Msg::ImageWrongType));
        }
        return Ok(bytes);
    }
    Err(ApiError::InvalidParameters)
}

/// 128 random bits in hex: unguessable, and never anything the sender chose.
fn server_name() -> ApiResult<String> {
    let mut bits = [0u8; 16];
    getrandom::fill(&mut bits).map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(hiram_domain::hex::encode(&bits))
}

/// The record of a server-made name; any other name is simply not found.
pub async fn stored(state: &AppState, name: &str) -> ApiResult<Option<ImageRecord>> {
    if !is_server_name(name) {
        return Ok(None);
    }
    Ok(state.store.image(name).await?)
}

/// The picture's bytes, marked so that no browser treats them as anything
/// but a JPEG to show, and kept in no cache: a borrower's identity photos
/// must not outlive their sign-out on a shared phone.
pub async fn serve(state: &AppState, record: &ImageRecord) -> ApiResult<Response> {
    let bytes = state
        .files
        .get(&record.name)
        .await
        .map_err(|error| ApiError::Internal(error.to_string()))?
        .ok_or(ApiError::NotFound)?;
    let disposition = HeaderValue::from_str(&format!("inline; filename=\"{}.jpg\"", record.name))
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/jpeg")),
            (header::CONTENT_DISPOSITION, disposition),
            (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        Body::from(bytes),
    )
        .into_response())
}
