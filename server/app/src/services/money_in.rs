//! Posting money received to an order's ledger, and everything that
//! follows from it: a paid extension moves the due dates, the order closes
//! (→ 200) when nothing is owed, and the borrower gets an SMS receipt. All
//! of it is one transaction (`LedgerStore::post_to_order`): a crash leaves
//! all or nothing, and the channel's retry of the same payment finds its key
//! and changes nothing. Shared by every channel's notification.

use crate::adapters::sms;
use crate::i18n::{Lang, Msg};
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::clock::manila_date;
use hiram_domain::ledger::{self, Balances, Bucket, DEFAULT_ALLOCATION};
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::{Extension, OrderId, OrderStatus, Transition};
use hiram_domain::payment::ReceivedPayment;
use hiram_domain::product::Product;
use hiram_domain::reversal;
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderChanges, OrderPosting, Posting, Refusal};
use time::{Date, Duration, OffsetDateTime};

/// What is owed on an order now, from its balance row.
pub async fn balances(state: &AppState, order: OrderId) -> ServiceResult<Balances> {
    Ok(state.store.balances(order).await?)
}

/// Posts a payment once per `key`. A replay answers like the first posting
/// and changes nothing.
///
/// A payment for an extension first charges the extension fee, then
/// settles what is owed, then moves the due dates when the interest, fees
/// and penalties are all paid. If the loan can no longer be extended when
/// the money arrives (it went overdue), no fee is charged and the money is
/// an ordinary repayment.
pub async fn post_payment(state: &AppState, payment: &ReceivedPayment, key: &IdempotencyKey) -> ServiceResult<Posting> {
    // A product's terms never change once it exists (decision 017), so the
    // product read here is the one the loan was priced on: its clauses are
    // the order's frozen terms (decision 026).
    let product = product_of(state, payment.order_id).await?;
    let (now, today) = (state.now(), state.today());
    let decide = |held: &HeldOrder| {
        let changes = settle(held, payment, key, &product, today, now)?;
        let receipt = receipt(held, payment, &changes);
        Ok(OrderChanges { messages: vec![sms::queued(state, &held.borrower_phone, receipt, now)], ..changes })
    };
    match state.store.post_to_order(payment.order_id, key, now, &decide).await? {
        Ok(OrderPosting::Posted { changes, entry_id, outbox_ids }) => {
            tracing::info!(order.id = payment.order_id.0, payment.channel = payment.channel.key(), "payment posted");
            state.metrics.posted(crate::metrics::PostingKind::Payment);
            sms::dispatch(state, outbox_ids.into_iter().zip(&changes.messages)).await;
            Ok(Posting::Posted(entry_id))
        }
        Ok(OrderPosting::Replayed(id)) => Ok(Posting::Replayed(id)),
        Ok(OrderPosting::KeyReused) => Ok(Posting::KeyReused),
        Err(Refusal(reason)) => Err(ServiceError::Refused(reason)),
    }
}

async fn product_of(state: &AppState, order: OrderId) -> ServiceResult<Product> {
    let order = state.store.order(order).await?.ok_or_else(|| ServiceError::Missing(format!("order {}", order.0)))?;
    state
        .store
        .product(order.product_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("product of {}", order.id.0)))
}

