//! The ledger's storage contract: append-only, balanced, once per key.
//! Order 21 of the demo data has no ledger yet, so each test starts empty.

use crate::helpers::order_in;
use hiram_domain::ledger::{self, Balances};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::store::{IdempotencyKey, Posting};

fn key(name: &str, body: u8) -> IdempotencyKey {
    IdempotencyKey { key: name.to_owned(), fingerprint: [body; 32] }
}

crate::on_both_stores! {
    async fn entries_post_once_per_key_and_read_back_balanced(app) {
        let demo = app.demo_session().await;
        let order = OrderId(order_in(&demo, 21).order_id);
        let store = &app.state.store;
        let now = app.state.now();
        let disbursement = ledger::disbursement(Centavos::from_pesos(5_000), Centavos::from_pesos(150)).unwrap();
        let Posting::Posted(first) = store.post_entry(order, &disbursement, &key("disburse-1", 1), now).await.unwrap() else {
            panic!("the first post stores the entry");
        };
        assert_eq!(store.post_entry(order, &disbursement, &key("disburse-1", 1), now).await.unwrap(), Posting::Replayed(first));
        assert_eq!(store.post_entry(order, &disbursement, &key("disburse-1", 2), now).await.unwrap(), Posting::KeyReused);
        let interest = ledger::interest(Centavos::new(60_666)).unwrap().unwrap();
        store.post_entry(order, &interest, &key("interest-1", 1), now).await.unwrap();
        // ₱1,000 paid: the ₱606.66 of interest, then ₱393.34 of principal.
        let settled = ledger::Settlement {
            interest: Centavos::new(60_666),
            principal: Centavos::new(39_334),
            ..ledger::Settlement::default()
        };
        let payment = ledger::payment(Centavos::from_pesos(1_000), &settled).unwrap();
        store.post_entry(order, &payment, &key("pay-1", 1), now).await.unwrap();

        let stored = store.ledger_entries(order).await.unwrap();
        assert_eq!(stored.iter().map(|entry| entry.entry.clone()).collect::<Vec<_>>(), vec![disbursement, interest, payment]);
        let balances = Balances::of(&stored.iter().map(|entry| entry.entry.clone()).collect::<Vec<_>>());
        assert_eq!(balances.sum(), 0);
        assert_eq!(balances.dues().interest, Centavos::ZERO);
        assert_eq!(balances.dues().principal, Centavos::new(500_000 - 39_334));
    }

    async fn fifty_concurrent_posts_with_one_key_store_one_entry(app) {
        let demo = app.demo_session().await;
        let order = OrderId(order_in(&demo, 21).order_id);
        let entry = ledger::penalty(Centavos::from_pesos(25)).unwrap().unwrap();
        let now = app.state.now();
        let mut tasks = Vec::new();
        for _ in 0..50 {
            let store = app.state.store.clone();
            let entry = entry.clone();
            tasks.push(tokio::spawn(async move { store.post_entry(order, &entry, &key("same-key", 7), now).await.unwrap() }));
        }
        let mut posted = 0;
        let mut replayed = 0;
        for task in tasks {
            match task.await.unwrap() {
                Posting::Posted(_) => posted += 1,
                Posting::Replayed(_) => replayed += 1,
                Posting::KeyReused => panic!("same body, same key"),
            }
        }
        assert_eq!((posted, replayed), (1, 49));
        assert_eq!(app.state.store.ledger_entries(order).await.unwrap().len(), 1);
    }

    async fn the_database_refuses_to_change_or_delete_entries(app) {
        let demo = app.demo_session().await;
        let order = OrderId(order_in(&demo, 21).order_id);
        let entry = ledger::penalty(Centavos::from_pesos(25)).unwrap().unwrap();
        app.state.store.post_entry(order, &entry, &key("penalty-1", 1), app.state.now()).await.unwrap();
        for sql in [
            "UPDATE ledger_line SET amount = 1",
            "DELETE FROM ledger_line",
            "UPDATE ledger_entry SET kind = 'repayment'",
            "DELETE FROM ledger_entry",
        ] {
            let refused = app.execute_sql(sql).await.unwrap_err();
            assert!(refused.contains("append-only"), "{sql}: {refused}");
        }
        assert_eq!(app.state.store.ledger_entries(order).await.unwrap()[0].entry, entry);
    }
}

mod payments {
    use super::*;
    use hiram_domain::payment::{Channel, ReceivedPayment};

    fn paid(order: OrderId, pesos: i64) -> ReceivedPayment {
        ReceivedPayment {
            order_id: order,
            channel: Channel::Maya,
            amount: Centavos::from_pesos(pesos),
            extension_fee: None,
            pay_code: None,
        }
    }

