//! Posting money received to an order's ledger and its account, and
//! everything that follows from it: a paid extension moves the due dates,
//! the order closes (→ 200) when nothing is owed, and the borrower gets an
//! SMS receipt. All of it is one transaction (`LedgerStore::post_to_order`):
//! a crash leaves all or nothing, and the channel's retry of the same
//! payment finds its key and changes nothing. Shared by every channel's
//! notification.

use crate::adapters::sms;
use crate::i18n::{Lang, Msg};
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::ledger::Balances;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::OrderId;
use hiram_domain::payment::ReceivedPayment;
use hiram_domain::posting::{self, Settled};
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderChanges, OrderPosting, Posting, Refusal};

/// What is owed on an order now, from its balance row.
pub async fn balances(state: &AppState, order: OrderId) -> ServiceResult<Balances> {
    Ok(state.store.balances(order).await?)
}

/// The order a provider's posting of transaction `reference` went to, if
/// one did: a borrower's report of the same transaction must never be
/// credited again (issue 29).
pub async fn credited_by_provider(state: &AppState, reference: &str) -> ServiceResult<Option<OrderId>> {
    let keys = hiram_domain::collection_provider::posting_keys(reference);
    Ok(state.store.order_posted_under(&keys).await?)
}

/// Posts a payment once per `key`. A replay answers like the first posting
/// and changes nothing.
///
/// The loan's account, held by the transaction, is brought to today and
/// settles the payment (decision 056): interest to the day, the oldest
/// instalment first in the agreement's order. A payment through an
/// extension's pay code buys the extension when it pays the day's price: the
/// fee is charged, what was due is settled, every unpaid due date moves, and
/// the renewal's cap proof is stored; an overdue loan rolls over (180 →
/// 174). If the extension is no longer offered when the money arrives, the
/// money is an ordinary repayment.
pub async fn post_payment(state: &AppState, payment: &ReceivedPayment, key: &IdempotencyKey) -> ServiceResult<Posting> {
    let (posting, receipt) = post_payment_in(state, payment, key).await?;
    receipt.send(state).await;
    Ok(posting)
}

/// The same inside a caller's transaction (a staff action): the receipt is
/// stored with the posting, and the caller sends it once it has committed.
pub async fn post_payment_in(
    state: &AppState,
    payment: &ReceivedPayment,
    key: &IdempotencyKey,
) -> ServiceResult<(Posting, sms::StoredTexts)> {
    let (today, now) = (state.today(), state.now());
    let rule_sets = crate::services::loans::rule_sets(state).await?;
    let decide = |held: &HeldOrder| {
        let Settled { changes, extension_declined } = posting::settle(held, payment, key, &rule_sets, today, now)?;
        if let Some(reason) = extension_declined {
            tracing::info!(order.id = held.order.id.0, %reason, "extension no longer offered; posted as a repayment");
        }
        let receipt = receipt(held, payment, &changes);
        Ok(OrderChanges { messages: vec![sms::queued(state, &held.borrower_phone, receipt, now)], ..changes })
    };
    match state.store.post_to_order(payment.order_id, key, now, &decide).await? {
        Ok(OrderPosting::Posted { changes, entry_id, outbox_ids }) => {
            tracing::info!(order.id = payment.order_id.0, payment.channel = payment.channel.key(), "payment posted");
            state.metrics.posted(crate::metrics::PostingKind::Payment);
            let receipt = sms::StoredTexts(outbox_ids.into_iter().zip(changes.messages).collect());
            Ok((Posting::Posted(entry_id.unwrap_or_default()), receipt))
        }
        Ok(OrderPosting::Replayed(id)) => Ok((Posting::Replayed(id), sms::StoredTexts::default())),
        Ok(OrderPosting::KeyReused) => Ok((Posting::KeyReused, sms::StoredTexts::default())),
        Err(Refusal(reason)) => Err(ServiceError::Refused(reason)),
    }
}

/// The SMS receipt of a payment, or of an extension with its new due date.
fn receipt(held: &HeldOrder, payment: &ReceivedPayment, changes: &OrderChanges) -> String {
    let owed = changes.account.as_ref().map_or(Centavos::ZERO, |update| update.account.unpaid().max(Centavos::ZERO));
    let extended_to = changes.extension.as_ref().map(|extension| extension.new_due_date);
    let template = if extended_to.is_some() { Msg::ExtensionReceipt } else { Msg::PaymentReceipt };
    let lang = Lang::of(held.borrower_language);
    template
        .text(lang)
        .replace("{amount}", &format_amount(payment.amount, CurrencySymbol::Peso))
        .replace("{order}", &held.order.order_no)
        .replace("{owed}", &format_amount(owed, CurrencySymbol::Peso))
        .replace("{date}", &extended_to.map(|date| crate::i18n::day(date, lang)).unwrap_or_default())
}
