//! What the phone can tell us (spec §7 "Upload and tracking"), stored only
//! under an explicit, recorded consent of its kind (D4; SEC MC 18 s.2019,
//! NPC Circular 20-01). Without consent the call is refused and nothing is
//! kept. Contacts are minimised on arrival: only how many there are and a
//! one-way digest of each number, never names, and they are never used to
//! reach anyone but the borrower.

use crate::error::{ApiError, ApiResult, ConsentNeeded, Envelope, NoData, ok};
use crate::extract::{CurrentBorrower, Params};
use crate::i18n::Lang;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::phone::Phone;
use hiram_domain::store::ConsentKind;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(grant))
        .routes(routes!(list))
        .routes(routes!(upload_location))
        .routes(routes!(upload_device))
        .routes(routes!(upload_contacts))
        .routes(routes!(upload_usage))
}

/// The most a single upload may carry, as stored text.
const MAX_UPLOAD_CHARS: usize = 16 * 1024;
const MAX_CONTACTS: usize = 5_000;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GrantParams {
    /// `contacts`, `location`, `device` or `photos` (uploads of that kind),
    /// or `collection_any_hour` (collections may contact the borrower outside
    /// 06:00–22:00 Manila time).
    #[param(pattern = "^(contacts|location|device|photos|collection_any_hour)$")]
    pub kind: String,
    /// 1 grants, 0 withdraws.
    #[param(minimum = 0, maximum = 1)]
    pub granted: i64,
}

fn kind_of(text: &str) -> ApiResult<ConsentKind> {
    ConsentKind::parse(text).ok_or(ApiError::InvalidParameters)
}

/// Records the borrower's grant or withdrawal of one kind of consent.
#[utoipa::path(post, path = "/v3/consent/grant", tag = "consent", params(GrantParams),
    responses((status = 200, body = Envelope<NoData>), (status = 400), (status = 401)), security(("borrower_session" = [])))]
pub async fn grant(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<GrantParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let kind = kind_of(&params.kind)?;
    let granted = match params.granted {
        1 => true,
        0 => false,
        _ => return Err(ApiError::InvalidParameters),
    };
    state.store.record_consent(borrower, kind, granted, state.now()).await?;
    Ok(ok(lang, NoData))
}

#[derive(Serialize, ToSchema)]
pub struct ConsentState {
    pub kind: String,
    pub granted: bool,
}

/// The borrower's current consents.
#[utoipa::path(post, path = "/v3/consent/list", tag = "consent",
    responses((status = 200, body = Envelope<Vec<ConsentState>>), (status = 401)), security(("borrower_session" = [])))]
pub async fn list(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<ConsentState>>>> {
    let mut states = Vec::new();
    for kind in ConsentKind::ALL {
        states.push(ConsentState {
            kind: kind.key().to_owned(),
            granted: state.store.has_consent(borrower, kind).await?,
        });
    }
    Ok(ok(lang, states))
}

async fn store(
    state: &AppState,
    borrower: hiram_domain::borrower::BorrowerId,
    kind: ConsentKind,
    body: serde_json::Value,
) -> ApiResult<()> {
    let text = body.to_string();
    if text.chars().count() > MAX_UPLOAD_CHARS {
        return Err(ApiError::InvalidParameters);
    }
    if state.store.store_upload(borrower, kind, &text, state.now()).await? {
        Ok(())
    } else {
        Err(ConsentNeeded::refusal(kind.key()))
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LocationParams {
    #[param(minimum = -180, maximum = 180)]
    pub longitude: f64,
    #[param(minimum = -90, maximum = 90)]
    pub latitude: f64,
}

/// The phone's location, under the `location` consent.
#[utoipa::path(post, path = "/credit-info/upload-location-ios", tag = "consent", params(LocationParams),
    responses((status = 200, body = Envelope<NoData>), (status = 400), (status = 403, body = Envelope<ConsentNeeded>, description = "No location consent; nothing stored")), security(("borrower_session" = [])))]
pub async fn upload_location(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<LocationParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let valid = params.longitude.is_finite()
        && params.latitude.is_finite()
        && (-180.0..=180.0).contains(&params.longitude)
        && (-90.0..=90.0).contains(&params.latitude);
    if !valid {
        return Err(ApiError::InvalidParameters);
    }
    store(
        &state,
        borrower,
        ConsentKind::Location,
        json!({ "longitude": params.longitude, "latitude": params.latitude }),
    )
    .await?;
    Ok(ok(lang, NoData))
}

/// Facts about the phone (model, system, app version), under `device`.
#[utoipa::path(post, path = "/credit-info/upload-device-new-ios", tag = "consent",
    responses((status = 200, body = Envelope<NoData>), (status = 400), (status = 403, body = Envelope<ConsentNeeded>, description = "No consent; nothing stored")), security(("borrower_session" = [])))]
