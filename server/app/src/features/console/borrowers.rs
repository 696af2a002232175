//! Borrowers for staff: search by mobile number or name, and a profile with
//! consents, orders and the KYC answers masked. Unmasking needs its own
//! permission and a reason, and every reveal is written to the audit log
//! (Data Privacy Act: access to personal data on a need-to-know basis,
//! and a record of who looked). A credit officer reviews the identity
//! photos: approved, or rejected with a reason the borrower reads and new
//! photos to take (decision 092).

use super::Staff;
use super::listing::{Listing, page_request};
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::back_office::{BorrowerSearch, OrderQuery, OrderSort, PageRequest};
use hiram_domain::borrower::{Borrower, BorrowerId};
use hiram_domain::kyc::identity_review::{IdentityOutcome, NewIdentityReview};
use hiram_domain::kyc::masked_answer;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// At least 3 digits of a mobile number, or 3 letters of a name; left
    /// out or empty, every borrower is listed.
    #[serde(default)]
    pub q: String,
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BorrowerRow {
    pub id: i64,
    pub name: String,
    /// Masked: `0917 *** 4567`.
    pub phone: String,
    pub registered_at: String,
}

fn row(borrower: Borrower) -> BorrowerRow {
    BorrowerRow {
        id: borrower.id.0,
        name: borrower.full_name.unwrap_or_default(),
        phone: borrower.phone.masked(),
        registered_at: crate::views::timestamp(borrower.created_at),
    }
}

