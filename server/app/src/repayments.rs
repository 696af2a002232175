//! Posting money received to an order's ledger, and what follows from it:
//! the order closes (→ 200) when nothing is owed, and the borrower gets an
//! SMS receipt. Shared by every channel's callback.

use crate::error::{ApiError, ApiResult};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use hiram_domain::clock::manila_date;
use hiram_domain::ledger::{Balances, DEFAULT_ALLOCATION};
use hiram_domain::money::Centavos;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::Order;
use hiram_domain::order::{OrderStatus, Transition};
use hiram_domain::otp::Delivery;
use hiram_domain::payment::PayCode;
use hiram_domain::pricing::Instalment;
use hiram_domain::product::Product;
use hiram_domain::sms::{NewOutboxEntry, OutboundMessage, OutboxStatus};
use hiram_domain::store::{IdempotencyKey, Posting};
use time::{Date, Duration};

/// What is owed on an order now, from its ledger.
pub async fn balances(state: &AppState, order: hiram_domain::order::OrderId) -> ApiResult<Balances> {
    let entries = state.store.ledger_entries(order).await?;
    Ok(Balances::of(&entries.into_iter().map(|stored| stored.entry).collect::<Vec<_>>()))
}

/// Posts a payment for a pay code once per `key`. A replay answers like the
/// first posting and changes nothing.
pub async fn post_payment(state: &AppState, code: &PayCode, key: &IdempotencyKey) -> ApiResult<Posting> {
    let posting = state.store.post_payment(code.order_id, code.amount, &DEFAULT_ALLOCATION, key, state.now()).await?;
    if !matches!(posting, Posting::Posted(_)) {
        return Ok(posting);
    }
    tracing::info!(order.id = code.order_id.0, payment.channel = code.channel.key(), "payment posted");
    let owed = balances(state, code.order_id).await?.dues().total();
    let order = state
        .store
        .order(code.order_id)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("pay code for a missing order {}", code.order_id.0)))?;
    let borrower = state
        .store
        .borrower(order.borrower_id)
        .await?
        .ok_or_else(|| ApiError::Internal(format!("order {} has no borrower", order.id.0)))?;
    if owed.get() <= 0 && order.status.is_repayable() {
        let transition = Transition {
            order_id: code.order_id,
            from: order.status,
            to: OrderStatus::Repaid,
            cause: format!("paid in full through {}", code.channel.name()),
            at: state.now(),
            due_date: None,
        };
        state.move_order(&transition).await?;
    }
    send_receipt(state, &borrower.phone, &order.order_no, code, owed).await;
    Ok(posting)
}

/// The SMS receipt. A failed SMS never undoes a posted payment: it is
/// recorded in the outbox as failed for staff to see.
async fn send_receipt(
    state: &AppState,
    phone: &hiram_domain::phone::Phone,
    order_no: &str,
    code: &PayCode,
    owed: Centavos,
) {
    let body = Msg::PaymentReceipt
        .text(Lang::En)
        .replace("{amount}", &format_amount(code.amount, CurrencySymbol::Peso))
        .replace("{order}", order_no)
        .replace("{owed}", &format_amount(owed.max(Centavos::ZERO), CurrencySymbol::Peso));
    let message = OutboundMessage { phone: phone.clone(), delivery: Delivery::Sms, body: body.clone() };
    let outcome = state.sms.send(&message).await;
    let entry = NewOutboxEntry {
        phone: phone.clone(),
        delivery: Delivery::Sms,
        body,
        provider: state.sms.name().to_owned(),
        status: if outcome.is_ok() { OutboxStatus::Sent } else { OutboxStatus::Failed },
        created_at: state.now(),
    };
    if let Err(error) = state.store.record_outbox(&entry).await {
        tracing::warn!(error.detail = %error, "payment receipt not recorded");
    }
}

/// The due dates of an order's plan and how much of it is paid: each
/// instalment with its date, and whether the money paid so far covers it.
pub fn plan_status(
    order: &Order,
    product: &Product,
    balances: &Balances,
    today: Date,
) -> Vec<(Instalment, Date, bool)> {
    let dues = balances.dues();
    let repayable = order.total_repayable().unwrap_or(Centavos::ZERO);
    let paid = repayable.get() - dues.principal.get() - dues.interest.get();
    let start = order.disbursed_at.map(manila_date).unwrap_or(today);
    let mut cumulative = 0;
    product
        .terms
        .quote(order.principal)
        .map(|quote| quote.plan)
        .unwrap_or_default()
        .into_iter()
        .map(|instalment| {
            cumulative += instalment.amount().get();
            let date = start + Duration::days(instalment.due_after_days);
            let covered = cumulative <= paid;
            (instalment, date, covered)
        })
        .collect()
}

/// The first date a payment is due and not yet covered.
pub fn next_unpaid_due(plan: &[(Instalment, Date, bool)]) -> Option<Date> {
    plan.iter().filter(|(_, _, covered)| !covered).map(|(_, date, _)| *date).min()
}
