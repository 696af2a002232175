//! What an event posts to a loan, decided without I/O from the order as the
//! posting's transaction holds it (`LedgerStore::post_to_order` commits it
//! whole): a payment settled, a waiver, a payment reversed; and what every
//! event shares: the ledger entries of what the account charged, the
//! account's next check, the record of days a ceiling held back. The app
//! reads what a decision needs, hands it over, and sends what follows.

use crate::caps::CapRuleSet;
use crate::general_ledger::accrual::Accrual;
use crate::ledger::{self, Balances, Bucket, Entry, EntryKind, LedgerError};
use crate::money::Centavos;
use crate::order::{Extension, OrderStatus, Transition};
use crate::payment::ReceivedPayment;
use crate::reversal::{self, PaymentReversal, ReversalApproval};
use crate::servicing::{Charges, LoanAccount, LoanEvent, NoExtension};
use crate::store::{AccountUpdate, HeldOrder, IdempotencyKey, OrderChanges, ProofRecord, Refusal};
use time::{Date, OffsetDateTime};

/// The account as a posting leaves it, with the daily run's next date.
pub fn account_update(account: LoanAccount, status: OrderStatus) -> AccountUpdate {
    let next_check =
        if status.is_repayable() { account.next_check(status == OrderStatus::RepaymentOpen) } else { None };
    let overdue_since = account.unpaid_since();
    let accrual_key = Accrual::kept(&account, status);
    AccountUpdate { account, next_check, overdue_since, accrual_key }
}

/// The ledger entries of what the account charged and settled: the
/// interest, penalties and extension fee charged, then the payment (`paid`)
/// that settles them. The payment takes the event's key and the charges
/// keys named after it; with no payment the first charge takes the event's
/// key. Zero amounts post nothing. A payment on a loan written off is a
/// recovery (`recovering`, decision 073).
pub fn ledger_entries(
    charges: &Charges,
    paid: Option<Centavos>,
    recovering: bool,
    key: &IdempotencyKey,
) -> Result<Vec<(Entry, IdempotencyKey)>, LedgerError> {
    let mut entries: Vec<(Entry, &str)> = Vec::new();
    if let Some(entry) = ledger::interest(charges.interest)? {
        entries.push((entry, "interest"));
    }
    if let Some(entry) = ledger::penalty(charges.penalties)? {
        entries.push((entry, "penalties"));
    }
    if let Some(entry) = ledger::extension_fee(charges.fees)? {
        entries.push((entry, "extension-fee"));
    }
    let payment = match (paid, &charges.settlement) {
        (Some(amount), Some(settlement)) if amount.get() > 0 && recovering => {
            Some(ledger::recovery(amount, settlement)?)
        }
        (Some(amount), Some(settlement)) if amount.get() > 0 => Some(ledger::payment(amount, settlement)?),
        _ => None,
    };
    let mut keyed: Vec<(Entry, IdempotencyKey)> = Vec::with_capacity(entries.len() + 1);
    for (index, (entry, what)) in entries.into_iter().enumerate() {
        let entry_key = if payment.is_none() && index == 0 {
            key.clone()
        } else {
            IdempotencyKey { key: format!("{}:{what}", key.key), fingerprint: key.fingerprint }
        };
        keyed.push((entry, entry_key));
    }
    keyed.extend(payment.map(|entry| (entry, key.clone())));
    Ok(keyed)
}

/// The record of the days a ceiling held charges back, if any did.
pub fn holds_record(account: &LoanAccount, charges: &Charges) -> Option<ProofRecord> {
    (!charges.holds.is_empty())
        .then(|| ProofRecord::Holds { rule_set_code: account.rule_set.code.clone(), holds: charges.holds.clone() })
}

fn refused(error: impl ToString) -> Refusal {
    Refusal(error.to_string())
}

/// A payment's posting, and why an extension its code asked for was not
/// bought (the money then went to the loan as a repayment).
#[derive(Clone, Debug)]
pub struct Settled {
    pub changes: OrderChanges,
    pub extension_declined: Option<NoExtension>,
}

