//! Order details (spec §2 "Order details V3", §3 "Loan details response"):
//! the page a borrower opens most. `POST /pany/v3/loan-details/loan-details`.

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{Currency, Params, SessionToken, optional_id, session_borrower};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use crate::views::{DetailRow, ProductCard, card, status_texts};
use axum::Json;
use axum::extract::State;
use hiram_domain::clock::manila_date;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::{Order, OrderId, OrderStatus};
use hiram_domain::product::ProductId;
use hiram_domain::store::OrderRead;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(loan_details)).routes(routes!(recommend_jump))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RecommendParams {
    pub product_id: i64,
    /// The card's position in the list (counted by the page's event save).
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub position: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct Jump {
    /// An app path, or an `http` address to open as is.
    pub url: String,
}

/// A tap on a recommended product: says where to go (the specification's
/// recommended tap, built working as D6 asks). The page counts the tap
/// itself through `/service/event/save`.
#[utoipa::path(post, path = "/v3/loan-details/recommend-jump", tag = "loans", params(RecommendParams),
    responses((status = 200, body = Envelope<Jump>), (status = 400, description = "The product cannot be taken now"), (status = 404)))]
pub async fn recommend_jump(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<RecommendParams>,
) -> ApiResult<Json<Envelope<Jump>>> {
    let product = state.store.product(ProductId(params.product_id)).await?.ok_or(ApiError::NotFound)?;
    if !product.available {
        return Err(ApiError::rejected(Msg::ProductUnavailable));
    }
    Ok(ok(lang, Jump { url: format!("/productDetail?productId={}", product.id.0) }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LoanDetailsParams {
    /// The order to show; it must belong to the caller.
    pub order_id: i64,
    /// Optional; when given it must be the order's product.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoanDetails {
    /// Status code of decisions.md D3 (21, 151, 110, 170, 174, 180, 200).
    pub order_status: i64,
    pub notice_status_text: String,
    pub notice_des_text: String,
    /// Other products to try; only for statuses where the page shows them.
    pub rec_products: Vec<ProductCard>,
    pub product_name: String,
    pub product_logo: String,
    pub user_order_detail: OrderDetailRows,
    /// `"1"` when the lender is the platform itself, else `"0"`.
    pub inside: String,
    /// An external repayment page, when a lender uses one; empty here.
    pub h5_url: String,
    /// `"1"` when the borrower may extend (roll over) this loan.
    pub is_delay: String,
    /// Customer service phone.
    pub telephone: String,
    /// 1 asks the borrower to rate the app.
    pub is_score: i64,
    /// The confirm-and-withdraw page for an approved order; empty otherwise.
    #[serde(rename = "playeduL")]
    pub confirm_url: String,
    /// Withdraw reminder for an approved order.
    pub rey_msg: String,
    #[serde(rename = "KindTipsMsg")]
    pub kind_tips_msg: String,
    /// 1 asks the borrower to bind a bank card.
    pub card_need_pop: i64,
    pub card_pop_title: String,
    pub card_pop_msg: String,
    /// For a loan past a due date (180, or 174 before the daily run marks
    /// it): days late, penalties so far, the balance today and what another
    /// day adds; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overdue: Option<crate::views::OverdueView>,
    /// For a loan whose money went out (174, 180, 200): what was paid, what
    /// is owed today and the next amount due; absent before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub balance: Option<BalanceView>,
}

/// One running balance (issue 33), to the day with no daily run needed and
/// changed by every payment, extension and penalty. Amounts in centavos.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceView {
    /// Paid in so far, net of refunds: read from the loan's ledger.
    pub paid: i64,
    /// Everything owed today, interest and penalties to the day included.
    pub owed_today: i64,
    /// The next amount to pay: everything fallen due, or the next
    /// instalment as it stands on its day; 0 when nothing is owed.
    pub next_due_amount: i64,
    /// Its day (Manila, YYYY-MM-DD): today when something is late; empty
    /// when nothing is owed.
    pub next_due_date: String,
    /// Paying the whole loan off today. The page shows it beside the next
    /// payment only when it is less (before the early-repayment day of a
    /// one-payment loan, say): closing today then costs less than waiting.
    pub payoff_today: i64,
    /// For a fully paid loan whose payments came to other than the
    /// schedule's total: why (interest only to the day of an early payoff,
    /// late charges, an extension); empty otherwise.
    pub settled_note: String,
}

#[derive(Serialize, ToSchema)]
pub struct OrderDetailRows {
    pub detail: Vec<DetailRow>,
}

/// The details of one of the caller's orders.
#[utoipa::path(method(get, post),
    path = "/v3/loan-details/loan-details",
    tag = "loans",
    params(LoanDetailsParams),
    responses(
        (status = 200, body = Envelope<LoanDetails>),
        (status = 400, description = "Missing or malformed parameters"),
        (status = 401, description = "No valid session"),
        (status = 404, description = "No such order for this borrower"),
    ), security(("borrower_session" = [])))]
