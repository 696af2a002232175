//! Repayment reminders (spec §7 `/repayment-product/*`, issue 8): the
//! borrower keeps a list of what they owe, to us or to anyone else, and asks
//! for an SMS before each due date. Their own loans with us appear by
//! themselves, with due dates and amounts read from each loan's plan and
//! ledger every time (never copied). A reminder can be set on a bill or on
//! one of their loans in repayment; the scheduler (`scheduler.rs`) sends it.
//! The rules live in `hiram_domain::reminder`; decision 020 explains them.

pub mod scheduler;

use crate::error::{ApiError, ApiResult, Envelope, SUCCESS_CODE, coded, ok};
use crate::extract::{Currency, CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, refuse_reused_key};
use crate::services::ServiceResult;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::clock::MANILA;
use hiram_domain::idempotency::KeyOwner;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::{Order, OrderId};
use hiram_domain::reminder::{
    Bill, BillProblem, Dues, MAX_BILLS, Reminder, ReminderProblem, ReminderRule, ReminderSetting, ReminderTarget,
    Repeat, Step, UPCOMING_DAYS, check_bill, next_step,
};
use hiram_domain::servicing::PlanLine;
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use time::{Date, OffsetDateTime};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(index))
        .routes(routes!(list))
        .routes(routes!(save))
        .routes(routes!(info))
        .routes(routes!(set_reminder))
        .routes(routes!(close_reminder))
        .routes(routes!(delete))
}

pub(crate) fn lang_of(key: &str) -> Lang {
    if key == "fil" { Lang::Fil } else { Lang::En }
}

fn repeat_text(repeat: Repeat, lang: Lang) -> String {
    match repeat {
        Repeat::None => Msg::RepeatNone,
        Repeat::Weekly => Msg::RepeatWeekly,
        Repeat::Monthly => Msg::RepeatMonthly,
    }
    .text(lang)
    .to_owned()
}

fn manila_minute(at: OffsetDateTime) -> String {
    let local = at.to_offset(MANILA);
    format!("{} {:02}:{:02}", local.date(), local.hour(), local.minute())
}

/// A reminder as the pages show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReminderView {
    /// Whether texts will be sent.
    pub on: bool,
    /// 0–7 days before the due date.
    pub days_before: i64,
    /// `HH:MM`, Manila.
    pub time: String,
    /// "2 days before, at 09:00".
    pub text: String,
    /// When the next text goes out, Manila `YYYY-MM-DD HH:MM`; empty when
    /// the reminder is off or nothing is left to remind.
    pub next_at: String,
}

fn reminder_view(reminder: &Reminder, dues: &Dues, now: OffsetDateTime, lang: Lang) -> ReminderView {
    let time = reminder.rule.at.to_string();
    let text = if reminder.rule.days_before == 0 {
        Msg::ReminderOnDueDate.text(lang).replace("{time}", &time)
    } else {
        crate::i18n::with_detail(Msg::ReminderDaysBefore.text(lang), &reminder.rule.days_before.to_string())
            .replace("{time}", &time)
    };
    let next_at = match (reminder.enabled, next_step(dues, reminder.rule, reminder.history, now)) {
        (true, Step::Send(_)) => manila_minute(now),
        (true, Step::WaitUntil(at)) => manila_minute(at),
        _ => String::new(),
    };
    ReminderView { on: reminder.enabled, days_before: i64::from(reminder.rule.days_before), time, text, next_at }
}

/// One thing the borrower owes: a bill of theirs, or a loan of ours.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepayItem {
    /// `bill` (id is a `repayProductId`) or `order` (id is an `orderId`).
    pub kind: String,
    pub id: i64,
    /// The bill's name, or the loan product's.
    pub name: String,
    /// The loan's order number; empty for bills.
    pub order_no: String,
    /// Centavos due on `dueDate`: the bill's amount, the loan's next payment
    /// (everything owed now, once overdue).
    pub amount: i64,
    pub amount_text: String,
    /// The next due date on or after today, Manila `YYYY-MM-DD` (a loan's
    /// first unpaid one, even if past); empty when none is left.
    pub due_date: String,
    /// Days from today to `dueDate`, negative when past; absent without one.
    pub days_left: Option<i64>,
    /// `none`, `weekly` or `monthly` (loans: `none`).
    pub repeat: String,
    pub repeat_text: String,
    /// Absent when no reminder was ever set.
    pub reminder: Option<ReminderView>,
}

struct Entry {
    item: RepayItem,
    due: Option<Date>,
}

