use super::*;
use crate::borrower::BorrowerId;
use crate::ledger::{Account, Balances};
use crate::order::{Order, OrderId};
use crate::payment::Channel;
use crate::phone::Phone;
use crate::pricing::Allocation;
use crate::product::ProductId;
use crate::reversal::ReversalStatus;
use crate::testing::{mc_14, pesos, product, rule_sets};
use time::macros::{date, datetime};

const START: Date = date!(2026 - 12 - 01);
const NOW: OffsetDateTime = datetime!(2026-12-01 10:00 +08:00);

fn key(text: &str) -> IdempotencyKey {
    IdempotencyKey { key: text.to_owned(), fingerprint: [0; 32] }
}

/// A ₱3,000 loan of one 30-day instalment at 3% a month, paid out on
/// `START`, held as a posting's transaction holds it.
fn held(status: OrderStatus) -> HeldOrder {
    held_paying_in(status, Allocation::PenaltyInterestPrincipal)
}

fn held_paying_in(status: OrderStatus, allocation: Allocation) -> HeldOrder {
    let mut terms = product(1, 30, 300, 0);
    terms.clauses.extension_fee_bp = 100;
    terms.clauses.allocation = allocation;
    let loan = terms.loan(pesos(3_000), true, false).unwrap();
    let account = LoanAccount::open(loan, START, mc_14(), true).unwrap();
    let disbursement = ledger::disbursement(pesos(3_000), Centavos::ZERO).unwrap();
    HeldOrder {
        order: Order {
            id: OrderId(7),
            order_no: "HR0007".to_owned(),
            borrower_id: BorrowerId(3),
            product_id: ProductId(1),
            status,
            principal: pesos(3_000),
            interest: Centavos::ZERO,
            fees: Centavos::ZERO,
            term_days: 30,
            applied_at: NOW,
            disbursed_at: Some(NOW),
            due_date: Some(START + time::Duration::days(30)),
            closed_at: None,
            extension_days: 0,
            extensions: 0,
        },
        balances: Balances::of(&[disbursement]),
        borrower_phone: Phone::parse("09171234567").unwrap(),
        borrower_language: None,
        account: Some(account),
    }
}

fn payment(amount: Centavos, extension_fee: Option<Centavos>) -> ReceivedPayment {
    ReceivedPayment { order_id: OrderId(7), channel: Channel::GCash, amount, extension_fee, pay_code: None }
}

/// The held order after its changes, as the store leaves it.
fn after(held: &HeldOrder, changes: &OrderChanges) -> HeldOrder {
    let mut balances = held.balances.clone();
    for (entry, _) in &changes.entries {
        balances.apply(entry);
    }
    let status = changes.transition.as_ref().map_or(held.order.status, Transition::to);
    HeldOrder {
        order: Order { status, ..held.order.clone() },
        balances,
        account: changes.account.as_ref().map(|update| update.account.clone()),
        ..held.clone()
    }
}

#[test]
fn a_payment_of_part_settles_it_and_a_payment_of_the_rest_closes_the_loan() {
    let open = held(OrderStatus::RepaymentOpen);
    let day = START + time::Duration::days(10);
    let part = settle(&open, &payment(pesos(1_000), None), &key("p1"), &rule_sets(), day, NOW).unwrap();
    assert!(part.changes.transition.is_none(), "money still owed");
    assert_eq!(
        part.changes.entries.last().map(|(_, entry_key)| entry_key.key.as_str()),
        Some("p1"),
        "the payment takes the event's key"
    );
    let paid = after(&open, &part.changes);
    assert_eq!(paid.balances.sum(), 0, "the ledger balances");
    assert_eq!(paid.balances.dues(), paid.account.as_ref().unwrap().dues(), "ledger and account agree");

    let rest = paid.account.as_ref().unwrap().payoff(day).total;
    let last = settle(&paid, &payment(rest, None), &key("p2"), &rule_sets(), day, NOW).unwrap();
    let closed = last.changes.transition.expect("paid in full");
    assert_eq!((closed.from(), closed.to()), (OrderStatus::RepaymentOpen, OrderStatus::Repaid));
    assert!(last.changes.account.unwrap().next_check.is_none(), "a closed loan has no daily work");
}

