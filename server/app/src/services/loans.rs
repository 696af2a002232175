//! The loan engine's glue (decision 056): the rule sets of the law and the
//! one in force, which products keep them, a loan's frozen terms and its
//! account, and the ledger entries of what the account decided. The rules
//! themselves are the domain's (`caps`, `cap_proof`, `pricing`,
//! `servicing`).

use crate::services::{ServiceError, ServiceResult};
use crate::state::AppState;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::cap_proof::{Breach, CapProof, prove_product};
use hiram_domain::caps::{CapRuleSet, in_force};
use hiram_domain::clock::manila_date;
use hiram_domain::ledger::{Account, Balances, Bucket, EntryKind, Side};
use hiram_domain::money::Centavos;
use hiram_domain::order::Transition;
use hiram_domain::order::{Order, OrderId, OrderStatus};
use hiram_domain::posting::{self, LoanHistory};
use hiram_domain::pricing::LoanTerms;
use hiram_domain::product::{Product, ProductId};
use hiram_domain::servicing::{LoanAccount, LoanEvent, Payoff, PlanLine, RunningBalance};
use hiram_domain::store::{HeldOrder, IdempotencyKey, OrderChanges, OrderPosting, ProofRecord, Refusal};
use std::collections::HashMap;
use time::Date;

/// How long a process trusts the rule sets it read: an admin's correction
/// reaches the process that made it at once and the others within this.
const RULE_SETS_KEPT: std::time::Duration = std::time::Duration::from_secs(60);

/// Every rule set, as stored (read at most once a minute: every page that
/// prices, extends or lists products asks).
pub async fn rule_sets(state: &AppState) -> ServiceResult<Vec<CapRuleSet>> {
    if let Some(sets) = state.compliance.rule_sets(RULE_SETS_KEPT) {
        return Ok(sets);
    }
    let sets = state.store.cap_rule_sets().await?;
    state.compliance.keep_rule_sets(sets.clone());
    Ok(sets)
}

/// Saves a rule set (an admin's correction or the next circular) in the
/// caller's transaction; once that has committed, `rule_sets_changed`
/// makes this process read them again.
pub async fn save_rule_set(state: &AppState, rule_set: &CapRuleSet) -> ServiceResult<()> {
    Ok(state.store.save_cap_rule_set(rule_set, state.now()).await?)
}

/// Forgets the rule sets this process keeps, so the next use reads the
/// saved ones.
pub fn rule_sets_changed(state: &AppState) {
    state.compliance.forget_rule_sets();
}

/// The rule set in force on `date`; a database with none is broken.
pub async fn in_force_on(state: &AppState, date: Date) -> ServiceResult<CapRuleSet> {
    let sets = rule_sets(state).await?;
    in_force(&sets, date).cloned().ok_or_else(|| ServiceError::Missing(format!("a cap rule set in force on {date}")))
}

/// The ceilings of the rule set in force today that some loan of `product`
/// would break; empty for a product borrowers may be offered.
pub async fn breaches(state: &AppState, product: &Product) -> ServiceResult<Vec<Breach>> {
    let rule_set = in_force_on(state, state.today()).await?;
    breaches_under(state, product, &rule_set)
}

/// The same under a given rule set.
pub fn breaches_under(state: &AppState, product: &Product, rule_set: &CapRuleSet) -> ServiceResult<Vec<Breach>> {
    let fingerprint = serde_json::to_string(rule_set).map_err(|error| ServiceError::Refused(error.to_string()))?;
    let key = (product.id, product.allows_extension, fingerprint);
    if let Some(known) = state.compliance.verdict(&key) {
        return Ok(known);
    }
    let found = prove_product(&product.terms, product.allows_extension, rule_set)
        .map_err(|error| ServiceError::Refused(error.to_string()))?;
    state.compliance.keep_verdict(key, found.clone());
    Ok(found)
}