/// What a bill is due on and when, with its reminder.
fn bill_entry(
    bill: &Bill,
    reminder: Option<&Reminder>,
    now: OffsetDateTime,
    lang: Lang,
    symbol: CurrencySymbol,
) -> Entry {
    let today = hiram_domain::clock::manila_date(now);
    let dues = Dues::Series { first: bill.form.due_date, repeat: bill.form.repeat };
    // A one-off bill keeps showing its (past) date; a repeating one rolls on.
    let due = dues.next_on_or_after(today).or((bill.form.repeat == Repeat::None).then_some(bill.form.due_date));
    Entry {
        item: RepayItem {
            kind: "bill".to_owned(),
            id: bill.id,
            name: bill.form.name.clone(),
            order_no: String::new(),
            amount: bill.form.amount.get(),
            amount_text: format_amount(bill.form.amount, symbol),
            due_date: due.map(|date| date.to_string()).unwrap_or_default(),
            days_left: due.map(|date| (date - today).whole_days()),
            repeat: bill.form.repeat.key().to_owned(),
            repeat_text: repeat_text(bill.form.repeat, lang),
            reminder: reminder.map(|reminder| reminder_view(reminder, &dues, now, lang)),
        },
        due,
    }
}

/// One of the borrower's loans in repayment, read from its plan and ledger.
pub(crate) struct LoanDues {
    pub order: Order,
    pub product_name: String,
    pub plan: Vec<PlanLine>,
    pub owed_now: Centavos,
}

impl LoanDues {
    pub(crate) fn dues(&self) -> Dues {
        Dues::Dates(self.plan.iter().filter(|line| !line.settled).map(|line| line.due_date).collect())
    }

    /// What is due on a date of the plan: that payment's unpaid part, or
    /// everything owed now once the date has passed (penalties included).
    pub(crate) fn amount_due(&self, due: Date, today: Date) -> Centavos {
        if due < today {
            return self.owed_now;
        }
        self.plan.iter().find(|line| !line.settled && line.due_date == due).map_or(self.owed_now, |line| line.remaining)
    }
}

pub(crate) async fn loan_dues(state: &AppState, order: Order, today: Date) -> ServiceResult<Option<LoanDues>> {
    if !order.status.is_repayable() {
        return Ok(None);
    }
    let Some(product) = state.store.product(order.product_id).await? else { return Ok(None) };
    let Some(account) = crate::services::loans::account(state, order.id).await? else { return Ok(None) };
    let owed_now = account.payoff(today).total;
    Ok(Some(LoanDues { owed_now, order, product_name: product.name, plan: account.plan(today) }))
}

fn loan_entry(
    loan: &LoanDues,
    reminder: Option<&Reminder>,
    now: OffsetDateTime,
    lang: Lang,
    symbol: CurrencySymbol,
) -> Entry {
    let today = hiram_domain::clock::manila_date(now);
    let dues = loan.dues();
    let due = loan.plan.iter().find(|line| !line.settled).map(|line| line.due_date);
    let amount = due.map_or(loan.owed_now, |date| loan.amount_due(date, today));
    Entry {
        item: RepayItem {
            kind: "order".to_owned(),
            id: loan.order.id.0,
            name: loan.product_name.clone(),
            order_no: loan.order.order_no.clone(),
            amount: amount.get(),
            amount_text: format_amount(amount, symbol),
            due_date: due.map(|date| date.to_string()).unwrap_or_default(),
            days_left: due.map(|date| (date - today).whole_days()),
            repeat: Repeat::None.key().to_owned(),
            repeat_text: repeat_text(Repeat::None, lang),
            reminder: reminder.map(|reminder| reminder_view(reminder, &dues, now, lang)),
        },
        due,
    }
}

