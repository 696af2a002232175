//! Orders for staff: the table by status (the applications queue is the
//! orders under review), one order's record (its state history, ledger,
//! balances and payout attempts), and the manual decision on an
//! application whose product requires review.

use super::Staff;
use super::listing::{Listing, page_request};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::back_office::{OrderQuery, OrderRow, OrderSort};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::ledger::Balances;
use hiram_domain::order::{Order, OrderId, OrderStatus, Transition};
use hiram_domain::payout::PayoutResult;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The documented schema of a `status` filter: one of the order's codes.
fn order_status_code() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Integer)
        .enum_values(Some(OrderStatus::ALL.map(OrderStatus::code)))
        .build()
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderListParams {
    /// A status code (21, 151, 110, 170, 174, 180, 200); all when absent.
    #[param(schema_with = order_status_code)]
    pub status: Option<i64>,
    pub borrower_id: Option<i64>,
    /// The start of an order number.
    #[param(pattern = "^[A-Za-z0-9]{0,24}$")]
    pub order_no: Option<String>,
    /// `newest` (the default), `oldest`, `largest` or `due`.
    #[param(pattern = "^(newest|oldest|largest|due)$")]
    pub sort: Option<String>,
    /// From 1.
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
    /// 1–100, default 25.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderListRow {
    pub id: i64,
    pub order_no: String,
    pub status: i64,
    pub borrower_id: i64,
    pub borrower_name: String,
    /// Masked: `0917 *** 4567`.
    pub phone: String,
    pub product_name: String,
    /// Centavos.
    pub principal: i64,
    pub applied_at: String,
    /// Manila date, once disbursed.
    pub due_date: Option<String>,
}

pub fn list_row(row: OrderRow) -> OrderListRow {
    OrderListRow {
        id: row.order.id.0,
        order_no: row.order.order_no,
        status: row.order.status.code(),
        borrower_id: row.borrower.id.0,
        borrower_name: row.borrower.full_name.unwrap_or_default(),
        phone: row.borrower.phone.masked(),
        product_name: row.product_name,
        principal: row.order.principal.get(),
        applied_at: crate::views::timestamp(row.order.applied_at),
        due_date: row.order.due_date.map(|date| date.to_string()),
    }
}

