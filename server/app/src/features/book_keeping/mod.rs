//! The borrower's income and expense book (spec §7 `/book-keeping/*`, D2):
//! records of money in and out with a category, a Manila date, a note and
//! an optional receipt picture; a month's list with its totals; the month by
//! category with the last six months for a chart; delete with undo
//! (decision 019). Every record is its owner's only: another borrower's id
//! answers exactly like a missing one.

mod labels;

use crate::error::{ApiError, ApiResult, Envelope, NoData, RetryLater, ok};
use crate::extract::{CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, refuse_reused_key};
use crate::services::images::{self, UploadedImage};
use crate::state::AppState;
use axum::Json;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use hiram_domain::book_keeping::{
    self, BookRecord, Category, CategoryShare, EntryKind, MAX_NOTE_CHARS, Month, RecordInput, RecordProblem,
    UNDO_WINDOW, categories_of, check_record, format_date,
};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::ImagePurpose;
use hiram_domain::idempotency::KeyOwner;
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouterExt};
use utoipa_axum::routes;

pub use labels::category_title;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(category_list))
        .routes(routes!(list))
        .routes(routes!(info))
        .routes(routes!(save))
        .routes(routes!(upload_image).layer(DefaultBodyLimit::max(images::HARD_BODY_LIMIT)))
        .routes(routes!(statistics))
        .routes(routes!(delete))
}

#[derive(Serialize, ToSchema)]
pub struct CategoryView {
    /// What a record sends as `category`.
    pub key: String,
    /// `income` or `expense`.
    pub kind: String,
    pub title: String,
    /// The name of the picture the page draws: `food`, `transport`, `phone`,
    /// `bolt`, `home`, `school`, `health`, `family`, `loan`, `bag`, `dots`,
    /// `wallet`, `store`, `gift`.
    pub icon: String,
}