#[test]
fn an_extension_bought_on_an_overdue_loan_moves_its_due_date_and_reopens_it() {
    let mut overdue = held(OrderStatus::Overdue);
    let late = START + time::Duration::days(33);
    let offer = overdue.account.as_ref().unwrap().extension_offer(late, &rule_sets()).unwrap();
    let settled =
        settle(&overdue, &payment(offer.amount, Some(offer.fee)), &key("x1"), &rule_sets(), late, NOW).unwrap();
    assert!(settled.extension_declined.is_none());
    let extension = settled.changes.extension.clone().expect("bought");
    assert_eq!(extension.added_days, offer.added_days);
    let rolled = settled.changes.transition.clone().expect("rolled over");
    assert_eq!((rolled.to(), rolled.due_date()), (OrderStatus::RepaymentOpen, Some(extension.new_due_date)));
    assert!(
        settled.changes.proofs.iter().any(|proof| matches!(proof, ProofRecord::Contract(_))),
        "the renewal's proof is kept"
    );

    // The same money on a code whose extension is no longer offered (the
    // loan took every one its agreement allows) is an ordinary repayment.
    overdue.account.as_mut().unwrap().renewals = 3;
    let plain = settle(&overdue, &payment(offer.amount, Some(offer.fee)), &key("x2"), &rule_sets(), late, NOW).unwrap();
    assert!(plain.changes.extension.is_none());
    assert!(matches!(plain.extension_declined, Some(NoExtension::UsedUp { .. })), "{:?}", plain.extension_declined);
}

#[test]
fn a_waiver_that_leaves_nothing_owed_closes_the_loan_and_one_past_the_charge_is_refused() {
    // Paid in the order interest, principal, penalty: ten days late, a
    // payment of all but the penalties leaves only penalties owed.
    let open = held_paying_in(OrderStatus::Overdue, Allocation::InterestPrincipalPenalty);
    let day = START + time::Duration::days(40);
    let mut charged = open.account.clone().unwrap();
    charged.bring_to(day);
    let penalties = charged.dues().penalties;
    assert!(penalties.get() > 0, "ten days late");
    let all_but = Centavos::new(open.account.as_ref().unwrap().payoff(day).total.get() - penalties.get());
    let paid = settle(&open, &payment(all_but, None), &key("p"), &rule_sets(), day, NOW).unwrap();
    assert!(paid.changes.transition.is_none(), "the penalties are still owed");
    let owing = after(&open, &paid.changes);
    assert_eq!(owing.account.as_ref().unwrap().dues().penalties, penalties);
    assert!(waive(&owing, Bucket::Penalties, Centavos::new(penalties.get() + 1), &key("w"), day, NOW).is_err());
    let waived = waive(&owing, Bucket::Penalties, penalties, &key("w"), day, NOW).unwrap();
    assert_eq!(waived.transition.as_ref().expect("settled").to(), OrderStatus::Repaid);
    assert_eq!(waived.entries.last().map(|(_, entry_key)| entry_key.key.as_str()), Some("w"));
    assert_eq!(after(&owing, &waived).balances.sum(), 0);
}

#[test]
fn a_reversed_payment_is_owed_again_and_reopens_the_loan_it_closed() {
    let open = held(OrderStatus::RepaymentOpen);
    let day = START + time::Duration::days(5);
    let full = open.account.as_ref().unwrap().payoff(day).total;
    let paid = settle(&open, &payment(full, None), &key("p"), &rule_sets(), day, NOW).unwrap();
    let repaid = after(&open, &paid.changes);
    assert_eq!(repaid.order.status, OrderStatus::Repaid);
    let proposal = PaymentReversal {
        id: 11,
        order_id: OrderId(7),
        entry_id: 2,
        amount: full,
        reason: "GCash reversed the transfer".to_owned(),
        proposed_by: Some(1),
        proposed_at: NOW,
        status: ReversalStatus::Proposed,
        decided_by: None,
        decided_at: None,
    };
    // The history without the payment; the ledger as the reading saw it.
    let history = LoanHistory { events: Vec::new(), paid_in: Centavos::ZERO, balances: repaid.balances.clone() };
    let approval = ReversalApproval { id: 11, by: Some(2), at: NOW };
    let opened = open.account.clone().unwrap();
    let rule_sets = rule_sets();
    let inputs = ReversalInputs {
        proposal: &proposal,
        opened: &opened,
        history: &history,
        rule_sets: &rule_sets,
        payment_day: day,
        today: day + time::Duration::days(1),
        approval: &approval,
    };
    let reversed = reverse(&repaid, &inputs).unwrap();
    assert_eq!(reversed.transition.clone().expect("reopened").to(), OrderStatus::RepaymentOpen, "not yet due");
    assert_eq!(reversed.entries.len(), 1, "one correcting entry");
    assert_eq!(reversed.entries[0].1, reversal_key(&proposal));
    let reopened = after(&repaid, &reversed);
    assert_eq!(reopened.balances.sum(), 0);
    assert_eq!(-reopened.balances.net(Account::BorrowerCredit), 0);
    assert!(reopened.balances.dues().principal.get() > 0, "the principal is owed again");

    // A ledger that moved since the reading is refused, not reversed twice.
    let moved = HeldOrder { balances: open.balances.clone(), ..repaid.clone() };
    assert!(reverse(&moved, &inputs).is_err());
}