/// Borrowers whose mobile number or name contains the search, newest first;
/// without a search, every borrower newest first, so the page opens on the
/// latest registrations.
#[utoipa::path(get, path = "/borrowers", operation_id = "staff_borrower_search", tag = "staff", params(SearchParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<BorrowerRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn search(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<SearchParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<BorrowerRow>>>> {
    staff.require(Permission::ViewBorrowers)?;
    let Params(params) = params?;
    let search = if params.q.trim().is_empty() {
        None
    } else {
        Some(BorrowerSearch::parse(&params.q).ok_or_else(|| ApiError::rejected(Msg::SearchTooShort))?)
    };
    let page = page_request(params.page, params.page_size)?;
    let found = state.store.find_borrowers(search.as_ref(), page).await?;
    Ok(ok(lang, Listing::of(found, page, row)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BorrowerIdParams {
    pub id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KycValue {
    /// `basic`, `personal`, `job` or `extra`.
    pub section: String,
    pub code: String,
    pub value: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentView {
    pub kind: String,
    pub granted: bool,
    pub at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BorrowerProfile {
    pub id: i64,
    pub name: String,
    pub phone: String,
    pub registered_at: String,
    /// Masked until revealed.
    pub kyc: Vec<KycValue>,
    pub consents: Vec<ConsentView>,
    pub orders: Vec<super::orders::OrderListRow>,
    /// The account payouts go to, masked.
    pub payout_account: Option<String>,
    /// The latest review of the identity photos; none yet when absent.
    pub identity_review: Option<IdentityReviewView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentityReviewView {
    /// `approved` or `rejected`.
    pub outcome: String,
    pub reason: String,
    /// The reviewer's name; empty for a staff API token.
    pub reviewer: String,
    pub at: String,
}

/// A borrower's profile with the KYC answers masked.
#[utoipa::path(get, path = "/borrowers/profile", operation_id = "staff_borrower_profile", tag = "staff", params(BorrowerIdParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<BorrowerProfile>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn profile(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<BorrowerIdParams>, ApiError>,
) -> ApiResult<Json<Envelope<BorrowerProfile>>> {
    staff.require(Permission::ViewBorrowers)?;
    let Params(params) = params?;
    let borrower = state.store.borrower(BorrowerId(params.id)).await?.ok_or(ApiError::NotFound)?;
    let kyc = state
        .store
        .kyc_answers(borrower.id)
        .await?
        .into_iter()
        .map(|answer| KycValue {
            section: answer.section.key().to_owned(),
            value: masked_answer(&answer.code, &answer.value),
            code: answer.code,
        })
        .collect();
    let consents = state
        .store
        .consents(borrower.id)
        .await?
        .into_iter()
        .map(|consent| ConsentView {
            kind: consent.kind,
            granted: consent.granted,
            at: crate::views::timestamp(consent.at),
        })
        .collect();
    // A borrower has a handful of orders; the first page of 100 is all of them.
    let query = OrderQuery {
        status: None,
        borrower: Some(borrower.id),
        order_no: None,
        sort: OrderSort::Newest,
        page: PageRequest { offset: 0, size: hiram_domain::back_office::MAX_PAGE_SIZE },
    };
    let orders = state.store.find_orders(&query).await?.rows.into_iter().map(super::orders::list_row).collect();
    let account = state.store.payout_account(borrower.id).await?;
    let identity_review = state.store.identity_review(borrower.id).await?.map(|review| IdentityReviewView {
        outcome: review.outcome.key().to_owned(),
        reason: review.reason,
        reviewer: review.reviewer,
        at: crate::views::timestamp(review.at),
    });
    Ok(ok(
        lang,
        BorrowerProfile {
            id: borrower.id.0,
            name: borrower.full_name.unwrap_or_default(),
            phone: borrower.phone.masked(),
            registered_at: crate::views::timestamp(borrower.created_at),
            kyc,
            consents,
            orders,
            payout_account: account.map(|account| account.details.masked()),
            identity_review,
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdentityReviewParams {
    pub id: i64,
    /// `approved` or `rejected`.
    #[param(pattern = "^(approved|rejected)$")]
    #[serde(default)]
    pub outcome: String,
    /// What the borrower reads (5–500 characters): required to reject
    /// ("the ID photo is blurred"), optional to approve.
    #[serde(default)]
    pub reason: String,
}

/// Approves the borrower's identity photos, or rejects them with a reason:
/// the photos leave the borrower's answers, so KYC asks for them again, and
/// the borrower is told why by SMS. One transaction with its audit entry.
#[utoipa::path(post, path = "/borrowers/identity-review", operation_id = "staff_identity_review", tag = "staff", params(IdentityReviewParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<crate::error::NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn review_identity(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<IdentityReviewParams>, ApiError>,
) -> ApiResult<Json<Envelope<crate::error::NoData>>> {
    staff.require(Permission::DecideApplications)?;
    let Params(params) = params?;
    let outcome = IdentityOutcome::parse(params.outcome.trim())
        .ok_or_else(|| super::refused_with(Msg::FieldInvalid, "outcome"))?;
    let reason = match (outcome, params.reason.trim()) {
        (IdentityOutcome::Approved, "") => "",
        _ => super::orders::checked_reason(&params.reason)?,
    };
    let borrower = state.store.borrower(BorrowerId(params.id)).await?.ok_or(ApiError::NotFound)?;
    let answers = state.store.kyc_answers(borrower.id).await?;
    let has_photos = hiram_domain::kyc::identity_review::REVIEWED_PHOTOS
        .iter()
        .all(|code| answers.iter().any(|answer| answer.code == *code));
    if !has_photos {
        // Nothing to judge: no photos yet, or taken back by a rejection.
        return Err(ApiError::Conflict { message: Msg::NoIdentityPhotos, data: serde_json::Value::Null });
    }
    let action = staff.act(&state).await?;
    let review = NewIdentityReview {
        borrower: borrower.id,
        outcome,
        reason: reason.to_owned(),
        staff_id: staff.staff_id(),
        at: state.now(),
    };
    action.state.store.record_identity_review(&review).await?;
    let text = (outcome == IdentityOutcome::Rejected).then(|| {
        let body = Msg::IdentityRejectedSms.text(Lang::of(borrower.language)).replace("{reason}", reason);
        crate::adapters::sms::queued(&state, &borrower.phone, body, state.now())
    });
    let text = match text {
        Some(text) => Some((action.state.store.record_outbox(&text).await?, text)),
        None => None,
    };
    staff
        .audit(
            &action,
            &format!("borrower.identity_{}", outcome.key()),
            &format!("borrower:{}", borrower.id.0),
            serde_json::Value::Null,
            serde_json::json!({ "outcome": outcome.key(), "reason": reason }),
        )
        .await?;
    action.commit().await?;
    if let Some((id, text)) = &text {
        crate::adapters::sms::dispatch(&state, [(*id, text)]).await;
    }
    Ok(ok(lang, crate::error::NoData))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RevealParams {
    pub id: i64,
    /// Why the staff member needs to see it (5–500 characters): a complaint
    /// number, a verification call.
    #[serde(default)]
    pub reason: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedData {
    /// The whole mobile number, `09171234567`.
    pub phone: String,
    pub kyc: Vec<KycValue>,
}

/// The borrower's mobile number and KYC answers unmasked; the reason and
/// the staff member go to the audit log before anything is returned.
#[utoipa::path(post, path = "/borrowers/reveal", operation_id = "staff_borrower_reveal", tag = "staff", params(RevealParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<RevealedData>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404)))]
pub async fn reveal(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<RevealParams>, ApiError>,
) -> ApiResult<Json<Envelope<RevealedData>>> {
    staff.require(Permission::RevealPersonalData)?;
    let Params(params) = params?;
    let reason = super::orders::checked_reason(&params.reason)?;
    let borrower = state.store.borrower(BorrowerId(params.id)).await?.ok_or(ApiError::NotFound)?;
    let answers = state.store.kyc_answers(borrower.id).await?;
    let action = staff.act(&state).await?;
    staff
        .audit(
            &action,
            "borrower.reveal",
            &format!("borrower:{}", borrower.id.0),
            serde_json::Value::Null,
            serde_json::json!({ "reason": reason, "fields": answers.iter().map(|answer| answer.code.as_str()).collect::<Vec<_>>() }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(
        lang,
        RevealedData {
            phone: borrower.phone.national(),
            kyc: answers
                .into_iter()
                .map(|answer| KycValue {
                    section: answer.section.key().to_owned(),
                    code: answer.code,
                    value: answer.value,
                })
                .collect(),
        },
    ))
}

/// Any borrower's uploaded picture, for staff checking identity photos and
/// complaints.
#[utoipa::path(get, path = "/uploads/{name}", tag = "staff",
    params(("name" = String, Path, description = "The name from the upload's `url`")),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 401), (status = 403), (status = 404)),
    security(("staff_token" = [])))]
pub async fn staff_image(
    State(state): State<AppState>,
    staff: Staff,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> ApiResult<axum::response::Response> {
    staff.require(Permission::ViewBorrowers)?;
    let record = crate::services::images::stored(&state, &name).await?.ok_or(ApiError::NotFound)?;
    crate::services::images::serve(&state, &record).await
}