/// Orders, filtered and sorted, a page at a time.
#[utoipa::path(get, path = "/orders", operation_id = "staff_orders", tag = "staff", params(OrderListParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<OrderListRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<OrderListParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<OrderListRow>>>> {
    staff.require(Permission::ViewOrders)?;
    let Params(params) = params?;
    let status = params.status.map(OrderStatus::from_code).transpose().map_err(|_| ApiError::InvalidParameters)?;
    let sort = OrderSort::parse(params.sort.as_deref().unwrap_or("newest")).ok_or(ApiError::InvalidParameters)?;
    let order_no = match params.order_no.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        Some(text) if text.len() <= 24 && text.chars().all(|c| c.is_ascii_alphanumeric()) => {
            Some(text.to_ascii_uppercase())
        }
        Some(_) => return Err(ApiError::InvalidParameters),
        None => None,
    };
    let page = page_request(params.page, params.page_size)?;
    let query = OrderQuery { status, borrower: params.borrower_id.map(BorrowerId), order_no, sort, page };
    let found = state.store.find_orders(&query).await?;
    Ok(ok(lang, Listing::of(found, page, list_row)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderIdParams {
    pub id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryStep {
    pub from: Option<i64>,
    pub to: i64,
    /// Why: the decision rule, the payment, or the staff member's reason.
    pub cause: String,
    pub at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerLineView {
    pub account: String,
    /// `debit` or `credit`.
    pub side: String,
    /// Centavos.
    pub amount: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntryView {
    pub id: i64,
    pub kind: String,
    /// The idempotency key it was posted under (the payment's transaction).
    pub key: String,
    pub at: String,
    pub lines: Vec<LedgerLineView>,
}

/// What the borrower owes now, by bucket, in centavos.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DuesView {
    pub principal: i64,
    pub interest: i64,
    pub fees: i64,
    pub penalties: i64,
    pub total: i64,
    /// Money paid beyond what was owed, held for the borrower.
    pub credit: i64,
}

/// What the loan engine holds for a loan (decision 056): the terms frozen
/// at acceptance, the rule set governing it, what is owed today and every
/// cap proof, for staff and an examiner.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoanRecord {
    /// The act the borrower accepted by (D9): `agree_button`, `checkbox`,
    /// `app_next` (a native shell's Next), or the demo seed's.
    pub accepted_by: Option<String>,
    /// The terms as frozen at acceptance (JSON of the engine's terms);
    /// null for a loan not yet accepted, or accepted before the engine.
    pub terms: Option<serde_json::Value>,
    /// The code of the rule set governing its last contract.
    pub rule_set: Option<String>,
    pub covered: Option<bool>,
    pub renewals: i64,
    /// What paying it off today costs, from its account, with interest to
    /// the day (the ledger holds what has been posted).
    pub owed_today: Option<DuesView>,
    /// `YYYY-MM-DD`: the day the lender wrote the loan off (decision 073),
    /// after which nothing more is charged; the borrower still owes
    /// `owedToday`, and what they pay is a recovery.
    pub written_off_on: Option<String>,
    /// Centavos: what it owed when written off.
    pub written_off: Option<i64>,
    pub schedule: Vec<ScheduleLineView>,
    pub proofs: Vec<ProofView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleLineView {
    pub number: i64,
    pub due_date: String,
    /// Centavos: its principal, interest and penalties.
    pub amount: i64,
    pub remaining: i64,
    pub settled: bool,
}

/// One cap proof: a contract (acceptance, renewal) held against its rule
/// set, or days a ceiling held charges back.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProofView {
    /// `acceptance`, `renewal N` (the N-th extension or rollover), or
    /// `ceiling_held` for days a ceiling held charges back.
    pub occasion: String,
    pub rule_set: String,
    pub passed: bool,
    pub at: String,
    /// The effective rate a month on the net proceeds, six decimals.
    pub effective_rate: Option<String>,
    /// The whole proof as stored (cash flows, rate, costs, breaches) or the
    /// days held back.
    pub body: serde_json::Value,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutView {
    pub gateway: String,
    /// `sent`, `pending`, `refused` or `unavailable`.
    pub outcome: String,
    /// The gateway's transaction id, or why it refused.
    pub detail: String,
    pub at: String,
}

pub fn payout_view(gateway: String, result: Option<PayoutResult>, at: time::OffsetDateTime) -> PayoutView {
    let (outcome, detail) = match result {
        Some(PayoutResult::Sent { transaction_id }) => ("sent", transaction_id),
        Some(PayoutResult::Pending { transaction_id }) => ("pending", transaction_id),
        Some(PayoutResult::Refused { reason }) => ("refused", reason),
        None => ("unavailable", String::new()),
    };
    PayoutView { gateway, outcome: outcome.to_owned(), detail, at: crate::views::timestamp(at) }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRecord {
    pub id: i64,
    pub order_no: String,
    pub status: i64,
    pub borrower_id: i64,
    pub borrower_name: String,
    pub phone: String,
    pub product_id: i64,
    pub product_name: String,
    /// The lender whose loan it is, in whose books it stands.
    pub lender_id: i64,
    pub lender_name: String,
    /// Whether the product asks staff to decide its applications.
    pub requires_review: bool,
    /// Centavos.
    pub principal: i64,
    pub interest: i64,
    pub fees: i64,
    pub term_days: i64,
    pub extension_days: i64,
    pub applied_at: String,
    pub disbursed_at: Option<String>,
    pub due_date: Option<String>,
    pub closed_at: Option<String>,
    pub dues: DuesView,
    pub history: Vec<HistoryStep>,
    pub ledger: Vec<LedgerEntryView>,
    pub payouts: Vec<PayoutView>,
    /// The account payouts go to, masked.
    pub payout_account: Option<String>,
    pub loan: LoanRecord,
}

async fn loan_record(state: &AppState, order: &Order) -> ApiResult<LoanRecord> {
    let terms = state.store.loan_terms(order.id).await?;
    let standing = crate::services::loans::standing(state, order.id).await?;
    let proofs = state.store.cap_proofs(order.id).await?;
    let json =
        |value: serde_json::Result<serde_json::Value>| value.map_err(|error| ApiError::Internal(error.to_string()));
    let proofs = proofs
        .into_iter()
        .map(|stored| {
            let body = match &stored.proof {
                Some(proof) => json(serde_json::to_value(proof))?,
                None => json(serde_json::to_value(&stored.holds))?,
            };
            Ok(ProofView {
                occasion: stored.occasion,
                rule_set: stored.rule_set_code,
                passed: stored.passed,
                at: crate::views::timestamp(stored.created_at),
                effective_rate: stored.proof.map(|proof| proof.eir.percent_text()),
                body,
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(LoanRecord {
        accepted_by: state.store.acceptance_act(order.id).await?,
        terms: terms.map(|terms| json(serde_json::to_value(terms))).transpose()?,
        rule_set: standing.as_ref().map(|standing| standing.account.rule_set.code.clone()),
        covered: standing.as_ref().map(|standing| standing.account.covered),
        renewals: standing.as_ref().map_or(0, |standing| standing.account.renewals),
        owed_today: standing.as_ref().map(|standing| {
            let payoff = &standing.payoff;
            DuesView {
                principal: payoff.principal.get(),
                interest: payoff.interest.get() + payoff.minimum_interest.get(),
                fees: payoff.fees.get(),
                penalties: payoff.penalties.get(),
                total: payoff.total.get(),
                credit: payoff.credit.get(),
            }
        }),
        written_off_on: standing
            .as_ref()
            .and_then(|standing| standing.account.written_off)
            .map(|write_off| write_off.on.to_string()),
        written_off: standing
            .as_ref()
            .and_then(|standing| standing.account.written_off)
            .map(|write_off| write_off.amount.get()),
        schedule: standing
            .as_ref()
            .map(|standing| {
                standing
                    .plan()
                    .into_iter()
                    .map(|line| ScheduleLineView {
                        number: line.number,
                        due_date: line.due_date.to_string(),
                        amount: line.amount.get(),
                        remaining: line.remaining.get(),
                        settled: line.settled,
                    })
                    .collect()
            })
            .unwrap_or_default(),
        proofs,
    })
}

fn dues_view(balances: &Balances) -> DuesView {
    let dues = balances.dues();
    DuesView {
        principal: dues.principal.get(),
        interest: dues.interest.get(),
        fees: dues.fees.get(),
        penalties: dues.penalties.get(),
        total: dues.total().get(),
        credit: (-balances.net(hiram_domain::ledger::Account::BorrowerCredit)).max(0),
    }
}

/// One order with everything that happened to it.
#[utoipa::path(get, path = "/orders/record", operation_id = "staff_order_record", tag = "staff", params(OrderIdParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<OrderRecord>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn record(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<OrderIdParams>, ApiError>,
) -> ApiResult<Json<Envelope<OrderRecord>>> {
    staff.require(Permission::ViewOrders)?;
    let Params(params) = params?;
    let order = state.store.order(OrderId(params.id)).await?.ok_or(ApiError::NotFound)?;
    let borrower = state.store.borrower(order.borrower_id).await?.ok_or(ApiError::NotFound)?;
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    let history = state.store.status_history(order.id).await?;
    let entries = state.store.ledger_entries(order.id).await?;
    let balances = Balances::of(&entries.iter().map(|stored| stored.entry.clone()).collect::<Vec<_>>());
    let payouts = state.store.payout_attempts(order.id).await?;
    let account = state.store.payout_account(borrower.id).await?;
    let loan = loan_record(&state, &order).await?;
    Ok(ok(
        lang,
        OrderRecord {
            id: order.id.0,
            order_no: order.order_no.clone(),
            status: order.status.code(),
            borrower_id: borrower.id.0,
            borrower_name: borrower.full_name.clone().unwrap_or_default(),
            phone: borrower.phone.masked(),
            product_id: product.id.0,
            product_name: product.name.clone(),
            lender_id: product.lender_id.0,
            lender_name: product.lender_name.clone(),
            requires_review: product.requires_review,
            principal: order.principal.get(),
            interest: order.interest.get(),
            fees: order.fees.get(),
            term_days: order.term_days,
            extension_days: order.extension_days,
            applied_at: crate::views::timestamp(order.applied_at),
            disbursed_at: order.disbursed_at.map(crate::views::timestamp),
            due_date: order.due_date.map(|date| date.to_string()),
            closed_at: order.closed_at.map(crate::views::timestamp),
            dues: dues_view(&balances),
            history: history
                .into_iter()
                .map(|step| HistoryStep {
                    from: step.from.map(OrderStatus::code),
                    to: step.to.code(),
                    cause: step.cause,
                    at: crate::views::timestamp(step.at),
                })
                .collect(),
            ledger: entries
                .into_iter()
                .map(|stored| LedgerEntryView {
                    id: stored.id,
                    kind: stored.entry.kind.key().to_owned(),
                    key: stored.key,
                    at: crate::views::timestamp(stored.created_at),
                    lines: stored
                        .entry
                        .lines
                        .iter()
                        .map(|line| LedgerLineView {
                            account: line.account.key().to_owned(),
                            side: line.side.key().to_owned(),
                            amount: line.amount.get(),
                        })
                        .collect(),
                })
                .collect(),
            payouts: payouts
                .into_iter()
                .map(|attempt| payout_view(attempt.gateway, attempt.result, attempt.at))
                .collect(),
            payout_account: account.map(|account| account.details.masked()),
            loan,
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecisionParams {
    pub id: i64,
    /// `approve` or `reject`.
    pub decision: String,
    /// Why, for the borrower's record and the audit log (5–500 characters).
    #[serde(default)]
    pub reason: String,
}

/// A reason staff must give for a decision: 5 to 500 characters.
pub fn checked_reason(reason: &str) -> ApiResult<&str> {
    let reason = reason.trim();
    if (5..=500).contains(&reason.chars().count()) {
        Ok(reason)
    } else {
        Err(super::refused_with(Msg::ReasonNeeded, "reason"))
    }
}

/// Approves (→ 151, the borrower then confirms) or rejects (→ 110) an
/// application waiting for review (21), with the reason in its history;
/// the borrower is told by SMS.
#[utoipa::path(post, path = "/orders/decide", operation_id = "staff_decide_application", tag = "staff", params(DecisionParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn decide(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecisionParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::DecideApplications)?;
    let Params(params) = params?;
    let (to, sms) = match params.decision.as_str() {
        "approve" => (OrderStatus::AwaitingConfirmation, Msg::ApplicationApprovedSms),
        "reject" => (OrderStatus::Rejected, Msg::ApplicationDeclinedSms),
        _ => return Err(ApiError::InvalidParameters),
    };
    let reason = checked_reason(&params.reason)?;
    let action = staff.act(&state).await?;
    let order: Order = action.state.store.order(OrderId(params.id)).await?.ok_or(ApiError::NotFound)?;
    if order.status != OrderStatus::UnderReview {
        return Err(ApiError::Conflict { message: Msg::OrderMovedOn, data: serde_json::Value::Null });
    }
    let cause = format!("{} by {}: {reason}", params.decision, staff.display_name());
    let transition = Transition::new(&order, to, cause, state.now())
        .map_err(|_| ApiError::Conflict { message: Msg::OrderMovedOn, data: serde_json::Value::Null })?;
    action.state.move_order(&transition).await?;
    staff
        .audit(
            &action,
            &format!("order.{}", params.decision),
            &format!("order:{}", order.id.0),
            serde_json::json!({ "status": OrderStatus::UnderReview.code() }),
            serde_json::json!({ "status": to.code(), "reason": reason }),
        )
        .await?;
    action.commit().await?;
    tracing::info!(order.id = order.id.0, order.status = to.code(), "application decided by staff");
    if let Some(borrower) = state.store.borrower(order.borrower_id).await? {
        crate::adapters::sms::notify(
            &state,
            &borrower.phone,
            sms.text(Lang::of(borrower.language)).replace("{n}", &order.order_no),
        )
        .await;
    }
    Ok(ok(lang, NoData))
}
