//! The loan engine against the audit of issue 28 (decision 056): a loan
//! made before the engine is restated once, its late penalties held to 5%
//! of the overdue instalment; paying on time never costs more than paying
//! off with nothing paid; the dates the documents give are the engine's.

use crate::helpers::{TestApp, account_matching_ledger, loan_made};
use hiram_domain::clock::{manila_date, start_of_manila_day};
use hiram_domain::ledger::{self, EntryKind};
use hiram_domain::money::Centavos;
use hiram_domain::order::{NewOrder, OrderId, OrderStatus, Transition};
use hiram_domain::payment::{Channel, ReceivedPayment};
use hiram_domain::phone::Phone;
use hiram_domain::pricing::{ClauseTerms, PenaltySchedule, ProductTerms};
use hiram_domain::product::NewProduct;
use hiram_domain::store::IdempotencyKey;
use time::Duration;

/// The audit's product 2 as it was saved before SEC MC 14 s.2025: ₱5,000
/// to ₱10,000 in four monthly instalments at 3.5% a month, a 2.5% fee, and
/// a one-time late charge of ₱50 that alone is above 5% of an instalment.
fn legacy_terms() -> ProductTerms {
    ProductTerms {
        min_amount: Centavos::from_pesos(5_000),
        max_amount: Centavos::from_pesos(10_000),
        amount_step: Centavos::from_pesos(100),
        periods: 4,
        period_days: 30,
        monthly_interest_bp: 350,
        service_fee_bp: 250,
        penalty: PenaltySchedule {
            one_time_new: Centavos::from_pesos(50),
            one_time_repeat: Centavos::from_pesos(40),
            daily_bp_days_1_30: 10,
            daily_bp_days_31_90: 8,
            daily_bp_from_day_91: 4,
        },
        clauses: ClauseTerms::standard(30),
    }
}

/// A ₱5,000 loan on the legacy product sent `days_ago`, as the engine
/// before decision 056 left it: the whole term's flat interest booked at
/// payout, a month of penalties on everything outstanding, no account.
async fn legacy_loan(app: &TestApp, days_ago: i64) -> OrderId {
    let demo = app.demo_session().await;
    let _ = demo;
    let store = &app.state.store;
    let now = app.state.now();
    let lender = store.products().await.unwrap()[1].lender_id;
    let product = store
        .insert_product(
            &NewProduct {
                lender_id: lender,
                name: "Legacy Plus".to_owned(),
                logo_url: String::new(),
                terms: legacy_terms(),
                tags: Vec::new(),
                allows_extension: true,
                requires_review: false,
                available: true,
            },
            now - Duration::days(400),
            None,
        )
        .await
        .unwrap();
    let borrower =
        store.ensure_borrower(&Phone::parse("09181114444").unwrap(), Some("Legacy Borrower"), now).await.unwrap();
    let sent_at = start_of_manila_day(now - Duration::days(days_ago)) + Duration::hours(2);
    let (principal, fee, flat_interest) =
        (Centavos::from_pesos(5_000), Centavos::from_pesos(125), Centavos::from_pesos(700));
    let new_order = NewOrder {
        order_no: "HRLEGACY0001".to_owned(),
        borrower_id: borrower.id,
        product_id: product,
        principal,
        interest: flat_interest,
        fees: fee,
        term_days: 120,
        applied_at: sent_at - Duration::hours(1),
    };
    let id = store.insert_order(&new_order, "application submitted").await.unwrap();
    let last_due = manila_date(sent_at) + Duration::days(120);
    for (to, due) in [
        (OrderStatus::AwaitingConfirmation, None),
        (OrderStatus::Disbursing, None),
        (OrderStatus::RepaymentOpen, Some(last_due)),
        (OrderStatus::Overdue, None),
    ] {
        let order = store.order(id).await.unwrap().unwrap();
        let transition = Transition::new(&order, to, "before the loan engine", sent_at).unwrap();
        let transition = match due {
            Some(due) => transition.with_due_date(due),
            None => transition,
        };
        store.apply_transition(&transition).await.unwrap();
    }
    let key = |what: &str| IdempotencyKey { key: format!("legacy-{what}-{}", id.0), fingerprint: [0; 32] };
    store.post_entry(id, &ledger::disbursement(principal, fee).unwrap(), &key("send"), sent_at).await.unwrap();
    store.post_entry(id, &ledger::interest(flat_interest).unwrap().unwrap(), &key("interest"), sent_at).await.unwrap();
    // What the old daily run charged in a month on the whole ₱5,700: ₱221.
    store
        .post_entry(id, &ledger::penalty(Centavos::from_pesos(221)).unwrap().unwrap(), &key("penalties"), now)
        .await
        .unwrap();
    app.execute_sql(&format!("INSERT INTO loan_restatement (order_id) VALUES ({})", id.0)).await.unwrap();
    id
}