/// The products that break no ceiling of the rule set in force today,
/// available or not: what borrowers may see listed (an unavailable one
/// greyed). A product the law moved past is listed for staff until they
/// fix it, never to borrowers.
pub async fn lawful_products(state: &AppState) -> ServiceResult<Vec<Product>> {
    let rule_set = in_force_on(state, state.today()).await?;
    let mut lawful = Vec::new();
    for product in state.store.products().await? {
        if breaches_under(state, &product, &rule_set)?.is_empty() {
            lawful.push(product);
        }
    }
    Ok(lawful)
}

/// The products borrowers may be offered today: lawful and available.
pub async fn offered_products(state: &AppState) -> ServiceResult<Vec<Product>> {
    Ok(lawful_products(state).await?.into_iter().filter(|product| product.available).collect())
}

/// The terms a loan of `principal` on `product` would be made on now, for
/// a borrower who has (or has not) repaid a loan before.
pub fn terms_for(product: &Product, principal: Centavos, repeat_borrower: bool) -> ServiceResult<LoanTerms> {
    product
        .terms
        .loan(principal, product.allows_extension, repeat_borrower)
        .map_err(|error| ServiceError::Refused(error.to_string()))
}

/// Whether the borrower repaid a loan before: the one-time late charge of
/// the repeat borrower then applies (frozen at acceptance).
pub async fn repeat_borrower(state: &AppState, order: &Order) -> ServiceResult<bool> {
    let orders = state.store.orders_of(order.borrower_id).await?;
    Ok(orders.iter().any(|other| other.id != order.id && other.status == OrderStatus::Repaid))
}

/// The terms an order is held to: those frozen when it was accepted, or,
/// before acceptance, what its product would make of it now.
pub async fn order_terms(state: &AppState, order: &Order) -> ServiceResult<LoanTerms> {
    if let Some(terms) = state.store.loan_terms(order.id).await? {
        return Ok(terms);
    }
    let product = state
        .store
        .product(order.product_id)
        .await?
        .ok_or_else(|| ServiceError::Missing(format!("product of order {}", order.id.0)))?;
    terms_for(&product, order.principal, repeat_borrower(state, order).await?)
}

/// The proof the order was accepted with.
pub async fn acceptance_proof(state: &AppState, order: OrderId) -> ServiceResult<Option<CapProof>> {
    let proofs = state.store.cap_proofs(order).await?;
    Ok(proofs.into_iter().find(|stored| stored.occasion == "acceptance").and_then(|stored| stored.proof))
}

/// The account of a loan whose money went out on `start`, as the payout
/// opens it: the schedule's due dates fixed from that day, the rule set of
/// its contract governing.
pub async fn open_account(state: &AppState, order: &Order, start: Date) -> ServiceResult<LoanAccount> {
    let terms = order_terms(state, order).await?;
    let (rule_set, covered) = match acceptance_proof(state, order.id).await? {
        Some(proof) => (proof.rule_set, proof.covered),
        None => {
            // Accepted before loans carried proofs: the rule set of its
            // application date governs, coverage from its term.
            let applied = hiram_domain::clock::manila_date(order.applied_at);
            let rule_set = in_force_on(state, applied).await?;
            let covered = rule_set.covers(order.principal, applied, applied + time::Duration::days(terms.term_days()));
            (rule_set, covered)
        }
    };
    LoanAccount::open(terms, start, rule_set, covered).map_err(|error| ServiceError::Refused(error.to_string()))
}

/// An order's account, once its money went out.
pub async fn account(state: &AppState, order: OrderId) -> ServiceResult<Option<LoanAccount>> {
    Ok(state.store.loan_account(order).await?)
}