impl CategoryView {
    fn of(category: &Category, lang: Lang) -> CategoryView {
        CategoryView {
            key: category.key.to_owned(),
            kind: category.kind.key().to_owned(),
            title: category_title(category.key, lang).to_owned(),
            icon: category.icon.to_owned(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct CategoryList {
    /// In the order the picker shows them; "other" last.
    pub expense: Vec<CategoryView>,
    pub income: Vec<CategoryView>,
}

/// The categories of each kind, with their titles and icons.
#[utoipa::path(post, path = "/book-keeping/get-category-list", operation_id = "book_keeping_categories", tag = "book keeping",
    responses((status = 200, body = Envelope<CategoryList>), (status = 401)), security(("borrower_session" = [])))]
pub async fn category_list(CurrentBorrower(_): CurrentBorrower, lang: Lang) -> Json<Envelope<CategoryList>> {
    let views = |kind| categories_of(kind).map(|category| CategoryView::of(category, lang)).collect();
    ok(lang, CategoryList { expense: views(EntryKind::Expense), income: views(EntryKind::Income) })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub id: i64,
    /// `income` or `expense`.
    pub kind: String,
    /// Centavos, always more than 0.
    pub amount: i64,
    pub category: String,
    pub category_title: String,
    pub icon: String,
    /// `YYYY-MM-DD`, Manila.
    pub date: String,
    pub note: String,
    /// The receipt picture (`/pany/uploads/…`; add the `sessionId`), or empty.
    pub image: String,
}

impl RecordView {
    fn of(record: &BookRecord, lang: Lang) -> RecordView {
        let fields = &record.fields;
        RecordView {
            id: record.id,
            kind: fields.kind.key().to_owned(),
            amount: fields.amount.get(),
            category: fields.category.to_owned(),
            category_title: category_title(fields.category, lang).to_owned(),
            icon: book_keeping::category(fields.category).map(|category| category.icon).unwrap_or("dots").to_owned(),
            date: format_date(fields.date),
            note: fields.note.clone(),
            image: fields.image.as_deref().map(|name| format!("/pany/uploads/{name}")).unwrap_or_default(),
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MonthParams {
    /// `YYYY-MM`; this month in Manila when absent or empty.
    #[serde(default)]
    #[param(pattern = "^((20[0-9]{2}|2100)-(0[1-9]|1[0-2]))?$")]
    pub month: String,
}

/// The month asked for, or the current one in Manila.
fn month_of(state: &AppState, text: &str) -> ApiResult<Month> {
    if text.trim().is_empty() {
        return Ok(Month::of(state.today()));
    }
    Month::parse(text).ok_or(ApiError::rejected(Msg::BookMonthInvalid))
}

/// The months around the one shown, for the page's month switcher.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthNav {
    /// `YYYY-MM`: the month shown.
    pub month: String,
    pub previous_month: String,
    pub next_month: String,
    /// This month in Manila: the page offers no month after it.
    pub current_month: String,
}

impl MonthNav {
    fn of(month: Month, state: &AppState) -> MonthNav {
        MonthNav {
            month: month.to_string(),
            previous_month: month.previous().to_string(),
            next_month: month.next().to_string(),
            current_month: Month::of(state.today()).to_string(),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthList {
    #[serde(flatten)]
    pub nav: MonthNav,
    /// Centavos of the month's income.
    pub income: i64,
    /// Centavos of the month's expenses.
    pub expense: i64,
    /// Income less expenses; negative when more went out.
    pub balance: i64,
    /// The latest date first; within a date, the latest added first.
    pub records: Vec<RecordView>,
}

fn overflow() -> ApiError {
    ApiError::Internal("a book total overflowed i64 centavos".to_owned())
}

/// The borrower's records of a month with the month's totals.
#[utoipa::path(post, path = "/book-keeping/get-list", operation_id = "book_keeping_list", tag = "book keeping", params(MonthParams),
    responses((status = 200, body = Envelope<MonthList>), (status = 400), (status = 401)), security(("borrower_session" = [])))]
pub async fn list(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<MonthParams>,
) -> ApiResult<Json<Envelope<MonthList>>> {
    let month = month_of(&state, &params.month)?;
    let records = state.store.book_records(borrower, month.first_day(), month.last_day()).await?;
    let totals = book_keeping::totals(records.iter().map(|record| &record.fields)).ok_or_else(overflow)?;
    Ok(ok(
        lang,
        MonthList {
            nav: MonthNav::of(month, &state),
            income: totals.income.get(),
            expense: totals.expense.get(),
            balance: totals.balance().get(),
            records: records.iter().map(|record| RecordView::of(record, lang)).collect(),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InfoParams {
    pub id: i64,
}

/// The borrower's own record that is not deleted; anything else is the one
/// not-found answer, so ids tell another borrower nothing.
async fn own_record(state: &AppState, borrower: BorrowerId, id: i64) -> ApiResult<BookRecord> {
    state
        .store
        .book_record(id)
        .await?
        .filter(|record| record.borrower_id == borrower && record.deleted_at.is_none())
        .ok_or(ApiError::NotFound)
}

/// One of the borrower's records.
#[utoipa::path(post, path = "/book-keeping/get-info", operation_id = "book_keeping_info", tag = "book keeping", params(InfoParams),
    responses((status = 200, body = Envelope<RecordView>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<InfoParams>,
) -> ApiResult<Json<Envelope<RecordView>>> {
    let record = own_record(&state, borrower, params.id).await?;
    Ok(ok(lang, RecordView::of(&record, lang)))
}

/// A receipt picture (multipart field `image`); `data.url` goes in a
/// record's `image`. The same checks and limits as every picture (decision 011).
#[utoipa::path(post, path = "/book-keeping/upload-image", operation_id = "book_keeping_upload_image", tag = "book keeping",
    request_body(content = images::ImageForm, content_type = "multipart/form-data"), params(IdempotencyHeader),
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
    let record = images::accept_image(&state, borrower, ImagePurpose::Receipt, form, "image", &idempotency).await?;
    Ok(ok(lang, UploadedImage::of(&record)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SaveParams {
    /// The record to change; absent or empty to add a new one.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub id: Option<i64>,
    /// `income` or `expense`.
    #[serde(default)]
    pub kind: String,
    /// Centavos as a whole number, 1 to 1,000,000,000 (₱10,000,000.00).
    #[serde(default)]
    pub amount: String,
    /// A `key` from `get-category-list` of the same kind.
    #[serde(default)]
    pub category: String,
    /// `YYYY-MM-DD` (Manila), from 2000-01-01 to tomorrow.
    #[serde(default)]
    pub date: String,
    /// At most 100 characters after trimming.
    #[serde(default)]
    pub note: String,
    /// The `url` from `upload-image`, or empty for no receipt.
    #[serde(default)]
    pub image: String,
}

#[derive(Serialize, ToSchema)]
pub struct SavedRecord {
    pub id: i64,
}

fn refusal(problem: RecordProblem) -> ApiError {
    let message = match problem {
        RecordProblem::Kind => Msg::BookKindInvalid,
        RecordProblem::AmountMalformed => Msg::BookAmountInvalid,
        RecordProblem::AmountNotPositive => Msg::BookAmountNotPositive,
        RecordProblem::AmountTooLarge => Msg::BookAmountTooLarge,
        RecordProblem::CategoryUnknown => Msg::BookCategoryUnknown,
        RecordProblem::CategoryWrongKind => Msg::BookCategoryWrongKind,
        RecordProblem::DateInvalid => Msg::BookDateInvalid,
        RecordProblem::DateOutOfRange => Msg::BookDateOutOfRange,
        RecordProblem::NoteTooLong => {
            return ApiError::Rejected {
                message: Msg::BookNoteTooLong,
                detail: Some(MAX_NOTE_CHARS.to_string()),
                data: serde_json::Value::Null,
            };
        }
    };
    ApiError::rejected(message)
}

/// The server name of the borrower's own receipt picture from the URL the
/// page sends; a picture of anyone else, or sent for another purpose, is refused.
async fn own_receipt(state: &AppState, borrower: BorrowerId, url: &str) -> ApiResult<Option<String>> {
    let url = url.trim();
    if url.is_empty() {
        return Ok(None);
    }
    let name = url.rsplit('/').next().unwrap_or("").split('?').next().unwrap_or("");
    match images::stored(state, name).await? {
        Some(record) if record.owner == borrower && record.purpose == ImagePurpose::Receipt => Ok(Some(record.name)),
        _ => Err(ApiError::rejected(Msg::BookImageUnknown)),
    }
}

/// Adds a record, or changes one of the borrower's own when `id` is given.
/// Nothing is stored unless every field is right. An add retried under its
/// `Idempotency-Key` answers the first record's id.
#[utoipa::path(post, path = "/book-keeping/save-record", operation_id = "book_keeping_save", tag = "book keeping",
    params(SaveParams, IdempotencyHeader),
    responses((status = 200, body = Envelope<SavedRecord>), (status = 400), (status = 401), (status = 404),
        (status = 409, description = "The `Idempotency-Key` was used for a different request; nothing was stored")),
    security(("borrower_session" = [])))]
pub async fn save(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    idempotency: IdempotencyHeader,
    Params(params): Params<SaveParams>,
) -> ApiResult<Json<Envelope<SavedRecord>>> {
    // Every field is checked before the id is looked at, so a refusal says
    // the same whoever's id was sent.
    let input = RecordInput {
        kind: &params.kind,
        amount: &params.amount,
        category: &params.category,
        date: &params.date,
        note: &params.note,
    };
    let mut fields = check_record(input, state.today()).map_err(refusal)?;
    fields.image = own_receipt(&state, borrower, &params.image).await?;
    let now = state.now();
    let id = match params.id {
        None => {
            let amount = fields.amount.get().to_string();
            let date = fields.date.to_string();
            let asked = [
                fields.kind.key(),
                &amount,
                fields.category,
                &date,
                &fields.note,
                fields.image.as_deref().unwrap_or(""),
            ];
            let request = idempotency.keyed(KeyOwner::Borrower(borrower), "book_keeping_save", &asked);
            state.store.add_book_record(borrower, &fields, now, request.as_ref()).await.map_err(refuse_reused_key)?
        }
        Some(id) => {
            let record = own_record(&state, borrower, id).await?;
            match state.store.update_book_record(record.id, borrower, &fields, now).await {
                Ok(()) => record.id,
                // Deleted between the read and the write.
                Err(StoreError::Stale) => return Err(ApiError::NotFound),
                Err(other) => return Err(other.into()),
            }
        }
    };
    state.store.purge_book_records(borrower, now - UNDO_WINDOW).await?;
    Ok(ok(lang, SavedRecord { id }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareView {
    pub category: String,
    pub title: String,
    pub icon: String,
    /// Centavos.
    pub amount: i64,
    /// Basis points of the kind's month total (10,000 is all of it); the
    /// shares of one kind add up to exactly 10,000.
    pub share: i64,
}

impl ShareView {
    fn of(share: &CategoryShare, lang: Lang) -> ShareView {
        ShareView {
            category: share.category.key.to_owned(),
            title: category_title(share.category.key, lang).to_owned(),
            icon: share.category.icon.to_owned(),
            amount: share.amount.get(),
            share: share.share,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct MonthBarView {
    /// `YYYY-MM`.
    pub month: String,
    /// Centavos.
    pub income: i64,
    pub expense: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatisticsView {
    #[serde(flatten)]
    pub nav: MonthNav,
    pub income: i64,
    pub expense: i64,
    pub balance: i64,
    /// The month's expenses by category, largest first.
    pub expense_by_category: Vec<ShareView>,
    pub income_by_category: Vec<ShareView>,
    /// Six months ending with the one shown, oldest first.
    pub months: Vec<MonthBarView>,
}

/// A month by category, and six months of totals for the bar chart.
#[utoipa::path(post, path = "/book-keeping/data-statistics", operation_id = "book_keeping_statistics", tag = "book keeping", params(MonthParams),
    responses((status = 200, body = Envelope<StatisticsView>), (status = 400), (status = 401)), security(("borrower_session" = [])))]
pub async fn statistics(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<MonthParams>,
) -> ApiResult<Json<Envelope<StatisticsView>>> {
    let month = month_of(&state, &params.month)?;
    let months = month.ending_with(book_keeping::CHART_MONTHS);
    let first = months.first().copied().unwrap_or(month);
    let records = state.store.book_records(borrower, first.first_day(), month.last_day()).await?;
    let figures = book_keeping::statistics(month, records.iter().map(|record| &record.fields)).ok_or_else(overflow)?;
    Ok(ok(
        lang,
        StatisticsView {
            nav: MonthNav::of(month, &state),
            income: figures.totals.income.get(),
            expense: figures.totals.expense.get(),
            balance: figures.totals.balance().get(),
            expense_by_category: figures.expense.iter().map(|share| ShareView::of(share, lang)).collect(),
            income_by_category: figures.income.iter().map(|share| ShareView::of(share, lang)).collect(),
            months: figures
                .bars
                .iter()
                .map(|bar| MonthBarView {
                    month: bar.month.to_string(),
                    income: bar.totals.income.get(),
                    expense: bar.totals.expense.get(),
                })
                .collect(),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeleteParams {
    pub id: i64,
    /// `1` brings back the record deleted with this id, within 10 minutes of
    /// its deletion; absent or `0` deletes it.
    #[serde(default, deserialize_with = "optional_id")]
    #[param(value_type = Option<i64>, minimum = 0, maximum = 1)]
    pub undo: Option<i64>,
}

/// Deletes one of the borrower's records, or (`undo=1`) brings it back.
/// A deleted record leaves the lists and statistics at once.
#[utoipa::path(post, path = "/book-keeping/delete-book-keeping", operation_id = "book_keeping_delete", tag = "book keeping", params(DeleteParams),
    responses((status = 200, body = Envelope<NoData>), (status = 400), (status = 401), (status = 404),
        (status = 409, description = "Undo after the 10 minutes, or of a record that is not deleted")), security(("borrower_session" = [])))]
pub async fn delete(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<DeleteParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let now = state.now();
    match params.undo {
        None | Some(0) => {
            let record = own_record(&state, borrower, params.id).await?;
            match state.store.delete_book_record(record.id, borrower, now).await {
                Ok(()) => {}
                // Deleted by another request first: it is gone either way.
                Err(StoreError::Stale) => return Err(ApiError::NotFound),
                Err(other) => return Err(other.into()),
            }
            state.store.purge_book_records(borrower, now - UNDO_WINDOW).await?;
        }
        Some(1) => {
            // Owned and deleted, or owned and live: either way the borrower's.
            let record = state
                .store
                .book_record(params.id)
                .await?
                .filter(|record| record.borrower_id == borrower)
                .ok_or(ApiError::NotFound)?;
            match state.store.restore_book_record(record.id, borrower, now - UNDO_WINDOW).await {
                Ok(()) => {}
                Err(StoreError::Stale) => {
                    return Err(ApiError::Conflict { message: Msg::BookUndoClosed, data: serde_json::Value::Null });
                }
                Err(other) => return Err(other.into()),
            }
        }
        Some(_) => return Err(ApiError::InvalidParameters),
    }
    Ok(ok(lang, NoData))
}
