//! The promotion landing page's calls (spec §7): the template by id, the
//! visit and click funnel, the captcha (a picture, or the same digits as
//! tones: decision 047), the SMS code and registration.
//! Served under `/pany/api/v2/youmi/...` (the pages' prefix) and, for native
//! shells in the field, under `/api/v2/youmi/...`.
//!
//! Registered and unregistered numbers get the same answer to `get-sms`;
//! "already registered" (code 11) is said only after the SMS code proves the
//! visitor holds the number, so the page cannot be used to probe numbers.

mod captcha_audio;
mod captcha_image;

use crate::client_address::ClientAddress;
use crate::error::{ApiError, ApiResult, Envelope, NoData, RetryLater, coded, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::one_time_codes::{issue_code, parse_phone, verify_code};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use hiram_domain::otp::{CodePurpose, Delivery};
use hiram_domain::promotion::{CaptchaAnswer, CaptchaCheck, FunnelEvent, FunnelStep, PromotionTemplate};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use time::Duration;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// How long a captcha sid lives.
const CAPTCHA_LIFETIME: Duration = Duration::minutes(10);
/// Campaign tags longer than this are not ours.
const MAX_TAG_CHARS: usize = 128;

/// The promotion routes, relative to an `/api` prefix.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(channel_template))
        .routes(routes!(track_visit))
        .routes(routes!(track_click))
        .routes(routes!(get_sid))
        .routes(routes!(get_captcha))
        .routes(routes!(get_captcha_audio))
        .routes(routes!(get_sms))
        .routes(routes!(register))
}

/// Codes the promotion page branches on (spec §8).
const CODE_OK: &str = "0";
const CODE_ALREADY_REGISTERED: &str = "11";
const CODE_WRONG_CAPTCHA_SMS: &str = "101";
const CODE_WRONG_CAPTCHA_REGISTER: &str = "-1";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateView {
    pub id: i64,
    pub app_name: String,
    pub headline: String,
    pub subheadline: String,
    pub button_text: String,
    // The English texts above keep their names and meaning for the app
    // shells that read them; the Filipino ones came beside them (decision 051).
    /// `headline` for a page in Filipino; empty when staff wrote none, and
    /// the page then says its own.
    pub headline_fil: String,
    /// `subheadline` in Filipino; empty when staff wrote none.
    pub subheadline_fil: String,
    /// `buttonText` in Filipino; empty when staff wrote none.
    pub button_text_fil: String,
    pub theme_color: String,
    pub download_android_url: String,
    pub download_ios_url: String,
}

impl From<PromotionTemplate> for TemplateView {
    fn from(t: PromotionTemplate) -> TemplateView {
        TemplateView {
            id: t.id,
            app_name: t.app_name,
            headline: t.headline,
            subheadline: t.subheadline,
            button_text: t.button_text,
            headline_fil: t.headline_fil,
            subheadline_fil: t.subheadline_fil,
            button_text_fil: t.button_text_fil,
            theme_color: t.theme_color,
            download_android_url: t.download_android_url,
            download_ios_url: t.download_ios_url,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TemplateParams {
    pub template_id: i64,
}

/// The landing configuration of a campaign (`id` of the link).
#[utoipa::path(get, path = "/v2/youmi/service/channel/channel-template", tag = "promotion",
    params(TemplateParams), responses((status = 200, body = Envelope<TemplateView>), (status = 404)))]
pub async fn channel_template(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<TemplateParams>,
) -> ApiResult<Json<Envelope<TemplateView>>> {
    let template = state
        .store
        .promotion_template(params.template_id)
        .await?
        .filter(|template| template.active)
        .ok_or(ApiError::NotFound)?;
    Ok(ok(lang, template.into()))
}

#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct FunnelParams {
    /// The template id of the page.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub page_id: Option<i64>,
    #[serde(default)]
    #[param(pattern = "^(ios|android)?$")]
    pub client_type: String,
    /// Documented by [`CampaignTags`], listed beside this in each call's parameters.
    #[serde(flatten)]
    #[param(ignore)]
    pub tags: CampaignTags,
}