/// Pays `amount` on the order as a channel's notification would.
async fn pay(app: &TestApp, order: OrderId, amount: Centavos, reference: &str) {
    let payment =
        ReceivedPayment { order_id: order, channel: Channel::GCash, amount, extension_fee: None, pay_code: None };
    let key = IdempotencyKey { key: reference.to_owned(), fingerprint: [0; 32] };
    hiram::services::money_in::post_payment(&app.state, &payment, &key).await.unwrap();
}

/// Everything the borrower paid on the loan.
async fn paid(app: &TestApp, order: OrderId) -> i64 {
    let entries = app.state.store.ledger_entries(order).await.unwrap();
    entries
        .iter()
        .filter(|stored| stored.entry.kind == EntryKind::Repayment)
        .map(|stored| stored.entry.amount().get())
        .sum()
}

crate::on_both_stores! {
    async fn a_loan_made_before_the_engine_is_restated_once_with_its_penalties_within_5_percent_of_the_missed_instalment(app) {
        // Sent 60 days ago: instalment 1 fell due 30 days ago unpaid; a
        // month of penalties on it.
        let order = legacy_loan(&app, 60).await;
        assert!(app.state.store.loan_account(order).await.unwrap().is_none());
        assert_eq!(hiram::services::loans::restate_legacy_loans(&app.state).await.unwrap(), 1);
        assert_eq!(hiram::services::loans::restate_legacy_loans(&app.state).await.unwrap(), 0, "once");
        assert!(app.state.store.loans_to_restate().await.unwrap().is_empty());
        let account = account_matching_ledger(&app, order).await;
        // On the declining balance, instalment 1 is ₱1,361.26 (₱175.00 of
        // interest); 5% of it is ₱68.06, the one-time ₱50 included, where
        // the old engine had charged ₱221.00.
        let first = &account.instalments[0];
        assert_eq!((first.principal.get() + first.interest.get(), first.interest.get()), (136_126, 17_500));
        assert_eq!(first.penalty.get(), 136_126 * 500 / 10_000);
        assert!(account.one_time_charged);
        let entries = app.state.store.ledger_entries(order).await.unwrap();
        let restatements: Vec<_> = entries.iter().filter(|stored| stored.entry.kind == EntryKind::Restatement).collect();
        assert_eq!(restatements.len(), 1);
        let balances = app.state.store.balances(order).await.unwrap();
        // Of the flat ₱700 booked at payout, only what has fallen due is
        // owed: two months on the ₱5,000 still owed (instalment 2 falls due
        // today).
        assert_eq!(balances.dues().interest.get(), 35_000);
        assert_eq!(balances.dues().penalties.get(), 6_806);
        // The contract's proof, and the days the ceiling held back.
        let proofs = app.state.store.cap_proofs(order).await.unwrap();
        assert_eq!((proofs[0].occasion.as_str(), proofs[0].passed, proofs[0].rule_set_code.as_str()), ("acceptance", true, "SEC-MC-14-2025"));
        let held = &proofs[1].holds;
        assert_eq!(held.len(), 1, "{proofs:?}");
        assert_eq!(held[0].ceiling, hiram_domain::cap_proof::Ceiling::Penalty);
        assert!(held[0].wanted.get() > held[0].charged.get(), "{held:?}");
        assert_eq!(app.state.store.order(order).await.unwrap().unwrap().status, OrderStatus::Overdue);
    }

    async fn paying_an_instalment_on_time_then_paying_off_never_costs_more_than_paying_off_alone(app) {
        // Four monthly instalments at 3.5%, day 30 (before the early day,
        // 60): on time then payoff, against payoff alone, the same day.
        let on_time = loan_made(&app, "Bayanihan Cash Plus", 5_000, 30, "09181115551", OrderStatus::RepaymentOpen).await;
        let payoff_only = loan_made(&app, "Bayanihan Cash Plus", 5_000, 30, "09181115552", OrderStatus::RepaymentOpen).await;
        // Two monthly instalments at 5%, day 60: instalment 1's day.
        let on_time_2 = loan_made(&app, "Sampaguita Salary Loan", 6_000, 60, "09181115553", OrderStatus::RepaymentOpen).await;
        let payoff_only_2 = loan_made(&app, "Sampaguita Salary Loan", 6_000, 60, "09181115554", OrderStatus::RepaymentOpen).await;
        let today = app.state.today();
        for (on_time, payoff_only) in [(on_time, payoff_only), (on_time_2, payoff_only_2)] {
            let account = app.state.store.loan_account(on_time).await.unwrap().unwrap();
            assert_eq!(account.instalments[0].due_date, today, "instalment 1 falls due today");
            let instalment = account.due_now(today);
            pay(&app, on_time, instalment, &format!("ON-TIME-{}", on_time.0)).await;
            let rest = hiram::services::loans::owed_today(&app.state, on_time).await.unwrap();
            pay(&app, on_time, rest, &format!("PAYOFF-{}", on_time.0)).await;
            let alone = hiram::services::loans::owed_today(&app.state, payoff_only).await.unwrap();
            pay(&app, payoff_only, alone, &format!("PAYOFF-{}", payoff_only.0)).await;
            for order in [on_time, payoff_only] {
                assert_eq!(app.state.store.order(order).await.unwrap().unwrap().status, OrderStatus::Repaid);
                let account = account_matching_ledger(&app, order).await;
                assert_eq!(account.credit, Centavos::ZERO);
            }
            let (both, alone) = (paid(&app, on_time).await, paid(&app, payoff_only).await);
            assert!(both <= alone, "on time then payoff ₱{both} against payoff alone ₱{alone}");
        }
        // ₱5,000 at 3.5%: on time, ₱1,361.26 and then ₱3,813.74 with
        // interest to day 60 on it (₱133.48); alone, ₱5,000 and ₱350.00.
        assert_eq!(paid(&app, on_time).await, 136_126 + 381_374 + 13_348);
        assert_eq!(paid(&app, payoff_only).await, 535_000);
    }

    async fn the_dates_the_documents_give_are_the_dates_the_engine_charges_by(app) {
        // Accepted three days ago; the money goes out today.
        let order = loan_made(&app, "Bayanihan Cash Plus", 4_000, 3, "09181116661", OrderStatus::Disbursing).await;
        let held = app.state.store.order(order).await.unwrap().unwrap();
        let today = app.state.today();
        hiram::services::disbursements::money_out(&app.state, &held, "payout confirmed by the bank".to_owned(), today, app.state.now())
            .await
            .unwrap()
            .unwrap();
        let account = account_matching_ledger(&app, order).await;
        let engine: Vec<String> = account.instalments.iter().map(|instalment| instalment.due_date.to_string()).collect();
        assert_eq!(engine, (1..=4).map(|n| (today + Duration::days(30 * n)).to_string()).collect::<Vec<_>>(), "from the payout");
        let stored = app.state.store.order(order).await.unwrap().unwrap();
        assert_eq!(stored.due_date.map(|date| date.to_string()).as_ref(), engine.last());
        let schedule = app.state.store.order_document(order, "schedule").await.unwrap().expect("the payout's schedule");
        let schedule: serde_json::Value = serde_json::from_str(&schedule.body).unwrap();
        let documented: Vec<&str> =
            schedule["disclosure"]["schedule"].as_array().unwrap().iter().map(|row| row["dueDate"].as_str().unwrap()).collect();
        assert_eq!(documented, engine, "the schedule sent with the money is the engine's");
        let amounts: Vec<i64> = schedule["disclosure"]["schedule"].as_array().unwrap().iter().map(|row| row["amount"].as_i64().unwrap()).collect();
        let plan: Vec<i64> = account.plan(today).iter().map(|line| line.amount.get()).collect();
        assert_eq!(amounts, plan);
        // The disclosure accepted three days ago says its dates were for
        // money sent then, and that this schedule fixes them.
        let disclosure = app.state.store.order_document(order, "disclosure").await.unwrap().unwrap();
        let accepted = today - Duration::days(3);
        // As the borrower reads a day: "Nov 26, 2026".
        let accepted_on = format!("{} {}, {}", &accepted.month().to_string()[..3], accepted.day(), accepted.year());
        assert!(disclosure.body.contains(&format!("the dates in the schedule are for money sent on {accepted_on}")), "{}", disclosure.body);
        assert!(disclosure.body.contains("The schedule sent with the money fixes them"));
    }
}
