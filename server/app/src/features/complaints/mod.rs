//! Complaints (spec §2 complaint home, form, list, detail; §3; §4; §5; §7
//! `/user-problem/*`; §9): a borrower files a complaint about one of their
//! loans with up to nine pictures, follows it, reads customer care's answer
//! and rates it once. Each complaint is due for an answer within 3 working
//! days (`hiram_domain::complaint::CareCalendar`); customer care answers
//! through the staff API. Every reply names the complaint by its number
//! (`complaint::reference`); a low rating is met with the next step, a call
//! back and the regulator's channel, not thanks (decision 091).

use crate::error::{ApiError, ApiResult, Envelope, RetryLater, ok, ok_saying};
use crate::extract::{Currency, CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, refuse_reused_key};
use crate::services::images::{self, UploadedImage};
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::complaint::{
    COLLECTION_SUB_TYPES, COLLECTION_TYPE, Complaint, ComplaintProblem, ComplaintStatus, NewComplaint, TYPES,
    agent_shown, check_form, is_low_score,
};
use hiram_domain::files::ImagePurpose;
use hiram_domain::idempotency::KeyOwner;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::{Order, OrderStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

use crate::services::complaint_types::{sub_type_title, type_title};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(init))
        .routes(routes!(upload_image).layer(DefaultBodyLimit::max(images::HARD_BODY_LIMIT)))
        .routes(routes!(save))
        .routes(routes!(list))
        .routes(routes!(detail))
        .routes(routes!(save_score))
        .routes(routes!(request_callback))
        .routes(routes!(whatsapp))
}

#[derive(Serialize, ToSchema)]
pub struct Choice {
    pub title: String,
    pub value: i64,
}

/// A line of an order's card in the complaint form: §3's title/value rows.
#[derive(Serialize, ToSchema)]
pub struct TitledRow {
    pub title: String,
    /// Empty when not known yet; pages hide such rows.
    pub value: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComplaintOrder {
    pub order_no: String,
    /// The order's id, for choosing it again.
    pub order_id: i64,
    pub product_logo: String,
    pub product_name: String,
    pub status: i64,
    /// 1 when a collection complaint (type 1) may be filed about it: the loan
    /// was sent and has been in repayment.
    pub is_show: i64,
    pub list: Vec<TitledRow>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComplaintInit {
    pub problem_type: Vec<Choice>,
    /// The collection type's sub-types (shown only for type 1).
    pub problem_son_type: Vec<Choice>,
    /// The order chosen (`orderId`), else the newest; absent without orders.
    pub order_detail: Option<ComplaintOrder>,
    pub order_list: Vec<ComplaintOrder>,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct InitParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub order_id: Option<i64>,
}

fn collection_allowed(order: &Order) -> bool {
    matches!(order.status, OrderStatus::RepaymentOpen | OrderStatus::Overdue | OrderStatus::Repaid)
}

async fn complaint_order(
    state: &AppState,
    order: &Order,
    lang: Lang,
    symbol: CurrencySymbol,
) -> ApiResult<ComplaintOrder> {
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    let (status_title, _) = crate::views::status_texts(order.status);
    let row = |title: Msg, value: String| TitledRow { title: title.text(lang).to_owned(), value };
    Ok(ComplaintOrder {
        order_no: order.order_no.clone(),
        order_id: order.id.0,
        product_logo: product.logo_url.clone(),
        product_name: product.name.clone(),
        status: order.status.code(),
        is_show: i64::from(collection_allowed(order)),
        list: vec![
            row(Msg::RowLoanAmount, format_amount(order.principal, symbol)),
            row(Msg::RowOrderNumber, order.order_no.clone()),
            TitledRow { title: String::new(), value: status_title.text(lang).to_owned() },
        ],
    })
}

/// The question types and the borrower's orders to complain about.
#[utoipa::path(post, path = "/user-problem/problem-init", operation_id = "complaint_init", tag = "complaints", params(InitParams),
    responses((status = 200, body = Envelope<ComplaintInit>), (status = 401)), security(("borrower_session" = [])))]