/// The campaign's tags a promotion page carries on every call (the channel
/// link's), counted in the funnel: at most 128 characters each.
#[derive(Deserialize, IntoParams, Default, Clone)]
#[into_params(parameter_in = Query)]
pub struct CampaignTags {
    #[serde(default)]
    #[param(max_length = 128)]
    pub user_from: String,
    #[serde(default)]
    #[param(max_length = 128)]
    pub app_from: String,
    #[serde(default)]
    #[param(max_length = 128)]
    pub utm_tag: String,
    #[serde(default)]
    #[param(max_length = 128)]
    pub links_id: String,
    #[serde(default)]
    #[param(max_length = 128)]
    pub down_id: String,
}

fn funnel_event(params: &FunnelParams, step: FunnelStep, state: &AppState) -> ApiResult<FunnelEvent> {
    let CampaignTags { user_from, app_from, utm_tag, links_id, down_id } = &params.tags;
    let tags = [user_from, app_from, utm_tag, links_id, down_id];
    if tags.iter().any(|tag| tag.chars().count() > MAX_TAG_CHARS)
        || !matches!(params.client_type.as_str(), "" | "ios" | "android")
    {
        return Err(ApiError::InvalidParameters);
    }
    Ok(FunnelEvent {
        step,
        template_id: params.page_id,
        client_type: params.client_type.clone(),
        user_from: user_from.clone(),
        app_from: app_from.clone(),
        utm_tag: utm_tag.clone(),
        links_id: links_id.clone(),
        down_id: down_id.clone(),
        invite_code: String::new(),
        borrower_id: None,
        at: state.now(),
    })
}

/// Counts a visit of the landing page.
#[utoipa::path(get, path = "/v2/youmi/promotion/track-visit", tag = "promotion",
    params(FunnelParams, CampaignTags, ("page_type" = Option<String>, Query, description = "The landing page sends 1; not read")),
    responses((status = 200, body = Envelope<NoData>), (status = 400)))]
pub async fn track_visit(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<FunnelParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    state.store.record_funnel_event(&funnel_event(&params, FunnelStep::Visit, &state)?).await?;
    Ok(ok(lang, NoData))
}

/// Counts a tap on the register button.
#[utoipa::path(get, path = "/v2/youmi/promotion/track-click", tag = "promotion",
    params(FunnelParams, CampaignTags,
        ("page_type" = Option<String>, Query, description = "The landing page sends 1; not read"),
        ("phone" = Option<String>, Query, description = "The number typed so far; not read")),
    responses((status = 200, body = Envelope<NoData>), (status = 400)))]
pub async fn track_click(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<FunnelParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    state.store.record_funnel_event(&funnel_event(&params, FunnelStep::Click, &state)?).await?;
    Ok(ok(lang, NoData))
}

#[derive(Serialize, ToSchema)]
pub struct Sid {
    /// Names this visitor's captcha; send it with every later call.
    pub sid: String,
}

fn random_bytes<const N: usize>() -> ApiResult<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(bytes)
}

fn sid_digest(sid: &str) -> [u8; 32] {
    Sha256::digest(sid.as_bytes()).into()
}

fn answer_digest(sid: &[u8; 32], answer: &CaptchaAnswer) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(sid);
    hasher.update(answer.expose().as_bytes());
    hasher.finalize().into()
}

/// The digest of an answer that is not four digits; no drawn answer has it
/// (a drawn answer is hashed as four digits, and the marker byte sets this
/// input apart from any of those).
fn malformed_digest(sid: &[u8; 32], typed: &str) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(sid);
    hasher.update([0xff]);
    hasher.update(typed.as_bytes());
    hasher.finalize().into()
}

/// Starts a captcha: answers code "0" with a new sid.
#[utoipa::path(get, path = "/v2/youmi/promotion/get-sid", tag = "promotion",
    responses((status = 200, body = Envelope<Sid>)))]