/// The ledger entries, extension and status change of a payment, decided
/// from the order as the transaction holds it.
///
/// A payment that reaches the payoff of the day (the agreement's early
/// repayment clause, decision 026) once early repayment is allowed first
/// waives the interest not yet accrued, then settles the rest, so the loan
/// closes. A paid extension of an overdue loan is a rollover: 180 → 174.
fn settle(
    held: &HeldOrder,
    payment: &ReceivedPayment,
    key: &IdempotencyKey,
    product: &Product,
    today: Date,
    now: OffsetDateTime,
) -> Result<OrderChanges, Refusal> {
    let refused = |error: ledger::LedgerError| Refusal(error.to_string());
    let order = &held.order;
    let mut balances = held.balances.clone();
    let mut entries = Vec::new();
    let mut extension = None;
    if let Some(fee) = payment.extension_fee {
        match hiram_domain::repayment::extension_offer(order, product, &balances, today) {
            Ok((_, due)) => {
                if let Some(entry) = ledger::extension_fee(fee).map_err(refused)? {
                    balances.apply(&entry);
                    let fee_key =
                        IdempotencyKey { key: reversal::extension_fee_key(&key.key), fingerprint: key.fingerprint };
                    entries.push((entry, fee_key));
                }
                let days = product.terms.period_days;
                let new_due_date = order.due_date.unwrap_or(due) + Duration::days(days);
                extension = Some(Extension {
                    order_id: order.id,
                    key: key.key.clone(),
                    added_days: days,
                    fee,
                    new_due_date,
                    at: now,
                });
            }
            Err(reason) => {
                tracing::info!(order.id = order.id.0, ?reason, "extension no longer offered; posted as a repayment")
            }
        }
    } else if let Some(disbursed) = order.disbursed_at.map(manila_date) {
        let payoff = hiram_domain::repayment::payoff_quote(&product.terms, order, &balances.dues(), disbursed, today);
        if payoff.early_allowed && payoff.interest_waived.get() > 0 && payment.amount >= payoff.total {
            let waiver = ledger::waiver(Bucket::Interest, payoff.interest_waived, &balances.dues()).map_err(refused)?;
            balances.apply(&waiver);
            let waiver_key = IdempotencyKey { key: reversal::early_payoff_key(&key.key), fingerprint: key.fingerprint };
            entries.push((waiver, waiver_key));
        }
    }
    let repayment = ledger::repayment(payment.amount, &balances.dues(), &DEFAULT_ALLOCATION).map_err(refused)?;
    balances.apply(&repayment);
    entries.push((repayment, key.clone()));
    let dues = balances.dues();
    if extension.is_some() && dues.penalties.get() + dues.fees.get() + dues.interest.get() > 0 {
        tracing::warn!(order.id = order.id.0, "extension payment left charges unpaid; not extended");
        extension = None;
    }
    let move_to = |to: OrderStatus, cause: String, due_date: Option<Date>| -> Result<Transition, Refusal> {
        let to = order.status.transition(to).map_err(|error| Refusal(error.to_string()))?;
        Ok(Transition { order_id: order.id, from: order.status, to, cause, at: now, due_date })
    };
    let transition = if dues.total().get() <= 0 && order.status.is_repayable() {
        Some(move_to(OrderStatus::Repaid, format!("paid in full through {}", payment.channel.name()), None)?)
    } else if let (Some(extension), OrderStatus::Overdue) = (&extension, order.status) {
        let cause = format!("rolled over to {} through {}", extension.new_due_date, payment.channel.name());
        Some(move_to(OrderStatus::RepaymentOpen, cause, Some(extension.new_due_date))?)
    } else {
        None
    };
    Ok(OrderChanges { entries, extension, transition, messages: Vec::new(), approves_reversal: None })
}

/// The SMS receipt of a payment, or of an extension with its new due date.
fn receipt(held: &HeldOrder, payment: &ReceivedPayment, changes: &OrderChanges) -> String {
    let mut after = held.balances.clone();
    changes.entries.iter().for_each(|(entry, _)| after.apply(entry));
    let owed = after.dues().total().max(Centavos::ZERO);
    let extended_to = changes.extension.as_ref().map(|extension| extension.new_due_date);
    let template = if extended_to.is_some() { Msg::ExtensionReceipt } else { Msg::PaymentReceipt };
    template
        .text(Lang::of(held.borrower_language))
        .replace("{amount}", &format_amount(payment.amount, CurrencySymbol::Peso))
        .replace("{order}", &held.order.order_no)
        .replace("{owed}", &format_amount(owed, CurrencySymbol::Peso))
        .replace("{date}", &extended_to.map(|date| date.to_string()).unwrap_or_default())
}