pub async fn init(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    Currency(symbol): Currency,
    lang: Lang,
    Params(params): Params<InitParams>,
) -> ApiResult<Json<Envelope<ComplaintInit>>> {
    let orders = state.store.orders_of(borrower).await?;
    let mut order_list = Vec::with_capacity(orders.len());
    for order in &orders {
        order_list.push(complaint_order(&state, order, lang, symbol).await?);
    }
    let chosen = match params.order_id {
        Some(id) => orders.iter().position(|order| order.id.0 == id),
        None => (!orders.is_empty()).then_some(0),
    };
    let order_detail = match chosen {
        Some(index) => Some(complaint_order(&state, &orders[index], lang, symbol).await?),
        None => None,
    };
    Ok(ok(
        lang,
        ComplaintInit {
            problem_type: TYPES
                .iter()
                .map(|&value| Choice { title: type_title(value, lang).to_owned(), value })
                .collect(),
            problem_son_type: COLLECTION_SUB_TYPES
                .iter()
                .map(|&value| Choice { title: sub_type_title(value, lang).to_owned(), value })
                .collect(),
            order_detail,
            order_list,
        },
    ))
}

/// A picture for a complaint (field `problemImage`); `data.url` goes in
/// the complaint's `problemImage` list.
#[utoipa::path(post, path = "/user-problem/upload-problem-img", operation_id = "complaint_upload_image", tag = "complaints",
    request_body(content = images::ProblemImageForm, content_type = "multipart/form-data"), params(IdempotencyHeader),
    responses((status = 200, body = Envelope<UploadedImage>), (status = 400), (status = 401),
        (status = 409, description = "The `Idempotency-Key` was used for a different picture; nothing was stored"),
        (status = 429, body = Envelope<RetryLater>, description = "Too often; `data.retryAfterSeconds` (and `Retry-After`) says how long to wait")), security(("borrower_session" = [])))]
pub async fn upload_image(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    idempotency: IdempotencyHeader,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Envelope<UploadedImage>>> {
    let record =
        images::accept_image(&state, borrower, ImagePurpose::Complaint, form, "problemImage", &idempotency).await?;
    Ok(ok(lang, UploadedImage::of(&record)))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaveParams {
    pub problem_type: i64,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub problem_son_type: Option<i64>,
    #[serde(default)]
    pub problem_detail: String,
    /// Picture URLs from `upload-problem-img`, joined by commas, or empty.
    #[serde(default)]
    pub problem_image: String,
    /// The order complained about (from `problem-init`), or empty.
    #[serde(default)]
    pub order_no: String,
}

/// The server names of the borrower's own complaint pictures, from the URLs
/// the page sends; any other picture is refused.
async fn own_pictures(state: &AppState, borrower: BorrowerId, joined: &str) -> ApiResult<Vec<String>> {
    let mut names = Vec::new();
    for url in joined.split(',').map(str::trim).filter(|url| !url.is_empty()) {
        let name = url.rsplit('/').next().unwrap_or("").split('?').next().unwrap_or("");
        let record = images::stored(state, name).await?;
        match record {
            Some(record) if record.owner == borrower && record.purpose == ImagePurpose::Complaint => {
                if !names.contains(&record.name) {
                    names.push(record.name);
                }
            }
            _ => return Err(ApiError::rejected(Msg::ComplaintImageUnknown)),
        }
    }
    Ok(names)
}

/// A complaint as filed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComplaintFiled {
    pub problem_id: i64,
    /// The complaint's number (`HC-0001234`), for the borrower to keep.
    pub reference: String,
    /// The Manila date, `YYYY-MM-DD`, by whose end customer care answers.
    pub due_date: String,
}

/// The words for a complaint of this type, just filed: a report about a
/// collector is not met like a question about the app.
fn filed_words(problem_type: i64) -> Msg {
    match problem_type {
        COLLECTION_TYPE => Msg::ComplaintSentCollection,
        2 => Msg::ComplaintSentPayments,
        3 => Msg::ComplaintSentCharges,
        4 => Msg::ComplaintSentPayout,
        5 => Msg::ComplaintSentAccount,
        _ => Msg::ComplaintSentOther,
    }
}

/// The Manila date by whose end `due_at` falls (due times are the end of a day).
fn due_day(due_at: time::OffsetDateTime) -> time::Date {
    hiram_domain::clock::manila_date(due_at - time::Duration::seconds(1))
}

/// Files a complaint. Nothing is stored unless every rule of §5 holds. A
/// complaint retried under its `Idempotency-Key` is filed once. The message
/// suits the complaint's type and gives its number and the day it is
/// answered by.
#[utoipa::path(post, path = "/user-problem/problem-save", operation_id = "complaint_save", tag = "complaints",
    params(SaveParams, IdempotencyHeader),
    responses((status = 200, body = Envelope<ComplaintFiled>), (status = 400), (status = 401), (status = 404),
        (status = 409, description = "The `Idempotency-Key` was used for a different request; nothing was stored")),
    security(("borrower_session" = [])))]