pub async fn get_sid(State(state): State<AppState>, lang: Lang) -> ApiResult<Json<Envelope<Sid>>> {
    let sid = hiram_domain::hex::encode(&random_bytes::<16>()?);
    let now = state.now();
    state.store.create_captcha(&sid_digest(&sid), now, now + CAPTCHA_LIFETIME).await?;
    Ok(coded(CODE_OK, Msg::Success, lang, Sid { sid }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CaptchaParams {
    pub sid: String,
}

/// Draws a new answer for the sid (replacing the one before, picture or
/// sound) and the random bytes its rendering varies with; unknown, expired
/// or closed sids are not found.
async fn draw_answer(state: &AppState, sid: &str) -> ApiResult<(CaptchaAnswer, [u8; 64])> {
    let sid = sid_digest(sid);
    let randomness = random_bytes::<64>()?;
    let answer = CaptchaAnswer::from_random(u32::from_le_bytes([
        randomness[60],
        randomness[61],
        randomness[62],
        randomness[63],
    ]));
    if !state.store.set_captcha_answer(&sid, &answer_digest(&sid, &answer), state.now()).await? {
        return Err(ApiError::NotFound);
    }
    Ok((answer, randomness))
}

/// A drawn captcha as a reply: its bytes, their type, never cached.
fn captcha_reply(bytes: Vec<u8>, content_type: &'static str) -> Response {
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A new captcha image for the sid (a PNG); each load draws a new answer.
#[utoipa::path(get, path = "/v2/youmi/promotion/get-captcha", tag = "promotion", params(CaptchaParams),
    responses((status = 200, content_type = "image/png", description = "The captcha image"), (status = 404)))]
pub async fn get_captcha(State(state): State<AppState>, Params(params): Params<CaptchaParams>) -> ApiResult<Response> {
    let (answer, randomness) = draw_answer(&state, &params.sid).await?;
    let png =
        captcha_image::render(answer.expose(), &randomness).map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(captcha_reply(png, "image/png"))
}

/// The captcha as sound for the sid (a WAV), for visitors who cannot see the
/// picture: each digit d is d short beeps, 0 one long low tone. Each load
/// draws a new answer, which replaces the picture's.
#[utoipa::path(get, path = "/v2/youmi/promotion/get-captcha-audio", tag = "promotion", params(CaptchaParams),
    responses((status = 200, content_type = "audio/wav", description = "The captcha as tones"), (status = 404)))]
pub async fn get_captcha_audio(
    State(state): State<AppState>,
    Params(params): Params<CaptchaParams>,
) -> ApiResult<Response> {
    let (answer, randomness) = draw_answer(&state, &params.sid).await?;
    Ok(captcha_reply(captcha_audio::render(answer.expose(), &randomness), "audio/wav"))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GetSmsParams {
    pub phone: String,
    /// The captcha answer; anything but the picture's four digits (also
    /// nothing) answers "101".
    #[serde(default)]
    pub capcode: String,
    pub sid: String,
    /// The template id of the page, for the funnel.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub id: Option<i64>,
    #[serde(flatten)]
    #[param(ignore)]
    pub tags: CampaignTags,
}

/// Sends the registration code once the captcha is right: "0" sent, "101"
/// wrong (whatever its shape), missing or used captcha (draw a new image).
#[utoipa::path(post, path = "/v2/youmi/promotion/get-sms", tag = "promotion",
    params(GetSmsParams, CampaignTags,
        ("deviceId" = Option<String>, Query, description = "The page sends its sid here; not read"),
        ("appName" = Option<String>, Query, description = "The page sends its template's app name; not read")),
    responses((status = 200, body = Envelope<NoData>), (status = 400),
        (status = 429, body = Envelope<RetryLater>, description = "Too often; `data.retryAfterSeconds` (and `Retry-After`) says how long to wait")))]