/// Everything the borrower owes, loans first then bills, each as listed.
async fn entries(
    state: &AppState,
    borrower: BorrowerId,
    lang: Lang,
    symbol: CurrencySymbol,
) -> ApiResult<(Vec<Entry>, Vec<Entry>)> {
    let now = state.now();
    let today = hiram_domain::clock::manila_date(now);
    let reminders = state.store.reminders_of(borrower).await?;
    let by_target: HashMap<ReminderTarget, &Reminder> =
        reminders.iter().map(|reminder| (reminder.target, reminder)).collect();
    let mut loans = Vec::new();
    for order in state.store.orders_of(borrower).await? {
        if let Some(loan) = loan_dues(state, order, today).await? {
            let reminder = by_target.get(&ReminderTarget::Order(loan.order.id)).copied();
            loans.push(loan_entry(&loan, reminder, now, lang, symbol));
        }
    }
    let bills = state
        .store
        .bills_of(borrower)
        .await?
        .iter()
        .map(|bill| bill_entry(bill, by_target.get(&ReminderTarget::Bill(bill.id)).copied(), now, lang, symbol))
        .collect();
    Ok((loans, bills))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepayOverview {
    /// Manila `YYYY-MM-DD`.
    pub today: String,
    /// How many days ahead `upcoming` looks (30).
    pub window_days: i64,
    /// Loans and bills due within the window (and loans already overdue),
    /// soonest first.
    pub upcoming: Vec<RepayItem>,
    /// Their amounts added up, centavos.
    pub upcoming_total: i64,
    pub upcoming_total_text: String,
    /// Reminders switched on.
    pub reminders_on: i64,
}

/// The overview: what falls due in the next 30 days across the borrower's
/// bills and their own loans with us.
#[utoipa::path(post, path = "/repayment-product/index", operation_id = "repayment_reminders_index", tag = "repayment reminders",
    responses((status = 200, body = Envelope<RepayOverview>), (status = 401)), security(("borrower_session" = [])))]
pub async fn index(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
) -> ApiResult<Json<Envelope<RepayOverview>>> {
    let today = state.today();
    let horizon = today + time::Duration::days(UPCOMING_DAYS);
    let (loans, bills) = entries(&state, borrower, lang, symbol).await?;
    let reminders_on =
        loans.iter().chain(&bills).filter(|entry| entry.item.reminder.as_ref().is_some_and(|r| r.on)).count();
    let mut upcoming: Vec<Entry> = loans
        .into_iter()
        .filter(|entry| entry.due.is_some_and(|due| due <= horizon))
        .chain(bills.into_iter().filter(|entry| entry.due.is_some_and(|due| (today..=horizon).contains(&due))))
        .collect();
    upcoming.sort_by_key(|entry| entry.due);
    let total = upcoming.iter().map(|entry| entry.item.amount).sum::<i64>();
    Ok(ok(
        lang,
        RepayOverview {
            today: today.to_string(),
            window_days: UPCOMING_DAYS,
            upcoming_total_text: format_amount(Centavos::new(total), symbol),
            upcoming_total: total,
            upcoming: upcoming.into_iter().map(|entry| entry.item).collect(),
            reminders_on: i64::try_from(reminders_on).unwrap_or(i64::MAX),
        },
    ))
}

#[derive(Serialize, ToSchema)]
pub struct RepayList {
    /// The borrower's loans with us in repayment (174, 180).
    pub orders: Vec<RepayItem>,
    /// The borrower's own bills, oldest first.
    pub bills: Vec<RepayItem>,
}

/// Every bill of the borrower and every loan of theirs in repayment, each
/// with its next due date and its reminder.
#[utoipa::path(post, path = "/repayment-product/get-list", operation_id = "repayment_reminders_list", tag = "repayment reminders",
    responses((status = 200, body = Envelope<RepayList>), (status = 401)), security(("borrower_session" = [])))]
