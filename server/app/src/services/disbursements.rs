//! Sending an accepted loan (170) to the borrower's bound account through
//! the payout gateway: sent → the ledger records the money out, the loan's
//! account opens with its due dates fixed from that day, and repayment opens
//! (174), all in one transaction; refused → rejected (110), as D3 says. When the gateway cannot be reached, or no
//! account is bound yet, the order waits in 170 and is tried again: when an
//! account is bound, and on every daily run.
//!
//! Every step can be repeated safely: the gateway pays an order number
//! once, ledger entries have keys, and transitions apply only from 170. A
//! try first claims its order (decision 052), so processes trying one order
//! at once call the gateway and record an attempt once, not each.

use crate::i18n::{Lang, Msg};
use crate::metrics::{PayoutOutcome, PostingKind};
use crate::services::documents;
use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::ledger;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::{Order, OrderId, OrderStatus, Transition};
use hiram_domain::payout::{PayoutRequest, PayoutResult};
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderChanges, OrderPosting, PayoutAttempt, Refusal};
use std::time::Duration;

/// How long a payout call may take before its outcome counts as unknown.
const GATEWAY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a try holds its order (decision 052): far longer than a try
/// takes (the gateway's time-out and a few writes), so only a try whose
/// process stopped loses its claim, and the order is tried again once the
/// claim has run out rather than never.
const PAYOUT_CLAIM: time::Duration = time::Duration::minutes(2);

#[derive(Debug, PartialEq, Eq)]
pub enum Disbursed {
    Sent,
    Refused,
    WaitingForAccount,
    /// The gateway took it and will send it; asked again on the next run.
    Pending,
    GatewayUnavailable,
    /// The order is not (or no longer) waiting for its payout.
    NotDisbursing,
    /// Another process is trying this order now: its try stands.
    ClaimedElsewhere,
}

/// Tries to pay one order out, unless another process is trying it.
pub async fn disburse(state: &AppState, order_id: OrderId) -> ServiceResult<Disbursed> {
    let now = state.now();
    let until = now + PAYOUT_CLAIM;
    if !state.store.claim_payout(order_id, now, until).await? {
        tracing::info!(order.id = order_id.0, "payout try left to the process holding its order");
        state.metrics.payout_tried(PayoutOutcome::LeftToAnother);
        return Ok(Disbursed::ClaimedElsewhere);
    }
    let tried = try_claimed(state, order_id).await;
    if let Err(error) = state.store.release_payout(order_id, until).await {
        tracing::warn!(order.id = order_id.0, error.detail = %error, "a finished payout try stays claimed until its claim runs out");
    }
    tried
}

/// The try itself, with the order claimed: the order is read after the
/// claim, so a try that finished just before is seen.
async fn try_claimed(state: &AppState, order_id: OrderId) -> ServiceResult<Disbursed> {
    let Some(order) = state.store.order(order_id).await? else { return Ok(Disbursed::NotDisbursing) };
    if order.status != OrderStatus::Disbursing {
        return Ok(Disbursed::NotDisbursing);
    }
    let Some(account) = state.store.payout_account(order.borrower_id).await? else {
        return Ok(Disbursed::WaitingForAccount);
    };
    let borrower = state
        .store
        .borrower(order.borrower_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("order {} has no borrower", order.id.0)))?;
    let amount = order
        .principal
        .checked_sub(order.fees)
        .ok_or_else(|| ServiceError::Refused(format!("order {} fees exceed its principal", order.id.0)))?;
    let pending_transaction =
        state.store.payout_attempts(order.id).await?.into_iter().rev().find_map(|attempt| match attempt.result {
            Some(PayoutResult::Pending { transaction_id }) => Some(transaction_id),
            _ => None,
        });
    let request = PayoutRequest {
        order_id: order.id,
        reference: order.order_no.clone(),
        amount,
        account: account.details.clone(),
        account_holder: borrower.full_name.clone().unwrap_or_default(),
        pending_transaction,
    };
    let result = match tokio::time::timeout(GATEWAY_TIMEOUT, state.gateway.payout(&request)).await {
        Ok(Ok(result)) => Some(result),
        Ok(Err(error)) => {
            tracing::warn!(order.id = order.id.0, error.detail = %error, "payout gateway failed");
            None
        }
        Err(_) => {
            tracing::warn!(order.id = order.id.0, "payout gateway timed out");
            None
        }
    };
    let attempt = PayoutAttempt {
        order_id: order.id,
        gateway: state.gateway.name().to_owned(),
        result: result.clone(),
        at: state.now(),
    };
    state.store.record_payout_attempt(&attempt).await?;
    state.metrics.payout_tried(match &result {
        None => PayoutOutcome::Failed,
        Some(PayoutResult::Pending { .. }) => PayoutOutcome::Pending,
        Some(PayoutResult::Sent { .. }) => PayoutOutcome::Sent,
        Some(PayoutResult::Refused { .. }) => PayoutOutcome::Refused,
    });
    let (cause, message) = match &result {
        None => return Ok(Disbursed::GatewayUnavailable),
        Some(PayoutResult::Pending { .. }) => return Ok(Disbursed::Pending),
        Some(PayoutResult::Sent { transaction_id }) => {
            (format!("payout sent, {} {transaction_id}", state.gateway.name()), Msg::PayoutSentSms)
        }
        Some(PayoutResult::Refused { reason }) => (format!("payout refused: {reason}"), Msg::PayoutRefusedSms),
    };
    let sent = matches!(result, Some(PayoutResult::Sent { .. }));
    let first_due = if sent {
        match money_out(state, &order, cause, state.today(), state.now()).await? {
            Some(first_due) => first_due,
            // Another try finished first and told the borrower.
            None => return Ok(Disbursed::NotDisbursing),
        }
    } else {
        let transition = Transition::new(&order, OrderStatus::Rejected, cause, state.now())
            .map_err(|error| ServiceError::Refused(error.to_string()))?;
        match state.move_order(&transition).await {
            Ok(()) => state.today(),
            Err(ServiceError::Stale) => return Ok(Disbursed::NotDisbursing),
            Err(other) => return Err(other),
        }
    };
    tracing::info!(order.id = order.id.0, sent, "payout finished");
    let body = message
        .text(Lang::of(borrower.language))
        .replace("{amount}", &format_amount(amount, CurrencySymbol::Peso))
        .replace("{account}", &format!("{} {}", account.details.provider_name(), account.details.masked()))
        .replace("{order}", &order.order_no)
        .replace("{date}", &crate::i18n::day(first_due, Lang::of(borrower.language)));
    crate::adapters::sms::notify(state, &borrower.phone, body).await;
    Ok(if sent { Disbursed::Sent } else { Disbursed::Refused })
}