pub async fn save(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    idempotency: IdempotencyHeader,
    Params(params): Params<SaveParams>,
) -> ApiResult<Json<Envelope<ComplaintFiled>>> {
    let images = own_pictures(&state, borrower, &params.problem_image).await?;
    let form = check_form(params.problem_type, params.problem_son_type, &params.problem_detail, images.len()).map_err(
        |problem| match problem {
            ComplaintProblem::Type => ApiError::rejected(Msg::ComplaintTypeInvalid),
            ComplaintProblem::SubType => ApiError::rejected(Msg::ComplaintSubTypeNeeded),
            ComplaintProblem::EmptyDetail => ApiError::rejected(Msg::ComplaintDetailEmpty),
            ComplaintProblem::TooManyImages => ApiError::rejected(Msg::ComplaintTooManyImages),
        },
    )?;
    let order = match params.order_no.trim() {
        "" => None,
        order_no => Some(
            state
                .store
                .orders_of(borrower)
                .await?
                .into_iter()
                .find(|order| order.order_no == order_no)
                .ok_or(ApiError::NotFound)?,
        ),
    };
    if form.problem_type == COLLECTION_TYPE && !order.as_ref().is_some_and(collection_allowed) {
        return Err(ApiError::rejected(Msg::ComplaintCollectionNeedsLoan));
    }
    let now = state.now();
    let complaint = NewComplaint {
        borrower_id: borrower,
        order_id: order.as_ref().map(|order| order.id),
        order_no: order.map(|order| order.order_no).unwrap_or_default(),
        form,
        images,
        filed_at: now,
        due_at: state.care_calendar().due_at(now),
    };
    let problem_type = complaint.form.problem_type.to_string();
    let sub_type = complaint.form.sub_type.map(|sub_type| sub_type.to_string()).unwrap_or_default();
    let images = complaint.images.join(",");
    let asked = [problem_type.as_str(), &sub_type, &complaint.form.detail, &images, &complaint.order_no];
    let request = idempotency.keyed(KeyOwner::Borrower(borrower), "complaint_save", &asked);
    let id = state.store.file_complaint(&complaint, request.as_ref()).await.map_err(refuse_reused_key)?;
    tracing::info!(complaint.id = id, "complaint filed");
    // Read back, so a retry under its key answers the first filing's day.
    let filed = state.store.complaint(id).await?.ok_or(ApiError::NotFound)?;
    let reference = filed.reference();
    let due = due_day(filed.due_at);
    let promise = crate::i18n::with_detail(
        Msg::ComplaintSentPromise.text(lang),
        &state.settings.care.reply_working_days.to_string(),
    )
    .replace("{ref}", &reference)
    .replace("{date}", &crate::i18n::day(due, lang));
    let message = format!("{} {promise}", filed_words(filed.problem_type).text(lang));
    Ok(ok_saying(message, ComplaintFiled { problem_id: filed.id, reference, due_date: due.to_string() }))
}

