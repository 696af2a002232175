//! Sending approved refunds (decision 075): the payout gateway pays the
//! refund's reference once to the borrower's bound account; when it says
//! the money left, the credit leaves the loan's account and ledger in one
//! transaction under the refund's key, and the refund is recorded as sent.
//! A refused payout leaves the credit the borrower's; an unreachable
//! gateway, a pending payout or no bound account leaves the refund
//! approved, tried again by the daily run. Every step can be repeated: the
//! gateway pays a reference once and the posting has its key.

use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::payout::{PayoutRequest, PayoutResult};
use hiram_domain::posting;
use hiram_domain::refund::{Refund, RefundStatus};
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderPosting, Refusal, StoreError};
use std::time::Duration;

/// How long a payout call may take before its outcome counts as unknown.
const GATEWAY_TIMEOUT: Duration = Duration::from_secs(10);

/// The refunds the daily run tries at most, oldest first.
const TRIED_PER_RUN: u32 = 500;

/// Tries to send an approved refund; where it stands after.
pub async fn send(state: &AppState, refund: &Refund) -> ServiceResult<RefundStatus> {
    if refund.status != RefundStatus::Approved {
        return Ok(refund.status);
    }
    let order = state
        .store
        .order(refund.order_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("refund {} has no order", refund.id)))?;
    let still_approved = |detail: &str| {
        let detail = detail.to_owned();
        async move {
            record(state, refund, RefundStatus::Approved, None, &detail).await?;
            Ok(RefundStatus::Approved)
        }
    };
    let Some(account) = state.store.payout_account(order.borrower_id).await? else {
        return still_approved("the borrower has no account bound to send it to").await;
    };
    let holder = state.store.borrower(order.borrower_id).await?.and_then(|borrower| borrower.full_name);
    let request = PayoutRequest {
        order_id: order.id,
        reference: refund.reference(&order.order_no),
        amount: refund.amount,
        account: account.details.clone(),
        account_holder: holder.unwrap_or_default(),
        pending_transaction: None,
    };
    let result = match tokio::time::timeout(GATEWAY_TIMEOUT, state.gateway.payout(&request)).await {
        Ok(Ok(result)) => result,
        Ok(Err(error)) => return still_approved(&format!("gateway failed: {error}")).await,
        Err(_) => return still_approved("gateway timed out").await,
    };
    match result {
        PayoutResult::Pending { transaction_id } => {
            still_approved(&format!("pending at the gateway as {transaction_id}")).await
        }
        PayoutResult::Refused { reason } => {
            record(state, refund, RefundStatus::Failed, None, &reason).await?;
            Ok(RefundStatus::Failed)
        }
        PayoutResult::Sent { transaction_id } => {
            let key = IdempotencyKey { key: format!("refund:{}", refund.id), fingerprint: [0; 32] };
            let decide = |held: &HeldOrder| posting::refund(held, refund.amount, &key);
            let detail = match state.store.post_to_order(order.id, &key, state.now(), &decide).await? {
                Ok(OrderPosting::Posted { .. } | OrderPosting::Replayed(_)) => "sent".to_owned(),
                Ok(OrderPosting::KeyReused) => "sent; its key was used for another posting".to_owned(),
                // The money left but the loan no longer holds the credit:
                // the books need a hand, and say so loudly.
                Err(Refusal(reason)) => {
                    tracing::error!(refund.id = refund.id, %reason, "refund sent but not posted");
                    format!("sent but not posted: {reason}")
                }
            };
            record(state, refund, RefundStatus::Sent, Some(&transaction_id), &detail).await?;
            Ok(RefundStatus::Sent)
        }
    }
}

/// Records a try; a refund another try finished first stays as it left it.
async fn record(
    state: &AppState,
    refund: &Refund,
    status: RefundStatus,
    transaction_id: Option<&str>,
    detail: &str,
) -> ServiceResult<()> {
    match state.store.record_refund_try(refund.id, status, transaction_id, detail).await {
        Ok(()) | Err(StoreError::Stale) => Ok(()),
        Err(other) => Err(other.into()),
    }
}

/// Tries every approved refund (the daily run); how many were sent.
pub async fn send_approved(state: &AppState) -> ServiceResult<usize> {
    let mut sent = 0;
    for refund in state.store.refunds(Some(RefundStatus::Approved), TRIED_PER_RUN).await? {
        match send(state, &refund).await {
            Ok(RefundStatus::Sent) => sent += 1,
            Ok(_) => {}
            Err(error) => tracing::warn!(refund.id = refund.id, %error, "refund left to the next run"),
        }
    }
    Ok(sent)
}
