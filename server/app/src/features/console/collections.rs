//! Collections for staff (issue 7): overdue loans by days past due, and a
//! log of contacts with their borrowers. A contact is logged only when the
//! contact-hours rule of SEC MC 18 s.2019 allows it
//! (`hiram_domain::collections`), and only for a loan that is overdue.
//! The person contacted is always the order's borrower: no call here takes
//! another person or number, and the queue shows nothing of the contacts a
//! borrower's phone uploaded.
//!
//! Days past due count from the first due date the money paid does not
//! cover, as the daily run counts them, so the queue is priced here from
//! each order's plan and ledger rather than in SQL (decision 015).

use super::Staff;
use super::listing::{Listing, page_request};
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::state::AppState;
use crate::views::timestamp;
use axum::Json;
use axum::extract::State;
use hiram_domain::clock::manila_date;
use hiram_domain::collections::{
    ContactChannel, ContactNote, ContactOutcome, DpdBucket, QueueEntry, QueueSort, contact_allowed, days_past_due,
    queue_page,
};
use hiram_domain::ledger::Dues;
use hiram_domain::money::Centavos;
use hiram_domain::order::{Order, OrderId, OrderStatus};
use hiram_domain::servicing::LoanAccount;
use hiram_domain::staff::Permission;
use hiram_domain::store::{ConsentKind, NewContact, OverdueAccount};
use serde::{Deserialize, Serialize};
use time::Date;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(queue)).routes(routes!(contacts, log_contact))
}

/// Days past due of a loan as its account counts them: from the oldest
/// instalment past its due date unpaid.
fn days_past_due_of(account: Option<&LoanAccount>, order: &Order, today: Date) -> i64 {
    let oldest_unpaid = account.map_or(order.due_date, |account| account.overdue_since(today));
    days_past_due(oldest_unpaid, today)
}

/// What the loan owes today: its payoff, interest to the day included.
fn owed_today(account: Option<&LoanAccount>, dues: &Dues, today: Date) -> Centavos {
    account.map_or(dues.total(), |account| account.payoff(today).total)
}

/// The queue's filters.
struct Filters {
    bucket: Option<DpdBucket>,
    sort: QueueSort,
}

impl Filters {
    fn parse(bucket: Option<&str>, sort: Option<&str>) -> ApiResult<Filters> {
        let bucket = match bucket.filter(|key| !key.is_empty() && *key != "all") {
            Some(key) => Some(DpdBucket::parse(key).ok_or(ApiError::InvalidParameters)?),
            None => None,
        };
        let sort = match sort.filter(|key| !key.is_empty()) {
            Some(key) => QueueSort::parse(key).ok_or(ApiError::InvalidParameters)?,
            None => QueueSort::default(),
        };
        Ok(Filters { bucket, sort })
    }
}