#[derive(Serialize, ToSchema)]
pub struct ListEntry {
    pub id: i64,
    /// The complaint's number (`HC-0001234`).
    pub reference: String,
    /// Filing time, Manila, `YYYY-MM-DD HH:MM`.
    pub time: String,
    /// The question type's title.
    #[serde(rename = "type")]
    pub problem_type: String,
    pub content: String,
}

#[derive(Serialize, ToSchema)]
pub struct ListTab {
    pub title: String,
    pub list: Vec<ListEntry>,
}

#[derive(Serialize, ToSchema)]
pub struct ComplaintList {
    pub tabs: Vec<ListTab>,
}

fn manila_time(at: time::OffsetDateTime) -> String {
    let local = at.to_offset(hiram_domain::clock::MANILA);
    format!("{} {:02}:{:02}", local.date(), local.hour(), local.minute())
}

/// The borrower's complaints, newest first: all, being processed, replied.
#[utoipa::path(post, path = "/user-problem/problem-list", operation_id = "complaint_list", tag = "complaints",
    responses((status = 200, body = Envelope<ComplaintList>), (status = 401)), security(("borrower_session" = [])))]
pub async fn list(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<ComplaintList>>> {
    let complaints = state.store.complaints_of(borrower).await?;
    let entries = |keep: &dyn Fn(&Complaint) -> bool| {
        complaints
            .iter()
            .filter(|complaint| keep(complaint))
            .map(|complaint| ListEntry {
                id: complaint.id,
                reference: complaint.reference(),
                time: manila_time(complaint.filed_at),
                problem_type: type_title(complaint.problem_type, lang).to_owned(),
                content: complaint.detail.clone(),
            })
            .collect()
    };
    let tabs = vec![
        ListTab { title: Msg::TabAll.text(lang).to_owned(), list: entries(&|_| true) },
        ListTab {
            title: Msg::TabProcessing.text(lang).to_owned(),
            list: entries(&|complaint| complaint.status == ComplaintStatus::Open),
        },
        ListTab {
            title: Msg::TabReplied.text(lang).to_owned(),
            list: entries(&|complaint| complaint.status != ComplaintStatus::Open),
        },
    ];
    Ok(ok(lang, ComplaintList { tabs }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DetailParams {
    pub problem_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComplaintDetail {
    #[serde(rename = "type")]
    pub problem_type: String,
    pub son_type: String,
    pub problem_id: i64,
    /// The complaint's number (`HC-0001234`).
    pub reference: String,
    pub content: String,
    /// Picture URLs (`/pany/uploads/…`; add the `sessionId`).
    pub images: Vec<String>,
    /// Customer care's answer, empty until there is one.
    pub dispose_detail: String,
    pub dispose_images: Vec<String>,
    /// Who answered: the agent's first name and last initial; empty until answered.
    pub answered_by: String,
    /// The Manila date of the answer, `YYYY-MM-DD`; empty until answered.
    pub answered_on: String,
    /// 1: the answer may be rated now (once).
    pub is_need_score: i64,
    /// The borrower's rating of the answer, 1 to 5, once given.
    pub score: Option<i64>,
    /// 1: the answer was rated 1 or 2 stars and a call back may be asked
    /// for now (`request-callback`), once.
    pub can_request_callback: i64,
    /// The Manila date the borrower asked for a call back, `YYYY-MM-DD`, or empty.
    pub callback_requested_on: String,
    /// The Manila date by whose end the call back is due, or empty.
    pub callback_due_on: String,
    /// Where the borrower may take a complaint our answer did not settle
    /// (RA 11765: the SEC, for a lending company), in their language, as
    /// the operator configured it; empty unless rated 1 or 2 stars.
    pub regulator: String,
    /// The regulator's contact details as it publishes them, or empty.
    pub regulator_contact: String,
}

/// The regulator's channel and contact after a rating of `score` (both
/// empty unless it is low, or when the operator left the channel empty).
fn regulator_after(state: &AppState, score: Option<i64>, lang: Lang) -> (String, String) {
    if !score.is_some_and(is_low_score) {
        return (String::new(), String::new());
    }
    let care = &state.settings.care;
    let text = match lang {
        Lang::En => care.regulator_channel_en.trim(),
        Lang::Fil => care.regulator_channel_fil.trim(),
    };
    let contact = if text.is_empty() { "" } else { care.regulator_contact.trim() };
    (text.to_owned(), contact.to_owned())
}

fn manila_day(at: Option<time::OffsetDateTime>) -> String {
    at.map(|at| hiram_domain::clock::manila_date(at).to_string()).unwrap_or_default()
}

async fn own_complaint(state: &AppState, borrower: BorrowerId, id: i64) -> ApiResult<Complaint> {
    state.store.complaint(id).await?.filter(|complaint| complaint.borrower_id == borrower).ok_or(ApiError::NotFound)
}

fn picture_urls(names: &[String]) -> Vec<String> {
    names.iter().map(|name| format!("/pany/uploads/{name}")).collect()
}

/// One of the borrower's complaints with the answer; another borrower's is
/// answered exactly like a missing one.
#[utoipa::path(post, path = "/user-problem/problem-detail", operation_id = "complaint_detail", tag = "complaints", params(DetailParams),
    responses((status = 200, body = Envelope<ComplaintDetail>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn detail(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<DetailParams>,
) -> ApiResult<Json<Envelope<ComplaintDetail>>> {
    let complaint = own_complaint(&state, borrower, params.problem_id).await?;
    let (regulator, regulator_contact) = regulator_after(&state, complaint.score, lang);
    Ok(ok(
        lang,
        ComplaintDetail {
            problem_type: type_title(complaint.problem_type, lang).to_owned(),
            son_type: complaint.sub_type.map(|value| sub_type_title(value, lang).to_owned()).unwrap_or_default(),
            problem_id: complaint.id,
            reference: complaint.reference(),
            content: complaint.detail.clone(),
            images: picture_urls(&complaint.images),
            dispose_detail: complaint.answer.clone(),
            dispose_images: picture_urls(&complaint.answer_images),
            answered_by: agent_shown(&complaint.assignee),
            answered_on: manila_day(complaint.answered_at),
            is_need_score: i64::from(complaint.status == ComplaintStatus::Answered && complaint.score.is_none()),
            score: complaint.score,
            can_request_callback: i64::from(complaint.offers_callback()),
            callback_requested_on: manila_day(complaint.callback_requested_at),
            callback_due_on: complaint.callback_due_at.map(|due| due_day(due).to_string()).unwrap_or_default(),
            regulator,
            regulator_contact,
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScoreParams {
    /// 1 to 5 stars.
    #[param(minimum = 1, maximum = 5)]
    pub score: i64,
    pub problem_id: i64,
}

/// What follows a rating.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScoreSaved {
    /// 1 after 1 or 2 stars: offer a call back (`request-callback`) and the
    /// regulator's channel rather than thanks; 0 after 3 to 5.
    pub next_step: i64,
    /// The regulator's channel (as in `problem-detail`), after 1 or 2 stars.
    pub regulator: String,
    pub regulator_contact: String,
}

/// The borrower's rating of customer care's answer, once.
#[utoipa::path(post, path = "/user-problem/save-score", operation_id = "complaint_save_score", tag = "complaints", params(ScoreParams),
    responses((status = 200, body = Envelope<ScoreSaved>), (status = 400), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn save_score(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<ScoreParams>,
) -> ApiResult<Json<Envelope<ScoreSaved>>> {
    if !(1..=5).contains(&params.score) {
        return Err(ApiError::rejected(Msg::RatingInvalid));
    }
    let complaint = own_complaint(&state, borrower, params.problem_id).await?;
    match state.store.rate_complaint(complaint.id, borrower, params.score, state.now()).await {
        Ok(()) => {
            let (regulator, regulator_contact) = regulator_after(&state, Some(params.score), lang);
            Ok(ok(lang, ScoreSaved { next_step: i64::from(is_low_score(params.score)), regulator, regulator_contact }))
        }
        Err(hiram_domain::store::StoreError::Stale) => {
            Err(ApiError::Conflict { message: Msg::RatingNotOpen, data: serde_json::Value::Null })
        }
        Err(other) => Err(other.into()),
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CallbackParams {
    pub problem_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallbackRequested {
    /// The Manila date, `YYYY-MM-DD`, by whose end we call back.
    pub callback_due_on: String,
}

/// After rating the answer 1 or 2 stars, the borrower asks to be called
/// back: the complaint opens again for a supervisor, due by the same
/// working-day promise counted from now. Asking again answers as the first
/// time did; any other complaint is refused (400).
#[utoipa::path(post, path = "/user-problem/request-callback", operation_id = "complaint_request_callback", tag = "complaints", params(CallbackParams),
    responses((status = 200, body = Envelope<CallbackRequested>), (status = 400), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn request_callback(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<CallbackParams>,
) -> ApiResult<Json<Envelope<CallbackRequested>>> {
    let complaint = own_complaint(&state, borrower, params.problem_id).await?;
    let now = state.now();
    let due_at = match complaint.callback_due_at {
        // A second tap, or a retry: the call back already asked for.
        Some(due_at) => due_at,
        None if complaint.offers_callback() => {
            let due_at = state.care_calendar().due_at(now);
            match state.store.request_complaint_callback(complaint.id, borrower, now, due_at).await {
                Ok(()) => due_at,
                // Asked at the same moment from another tap: that one stands.
                Err(hiram_domain::store::StoreError::Stale) => own_complaint(&state, borrower, complaint.id)
                    .await?
                    .callback_due_at
                    .ok_or_else(|| ApiError::rejected(Msg::CallbackNotOffered))?,
                Err(other) => return Err(other.into()),
            }
        }
        None => return Err(ApiError::rejected(Msg::CallbackNotOffered)),
    };
    tracing::info!(complaint.id = complaint.id, "call back requested");
    let due = due_day(due_at);
    let message = Msg::CallbackRequested
        .text(lang)
        .replace("{date}", &crate::i18n::day(due, lang))
        .replace("{ref}", &complaint.reference());
    Ok(ok_saying(message, CallbackRequested { callback_due_on: due.to_string() }))
}

#[derive(Serialize, ToSchema)]
pub struct WhatsApp {
    /// The number as people write it.
    pub whatsapp: String,
    /// A `https://wa.me/…` link that opens the chat.
    pub url: String,
}

/// Customer care's WhatsApp.
#[utoipa::path(method(get, post), path = "/user-problem/get-whatsapp", operation_id = "complaint_whatsapp", tag = "complaints",
    responses((status = 200, body = Envelope<WhatsApp>)))]
pub async fn whatsapp(State(state): State<AppState>, lang: Lang) -> ApiResult<Json<Envelope<WhatsApp>>> {
    let number = crate::company::details(&state).await?.whatsapp.clone();
    // wa.me wants the international number without "+", however it is written.
    let digits = match hiram_domain::phone::Phone::parse(&number) {
        Ok(phone) => phone.e164().trim_start_matches('+').to_owned(),
        Err(_) => number.chars().filter(char::is_ascii_digit).collect(),
    };
    Ok(ok(lang, WhatsApp { url: format!("https://wa.me/{digits}"), whatsapp: number }))
}