pub async fn loan_details(
    State(state): State<AppState>,
    SessionToken(token): SessionToken,
    lang: Lang,
    Currency(symbol): Currency,
    params: Result<Params<LoanDetailsParams>, ApiError>,
) -> ApiResult<Json<Envelope<LoanDetails>>> {
    // The session, the order, its product and its account: one statement
    // (decision 066). The session is judged as every borrower call judges
    // it, and before the parameters, as the session extractor would.
    let digest = token.as_deref().and_then(crate::session::digest).ok_or(ApiError::SessionRequired)?;
    let params = match params {
        Ok(Params(params)) => params,
        Err(refused) => {
            session_borrower(&state, state.store.session(&digest).await?)?;
            return Err(refused);
        }
    };
    let read = state.store.loan_details_read(&digest, OrderId(params.order_id)).await?;
    let borrower = session_borrower(&state, read.as_ref().map(|read| read.session.clone()))?;
    let OrderRead { order, product, account, balances } = read.and_then(|read| read.order).ok_or(ApiError::NotFound)?;
    if params.product_id.is_some_and(|product| ProductId(product) != order.product_id) {
        return Err(ApiError::NotFound);
    }
    let product = product.ok_or_else(|| ApiError::Internal(format!("order {} names a missing product", order.id.0)))?;
    // Products within the rule set in force, as the home page lists them
    // (an unavailable one greyed).
    let recommendations = if shows_recommendations(order.status) {
        crate::services::loans::lawful_products(&state)
            .await?
            .iter()
            .filter(|other| other.id != product.id)
            .map(|other| card(other, lang, symbol))
            .collect()
    } else {
        Vec::new()
    };
    // A borrower who repaid is asked once to rate the app.
    let asks_for_rating = order.status == OrderStatus::Repaid && !state.store.has_event(borrower, "app_rating").await?;
    let approved = order.status == OrderStatus::AwaitingConfirmation;
    // A confirmed loan waits for an account to be sent to.
    let needs_account =
        order.status == OrderStatus::Disbursing && state.store.payout_account(borrower).await?.is_none();
    // The banner tells the one story of the page (decision 045): a loan
    // waiting for an account asks for it, rather than saying the money is on
    // its way.
    // A loan closed because its payout was refused (110 from 170) was
    // approved: under the status's one name ("Loan not made", true of both
    // ways to 110) it says the money could not be sent, not that it was
    // refused, so the borrower fixes the account rather than goes elsewhere.
    let payout_refused =
        order.status == OrderStatus::Rejected
            && state.store.status_history(order.id).await?.last().is_some_and(|change| {
                change.to == OrderStatus::Rejected && change.from == Some(OrderStatus::Disbursing)
            });
    let (title, description) = if needs_account {
        (Msg::CardPopTitle, Msg::CardPopMsg)
    } else if payout_refused {
        (Msg::StatusRejectedTitle, Msg::StatusPayoutRefusedText)
    } else {
        status_texts(order.status)
    };
    // An open loan extends while its agreement (frozen when it was
    // accepted) permits; an overdue one rolls over (180 → 174). Its
    // standing and balance are worked out to today from its account, so a
    // loan gone late since the last daily run shows its penalties already.
    let today = state.today();
    let (extendable, overdue, balance) = match (order.status.is_repayable(), &account) {
        (true, Some(account)) => {
            let rule_sets = crate::services::loans::rule_sets(&state).await?;
            let overdue =
                account.overdue_standing(today).map(|standing| crate::views::overdue_view(&standing, lang, symbol));
            let running = account.running_balance(today);
            let balance = BalanceView {
                paid: account.paid_in(&balances).get(),
                owed_today: running.owed_today.get(),
                next_due_amount: running.next_due.map_or(0, |next| next.amount.get()),
                next_due_date: running.next_due.map(|next| date_text(next.on)).unwrap_or_default(),
                payoff_today: running.payoff_today.get(),
                settled_note: String::new(),
            };
            (account.can_extend(today, &rule_sets).is_ok(), overdue, Some(balance))
        }
        (false, Some(account)) if order.status == OrderStatus::Repaid => {
            let paid = account.paid_in(&balances).get();
            let balance = BalanceView {
                paid,
                owed_today: 0,
                next_due_amount: 0,
                next_due_date: String::new(),
                payoff_today: 0,
                settled_note: settled_note(&order, Centavos::new(paid), lang, symbol),
            };
            (false, None, Some(balance))
        }
        _ => (false, None, None),
    };
    Ok(ok(
        lang,
        LoanDetails {
            order_status: order.status.code(),
            notice_status_text: title.text(lang).to_owned(),
            notice_des_text: description.text(lang).to_owned(),
            rec_products: recommendations,
            product_name: product.name.clone(),
            product_logo: product.logo_url.clone(),
            user_order_detail: OrderDetailRows { detail: detail_rows(&order, lang, symbol)? },
            inside: "0".to_owned(),
            h5_url: String::new(),
            is_delay: if extendable { "1" } else { "0" }.to_owned(),
            telephone: crate::company::details(&state).await?.phone.clone(),
            is_score: i64::from(asks_for_rating),
            confirm_url: if approved {
                format!("/loanConfirm?productId={}&orderId={}", product.id.0, order.id.0)
            } else {
                String::new()
            },
            rey_msg: if approved { Msg::WithdrawReminder.text(lang).to_owned() } else { String::new() },
            kind_tips_msg: if order.status.is_repayable() {
                Msg::KindTips.text(lang).to_owned()
            } else {
                String::new()
            },
            card_need_pop: i64::from(needs_account),
            card_pop_title: if needs_account { Msg::CardPopTitle.text(lang).to_owned() } else { String::new() },
            card_pop_msg: if needs_account { Msg::CardPopMsg.text(lang).to_owned() } else { String::new() },
            overdue,
            balance,
        },
    ))
}

