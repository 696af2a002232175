//! The providers' statements in the console and the staff API (decision
//! 074): finance brings in a provider's statement of a day (CSV), which is
//! matched line by line against the books; what does not match waits on a
//! worklist until resolved with what was found, and a lender's close over
//! open lines needs a reason. Each import and resolution is audited with it.

use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::general_ledger;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::clock::end_of_manila_day;
use hiram_domain::collection_provider::PROVIDER_NAMES;
use hiram_domain::fields::InvalidField;
use hiram_domain::general_ledger::statement::{KeptItem, ProviderStatement, StatementLine, parse_csv};
use hiram_domain::product::LenderId;
use hiram_domain::staff::Permission;
use hiram_domain::store::{StatementSummary, StoreError};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementView {
    pub id: i64,
    pub provider: String,
    /// `YYYY-MM-DD`: the Manila day it covers.
    pub day: String,
    pub imported_by: Option<i64>,
    pub imported_by_token: Option<i64>,
    /// RFC 3339.
    pub imported_at: String,
    /// Lines of the match: the statement's, then the books' it lacks.
    pub lines: i64,
    pub matched: i64,
    /// Lines still waiting on the worklist.
    pub open: i64,
}

impl From<StatementSummary> for StatementView {
    fn from(summary: StatementSummary) -> StatementView {
        let statement = summary.statement;
        StatementView {
            id: statement.id,
            provider: statement.provider,
            day: statement.day.to_string(),
            imported_by: statement.imported_by,
            imported_by_token: statement.imported_by_token,
            imported_at: crate::views::timestamp(statement.imported_at),
            lines: summary.lines,
            matched: summary.matched,
            open: summary.open,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementItemView {
    pub id: i64,
    pub statement_id: i64,
    pub provider: String,
    /// `YYYY-MM-DD`.
    pub day: String,
    /// `matched`, `amount_differs`, `duplicated`, `missing_in_books` or `missing_at_provider`.
    pub kind: String,
    /// The provider's transaction reference.
    pub reference: String,
    /// Centavos, as the provider lists it (absent when it does not).
    pub provider_amount: Option<i64>,
    /// Centavos the provider kept of it.
    pub fee: Option<i64>,
    /// Centavos, as the books posted it (absent when they did not).
    pub books_amount: Option<i64>,
    /// The ledger entry that posted it.
    pub entry_id: Option<i64>,
    /// The lender whose loan it paid; absent when no books hold it.
    pub lender_id: Option<i64>,
    /// `matched`, `open` or `resolved`.
    pub status: String,
    pub resolution: Option<String>,
    pub resolved_by: Option<i64>,
    /// RFC 3339.
    pub resolved_at: Option<String>,
}

impl From<KeptItem> for StatementItemView {
    fn from(kept: KeptItem) -> StatementItemView {
        let item = kept.item;
        StatementItemView {
            id: kept.id,
            statement_id: kept.statement_id,
            provider: kept.provider,
            day: kept.day.to_string(),
            kind: item.kind.key().to_owned(),
            reference: item.reference,
            provider_amount: item.provider_amount.map(|amount| amount.get()),
            fee: item.fee.map(|fee| fee.get()),
            books_amount: item.books_amount.map(|amount| amount.get()),
            entry_id: item.entry_id,
            lender_id: item.lender.map(|lender| lender.0),
            status: kept.status.key().to_owned(),
            resolution: kept.resolution,
            resolved_by: kept.resolved_by,
            resolved_at: kept.resolved_at.map(crate::views::timestamp),
        }
    }
}

/// The statements shown: the latest.
const STATEMENTS_SHOWN: u32 = 60;

/// The providers' statements brought in, the latest day first, with how
/// their lines matched.
#[utoipa::path(get, path = "/general-ledger/statements", operation_id = "staff_statements", tag = "staff",
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<StatementView>>), (status = 401), (status = 403)))]
pub async fn statements(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
) -> ApiResult<Json<Envelope<Vec<StatementView>>>> {
    staff.require(Permission::ViewMoney)?;
    let rows = state.store.statements(STATEMENTS_SHOWN).await?;
    Ok(ok(lang, rows.into_iter().map(StatementView::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StatementItemsParams {
    pub statement_id: i64,
}

/// Every line of a statement's match, in the statement's order, then what
/// only the books hold.
#[utoipa::path(get, path = "/general-ledger/statements/items", operation_id = "staff_statement_items", tag = "staff",
    params(StatementItemsParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<StatementItemView>>), (status = 400), (status = 401), (status = 403)))]
pub async fn items(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<StatementItemsParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<StatementItemView>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let rows = state.store.statement_items(params.statement_id).await?;
    Ok(ok(lang, rows.into_iter().map(StatementItemView::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WorklistParams {
    pub lender_id: i64,
}

/// The lines still open that touch a lender's books: its own, and the
/// payments no books hold (which could be any lender's), oldest day first.
#[utoipa::path(get, path = "/general-ledger/statements/worklist", operation_id = "staff_statement_worklist", tag = "staff",
    params(WorklistParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<StatementItemView>>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn worklist(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<WorklistParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<StatementItemView>>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let rows = state.store.open_statement_items(lender.id, state.today()).await?;
    Ok(ok(lang, rows.into_iter().map(StatementItemView::from).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportParams {
    /// `xendit` or `sandbox`: whose statement it is.
    #[param(pattern = "^(xendit|sandbox)$")]
    pub provider: String,
    /// `YYYY-MM-DD`: the Manila day it covers, already over.
    #[param(pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub date: String,
    /// The statement as CSV: a first line naming `reference`, `amount` and
    /// optionally `fee` (pesos, `1,500.00`), then a payment a line.
    pub csv: String,
}

/// The provider a statement is asked of, refused naming the field unless
/// it is one the product has had.
fn provider_named(name: &str) -> ApiResult<&'static str> {
    PROVIDER_NAMES.into_iter().find(|known| *known == name).ok_or_else(|| super::refused(InvalidField("provider")))
}

/// The Manila day a statement covers: one already over.
fn day_over(state: &AppState, date: &str) -> ApiResult<time::Date> {
    time::Date::parse(date, time::macros::format_description!("[year]-[month]-[day]"))
        .ok()
        .filter(|day| *day < state.today())
        .ok_or_else(|| super::refused(InvalidField("date")))
}

/// Keeps a statement with its match, and the audit entry saying how it came
/// (`csv` or `fetched`), in the caller's action; its id. The same provider
/// and day again is 409.
async fn keep(
    staff: &Staff,
    action: crate::staff_access::StaffAction,
    provider: &'static str,
    day: time::Date,
    lines: &[StatementLine],
    request: Option<&hiram_domain::idempotency::KeyedRequest>,
    came: &str,
) -> ApiResult<i64> {
    let state = &action.state;
    let statement = ProviderStatement {
        id: 0,
        provider: provider.to_owned(),
        day,
        imported_by: staff.staff_id(),
        imported_by_token: staff.api_token_id(),
        imported_at: state.now(),
    };
    let id =
        general_ledger::import_statement(state, &statement, lines, request).await.map_err(|error| match error {
            crate::services::ServiceError::Store(StoreError::Conflict("provider_statement_day")) => {
                ApiError::Conflict { message: Msg::StatementKept, data: serde_json::Value::Null }
            }
            crate::services::ServiceError::Store(other) => refuse_reused_key(other),
            other => other.into(),
        })?;
    let kept = state.store.statement_items(id).await?;
    let open =
        kept.iter().filter(|item| item.status != hiram_domain::general_ledger::statement::ItemStatus::Matched).count();
    let after = serde_json::json!({ "provider": provider, "day": day.to_string(), "lines": lines.len(), "unmatched": open, "came": came });
    staff.audit(&action, "statement.import", &format!("statement:{id}"), serde_json::Value::Null, after).await?;
    action.commit().await?;
    Ok(id)
}

/// Brings in a provider's statement of a day and matches it against the
/// books. A retry under its `Idempotency-Key` answers the first one's id;
/// the same provider and day again is 409.
#[utoipa::path(post, path = "/general-ledger/statements/import", operation_id = "staff_statement_import", tag = "staff",
    params(ImportParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 409, description = "That provider's statement of that day is kept already, or the `Idempotency-Key` was used for a different request")))]
pub async fn import(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ImportParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ReconcileStatements)?;
    let Params(params) = params?;
    let provider = provider_named(&params.provider)?;
    let day = day_over(&state, &params.date)?;
    let lines = parse_csv(&params.csv).map_err(|refused| ApiError::Rejected {
        message: Msg::StatementCsv,
        detail: Some(refused.to_string()),
        data: crate::error::FieldRefused::data("csv"),
    })?;
    let request = idempotency.keyed(staff.key_owner(), "statement_import", &[provider, &params.date, &params.csv]);
    let action = staff.act(&state).await?;
    if let Some(id) = first_id(&action.state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let id = keep(&staff, action, provider, day, &lines, request.as_ref(), "csv").await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FetchParams {
    /// `xendit` or `sandbox`: the provider Hiram collects through now.
    #[param(pattern = "^(xendit|sandbox)$")]
    pub provider: String,
    /// `YYYY-MM-DD`: the Manila day, already over.
    #[param(pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$")]
    pub date: String,
}

/// Asks the provider Hiram collects through for its own list of a day's
/// payments (decision 080: Xendit's transactions, the sandbox's record)
/// and matches it against the books as an imported one is. A provider not
/// collecting now is refused naming `provider` (its statement can still be
/// imported as CSV); one that cannot be reached is 503 and nothing is kept.
#[utoipa::path(post, path = "/general-ledger/statements/fetch", operation_id = "staff_statement_fetch", tag = "staff",
    params(FetchParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 409, description = "That provider's statement of that day is kept already, or the `Idempotency-Key` was used for a different request"),
        (status = 503, description = "The provider could not be reached or answered what does not read; nothing was kept")))]
pub async fn fetch(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<FetchParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ReconcileStatements)?;
    let Params(params) = params?;
    let provider = provider_named(&params.provider)?;
    let day = day_over(&state, &params.date)?;
    let collector = state
        .collector
        .clone()
        .filter(|collector| collector.name() == provider)
        .ok_or_else(|| super::refused_with(Msg::StatementNotFetchable, "provider"))?;
    let request = idempotency.keyed(staff.key_owner(), "statement_fetch", &[provider, &params.date]);
    if let Some(id) = first_id(&state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    // Asked before the action opens: no transaction waits on the provider.
    let lines = collector
        .statement(end_of_manila_day(day.previous_day().unwrap_or(day)), end_of_manila_day(day))
        .await
        .map_err(|error| ApiError::Unavailable(error.to_string()))?;
    let action = staff.act(&state).await?;
    let id = keep(&staff, action, provider, day, &lines, request.as_ref(), "fetched").await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ResolveParams {
    pub id: i64,
    /// What was found and done, 5 to 500 characters.
    #[param(min_length = 5, max_length = 500)]
    pub resolution: String,
}

/// Resolves an open line of a statement's match with what finance found
/// and did (a payment posted by hand, a refund asked of the provider, a
/// fee agreed); 409 when it is not open.
#[utoipa::path(post, path = "/general-ledger/statements/resolve", operation_id = "staff_statement_resolve", tag = "staff",
    params(ResolveParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn resolve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ResolveParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ReconcileStatements)?;
    let Params(params) = params?;
    let resolution = hiram_domain::fields::reason("resolution", &params.resolution)
        .map_err(|_| super::refused_with(Msg::StatementResolution, "resolution"))?;
    let resolution = resolution.as_str();
    let action = staff.act(&state).await?;
    let state = &action.state;
    let item = state.store.statement_item(params.id).await?.ok_or(ApiError::NotFound)?;
    state
        .store
        .resolve_statement_item(item.id, resolution, staff.staff_id(), state.now())
        .await
        .map_err(super::decided_first)?;
    staff
        .audit(
            &action,
            "statement.resolve",
            &format!("statement_item:{}", item.id),
            serde_json::json!({ "status": item.status.key(), "kind": item.item.kind.key() }),
            serde_json::json!({ "status": "resolved", "resolution": resolution }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}