/// Money out, in one transaction: the principal lent (net of the deducted
/// fee) on the ledger, the loan's account opened with its due dates fixed
/// from today, the schedule it charges by stored with the order (the
/// disclosure's dates, counted from the day the money went out), and the
/// move to 174, on the Manila day `start` at `now` (the demo seed sends its
/// loans in the past). `Some(first due date)`, or `None` when another try
/// moved the order first.
pub async fn money_out(
    state: &AppState,
    order: &Order,
    cause: String,
    start: time::Date,
    now: time::OffsetDateTime,
) -> ServiceResult<Option<time::Date>> {
    let opened = crate::services::loans::open_account(state, order, start).await?;
    let last_due = opened.instalments.last().map_or(start, |instalment| instalment.due_date);
    let key = IdempotencyKey { key: format!("disbursement:{}", order.id.0), fingerprint: [0; 32] };
    let decide = |held: &HeldOrder| -> Result<OrderChanges, Refusal> {
        let refused = |error: String| Refusal(error);
        let transition = Transition::new(&held.order, OrderStatus::RepaymentOpen, cause.clone(), now)
            .map_err(|error| refused(error.to_string()))?
            .with_due_date(last_due);
        let entry = ledger::disbursement(opened.terms.principal, opened.terms.fee)
            .map_err(|error| refused(error.to_string()))?;
        let schedule = documents::schedule(&opened, &held.order.order_no, Lang::of(held.borrower_language));
        let schedule = serde_json::to_string(&schedule).map_err(|error| refused(error.to_string()))?;
        Ok(OrderChanges {
            entries: vec![(entry, key.clone())],
            transition: Some(transition),
            account: Some(hiram_domain::posting::account_update(opened.clone(), OrderStatus::RepaymentOpen)),
            documents: vec![(documents::SCHEDULE.to_owned(), schedule)],
            ..OrderChanges::default()
        })
    };
    match state.store.post_to_order(order.id, &key, now, &decide).await? {
        Ok(OrderPosting::Posted { .. }) => {
            state.metrics.posted(PostingKind::Disbursement);
            Ok(Some(opened.instalments.first().map_or(start, |instalment| instalment.due_date)))
        }
        Ok(OrderPosting::Replayed(_) | OrderPosting::KeyReused) | Err(_) => Ok(None),
    }
}

/// Tries every order waiting for its payout (the daily run, and after a
/// borrower binds an account).
pub async fn disburse_waiting(
    state: &AppState,
    only_borrower: Option<hiram_domain::borrower::BorrowerId>,
) -> ServiceResult<usize> {
    let mut finished = 0;
    for order in state.store.disbursing_orders().await? {
        if only_borrower.is_some_and(|borrower| borrower != order.borrower_id) {
            continue;
        }
        match disburse(state, order.id).await {
            Ok(Disbursed::Sent | Disbursed::Refused) => finished += 1,
            Ok(_) => {}
            Err(error) => tracing::warn!(order.id = order.id.0, error.detail = %error, "payout try failed"),
        }
    }
    Ok(finished)
}
