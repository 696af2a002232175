//! Customer care's side of complaints: the inbox by lateness against the
//! 3-working-day promise, answers with text and pictures (the "Process
//! Result" the borrower reads, announced by SMS with the complaint's
//! number), closing, and the ratings borrowers gave each agent. A
//! complaint whose borrower rated the answer low and asked for a call back
//! is open again, due by the call back's own promise, for a supervisor to
//! call and then close (decision 091).

use super::Staff;
use super::listing::{Listing, page_request};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::IdempotencyHeader;
use crate::services::complaint_types::{sub_type_title, type_title};
use crate::services::images::{self, HARD_BODY_LIMIT};
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use hiram_domain::complaint::{Complaint, ComplaintStatus, is_late, parse_reference};
use hiram_domain::fields::InvalidField;
use hiram_domain::files::ImagePurpose;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(inbox))
        .routes(routes!(answer))
        .routes(routes!(close))
        .routes(routes!(upload_image).layer(DefaultBodyLimit::max(HARD_BODY_LIMIT)))
        .routes(routes!(ratings))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct InboxParams {
    /// `open` (the default), `answered`, `closed` or `all`.
    #[param(pattern = "^(open|answered|closed|all)$")]
    pub status: Option<String>,
    /// From 1 (the default).
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
    /// 1–100, default 25.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
    /// A complaint number as the borrower reads it out (`HC-0001234`, any
    /// case, spaces or dashes): that complaint alone, whatever its status;
    /// none when the number does not check.
    #[param(max_length = 40)]
    pub reference: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxEntry {
    pub id: i64,
    /// The complaint's number as the borrower has it (`HC-0001234`).
    pub reference: String,
    pub borrower_id: i64,
    /// The last four digits only, `•••• ••• 4567` (decision 087); the whole
    /// number is the Borrowers reveal's, with a reason, audited.
    pub phone: String,
    pub order_no: String,
    pub problem_type: String,
    pub sub_type: String,
    pub detail: String,
    /// URLs of the borrower's pictures, under the caller's own API base.
    pub images: Vec<String>,
    /// URLs of the pictures of the answer.
    pub answer_images: Vec<String>,
    /// The Manila date by whose end the answer is due (the call back's,
    /// once asked for).
    pub due_date: String,
    pub status: String,
    pub filed_at: String,
    /// When the answer now owed is due: the call back's, once asked for.
    pub due_at: String,
    /// Working days left before the answer is due; negative when late.
    pub working_days_left: i64,
    pub late: bool,
    pub assignee: String,
    pub answer: String,
    pub score: Option<i64>,
    /// When the borrower, after rating the answer 1 or 2 stars, asked to be
    /// called back (the complaint is open again for a supervisor); absent
    /// otherwise.
    pub callback_requested_at: Option<String>,
}

/// Complaints by the time their answer is due, the most urgent first, a
/// page at a time; or the one a complaint number names.
#[utoipa::path(get, path = "/complaints", operation_id = "staff_complaint_inbox", tag = "staff", params(InboxParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<InboxEntry>>), (status = 400), (status = 401), (status = 403)))]
pub async fn inbox(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<InboxParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<InboxEntry>>>> {
    staff.require(Permission::ViewComplaints)?;
    let Params(params) = params?;
    let status = match params.status.as_deref().unwrap_or("open") {
        "all" => None,
        key => Some(ComplaintStatus::parse(key).ok_or(ApiError::InvalidParameters)?),
    };
    let paging = page_request(params.page, params.page_size)?;
    let calendar = state.care_calendar();
    let now = state.now();
    let base = match staff.caller {
        crate::staff_access::Caller::Member(_) => "/api/console",
        crate::staff_access::Caller::Token(_) => "/api/staff",
    };
    // Longer than any number can be written: refused as the document says.
    if params.reference.as_ref().is_some_and(|text| text.chars().count() > 40) {
        return Err(super::refused_with(Msg::FieldInvalid, "reference"));
    }
    let page = match params.reference.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        Some(text) => {
            let found = match parse_reference(text) {
                Some(id) => state.store.complaint(id).await?,
                None => None,
            };
            hiram_domain::back_office::Page { total: i64::from(found.is_some()), rows: found.into_iter().collect() }
        }
        None => state.store.complaints(status, paging).await?,
    };
    let mut entries = Vec::new();
    for complaint in page.rows {
        let phone = state.store.borrower(complaint.borrower_id).await?.map(|borrower| borrower.phone.last_four_only());
        let due_at = complaint.current_due();
        entries.push(InboxEntry {
            id: complaint.id,
            reference: complaint.reference(),
            borrower_id: complaint.borrower_id.0,
            phone: phone.unwrap_or_default(),
            order_no: complaint.order_no.clone(),
            problem_type: type_title(complaint.problem_type, lang).to_owned(),
            sub_type: complaint.sub_type.map(|value| sub_type_title(value, lang).to_owned()).unwrap_or_default(),
            detail: complaint.detail.clone(),
            images: complaint.images.iter().map(|name| format!("{base}/uploads/{name}")).collect(),
            answer_images: complaint.answer_images.iter().map(|name| format!("{base}/uploads/{name}")).collect(),
            due_date: hiram_domain::clock::manila_date(due_at - time::Duration::seconds(1)).to_string(),
            status: complaint.status.key().to_owned(),
            filed_at: crate::views::timestamp(complaint.filed_at),
            due_at: crate::views::timestamp(due_at),
            working_days_left: calendar.working_days_left(now, due_at),
            late: is_late(complaint.status, due_at, now),
            assignee: complaint.assignee.clone(),
            answer: complaint.answer.clone(),
            score: complaint.score,
            callback_requested_at: complaint.callback_requested_at.map(crate::views::timestamp),
        });
    }
    Ok(ok(lang, Listing::new(paging, entries, page.total)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnswerParams {
    pub id: i64,
    /// Who answers, for a caller with the API token; a console user answers
    /// under their own name.
    #[serde(default)]
    pub agent: String,
    pub answer: String,
    /// Names from `upload-image`, joined by commas, or empty.
    #[serde(default)]
    pub images: String,
}

async fn complaint(state: &AppState, id: i64) -> ApiResult<Complaint> {
    state.store.complaint(id).await?.ok_or(ApiError::NotFound)
}

/// Answers an open complaint and texts the borrower that it was answered,
/// naming it by its number. A complaint reopened for a call back keeps the
/// answer its borrower rated (409): the supervisor calls, then closes it.
#[utoipa::path(post, path = "/complaints/answer", operation_id = "staff_complaint_answer", tag = "staff", params(AnswerParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn answer(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<AnswerParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::AnswerComplaints)?;
    let Params(params) = params?;
    let agent = match staff.caller {
        crate::staff_access::Caller::Member(_) => staff.display_name(),
        crate::staff_access::Caller::Token(_) => params.agent.trim().to_owned(),
    };
    let (agent, text) = (agent.as_str(), params.answer.trim());
    if agent.is_empty() || agent.chars().count() > 60 {
        return Err(super::refused(InvalidField("agent")));
    }
    if text.is_empty() || text.chars().count() > 2_000 {
        return Err(super::refused(InvalidField("answer")));
    }
    let action = staff.act(&state).await?;
    let complaint = complaint(&action.state, params.id).await?;
    let mut images = Vec::new();
    for name in params.images.split(',').map(str::trim).filter(|name| !name.is_empty()) {
        match images::stored(&action.state, name).await? {
            Some(record)
                if record.owner == complaint.borrower_id && record.purpose == ImagePurpose::ComplaintAnswer =>
            {
                images.push(record.name);
            }
            _ => return Err(ApiError::InvalidParameters),
        }
    }
    if images.len() > hiram_domain::complaint::MAX_IMAGES {
        return Err(ApiError::InvalidParameters);
    }
    action
        .state
        .store
        .answer_complaint(complaint.id, agent, text, &images, action.state.now())
        .await
        .map_err(super::moved_on)?;
    staff
        .audit(
            &action,
            "complaint.answer",
            &format!("complaint:{}", complaint.id),
            serde_json::json!({ "status": complaint.status.key() }),
            serde_json::json!({ "status": "answered", "agent": agent, "answer": text, "images": images }),
        )
        .await?;
    action.commit().await?;
    tracing::info!(complaint.id = complaint.id, "complaint answered");
    if let Some(borrower) = state.store.borrower(complaint.borrower_id).await? {
        let body = Msg::ComplaintAnsweredSms.text(Lang::of(borrower.language)).replace("{n}", &complaint.reference());
        crate::adapters::sms::notify(&state, &borrower.phone, body).await;
    }
    Ok(ok(lang, NoData))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CloseParams {
    pub id: i64,
}

/// Closes a complaint (answered, or withdrawn by the borrower by phone).
#[utoipa::path(post, path = "/complaints/close", operation_id = "staff_complaint_close", tag = "staff", params(CloseParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn close(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<CloseParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::AnswerComplaints)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let complaint = complaint(&action.state, params.id).await?;
    action.state.store.close_complaint(complaint.id, action.state.now()).await.map_err(super::moved_on)?;
    staff
        .audit(
            &action,
            "complaint.close",
            &format!("complaint:{}", complaint.id),
            serde_json::json!({ "status": complaint.status.key() }),
            serde_json::json!({ "status": "closed" }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UploadParams {
    /// The complaint the picture answers: the picture is its borrower's to see.
    pub complaint_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct StaffPicture {
    /// The name to put in `answer`'s `images`.
    pub name: String,
}

/// A picture for an answer (multipart field `image`), kept for the
/// complaint's borrower.
#[utoipa::path(post, path = "/complaints/upload-image", operation_id = "staff_complaint_upload_image", tag = "staff", params(UploadParams),
    request_body(content = images::ImageForm, content_type = "multipart/form-data"), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<StaffPicture>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn upload_image(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<axum::extract::Query<UploadParams>, axum::extract::rejection::QueryRejection>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Envelope<StaffPicture>>> {
    staff.require(Permission::AnswerComplaints)?;
    let axum::extract::Query(params) = params.map_err(|_| ApiError::InvalidParameters)?;
    let complaint = complaint(&state, params.complaint_id).await?;
    let record =
        // Staff pictures take no key: the borrower's keys are the
        // borrower's own (decision 037).
        images::accept_image(
            &state,
            complaint.borrower_id,
            ImagePurpose::ComplaintAnswer,
            form,
            "image",
            &IdempotencyHeader::default(),
        )
        .await?;
    Ok(ok(lang, StaffPicture { name: record.name }))
}

#[derive(Serialize, ToSchema)]
pub struct AgentRating {
    pub agent: String,
    pub ratings: i64,
    /// Mean stars, two decimals.
    pub average: f64,
}

/// Borrowers' ratings of the answers, per agent.
#[utoipa::path(get, path = "/complaints/ratings", operation_id = "staff_complaint_ratings", tag = "staff", security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<AgentRating>>), (status = 401), (status = 403)))]
pub async fn ratings(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<AgentRating>>>> {
    staff.require(Permission::ViewComplaints)?;
    let rows = state
        .store
        .complaint_ratings()
        .await?
        .into_iter()
        .map(|scores| AgentRating {
            average: (scores.stars as f64 / scores.ratings as f64 * 100.0).round() / 100.0,
            agent: scores.agent,
            ratings: scores.ratings,
        })
        .collect();
    Ok(ok(lang, rows))
}