#[test]
fn a_loan_written_off_stops_charging_keeps_its_debt_and_what_is_paid_after_is_recovered() {
    let overdue = held(OrderStatus::Overdue);
    let day = START + time::Duration::days(45);
    let changes = write_off(&overdue, &key("w"), day).unwrap();
    assert!(changes.transition.is_none(), "the borrower still owes: the order stays overdue");
    assert_eq!(
        changes.entries.last().map(|(entry, entry_key)| (entry.kind, entry_key.key.as_str())),
        Some((EntryKind::WriteOff, "w"))
    );
    let written = after(&overdue, &changes);
    let account = written.account.clone().unwrap();
    let stood = account.written_off.expect("written off");
    assert_eq!((stood.on, stood.amount), (day, account.unpaid()));
    assert!(stood.amount > pesos(3_000), "principal, interest and fifteen days of penalties");
    assert_eq!(written.balances.sum(), 0, "the ledger balances");
    assert_eq!(written.balances.dues().total(), Centavos::ZERO, "nothing owed is left in the receivables");
    assert_eq!(written.balances.net(Account::WrittenOff), stood.amount.get());
    assert_eq!(account.ledger_balances(Centavos::ZERO), written.balances, "the account says where its ledger stands");
    assert_eq!(changes.account.as_ref().unwrap().next_check, None, "no daily work on it");

    // Nothing more is charged, whatever the day; no extension, waiver or
    // second write-off.
    let later = day + time::Duration::days(60);
    assert_eq!(account.payoff(later).total, stood.amount);
    assert_eq!(account.clone().bring_to(later), Charges::default());
    assert_eq!(account.extension_offer(later, &rule_sets()).err(), Some(NoExtension::WrittenOff));
    assert!(waive(&written, Bucket::Penalties, Centavos::new(1), &key("v"), later, NOW).is_err());
    assert!(write_off(&written, &key("w2"), later).is_err());

    // A payment is a recovery: the debt comes down, no receivable moves.
    let part = settle(&written, &payment(pesos(1_000), None), &key("r1"), &rule_sets(), later, NOW).unwrap();
    assert!(part.changes.transition.is_none());
    let recovering = after(&written, &part.changes);
    assert_eq!(recovering.balances.net(Account::Recoveries), -pesos(1_000).get());
    assert_eq!(recovering.balances.dues().total(), Centavos::ZERO);
    let left = recovering.account.as_ref().unwrap().payoff(later).total;
    assert_eq!(left.get(), stood.amount.get() - pesos(1_000).get());
    assert_eq!(recovering.account.as_ref().unwrap().ledger_balances(pesos(1_000)), recovering.balances);

    // Paying the rest and ₱5 more: the loan closes, all of it recovered,
    // the ₱5 held for the borrower.
    let rest = Centavos::new(left.get() + 500);
    let last = settle(&recovering, &payment(rest, None), &key("r2"), &rule_sets(), later, NOW).unwrap();
    assert_eq!(last.changes.transition.as_ref().map(Transition::to), Some(OrderStatus::Repaid));
    let repaid = after(&recovering, &last.changes);
    assert_eq!(repaid.balances.net(Account::Recoveries), -stood.amount.get());
    assert_eq!(repaid.balances.net(Account::BorrowerCredit), -500);
    assert_eq!(repaid.balances.sum(), 0);
    let paid_in = Centavos::new(pesos(1_000).get() + rest.get());
    assert_eq!(repaid.account.as_ref().unwrap().ledger_balances(paid_in), repaid.balances);
}

#[test]
fn a_repaid_loans_credit_is_refunded_once_and_never_more_than_it_holds() {
    let open = held(OrderStatus::RepaymentOpen);
    let day = START + time::Duration::days(5);
    let over = Centavos::new(open.account.as_ref().unwrap().payoff(day).total.get() + 2_500);
    let paid = settle(&open, &payment(over, None), &key("p"), &rule_sets(), day, NOW).unwrap();
    let repaid = after(&open, &paid.changes);
    assert_eq!(repaid.account.as_ref().unwrap().credit, Centavos::new(2_500));
    assert!(refund(&repaid, Centavos::new(2_501), &key("r")).is_err(), "more than it holds");
    assert!(refund(&open, Centavos::new(1), &key("r")).is_err(), "an open loan's credit pays its next instalment");
    let changes = refund(&repaid, Centavos::new(2_500), &key("r")).unwrap();
    let refunded = after(&repaid, &changes);
    assert_eq!(refunded.balances.net(Account::BorrowerCredit), 0);
    assert_eq!(refunded.balances.sum(), 0);
    assert_eq!(refunded.account.as_ref().unwrap().credit, Centavos::ZERO);
    let paid_in = Centavos::new(over.get() - 2_500);
    assert_eq!(refunded.account.as_ref().unwrap().ledger_balances(paid_in), refunded.balances);
}