/// The ledger entries, account, extension and status change of a payment
/// received on the Manila day `today` (decision 056): interest to the day,
/// the oldest instalment first in the agreement's order. A payment through
/// an extension's pay code buys the extension when it pays the day's price:
/// the fee is charged, what was due is settled, every unpaid due date moves,
/// and the renewal's cap proof is kept; an overdue loan rolls over (180 →
/// 174). Paid in full, the loan closes (→ 200).
pub fn settle(
    held: &HeldOrder,
    payment: &ReceivedPayment,
    key: &IdempotencyKey,
    rule_sets: &[CapRuleSet],
    today: Date,
    now: OffsetDateTime,
) -> Result<Settled, Refusal> {
    let order = &held.order;
    let mut account = held
        .account
        .clone()
        .ok_or_else(|| refused(format!("order {} has no account: its money never went out", order.id.0)))?;
    let mut extension = None;
    let mut extension_declined = None;
    let mut proofs = Vec::new();
    let offer = payment.extension_fee.and_then(|_| match account.extension_offer(today, rule_sets) {
        Ok(offer) if payment.amount >= offer.amount && order.status.is_repayable() => Some(offer),
        Ok(_) => None,
        Err(reason) => {
            extension_declined = Some(reason);
            None
        }
    });
    let charges = match &offer {
        Some(offer) => {
            let charges = account.extend(offer, payment.amount);
            let new_due_date = offer.new_due_dates.last().map_or(today, |(_, date)| *date);
            extension = Some(Extension {
                order_id: order.id,
                key: key.key.clone(),
                added_days: offer.added_days,
                fee: offer.fee,
                new_due_date,
                at: now,
                pay_code: payment.pay_code.clone(),
            });
            proofs.push(ProofRecord::Contract(offer.proof.clone()));
            charges
        }
        None => account.pay(today, payment.amount),
    };
    proofs.extend(holds_record(&account, &charges));
    let recovering = account.written_off.is_some();
    let entries = ledger_entries(&charges, Some(payment.amount), recovering, key).map_err(refused)?;
    let owes = account.unpaid().get() > 0;
    let transition = if !owes && order.status.is_repayable() {
        let cause = format!("paid in full through {}", payment.channel.name());
        Some(Transition::new(order, OrderStatus::Repaid, cause, now).map_err(refused)?)
    } else if let (Some(extension), OrderStatus::Overdue) = (&extension, order.status) {
        let cause = format!("rolled over to {} through {}", extension.new_due_date, payment.channel.name());
        Some(
            Transition::new(order, OrderStatus::RepaymentOpen, cause, now)
                .map_err(refused)?
                .with_due_date(extension.new_due_date),
        )
    } else {
        None
    };
    let status = transition.as_ref().map_or(order.status, |transition| transition.to());
    let changes = OrderChanges {
        entries,
        extension,
        transition,
        account: Some(account_update(account, status)),
        proofs,
        ..OrderChanges::default()
    };
    Ok(Settled { changes, extension_declined })
}

/// An approved waiver of `amount` of a charge, on the Manila day `today`:
/// the account brought to the day first (its charges posted under
/// `KEY:day`), then the waiver under the approval's key; a waiver that
/// leaves nothing owed closes the loan (→ 200).
pub fn waive(
    held: &HeldOrder,
    bucket: Bucket,
    amount: Centavos,
    key: &IdempotencyKey,
    today: Date,
    now: OffsetDateTime,
) -> Result<OrderChanges, Refusal> {
    let mut account = held.account.clone().ok_or_else(|| refused("the loan has no account"))?;
    if !held.order.status.is_repayable() {
        return Err(refused("the loan owes nothing"));
    }
    if account.written_off.is_some() {
        return Err(refused("the loan was written off: nothing it owes is in the lender's books to waive"));
    }
    let charges = account.bring_to(today);
    let waiver = ledger::waiver(bucket, amount, &account.dues()).map_err(refused)?;
    account.waive(bucket, amount).map_err(refused)?;
    let day_key = IdempotencyKey { key: format!("{}:day", key.key), fingerprint: key.fingerprint };
    let mut entries = ledger_entries(&charges, None, false, &day_key).map_err(refused)?;
    entries.push((waiver, key.clone()));
    let transition = if account.unpaid().get() <= 0 {
        Some(Transition::new(&held.order, OrderStatus::Repaid, "settled by an approved waiver", now).map_err(refused)?)
    } else {
        None
    };
    let status = transition.as_ref().map_or(held.order.status, |transition| transition.to());
    let proofs = holds_record(&account, &charges).into_iter().collect();
    Ok(OrderChanges {
        entries,
        transition,
        account: Some(account_update(account, status)),
        proofs,
        ..OrderChanges::default()
    })
}

/// An approved write-off on the Manila day `today` (decision 073): the
/// account brought to the day with its interest to the day (posted under
/// `KEY:day`), then everything it owes moved from its receivables to the
/// written-off account under the approval's key. The order keeps its
/// status: the borrower still owes, and is told so.
pub fn write_off(held: &HeldOrder, key: &IdempotencyKey, today: Date) -> Result<OrderChanges, Refusal> {
    let mut account = held.account.clone().ok_or_else(|| refused("the loan has no account"))?;
    if !held.order.status.is_repayable() {
        return Err(refused("the loan owes nothing"));
    }
    if account.written_off.is_some() {
        return Err(refused("the loan was written off already"));
    }
    let charges = account.write_off(today);
    let write_off = ledger::write_off(&account.dues()).map_err(refused)?;
    let day_key = IdempotencyKey { key: format!("{}:day", key.key), fingerprint: key.fingerprint };
    let mut entries = ledger_entries(&charges, None, false, &day_key).map_err(refused)?;
    entries.push((write_off, key.clone()));
    let proofs = holds_record(&account, &charges).into_iter().collect();
    let status = held.order.status;
    Ok(OrderChanges { entries, account: Some(account_update(account, status)), proofs, ..OrderChanges::default() })
}