/// The history of `order`, leaving out `also_reversing` (a payment's entry
/// and the amount about to be taken back).
pub async fn history(
    state: &AppState,
    order: OrderId,
    also_reversing: Option<(i64, Centavos)>,
) -> ServiceResult<LoanHistory> {
    let entries = state.store.ledger_entries(order).await?;
    let extensions: HashMap<String, Date> = state
        .store
        .extensions(order)
        .await?
        .into_iter()
        .map(|extension| (extension.key, manila_date(extension.at)))
        .collect();
    let mut reversed: HashMap<i64, i64> = HashMap::new();
    for reversal in state.store.approved_reversals_of(order).await? {
        *reversed.entry(reversal.entry_id).or_default() += reversal.amount.get();
    }
    if let Some((entry, amount)) = also_reversing {
        *reversed.entry(entry).or_default() += amount.get();
    }
    let mut events = Vec::new();
    let mut paid_in = 0;
    for stored in &entries {
        let on = manila_date(stored.created_at);
        match stored.entry.kind {
            EntryKind::Repayment => {
                let amount = stored.entry.amount().get() - reversed.get(&stored.id).copied().unwrap_or(0);
                if amount <= 0 {
                    continue;
                }
                paid_in += amount;
                let amount = Centavos::new(amount);
                events.push(if extensions.contains_key(&stored.key) {
                    LoanEvent::Extended { on, paid: amount }
                } else {
                    LoanEvent::Paid { on, amount }
                });
            }
            EntryKind::Adjustment => {
                // A waiver debits the income it takes back.
                for line in stored.entry.lines.iter().filter(|line| line.side == Side::Debit) {
                    let bucket = match line.account {
                        Account::PenaltyIncome => Bucket::Penalties,
                        Account::InterestIncome => Bucket::Interest,
                        Account::FeeIncome => Bucket::Fees,
                        _ => continue,
                    };
                    events.push(LoanEvent::Waived { on, bucket, amount: line.amount });
                }
            }
            _ => {}
        }
    }
    Ok(LoanHistory {
        events,
        paid_in: Centavos::new(paid_in),
        balances: Balances::of(&entries.iter().map(|stored| stored.entry.clone()).collect::<Vec<_>>()),
    })
}

/// Where an order's loan stands on a day: its account brought to the day
/// (a copy: nothing is stored) and what paying it off then costs.
pub struct Standing {
    pub account: LoanAccount,
    pub today: Date,
    pub payoff: Payoff,
}

impl Standing {
    /// Everything owed on the day, interest to the day included.
    pub fn owed(&self) -> Centavos {
        self.payoff.total
    }

    /// The instalments as they stand.
    pub fn plan(&self) -> Vec<PlanLine> {
        self.account.plan(self.today)
    }

    /// The running balance today: owed, the next payment, the payoff.
    pub fn running_balance(&self) -> RunningBalance {
        self.account.running_balance(self.today)
    }

    /// What the borrower is asked to pay now: what has fallen due, or the
    /// next instalment as it stands on its day, never more than closing the
    /// loan today; less any credit held.
    pub fn amount_due(&self) -> Centavos {
        self.running_balance().payable_today()
    }

    /// The first unsettled instalment's due date.
    pub fn next_due(&self) -> Option<Date> {
        self.plan().into_iter().find(|line| !line.settled).map(|line| line.due_date)
    }
}

/// Where the order's loan stands today; `None` before its money went out.
pub async fn standing(state: &AppState, order: OrderId) -> ServiceResult<Option<Standing>> {
    let today = state.today();
    Ok(account(state, order).await?.map(|account| {
        let payoff = account.payoff(today);
        let mut brought = account;
        brought.bring_to(today);
        Standing { account: brought, today, payoff }
    }))
}