pub async fn list(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
) -> ApiResult<Json<Envelope<RepayList>>> {
    let (loans, bills) = entries(&state, borrower, lang, symbol).await?;
    Ok(ok(
        lang,
        RepayList {
            orders: loans.into_iter().map(|entry| entry.item).collect(),
            bills: bills.into_iter().map(|entry| entry.item).collect(),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaveParams {
    /// The bill to change; absent or empty to add one.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub repay_product_id: Option<i64>,
    /// What the bill is for, 1–40 characters.
    #[serde(default)]
    pub name: String,
    /// Whole centavos, 1 to 1000000000 (₱10,000,000.00).
    #[serde(default)]
    pub amount: String,
    /// The first (or only) due date, `YYYY-MM-DD` Manila, within the past
    /// year or the next five.
    #[serde(default)]
    pub due_date: String,
    /// `none` (the default), `weekly` or `monthly`.
    #[serde(default = "no_repeat")]
    pub repeat: String,
    /// At most 200 characters.
    #[serde(default)]
    pub note: String,
}

fn no_repeat() -> String {
    Repeat::None.key().to_owned()
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedBill {
    pub repay_product_id: i64,
}

/// Adds a bill, or changes one of the borrower's (which re-arms its
/// reminder). Nothing is stored unless every rule holds. An add retried
/// under its `Idempotency-Key` answers the first bill's id.
#[utoipa::path(post, path = "/repayment-product/save-repay-product", operation_id = "repayment_reminders_save", tag = "repayment reminders",
    params(SaveParams, IdempotencyHeader),
    responses((status = 200, body = Envelope<SavedBill>), (status = 400), (status = 401), (status = 404),
        (status = 409, description = "The borrower keeps the most bills allowed, or the `Idempotency-Key` was used for a different request; nothing was stored")),
    security(("borrower_session" = [])))]
pub async fn save(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    idempotency: IdempotencyHeader,
    Params(params): Params<SaveParams>,
) -> ApiResult<Json<Envelope<SavedBill>>> {
    let form = check_bill(&params.name, &params.amount, &params.due_date, &params.repeat, &params.note, state.today())
        .map_err(|problem| {
            ApiError::rejected(match problem {
                BillProblem::NameEmpty => Msg::BillNameEmpty,
                BillProblem::NameInvalid => Msg::BillNameInvalid,
                BillProblem::Amount => Msg::BillAmountInvalid,
                BillProblem::Date => Msg::BillDateInvalid,
                BillProblem::DateOutOfRange => Msg::BillDateOutOfRange,
                BillProblem::Repeat => Msg::BillRepeatInvalid,
                BillProblem::Note => Msg::BillNoteTooLong,
            })
        })?;
    let now = state.now();
    let id = match params.repay_product_id {
        Some(id) => {
            state.store.update_bill(borrower, id, &form, now).await.map_err(not_found_when_stale)?;
            id
        }
        None => {
            let amount = form.amount.get().to_string();
            let due_date = form.due_date.to_string();
            let asked = [form.name.as_str(), &amount, &due_date, form.repeat.key(), &form.note];
            let request = idempotency.keyed(KeyOwner::Borrower(borrower), "repayment_reminders_save", &asked);
            state
                .store
                .insert_bill(borrower, &form, now, MAX_BILLS, request.as_ref())
                .await
                .map_err(refuse_reused_key)?
                .ok_or(ApiError::Conflict { message: Msg::BillLimitReached, data: serde_json::Value::Null })?
        }
    };
    tracing::info!(bill.id = id, "repayment bill saved");
    Ok(coded(SUCCESS_CODE, Msg::BillSaved, lang, SavedBill { repay_product_id: id }))
}

fn not_found_when_stale(error: StoreError) -> ApiError {
    match error {
        StoreError::Stale => ApiError::NotFound,
        other => other.into(),
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BillParams {
    pub repay_product_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillInfo {
    pub repay_product_id: i64,
    pub name: String,
    /// Centavos.
    pub amount: i64,
    pub amount_text: String,
    /// The first (or only) due date as saved, `YYYY-MM-DD`.
    pub due_date: String,
    /// The next due date on or after today; empty when none is left.
    pub next_due_date: String,
    pub repeat: String,
    pub repeat_text: String,
    pub note: String,
    pub reminder: Option<ReminderView>,
}

async fn own_bill(state: &AppState, borrower: BorrowerId, id: i64) -> ApiResult<Bill> {
    state.store.bill_of(borrower, id).await?.ok_or(ApiError::NotFound)
}

/// One of the borrower's bills; another borrower's answers exactly like a
/// missing one.
#[utoipa::path(post, path = "/repayment-product/repay-product-info", operation_id = "repayment_reminders_info", tag = "repayment reminders",
    params(BillParams),
    responses((status = 200, body = Envelope<BillInfo>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
    Params(params): Params<BillParams>,
) -> ApiResult<Json<Envelope<BillInfo>>> {
    let bill = own_bill(&state, borrower, params.repay_product_id).await?;
    let reminders = state.store.reminders_of(borrower).await?;
    let reminder = reminders.iter().find(|reminder| reminder.target == ReminderTarget::Bill(bill.id));
    let entry = bill_entry(&bill, reminder, state.now(), lang, symbol);
    let next_due_date = match bill.form.repeat {
        // A one-off bill whose date passed has no next due date.
        Repeat::None if entry.due.is_some_and(|due| due < state.today()) => String::new(),
        _ => entry.item.due_date,
    };
    Ok(ok(
        lang,
        BillInfo {
            repay_product_id: bill.id,
            name: bill.form.name.clone(),
            amount: bill.form.amount.get(),
            amount_text: entry.item.amount_text,
            due_date: bill.form.due_date.to_string(),
            next_due_date,
            repeat: entry.item.repeat,
            repeat_text: entry.item.repeat_text,
            note: bill.form.note.clone(),
            reminder: entry.item.reminder,
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TargetParams {
    /// A bill of the borrower's, or
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub repay_product_id: Option<i64>,
    /// one of their loans in repayment (exactly one of the two).
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub order_id: Option<i64>,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReminderParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub repay_product_id: Option<i64>,
    /// Instead of `repayProductId`: one of the borrower's loans in repayment.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub order_id: Option<i64>,
    /// 0–7 days before each due date.
    #[serde(default)]
    pub days_before: String,
    /// `HH:MM`, Manila, from 08:00 to 21:00.
    #[serde(default)]
    pub remind_time: String,
}

/// The reminder's target, only if it is the borrower's: another borrower's
/// bill or loan answers exactly like a missing one. A loan must be in
/// repayment to be reminded of.
async fn own_target(
    state: &AppState,
    borrower: BorrowerId,
    bill: Option<i64>,
    order: Option<i64>,
) -> ApiResult<ReminderTarget> {
    match (bill, order) {
        (Some(id), None) => Ok(ReminderTarget::Bill(own_bill(state, borrower, id).await?.id)),
        (None, Some(id)) => {
            let order = state.store.order_of(borrower, OrderId(id)).await?.ok_or(ApiError::NotFound)?;
            if !order.status.is_repayable() {
                return Err(ApiError::rejected(Msg::ReminderLoanClosed));
            }
            Ok(ReminderTarget::Order(order.id))
        }
        _ => Err(ApiError::rejected(Msg::ReminderTargetNeeded)),
    }
}

/// Sets (or changes) the reminder of a bill or of a loan in repayment: how
/// many days before each due date, and at what time between 08:00 and 21:00
/// Manila. Only due dates whose reminder time is still ahead count.
#[utoipa::path(post, path = "/repayment-product/set-reminder", operation_id = "repayment_reminders_set_reminder", tag = "repayment reminders",
    params(ReminderParams),
    responses((status = 200, body = Envelope<crate::error::NoData>), (status = 400), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn set_reminder(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<ReminderParams>,
) -> ApiResult<Json<Envelope<crate::error::NoData>>> {
    let rule = ReminderRule::parse(&params.days_before, &params.remind_time).map_err(|problem| {
        ApiError::rejected(match problem {
            ReminderProblem::DaysBefore => Msg::ReminderDaysInvalid,
            ReminderProblem::TimeFormat => Msg::ReminderTimeInvalid,
            ReminderProblem::OutsideHours => Msg::ReminderOutsideHours,
        })
    })?;
    let target = own_target(&state, borrower, params.repay_product_id, params.order_id).await?;
    let setting = ReminderSetting { borrower_id: borrower, target, rule, lang: lang.tag().to_owned(), at: state.now() };
    state.store.set_reminder(&setting).await.map_err(not_found_when_stale)?;
    Ok(coded(SUCCESS_CODE, Msg::ReminderSet, lang, crate::error::NoData))
}

/// Switches a reminder off (nothing to switch off is fine too).
#[utoipa::path(post, path = "/repayment-product/close-reminder", operation_id = "repayment_reminders_close_reminder", tag = "repayment reminders",
    params(TargetParams),
    responses((status = 200, body = Envelope<crate::error::NoData>), (status = 400), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn close_reminder(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<TargetParams>,
) -> ApiResult<Json<Envelope<crate::error::NoData>>> {
    let target = match (params.repay_product_id, params.order_id) {
        // A loan that closed meanwhile can still have its reminder closed.
        (None, Some(id)) => {
            ReminderTarget::Order(state.store.order_of(borrower, OrderId(id)).await?.ok_or(ApiError::NotFound)?.id)
        }
        (bill, order) => own_target(&state, borrower, bill, order).await?,
    };
    match state.store.close_reminder(borrower, target, state.now()).await {
        Ok(()) | Err(StoreError::Stale) => Ok(coded(SUCCESS_CODE, Msg::ReminderClosed, lang, crate::error::NoData)),
        Err(other) => Err(other.into()),
    }
}

/// Deletes one of the borrower's bills with its reminder.
#[utoipa::path(post, path = "/repayment-product/delete-repay-product", operation_id = "repayment_reminders_delete", tag = "repayment reminders",
    params(BillParams),
    responses((status = 200, body = Envelope<crate::error::NoData>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn delete(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<BillParams>,
) -> ApiResult<Json<Envelope<crate::error::NoData>>> {
    state.store.delete_bill(borrower, params.repay_product_id).await.map_err(not_found_when_stale)?;
    tracing::info!(bill.id = params.repay_product_id, "repayment bill deleted");
    Ok(coded(SUCCESS_CODE, Msg::BillDeleted, lang, crate::error::NoData))
}