    crate::on_both_stores! {
        async fn twenty_concurrent_payments_never_settle_more_than_is_owed(app) {
            let demo = app.demo_session().await;
            let order = OrderId(order_in(&demo, 174).order_id);
            let before = app.state.store.ledger_entries(order).await.unwrap().len();
            let mut tasks = Vec::new();
            for payment in 0..20u8 {
                let state = app.state.clone();
                tasks.push(tokio::spawn(async move {
                    hiram::services::money_in::post_payment(&state, &paid(order, 600), &key(&format!("pay-{payment}"), payment)).await.unwrap()
                }));
            }
            for task in tasks {
                assert!(matches!(task.await.unwrap(), Posting::Posted(_)));
            }
            let entries: Vec<_> = app.state.store.ledger_entries(order).await.unwrap().into_iter().map(|stored| stored.entry).collect();
            let payments = entries.iter().filter(|entry| entry.kind == ledger::EntryKind::Repayment).count();
            assert_eq!(payments, 20, "{} entries before", before);
            let balances = Balances::of(&entries);
            assert_eq!(balances.sum(), 0);
            assert_eq!(balances.dues(), ledger::Dues::default(), "exactly everything owed is settled");
            // ₱12,000 paid against the ₱5,000 and the interest charged to the
            // day it was paid off: the rest held for the borrower.
            let interest: i64 = entries.iter().filter(|entry| entry.kind == ledger::EntryKind::Interest).map(|entry| entry.amount().get()).sum();
            assert!(interest > 0);
            assert_eq!(balances.net(ledger::Account::BorrowerCredit), -(1_200_000 - 500_000 - interest));
            let mut running = Balances::default();
            for entry in &entries {
                running.apply(entry);
                let dues = running.dues();
                assert!(dues.interest.get() >= 0 && dues.principal.get() >= 0, "never negative after any entry");
            }
            crate::helpers::account_matching_ledger(&app, order).await;
        }

        async fn a_replayed_payment_returns_the_first_posting(app) {
            let demo = app.demo_session().await;
            let order = OrderId(order_in(&demo, 174).order_id);
            let state = &app.state;
            let before = state.store.ledger_entries(order).await.unwrap().len();
            let first = hiram::services::money_in::post_payment(state, &paid(order, 100), &key("p", 3)).await.unwrap();
            let after = state.store.ledger_entries(order).await.unwrap().len();
            let again = hiram::services::money_in::post_payment(state, &paid(order, 100), &key("p", 3)).await.unwrap();
            let Posting::Posted(id) = first else { panic!("posted first") };
            assert_eq!(again, Posting::Replayed(id));
            assert_eq!(hiram::services::money_in::post_payment(state, &paid(order, 999), &key("p", 4)).await.unwrap(), Posting::KeyReused);
            assert!(after > before);
            assert_eq!(state.store.ledger_entries(order).await.unwrap().len(), after, "the replay and the reused key post nothing");
        }
    }
}

mod balance_rows {
    use super::*;

    /// Every order's balance row against the fold of its whole ledger.
    async fn assert_rows_match_the_ledger(app: &crate::helpers::TestApp, demo: &hiram::seed::DemoSession) {
        for order in &demo.orders {
            let order = OrderId(order.order_id);
            let entries: Vec<_> =
                app.state.store.ledger_entries(order).await.unwrap().into_iter().map(|stored| stored.entry).collect();
            assert_eq!(app.state.store.balances(order).await.unwrap(), Balances::of(&entries), "order {}", order.0);
        }
    }

    crate::on_both_stores! {
        async fn each_orders_balance_row_equals_the_sum_of_its_ledger_after_every_kind_of_posting(app) {
            let demo = app.demo_session().await;
            assert_rows_match_the_ledger(&app, &demo).await;
            let order = OrderId(order_in(&demo, 21).order_id);
            let store = &app.state.store;
            let now = app.state.now();
            store.post_entry(order, &ledger::disbursement(Centavos::from_pesos(5_000), Centavos::from_pesos(150)).unwrap(), &key("d", 1), now).await.unwrap();
            store.post_entry(order, &ledger::interest(Centavos::new(60_666)).unwrap().unwrap(), &key("i", 1), now).await.unwrap();
            store.post_entry(order, &ledger::penalty(Centavos::new(2_500)).unwrap().unwrap(), &key("pen", 1), now).await.unwrap();
            let settled = ledger::Settlement { penalties: Centavos::new(2_500), interest: Centavos::new(7_500), ..ledger::Settlement::default() };
            store.post_entry(order, &ledger::payment(Centavos::from_pesos(100), &settled).unwrap(), &key("pay", 1), now).await.unwrap();
            let dues = store.balances(order).await.unwrap().dues();
            store.post_entry(order, &ledger::waiver(ledger::Bucket::Interest, Centavos::new(1_000), &dues).unwrap(), &key("w", 1), now).await.unwrap();
            // A replay adds nothing to the row either.
            store.post_entry(order, &ledger::payment(Centavos::from_pesos(100), &settled).unwrap(), &key("pay", 1), now).await.unwrap();
            let rest = ledger::Settlement {
                interest: Centavos::new(60_666 - 7_500 - 1_000),
                principal: Centavos::from_pesos(5_000),
                credit_change: 900_000 - (60_666 - 7_500 - 1_000) - 500_000,
                ..ledger::Settlement::default()
            };
            store.post_entry(order, &ledger::payment(Centavos::from_pesos(9_000), &rest).unwrap(), &key("pay-all", 1), now).await.unwrap();
            assert_rows_match_the_ledger(&app, &demo).await;
            let balances = store.balances(order).await.unwrap();
            assert_eq!((balances.dues().total(), balances.sum()), (Centavos::ZERO, 0), "paid off, and balanced");
        }
    }
}