/// Spec §4: the list is hidden for 170, 174, 180 and 200.
fn shows_recommendations(status: OrderStatus) -> bool {
    matches!(status, OrderStatus::UnderReview | OrderStatus::AwaitingConfirmation | OrderStatus::Rejected)
}

const DATE: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

fn date_text(date: time::Date) -> String {
    date.format(DATE).unwrap_or_default()
}

/// Why a fully paid loan's payments differ from the total its schedule
/// shows ("Total repayment"), so the two figures side by side explain each
/// other: less when it was paid off early (interest runs to the day paid),
/// more with late charges or what an extension cost.
fn settled_note(order: &Order, paid: Centavos, lang: Lang, symbol: CurrencySymbol) -> String {
    let Some(scheduled) = order.total_repayable() else { return String::new() };
    let difference = paid.get() - scheduled.get();
    let (message, amount) = match difference {
        0 => return String::new(),
        less if less < 0 => (Msg::PaidLessThanSchedule, -less),
        more => (Msg::PaidMoreThanSchedule, more),
    };
    message.text(lang).replace("{amount}", &format_amount(Centavos::new(amount), symbol))
}

fn detail_rows(order: &Order, lang: Lang, symbol: CurrencySymbol) -> ApiResult<Vec<DetailRow>> {
    let money = |amount: Centavos| format_amount(amount, symbol);
    let total =
        order.total_repayable().ok_or_else(|| ApiError::Internal(format!("order {} total overflows", order.id.0)))?;
    let row = |text: Msg, value: String| DetailRow { text: text.text(lang).to_owned(), value };
    Ok(vec![
        row(Msg::RowOrderNumber, order.order_no.clone()),
        row(Msg::RowLoanAmount, money(order.principal)),
        row(Msg::RowTerm, format!("{} {}", order.term_days, Msg::TermDays.text(lang))),
        row(Msg::RowInterest, money(order.interest)),
        row(Msg::RowServiceFee, money(order.fees)),
        row(Msg::RowTotalRepayment, money(total)),
        row(Msg::RowApplicationDate, date_text(manila_date(order.applied_at))),
        row(Msg::RowDisbursementDate, order.disbursed_at.map(|at| date_text(manila_date(at))).unwrap_or_default()),
        row(Msg::RowDueDate, order.due_date.map(date_text).unwrap_or_default()),
    ])
}