pub async fn get_sms(
    State(state): State<AppState>,
    ClientAddress(address): ClientAddress,
    lang: Lang,
    Params(params): Params<GetSmsParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let phone = parse_phone(&params.phone)?;
    let event = funnel_event(
        &FunnelParams { page_id: params.id, client_type: String::new(), tags: params.tags.clone() },
        FunnelStep::CodeSent,
        &state,
    )?;
    let sid = sid_digest(&params.sid);
    // An answer of any other shape than four digits is as wrong as a wrong
    // one (§8: "101", draw a new picture): it is checked all the same, with
    // a digest no drawn answer has, so the picture's answer is spent too.
    let (digest, wrong) = match CaptchaAnswer::parse(&params.capcode) {
        Some(answer) => (answer_digest(&sid, &answer), Msg::CaptchaWrong),
        None if params.capcode.trim().is_empty() => (malformed_digest(&sid, ""), Msg::CaptchaMissing),
        None => (malformed_digest(&sid, &params.capcode), Msg::CaptchaWrong),
    };
    match state.store.check_captcha(&sid, &digest, &phone, state.now()).await? {
        CaptchaCheck::Passed => {}
        CaptchaCheck::Wrong | CaptchaCheck::Refused => {
            return Ok(coded(CODE_WRONG_CAPTCHA_SMS, wrong, lang, NoData));
        }
    }
    issue_code(&state, &phone, CodePurpose::Register, Delivery::Sms, &address.to_string(), lang).await?;
    state.store.record_funnel_event(&event).await?;
    Ok(coded(CODE_OK, Msg::CodeSent, lang, NoData))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RegisterParams {
    pub phone: String,
    pub sid: String,
    #[serde(rename = "smsCode")]
    pub sms_code: String,
    /// The template id of the page.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub id: Option<i64>,
    #[serde(default)]
    pub invite_code: String,
    #[serde(flatten)]
    #[param(ignore)]
    pub tags: CampaignTags,
}

/// Registers the number: "0" registered, "11" already registered, "-1" the
/// captcha was not passed for this number (draw a new image). A new
/// borrower, who has just proved the number with the SMS code, is signed in
/// too (the pages' HttpOnly session cookie, as `web-session` sets it): the
/// page's "Continue in the browser" goes on signed in, with no second code
/// (issue 33).
#[utoipa::path(post, path = "/v2/youmi/promotion/register", tag = "promotion",
    params(RegisterParams, CampaignTags,
        ("capcode" = Option<String>, Query, description = "The captcha answer again; not read (get-sms checked it for this sid and number)"),
        ("deviceId" = Option<String>, Query, description = "The page sends its sid here; not read"),
        ("appName" = Option<String>, Query, description = "The page sends its template's app name; not read"),
        ("merchantNumber" = Option<i64>, Query, description = "The page sends 0; not read"),
        ("userName" = Option<String>, Query, description = "The page sends the phone number again; not read")),
    responses((status = 200, body = Envelope<NoData>, description = "On \"0\", sets the HttpOnly session cookie"), (status = 400)))]
pub async fn register(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<RegisterParams>,
) -> ApiResult<Response> {
    let phone = parse_phone(&params.phone)?;
    let sid = sid_digest(&params.sid);
    let now = state.now();
    if params.invite_code.chars().count() > MAX_TAG_CHARS {
        return Err(ApiError::InvalidParameters);
    }
    let mut event = funnel_event(
        &FunnelParams { page_id: params.id, client_type: String::new(), tags: params.tags.clone() },
        FunnelStep::Register,
        &state,
    )?;
    if !state.store.captcha_passed_for(&sid, &phone, now).await? {
        return Ok(coded(CODE_WRONG_CAPTCHA_REGISTER, Msg::CaptchaWrong, lang, NoData).into_response());
    }
    verify_code(&state, &phone, CodePurpose::Register, &params.sms_code).await?;
    state.store.close_captcha(&sid, now).await?;
    if state.store.borrower_by_phone(&phone).await?.is_some() {
        return Ok(coded(CODE_ALREADY_REGISTERED, Msg::AlreadyRegistered, lang, NoData).into_response());
    }
    let borrower = state.store.ensure_borrower(&phone, None, now).await?;
    event.borrower_id = Some(borrower.id);
    event.invite_code = params.invite_code;
    state.store.record_funnel_event(&event).await?;
    let token = crate::session::start(&state, borrower.id).await?;
    let mut response = coded(CODE_OK, Msg::Registered, lang, NoData).into_response();
    response.headers_mut().insert(header::SET_COOKIE, crate::session::cookie(&state, &token));
    Ok(response)
}

/// The answer of the image last drawn for `sid`, recovered from its digest
/// by trying all 10 000 answers: the test hook behind `hiram captcha-answer`,
/// which needs the database, so it is no wider a door than the database.
pub async fn captcha_answer(state: &AppState, sid: &str) -> ApiResult<Option<String>> {
    let sid = sid_digest(sid);
    let Some(stored) = state.store.captcha_answer_digest(&sid).await? else { return Ok(None) };
    Ok((0..10_000u32)
        .map(CaptchaAnswer::from_random)
        .find(|answer| answer_digest(&sid, answer) == stored)
        .map(|answer| answer.expose().to_owned()))
}