pub async fn upload_device(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(fields): Params<HashMap<String, String>>,
) -> ApiResult<Json<Envelope<NoData>>> {
    const KEPT: [&str; 6] = ["deviceName", "deviceId", "osVersion", "appVersion", "advertisingId", "clientType"];
    let kept: serde_json::Map<String, serde_json::Value> = fields
        .into_iter()
        .filter(|(key, _)| KEPT.contains(&key.as_str()))
        .map(|(key, value)| (key, serde_json::Value::String(value.chars().take(128).collect())))
        .collect();
    store(&state, borrower, ConsentKind::Device, serde_json::Value::Object(kept)).await?;
    Ok(ok(lang, NoData))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContactsParams {
    /// A JSON array of `{"name": ..., "phone": ...}`.
    pub contacts: String,
}

#[derive(Deserialize)]
struct Contact {
    #[serde(default)]
    phone: String,
}

/// The phone's contacts, under `contacts`: only their count and a digest of
/// each Philippine number are kept.
#[utoipa::path(post, path = "/credit-info/upload-contacts-ios", tag = "consent", params(ContactsParams),
    responses((status = 200, body = Envelope<NoData>), (status = 400), (status = 403, body = Envelope<ConsentNeeded>, description = "No consent; nothing stored")), security(("borrower_session" = [])))]
pub async fn upload_contacts(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<ContactsParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let contacts: Vec<Contact> = serde_json::from_str(&params.contacts).map_err(|_| ApiError::InvalidParameters)?;
    if contacts.len() > MAX_CONTACTS {
        return Err(ApiError::InvalidParameters);
    }
    let digests: Vec<String> = contacts
        .iter()
        .filter_map(|contact| Phone::parse(&contact.phone).ok())
        .map(|phone| hiram_domain::hex::encode(&Sha256::digest(phone.e164().as_bytes())[..8]))
        .collect();
    store(&state, borrower, ConsentKind::Contacts, json!({ "count": contacts.len(), "numberDigests": digests }))
        .await?;
    Ok(ok(lang, NoData))
}

/// Usage and error reports from the app (page events, device tags, client
/// errors), under the `device` consent; only short text fields are kept.
#[utoipa::path(post, path = "/v3/buried-point/upload", tag = "consent",
    responses((status = 200, body = Envelope<NoData>), (status = 403, body = Envelope<ConsentNeeded>, description = "No consent; nothing stored")), security(("borrower_session" = [])))]
pub async fn upload_usage(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(fields): Params<HashMap<String, String>>,
) -> ApiResult<Json<Envelope<NoData>>> {
    const NEVER_KEPT: [&str; 5] = ["sessionId", "userId", "phone", "code", "password"];
    let kept: serde_json::Map<String, serde_json::Value> = fields
        .into_iter()
        .filter(|(key, _)| !NEVER_KEPT.contains(&key.as_str()) && key.len() <= 40)
        .take(20)
        .map(|(key, value)| (key, serde_json::Value::String(value.chars().take(256).collect())))
        .collect();
    store(&state, borrower, ConsentKind::Device, serde_json::Value::Object(kept)).await?;
    Ok(ok(lang, NoData))
}