/// Every overdue loan with its days past due and what it owes, for
/// `queue_page` to filter, order and cut.
pub async fn overdue_entries(state: &AppState) -> ApiResult<Vec<QueueEntry<OverdueAccount>>> {
    let today = state.today();
    Ok(state
        .store
        .overdue_accounts()
        .await?
        .into_iter()
        .map(|overdue| QueueEntry {
            days_past_due: days_past_due_of(overdue.account.as_ref(), &overdue.order, today),
            amount_owed: owed_today(overdue.account.as_ref(), &overdue.dues, today).get(),
            tie_break: overdue.order.id.0,
            item: overdue,
        })
        .collect())
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct QueueParams {
    /// `1-30`, `31-60`, `61-90` or `91+` days past due; none (or `all`)
    /// for every overdue loan.
    #[param(pattern = "^(1-30|31-60|61-90|91[+]|all)?$")]
    pub bucket: Option<String>,
    /// `days_past_due_desc` (the default), `days_past_due_asc`,
    /// `amount_owed_desc` or `amount_owed_asc`.
    #[param(pattern = "^(days_past_due_desc|days_past_due_asc|amount_owed_desc|amount_owed_asc)?$")]
    pub sort: Option<String>,
    /// From 1 (the default).
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
    /// 1–100, default 25.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CollectionRow {
    pub order_id: i64,
    pub order_no: String,
    pub borrower_id: i64,
    pub borrower_name: String,
    /// Only the last four digits: `•••• ••• 4567`.
    pub borrower_phone: String,
    pub days_past_due: i64,
    /// `1-30`, `31-60`, `61-90` or `91+`.
    pub bucket: String,
    /// Centavos: everything owed now (principal, interest, fees, penalties).
    pub amount_owed: i64,
    /// When staff last logged a contact about this loan.
    pub last_contact_at: Option<String>,
    /// What came of it: `reached`, `no_answer`, `promised_to_pay`,
    /// `refused_to_pay` or `wrong_number`.
    pub last_contact_outcome: Option<String>,
}

impl From<QueueEntry<OverdueAccount>> for CollectionRow {
    fn from(entry: QueueEntry<OverdueAccount>) -> CollectionRow {
        let account = entry.item;
        CollectionRow {
            order_id: account.order.id.0,
            order_no: account.order.order_no,
            borrower_id: account.order.borrower_id.0,
            borrower_name: account.borrower_name.unwrap_or_default(),
            borrower_phone: account.borrower_phone.last_four_only(),
            days_past_due: entry.days_past_due,
            bucket: DpdBucket::of(entry.days_past_due).map(DpdBucket::key).unwrap_or_default().to_owned(),
            amount_owed: entry.amount_owed,
            last_contact_at: account.last_contact.map(|last| timestamp(last.at)),
            last_contact_outcome: account.last_contact.map(|last| last.outcome.key().to_owned()),
        }
    }
}

/// Overdue loans (180) past due, the longest past due first unless `sort`
/// says otherwise, one page at a time.
#[utoipa::path(get, path = "/collections", operation_id = "staff_collections_queue", tag = "staff",
    params(QueueParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<CollectionRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn queue(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<QueueParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<CollectionRow>>>> {
    staff.require(Permission::ViewCollections)?;
    let Params(params) = params?;
    let filters = Filters::parse(params.bucket.as_deref(), params.sort.as_deref())?;
    let paging = page_request(params.page, params.page_size)?;
    // Offsets and sizes are bounded by `PageRequest` (at most 10,000 pages of 100).
    let page = queue_page(
        overdue_entries(&state).await?,
        filters.bucket,
        filters.sort,
        paging.offset as usize,
        paging.size as usize,
    );
    let total = i64::try_from(page.total).unwrap_or(i64::MAX);
    Ok(ok(lang, Listing::new(paging, page.rows.into_iter().map(CollectionRow::from).collect(), total)))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContactsParams {
    pub order_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactRow {
    pub id: i64,
    pub at: String,
    /// Who made the contact: the member's name, or the staff API token's
    /// (`apiToken` true); `operator` for a token's contact logged before
    /// tokens were recorded.
    pub staff: String,
    pub api_token: bool,
    /// `call`, `sms` or `email`.
    pub channel: String,
    pub outcome: String,
    pub note: String,
    pub days_past_due: i64,
    /// Why the contact hours allowed it: `within_hours`, `long_past_due`
    /// (more than 15 days) or `borrower_consent`.
    pub basis: String,
}

/// The contacts logged for an order, newest first.
#[utoipa::path(get, path = "/collections/contacts", operation_id = "staff_collection_contacts", tag = "staff",
    params(ContactsParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<ContactRow>>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn contacts(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ContactsParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<ContactRow>>>> {
    staff.require(Permission::ViewCollections)?;
    let Params(params) = params?;
    let order = state.store.order(OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    let rows = state
        .store
        .contacts_of(order.id)
        .await?
        .into_iter()
        .map(|logged| ContactRow {
            id: logged.id,
            at: timestamp(logged.contact.at),
            staff: logged.by_name.unwrap_or_else(|| "operator".to_owned()),
            api_token: logged.contact.api_token_id.is_some(),
            channel: logged.contact.channel.key().to_owned(),
            outcome: logged.contact.outcome.key().to_owned(),
            note: logged.contact.note.as_str().to_owned(),
            days_past_due: logged.contact.days_past_due,
            basis: logged.contact.basis.key().to_owned(),
        })
        .collect();
    Ok(ok(lang, rows))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LogContactParams {
    /// The overdue order; the person contacted is its borrower.
    pub order_id: i64,
    /// `call`, `sms` or `email`.
    pub channel: String,
    /// `reached`, `no_answer`, `promised_to_pay`, `refused_to_pay` or
    /// `wrong_number`.
    pub outcome: String,
    /// At most 500 characters.
    #[serde(default)]
    pub note: String,
}

#[derive(Serialize, ToSchema)]
pub struct ContactLogged {
    pub id: i64,
}

/// Logs a contact with the borrower of an overdue order. Refused (409,
/// nothing written) outside 06:00–22:00 Manila time unless the loan is
/// more than 15 days past due or the borrower consented to contact at any
/// hour (`data.reason = outside_contact_hours`), and for an order that is
/// not overdue (`data.reason = not_overdue`). A contact retried under its
/// `Idempotency-Key` answers the first one's id and is logged once.
#[utoipa::path(post, path = "/collections/contacts", operation_id = "staff_collection_log_contact", tag = "staff",
    params(LogContactParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<ContactLogged>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "Not overdue, outside contact hours, or the `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn log_contact(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<LogContactParams>, ApiError>,
) -> ApiResult<Json<Envelope<ContactLogged>>> {
    staff.require(Permission::LogCollectionContacts)?;
    let Params(params) = params?;
    let channel = ContactChannel::parse(&params.channel).ok_or(ApiError::InvalidParameters)?;
    let outcome = ContactOutcome::parse(&params.outcome).ok_or(ApiError::InvalidParameters)?;
    let note = ContactNote::parse(&params.note).map_err(|_| super::refused_with(Msg::ContactNoteTooLong, "note"))?;
    let order_text = params.order_id.to_string();
    let request = idempotency.keyed(
        staff.key_owner(),
        "collection_contact",
        &[&order_text, channel.key(), outcome.key(), note.as_str()],
    );
    // A retry answers before the order is looked at again: the first was
    // logged even if the hour or the order's state would refuse it now.
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, ContactLogged { id }));
    }
    let order = state.store.order(OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    if order.status != OrderStatus::Overdue {
        return Err(ApiError::Conflict {
            message: Msg::ContactNeedsOverdue,
            data: serde_json::json!({ "reason": "not_overdue", "status": order.status.code() }),
        });
    }
    let now = state.now();
    let account = crate::services::loans::account(state, order.id).await?;
    let days = days_past_due_of(account.as_ref(), &order, manila_date(now));
    let consents = state.store.has_consent(order.borrower_id, ConsentKind::CollectionAnyHour).await?;
    let basis = contact_allowed(now, days, consents).map_err(|_| ApiError::Conflict {
        message: Msg::ContactOutsideHours,
        data: serde_json::json!({ "reason": "outside_contact_hours", "daysPastDue": days }),
    })?;
    let contact = NewContact {
        order_id: order.id,
        borrower_id: order.borrower_id,
        staff_id: staff.staff_id(),
        api_token_id: staff.api_token_id(),
        channel,
        outcome,
        note,
        days_past_due: days,
        basis,
        at: now,
    };
    let id = state.store.record_contact(&contact, request.as_ref()).await.map_err(refuse_reused_key)?;
    tracing::info!(order.id = order.id.0, contact.id = id, contact.basis = basis.key(), "collection contact logged");
    staff
        .audit(
            &action,
            "collection.contact",
            &format!("order:{}", order.id.0),
            serde_json::Value::Null,
            serde_json::json!({
                "contactId": id,
                "channel": channel.key(),
                "outcome": outcome.key(),
                "note": contact.note.as_str(),
                "daysPastDue": days,
                "basis": basis.key(),
            }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, ContactLogged { id }))
}