/// Why a borrower's loan takes no payment.
#[derive(Debug, thiserror::Error)]
pub enum NotRepayable {
    /// Not an order of this borrower (or not of the product named): to the
    /// caller it does not exist.
    #[error("no such loan of the borrower")]
    NotFound,
    /// The loan owes nothing (not yet paid out, or settled).
    #[error("the loan owes nothing")]
    NothingOwed,
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl From<hiram_domain::store::StoreError> for NotRepayable {
    fn from(error: hiram_domain::store::StoreError) -> NotRepayable {
        NotRepayable::Service(error.into())
    }
}

/// The borrower's own loan with money owed (174 or 180), which every way of
/// paying starts from. A `product` that is not the order's is not found.
pub async fn open_loan(
    state: &AppState,
    borrower: BorrowerId,
    order: OrderId,
    product: Option<ProductId>,
) -> Result<Order, NotRepayable> {
    let order = state.store.order_of(borrower, order).await?.ok_or(NotRepayable::NotFound)?;
    if product.is_some_and(|product| product != order.product_id) {
        return Err(NotRepayable::NotFound);
    }
    if !order.status.is_repayable() {
        return Err(NotRepayable::NothingOwed);
    }
    Ok(order)
}

/// What paying the order's loan off costs today; nothing before its money
/// went out or once it is paid.
pub async fn owed_today(state: &AppState, order: OrderId) -> ServiceResult<Centavos> {
    Ok(standing(state, order).await?.map_or(Centavos::ZERO, |standing| standing.owed()))
}

/// Posts a waiver of `amount` of a charge (penalties, interest or fees)
/// under `key`, in one transaction: the loan brought to today (what it
/// charges today posted first), the charge waived on its account and the
/// ledger, and a loan left owing nothing closed (→ 200). What is still owed
/// after it, charged and unpaid; `Ok(Err(_))` when the waiver no longer fits
/// what is owed. An earlier try's posting under the same key stands.
pub async fn post_waiver(
    state: &AppState,
    order: OrderId,
    bucket: Bucket,
    amount: Centavos,
    key: &IdempotencyKey,
) -> ServiceResult<Result<Centavos, String>> {
    let (today, now) = (state.today(), state.now());
    let decide = |held: &HeldOrder| posting::waive(held, bucket, amount, key, today, now);
    match state.store.post_to_order(order, key, now, &decide).await? {
        Ok(OrderPosting::Posted { changes, .. }) => {
            state.metrics.posted(crate::metrics::PostingKind::Adjustment);
            Ok(Ok(changes.account.as_ref().map_or(Centavos::ZERO, |update| update.account.unpaid())))
        }
        // Posted by an earlier try of the same approval: it stands.
        Ok(OrderPosting::Replayed(_)) => Ok(Ok(owed_today(state, order).await?)),
        Ok(OrderPosting::KeyReused) => Ok(Err("the waiver's key was used for another posting".to_owned())),
        Err(Refusal(reason)) => Ok(Err(reason)),
    }
}

/// Writes the loan off under `key` (decision 073), in the caller's
/// transaction: the loan brought to today with its interest to the day,
/// then everything it owes taken off the lender's books. What was written
/// off; `Ok(Err(_))` when the loan no longer can be (paid meanwhile, or
/// written off by another key). An earlier try's posting under the same
/// key stands, and answers what it wrote off.
pub async fn post_write_off(
    state: &AppState,
    order: OrderId,
    key: &IdempotencyKey,
) -> ServiceResult<Result<Centavos, String>> {
    let today = state.today();
    let decide = |held: &HeldOrder| posting::write_off(held, key, today);
    let written_off = |account: Option<&LoanAccount>| {
        account.and_then(|account| account.written_off).map_or(Centavos::ZERO, |write_off| write_off.amount)
    };
    match state.store.post_to_order(order, key, state.now(), &decide).await? {
        Ok(OrderPosting::Posted { changes, .. }) => {
            state.metrics.posted(crate::metrics::PostingKind::WriteOff);
            Ok(Ok(written_off(changes.account.as_ref().map(|update| &update.account))))
        }
        Ok(OrderPosting::Replayed(_)) => Ok(Ok(written_off(account(state, order).await?.as_ref()))),
        Ok(OrderPosting::KeyReused) => Ok(Err("the write-off's key was used for another posting".to_owned())),
        Err(Refusal(reason)) => Ok(Err(reason)),
    }
}

/// Why a restatement found nothing to do: the loan has its account.
const ALREADY_RESTATED: &str = "the loan has its account already";

/// Restates the loans made before the loan engine that were open when it
/// arrived (decision 056), each once: its account opened from its payout
/// on the terms its product states and the rule set of its application
/// date, its payments, extensions and waivers replayed to today, and its
/// ledger moved by one restatement entry to where that account stands.
/// What the old engine charged beyond the agreement and the law comes off;
/// a borrower who had paid more than is now owed has it as credit. The
/// status follows the account (a loan the replay finds current reopens,
/// one that owes nothing closes), and the contract's proof is recorded,
/// passed or not, for an examiner. Several processes may run it at once:
/// each loan is restated once. How many it restated.
pub async fn restate_legacy_loans(state: &AppState) -> ServiceResult<usize> {
    let waiting = state.store.loans_to_restate().await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    let sets = rule_sets(state).await?;
    let mut restated = 0;
    for order_id in waiting {
        let order = state.store.order(order_id).await?;
        let Some((order, disbursed)) = order.and_then(|order| order.disbursed_at.map(|at| (order, at))) else {
            state.store.forget_restatement(order_id).await?;
            continue;
        };
        match restate(state, &order, manila_date(disbursed), &sets).await? {
            Ok(()) => restated += 1,
            Err(reason) if reason == ALREADY_RESTATED => state.store.forget_restatement(order.id).await?,
            Err(reason) => tracing::warn!(order.id = order.id.0, %reason, "loan left to restate at the next start"),
        }
    }
    tracing::info!(restated, "loans made before the loan engine restated");
    Ok(restated)
}

async fn restate(
    state: &AppState,
    order: &Order,
    start: Date,
    sets: &[CapRuleSet],
) -> ServiceResult<Result<(), String>> {
    let opened = open_account(state, order, start).await?;
    let history = history(state, order.id, None).await?;
    let applied = manila_date(order.applied_at);
    let rule_set = in_force(sets, applied).cloned().unwrap_or_else(|| opened.rule_set.clone());
    let proof = hiram_domain::cap_proof::prove_new_loan(&opened.terms, applied, &rule_set)
        .map_err(|error| ServiceError::Refused(error.to_string()))?;
    let key = IdempotencyKey { key: format!("restatement:{}", order.id.0), fingerprint: [0; 32] };
    let (today, now) = (state.today(), state.now());
    let decide = |held: &HeldOrder| -> Result<OrderChanges, Refusal> {
        let refused = |reason: String| Refusal(reason);
        if held.account.is_some() {
            return Err(refused(ALREADY_RESTATED.to_owned()));
        }
        if held.balances != history.balances {
            return Err(refused("the loan's ledger moved on while it was read".to_owned()));
        }
        let (replayed, holds) = LoanAccount::replay(&opened, &history.events, sets, today);
        let expected = replayed.ledger_balances(history.paid_in);
        let entry = hiram_domain::reversal::correction(EntryKind::Restatement, &held.balances, &expected)
            .map_err(|error| refused(error.to_string()))?;
        let owes = replayed.unpaid().get() > 0;
        let overdue = replayed.overdue_since(today).is_some();
        let replayed_rule_set = replayed.rule_set.code.clone();
        let to = match (held.order.status, owes, overdue) {
            (_, false, _) => Some(OrderStatus::Repaid),
            (OrderStatus::Overdue, true, false) => Some(OrderStatus::RepaymentOpen),
            (OrderStatus::RepaymentOpen, true, true) => Some(OrderStatus::Overdue),
            _ => None,
        };
        let transition = to
            .map(|to| Transition::new(&held.order, to, "restated under the loan engine (decision 056)", now))
            .transpose()
            .map_err(|error| refused(error.to_string()))?;
        let status = transition.as_ref().map_or(held.order.status, |transition| transition.to());
        Ok(OrderChanges {
            entries: entry.map(|entry| vec![(entry, key.clone())]).unwrap_or_default(),
            transition,
            account: Some(posting::account_update(replayed, status)),
            proofs: [ProofRecord::Contract(proof.clone())]
                .into_iter()
                .chain(
                    (!holds.is_empty()).then(|| ProofRecord::Holds { rule_set_code: replayed_rule_set.clone(), holds }),
                )
                .collect(),
            restated: true,
            ..OrderChanges::default()
        })
    };
    match state.store.post_to_order(order.id, &key, now, &decide).await? {
        Ok(OrderPosting::Posted { .. }) => Ok(Ok(())),
        Ok(OrderPosting::Replayed(_) | OrderPosting::KeyReused) => Ok(Err(ALREADY_RESTATED.to_owned())),
        Err(Refusal(reason)) => Ok(Err(reason)),
    }
}
