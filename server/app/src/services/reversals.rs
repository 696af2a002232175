//! Posting an approved payment reversal (issue 16, decisions 029 and 056):
//! the loan's account is replayed from its payout without the payment, and
//! one entry moves the ledger to where the replay says it stands. That
//! entry, the account, the order's move back to 174 or 180, the borrower's
//! SMS and the proposal's approval commit in one transaction
//! (`LedgerStore::post_to_order`): two approvals racing post once, since
//! the reversal's ledger key is the payment's own and the proposal is
//! approved only while it still waits.

use crate::adapters::sms;
use crate::i18n::{Lang, Msg};
use crate::services::loans;
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::clock::manila_date;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::order::OrderStatus;
use hiram_domain::posting::{self, ReversalInputs};
use hiram_domain::reversal::{PaymentReversal, ReversalApproval};
use hiram_domain::store::{HeldOrder, OrderChanges, OrderPosting, Refusal, StoreError};
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
#[derive(Debug, Clone)]
pub struct Reversed {
    pub owed: Centavos,
    pub status: OrderStatus,
    /// The borrower's text, stored with the reversal, for the caller to
    /// send once its transaction has committed.
    pub texts: sms::StoredTexts,
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
    if order.status == OrderStatus::Repaid {
        let others = state.store.orders_of(order.borrower_id).await?;
        if others
            .iter()
            .any(|other| other.id != order.id && other.product_id == order.product_id && other.status.is_open())
        {
            return Ok(Err(NotPosted::OpenLoanOfProduct));
        }
    }
    let Some(disbursed) = order.disbursed_at else {
        return Ok(Err(NotPosted::Refused("the loan's money never went out".to_owned())));
    };
    // The account replayed from its payout without the payment (decision
    // 056): what the payment had settled is owed again, with the interest
    // and penalties it had spared the borrower.
    let opened = loans::open_account(state, &order, manila_date(disbursed)).await?;
    let history = loans::history(state, order.id, Some((proposal.entry_id, proposal.amount))).await?;
    let rule_sets = loans::rule_sets(state).await?;
    let payment_day = state
        .store
        .ledger_entries(order.id)
        .await?
        .into_iter()
        .find(|stored| stored.id == proposal.entry_id)
        .map(|stored| manila_date(stored.created_at))
        .ok_or_else(|| ServiceError::Missing(format!("ledger entry {}", proposal.entry_id)))?;
    let key = posting::reversal_key(proposal);
    let (now, today) = (state.now(), state.today());
    let approval = ReversalApproval { id: proposal.id, by, at: now };
    let decide = |held: &HeldOrder| {
        let inputs = ReversalInputs {
            proposal,
            opened: &opened,
            history: &history,
            rule_sets: &rule_sets,
            payment_day,
            today,
            approval: &approval,
        };
        let changes = posting::reverse(held, &inputs)?;
        let text = sms_text(held, proposal.amount, &changes, today);
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
            let owed = owed_after(&changes, today);
            let status = changes.transition.as_ref().map_or(order.status, |transition| transition.to());
            let texts = sms::StoredTexts(outbox_ids.into_iter().zip(changes.messages).collect());
            Ok(Ok(Reversed { owed: owed.max(Centavos::ZERO), status, texts }))
        }
        Ok(Ok(OrderPosting::Replayed(_) | OrderPosting::KeyReused)) | Err(StoreError::Stale) => {
            Ok(Err(NotPosted::AlreadyDecided))
        }
        Err(StoreError::Conflict(_)) => Ok(Err(NotPosted::OpenLoanOfProduct)),
        Ok(Err(Refusal(reason))) => Ok(Err(NotPosted::Refused(reason))),
        Err(other) => Err(other.into()),
    }
}

/// What paying the loan off on `today` costs, as the posting leaves it.
fn owed_after(changes: &OrderChanges, today: Date) -> Centavos {
    changes.account.as_ref().map_or(Centavos::ZERO, |update| update.account.payoff(today).total)
}

/// The borrower's SMS: the payment was reversed, and what is owed now.
fn sms_text(held: &HeldOrder, amount: Centavos, changes: &OrderChanges, today: Date) -> String {
    let owed = owed_after(changes, today);
    Msg::PaymentReversedSms
        .text(Lang::of(held.borrower_language))
        .replace("{amount}", &format_amount(amount, CurrencySymbol::Peso))
        .replace("{order}", &held.order.order_no)
        .replace("{owed}", &format_amount(owed.max(Centavos::ZERO), CurrencySymbol::Peso))
}
