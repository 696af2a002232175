//! Posting an approved payment reversal (issue 16, decision 029). The
//! reversing entries, the order's move back to 174 or 180, the borrower's
//! SMS and the proposal's approval commit in one transaction
//! (`LedgerStore::post_to_order`): two approvals racing post once, since
//! the reversal's ledger key is the payment's own and the proposal is
//! approved only while it still waits.

use crate::adapters::sms;
use crate::i18n::{Lang, Msg};
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::ledger::Balances;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::{Order, OrderStatus, Transition};
use hiram_domain::product::Product;
use hiram_domain::repayment::{next_unpaid_due, plan_status};
use hiram_domain::reversal::{self, PaymentReversal, ReversalApproval};
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderChanges, OrderPosting, Refusal, StoreError, StoredEntry};
use time::Date;

/// Why an approval posted nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotPosted {
    /// Another request decided the proposal first, or the payment was
    /// reversed under another proposal.
    AlreadyDecided,
    /// The borrower has another open loan of the product, so this one
    /// cannot reopen (one open loan per product).
    OpenLoanOfProduct,
    /// A rule refused it (the payment is no longer one that can be
    /// reversed for that amount).
    Refused(String),
}

/// What the approval did to the order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reversed {
    pub owed: Centavos,
    pub status: OrderStatus,
}

/// Posts the reversal `proposal` names, approved by `by`.
pub async fn approve(
    state: &AppState,
    proposal: &PaymentReversal,
    by: Option<i64>,
) -> ServiceResult<Result<Reversed, NotPosted>> {
    let order = state
        .store
        .order(proposal.order_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("order {}", proposal.order_id.0)))?;
    let product = state
        .store
        .product(order.product_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("product of {}", order.id.0)))?;
    if order.status == OrderStatus::Repaid {
        let others = state.store.orders_of(order.borrower_id).await?;
        if others
            .iter()
            .any(|other| other.id != order.id && other.product_id == order.product_id && other.status.is_open())
        {
            return Ok(Err(NotPosted::OpenLoanOfProduct));
        }
    }
    // Entries are appended, never changed: what is read here is what the
    // transaction would read.
    let entries = state.store.ledger_entries(order.id).await?;
    let Some(payment) = entries.iter().find(|stored| stored.id == proposal.entry_id) else {
        return Err(ServiceError::Missing(format!("ledger entry {}", proposal.entry_id)));
    };
    let waiver = entries.iter().find(|stored| stored.key == reversal::early_payoff_key(&payment.key));
    let key = key_of(proposal);
    let (now, today) = (state.now(), state.today());
    let approval = ReversalApproval { id: proposal.id, by, at: now };
    let decide = |held: &HeldOrder| {
        let changes = reverse(held, proposal, payment, waiver, &product, today, &approval)?;
        let text = sms_text(held, proposal.amount, &changes);
        Ok(OrderChanges {
            messages: vec![sms::queued(state, &held.borrower_phone, text, now)],
            approves_reversal: Some(approval),
            ..changes
        })
    };
    match state.store.post_to_order(order.id, &key, now, &decide).await {
        Ok(Ok(OrderPosting::Posted { changes, outbox_ids, .. })) => {
            tracing::info!(order.id = order.id.0, reversal.id = proposal.id, "payment reversal posted");
            state.metrics.posted(crate::metrics::PostingKind::Reversal);
            sms::dispatch(state, outbox_ids.into_iter().zip(&changes.messages)).await;
            let after = state.store.balances(order.id).await?;
            let status = changes.transition.map(|transition| transition.to).unwrap_or(order.status);
            Ok(Ok(Reversed { owed: after.dues().total().max(Centavos::ZERO), status }))
        }
        Ok(Ok(OrderPosting::Replayed(_) | OrderPosting::KeyReused)) | Err(StoreError::Stale) => {
            Ok(Err(NotPosted::AlreadyDecided))
        }
        Err(StoreError::Conflict(_)) => Ok(Err(NotPosted::OpenLoanOfProduct)),
        Ok(Err(Refusal(reason))) => Ok(Err(NotPosted::Refused(reason))),
        Err(other) => Err(other.into()),
    }
}

/// The payment's one reversal key; the fingerprint tells proposals of one
/// payment apart, so a second proposal's approval finds the key taken by
/// another request.
fn key_of(proposal: &PaymentReversal) -> IdempotencyKey {
    let mut fingerprint = [0; 32];
    fingerprint[..8].copy_from_slice(&proposal.id.to_be_bytes());
    IdempotencyKey { key: reversal::reversal_key(proposal.entry_id), fingerprint }
}

/// The entries and status change of a reversal, decided from the order as
/// the transaction holds it. The early-payoff waiver the payment earned
/// goes with it: without the payment, the payoff was never made.
fn reverse(
    held: &HeldOrder,
    proposal: &PaymentReversal,
    payment: &StoredEntry,
    waiver: Option<&StoredEntry>,
    product: &Product,
    today: Date,
    approval: &ReversalApproval,
) -> Result<OrderChanges, Refusal> {
    let order = &held.order;
    let key = key_of(proposal);
    let mut after = held.balances.clone();
    let mut entries = Vec::new();
    if let Some(waiver) = waiver {
        let undone = waiver.entry.reversal();
        after.apply(&undone);
        let waiver_key = IdempotencyKey { key: reversal::early_payoff_key(&key.key), fingerprint: key.fingerprint };
        entries.push((undone, waiver_key));
    }
    let taken_back =
        reversal::reversal_of(&payment.entry, proposal.amount).map_err(|error| Refusal(error.to_string()))?;
    after.apply(&taken_back);
    entries.push((taken_back, key));
    let transition = match status_change(order, product, &after, today) {
        Some(to) => Some(Transition {
            order_id: order.id,
            from: order.status,
            to: order.status.transition(to).map_err(|error| Refusal(error.to_string()))?,
            cause: format!("payment reversal {} approved: {}", proposal.id, proposal.reason),
            at: approval.at,
            due_date: None,
        }),
        None => None,
    };
    Ok(OrderChanges { entries, transition, ..OrderChanges::default() })
}

fn status_change(order: &Order, product: &Product, after: &Balances, today: Date) -> Option<OrderStatus> {
    let first_unpaid_due = next_unpaid_due(&plan_status(order, product, after, today));
    reversal::status_after(order.status, after, first_unpaid_due, today)
}

/// The borrower's SMS: the payment was reversed, and what is owed now.
fn sms_text(held: &HeldOrder, amount: Centavos, changes: &OrderChanges) -> String {
    let mut after = held.balances.clone();
    changes.entries.iter().for_each(|(entry, _)| after.apply(entry));
    Msg::PaymentReversedSms
        .text(Lang::of(held.borrower_language))
        .replace("{amount}", &format_amount(amount, CurrencySymbol::Peso))
        .replace("{order}", &held.order.order_no)
        .replace("{owed}", &format_amount(after.dues().total().max(Centavos::ZERO), CurrencySymbol::Peso))
}