/// A refund of `amount` of the credit a repaid loan holds for its borrower,
/// sent by the payout gateway (decision 075): the credit leaves the account
/// and the ledger under the refund's key. Refused when the loan is not
/// repaid or holds less credit.
pub fn refund(held: &HeldOrder, amount: Centavos, key: &IdempotencyKey) -> Result<OrderChanges, Refusal> {
    let mut account = held.account.clone().ok_or_else(|| refused("the loan has no account"))?;
    if held.order.status != OrderStatus::Repaid {
        return Err(refused("only a repaid loan's credit is refunded: an open loan's pays its next instalment"));
    }
    if amount.get() <= 0 || amount > account.credit {
        return Err(refused(format!("the loan holds {} of credit", account.credit.get())));
    }
    let entry = ledger::refund(amount).map_err(refused)?;
    account.credit = Centavos::new(account.credit.get() - amount.get());
    let status = held.order.status;
    Ok(OrderChanges {
        entries: vec![(entry, key.clone())],
        account: Some(account_update(account, status)),
        ..OrderChanges::default()
    })
}

/// A loan's history as its ledger and records tell it, for a replay of its
/// account (`LoanAccount::replay`): payments, extensions and waivers in the
/// order they came, approved reversals taken out.
#[derive(Clone, Debug)]
pub struct LoanHistory {
    pub events: Vec<LoanEvent>,
    /// Money received in all, reversals taken out.
    pub paid_in: Centavos,
    /// The ledger the events were read from, to check that nothing was
    /// posted between the reading and the transaction that replays them.
    pub balances: Balances,
}

/// The payment's one reversal key; the fingerprint tells proposals of one
/// payment apart, so a second proposal's approval finds the key taken by
/// another request.
pub fn reversal_key(proposal: &PaymentReversal) -> IdempotencyKey {
    let mut fingerprint = [0; 32];
    fingerprint[..8].copy_from_slice(&proposal.id.to_be_bytes());
    IdempotencyKey { key: reversal::reversal_key(proposal.entry_id), fingerprint }
}

/// What a reversal needs besides the held order, each read before the
/// posting's transaction.
#[derive(Clone, Debug)]
pub struct ReversalInputs<'a> {
    pub proposal: &'a PaymentReversal,
    /// The account as its payout opened it.
    pub opened: &'a LoanAccount,
    /// The loan's history without the payment being reversed.
    pub history: &'a LoanHistory,
    pub rule_sets: &'a [CapRuleSet],
    /// The Manila day the payment was received.
    pub payment_day: Date,
    pub today: Date,
    pub approval: &'a ReversalApproval,
}

/// The correcting entry, account and status change of a reversal: the
/// account replayed from its payout without the payment (decision 056),
/// and one entry moving the ledger to where the replay says it stands. A
/// loan the payment had closed stood repaid until today, and the borrower
/// was told so: those days are never charged as late (decision 029).
pub fn reverse(held: &HeldOrder, inputs: &ReversalInputs<'_>) -> Result<OrderChanges, Refusal> {
    let ReversalInputs { proposal, opened, history, rule_sets, payment_day, today, approval } = inputs;
    let order = &held.order;
    if opened.written_off.is_some() || held.account.as_ref().is_some_and(|account| account.written_off.is_some()) {
        return Err(refused("the loan was written off: a payment on it is corrected by a journal, not replayed"));
    }
    if held.balances != history.balances {
        return Err(refused("the loan's ledger moved on while the reversal was read; approve it again"));
    }
    let mut events = history.events.clone();
    if order.status == OrderStatus::Repaid {
        events.push(LoanEvent::StoodRepaid { from: *payment_day, to: *today });
        events.sort_by_key(LoanEvent::on);
    }
    // (The days a ceiling held back were recorded when first charged.)
    let (replayed, _) = LoanAccount::replay(opened, &events, rule_sets, *today);
    let expected = replayed.ledger_balances(history.paid_in);
    let correction = reversal::correction(EntryKind::Reversal, &held.balances, &expected)
        .map_err(refused)?
        .ok_or_else(|| refused("the reversal changes nothing"))?;
    let owes = replayed.unpaid().get() > 0;
    let transition = match reversal::status_after(order.status, owes, replayed.overdue_since(*today).is_some()) {
        Some(to) => {
            let cause = format!("payment reversal {} approved: {}", proposal.id, proposal.reason);
            Some(Transition::new(order, to, cause, approval.at).map_err(refused)?)
        }
        None => None,
    };
    let status = transition.as_ref().map_or(order.status, |transition| transition.to());
    Ok(OrderChanges {
        entries: vec![(correction, reversal_key(proposal))],
        transition,
        account: Some(account_update(replayed, status)),
        ..OrderChanges::default()
    })
}

#[cfg(test)]
mod tests;
