//! Posting money received to an order's ledger, and what follows from it:
//! the order closes (→ 200) when nothing is owed, a paid extension moves the
//! due dates, and the borrower gets an SMS receipt. Shared by every
//! channel's callback.

use crate::i18n::{Lang, Msg};
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::ledger::{self, Balances, DEFAULT_ALLOCATION};
use hiram_domain::money::Centavos;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::{Extension, OrderStatus, Transition};
use hiram_domain::payment::ReceivedPayment;
use hiram_domain::store::{IdempotencyKey, Posting};
use time::{Date, Duration};

/// What is owed on an order now, from its ledger.
pub async fn balances(state: &AppState, order: hiram_domain::order::OrderId) -> ServiceResult<Balances> {
    let entries = state.store.ledger_entries(order).await?;
    Ok(Balances::of(&entries.into_iter().map(|stored| stored.entry).collect::<Vec<_>>()))
}

/// Posts a payment once per `key`. A replay answers like the
/// first posting and changes nothing.
///
/// A payment for an extension first charges the extension fee (its own
/// key), then posts the payment, then moves the due dates once the
/// interest, fees and penalties are all paid. Each step is idempotent, so a
/// callback retried after a crash finishes what the first one began. If the
/// loan can no longer be extended when the money arrives (it went overdue),
/// no fee is charged and the money is an ordinary repayment.
pub async fn post_payment(state: &AppState, payment: &ReceivedPayment, key: &IdempotencyKey) -> ServiceResult<Posting> {
    let extension = match payment.extension_fee {
        Some(fee) => charge_extension_fee(state, payment, fee, key).await?,
        None => None,
    };
    let posting =
        state.store.post_payment(payment.order_id, payment.amount, &DEFAULT_ALLOCATION, key, state.now()).await?;
    let extended_to = match extension {
        Some(extension) => extend(state, payment, extension, key).await?,
        None => None,
    };
    if !matches!(posting, Posting::Posted(_)) {
        return Ok(posting);
    }
    tracing::info!(order.id = payment.order_id.0, payment.channel = payment.channel.key(), "payment posted");
    let owed = balances(state, payment.order_id).await?.dues().total();
    let order = state
        .store
        .order(payment.order_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("pay code for a missing order {}", payment.order_id.0)))?;
    let borrower = state
        .store
        .borrower(order.borrower_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("order {} has no borrower", order.id.0)))?;
    if owed.get() <= 0 && order.status.is_repayable() {
        let transition = Transition {
            order_id: payment.order_id,
            from: order.status,
            to: OrderStatus::Repaid,
            cause: format!("paid in full through {}", payment.channel.name()),
            at: state.now(),
            due_date: None,
        };
        state.move_order(&transition).await?;
    }
    send_receipt(state, &borrower.phone, &order.order_no, payment, owed, extended_to).await;
    Ok(posting)
}

/// Charges the fee of a paid extension if the loan can still take it;
/// the extension to apply after the payment, or `None`.
async fn charge_extension_fee(
    state: &AppState,
    payment: &ReceivedPayment,
    fee: Centavos,
    key: &IdempotencyKey,
) -> ServiceResult<Option<(i64, Date)>> {
    let order = state
        .store
        .order(payment.order_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("pay code for a missing order {}", payment.order_id.0)))?;
    let product = state
        .store
        .product(order.product_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("order {} has no product", order.id.0)))?;
    let fee_key = IdempotencyKey { key: format!("{}:extension-fee", key.key), fingerprint: key.fingerprint };
    let entries = state.store.ledger_entries(order.id).await?;
    let already_charged = entries.iter().any(|entry| entry.key == fee_key.key);
    let current = Balances::of(&entries.into_iter().map(|stored| stored.entry).collect::<Vec<_>>());
    let Some((_, due)) = hiram_domain::repayment::extension_offer(&order, &product, &current, state.today()) else {
        if already_charged {
            // A retry after the fee was charged: finish the same extension.
            return Ok(order
                .due_date
                .map(|last| (product.terms.period_days, last + Duration::days(product.terms.period_days))));
        }
        tracing::info!(order.id = order.id.0, "extension paid too late; posted as a repayment");
        return Ok(None);
    };
    if let Some(entry) = ledger::extension_fee(fee).map_err(|error| ServiceError::Refused(error.to_string()))? {
        match state.store.post_entry(order.id, &entry, &fee_key, state.now()).await? {
            Posting::Posted(_) | Posting::Replayed(_) => {}
            Posting::KeyReused => return Err(ServiceError::Refused("extension fee key reused".to_owned())),
        }
    }
    let last_due = order.due_date.unwrap_or(due);
    Ok(Some((product.terms.period_days, last_due + Duration::days(product.terms.period_days))))
}

/// Moves the due dates once the charges are paid; the new last due date
/// when the extension applies (now or by an earlier delivery).
async fn extend(
    state: &AppState,
    payment: &ReceivedPayment,
    (added_days, new_due_date): (i64, Date),
    key: &IdempotencyKey,
) -> ServiceResult<Option<Date>> {
    let dues = balances(state, payment.order_id).await?.dues();
    if dues.penalties.get() + dues.fees.get() + dues.interest.get() > 0 {
        tracing::warn!(order.id = payment.order_id.0, "extension payment left charges unpaid; not extended");
        return Ok(None);
    }
    let extension = Extension {
        order_id: payment.order_id,
        key: key.key.clone(),
        added_days,
        fee: payment.extension_fee.unwrap_or(Centavos::ZERO),
        new_due_date,
        at: state.now(),
    };
    match state.store.extend_order(&extension).await {
        Ok(_) => Ok(Some(new_due_date)),
        Err(hiram_domain::store::StoreError::Stale) => {
            tracing::warn!(order.id = payment.order_id.0, "order left repayment before its extension applied");
            Ok(None)
        }
        Err(error) => Err(error.into()),
    }
}

/// The SMS receipt of a payment, or of an extension with its new due date.
async fn send_receipt(
    state: &AppState,
    phone: &hiram_domain::phone::Phone,
    order_no: &str,
    payment: &ReceivedPayment,
    owed: Centavos,
    extended_to: Option<Date>,
) {
    let template = if extended_to.is_some() { Msg::ExtensionReceipt } else { Msg::PaymentReceipt };
    let body = template
        .text(Lang::En)
        .replace("{amount}", &format_amount(payment.amount, CurrencySymbol::Peso))
        .replace("{order}", order_no)
        .replace("{owed}", &format_amount(owed.max(Centavos::ZERO), CurrencySymbol::Peso))
        .replace("{date}", &extended_to.map(|date| date.to_string()).unwrap_or_default());
    crate::adapters::sms::notify(state, phone, body).await;
}
