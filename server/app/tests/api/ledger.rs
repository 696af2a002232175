//! The ledger's storage contract: append-only, balanced, once per key.
//! Order 21 of the demo data has no ledger yet, so each test starts empty.

use crate::helpers::order_in;
use hiram_domain::ledger::{self, Balances, DEFAULT_ALLOCATION};
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
        let dues = Balances::of(&[disbursement.clone(), interest.clone()]).dues();
        let payment = ledger::repayment(Centavos::from_pesos(1_000), &dues, &DEFAULT_ALLOCATION).unwrap();
        store.post_entry(order, &payment, &key("pay-1", 1), now).await.unwrap();

        let stored = store.ledger_entries(order).await.unwrap();
        assert_eq!(stored.iter().map(|entry| entry.entry.clone()).collect::<Vec<_>>(), vec![disbursement, interest, payment]);
        let balances = Balances::of(&stored.iter().map(|entry| entry.entry.clone()).collect::<Vec<_>>());
        assert_eq!(balances.sum(), 0);
        // ₱606.66 interest settled first, then ₱393.34 of principal.
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

    crate::on_both_stores! {
        async fn twenty_concurrent_payments_never_settle_more_than_is_owed(app) {
            let demo = app.demo_session().await;
            let order = OrderId(order_in(&demo, 21).order_id);
            let now = app.state.now();
            let store = &app.state.store;
            store.post_entry(order, &ledger::disbursement(Centavos::from_pesos(5_000), Centavos::from_pesos(150)).unwrap(), &key("d", 1), now).await.unwrap();
            store.post_entry(order, &ledger::interest(Centavos::new(60_666)).unwrap().unwrap(), &key("i", 1), now).await.unwrap();
            let mut tasks = Vec::new();
            for payment in 0..20u8 {
                let store = app.state.store.clone();
                tasks.push(tokio::spawn(async move {
                    store
                        .post_payment(order, Centavos::from_pesos(600), &DEFAULT_ALLOCATION, &key(&format!("pay-{payment}"), payment), now)
                        .await
                        .unwrap()
                }));
            }
            for task in tasks {
                assert!(matches!(task.await.unwrap(), Posting::Posted(_)));
            }
            let entries: Vec<_> = store.ledger_entries(order).await.unwrap().into_iter().map(|stored| stored.entry).collect();
            assert_eq!(entries.len(), 22);
            let balances = Balances::of(&entries);
            assert_eq!(balances.sum(), 0);
            assert_eq!(balances.dues(), ledger::Dues::default(), "exactly everything owed is settled");
            // ₱12,000 paid against ₱5,606.66 owed: ₱6,393.34 held for the borrower.
            assert_eq!(balances.net(ledger::Account::BorrowerCredit), -639_334);
            let mut running = Balances::default();
            for entry in &entries {
                running.apply(entry);
                let dues = running.dues();
                assert!(dues.interest.get() >= 0 && dues.principal.get() >= 0, "never negative after any entry");
            }
        }

        async fn a_replayed_payment_returns_the_first_posting(app) {
            let demo = app.demo_session().await;
            let order = OrderId(order_in(&demo, 21).order_id);
            let store = &app.state.store;
            let now = app.state.now();
            store.post_entry(order, &ledger::disbursement(Centavos::from_pesos(5_000), Centavos::ZERO).unwrap(), &key("d", 1), now).await.unwrap();
            let first = store.post_payment(order, Centavos::from_pesos(100), &DEFAULT_ALLOCATION, &key("p", 3), now).await.unwrap();
            let again = store.post_payment(order, Centavos::from_pesos(100), &DEFAULT_ALLOCATION, &key("p", 3), now).await.unwrap();
            let Posting::Posted(id) = first else { panic!("posted first") };
            assert_eq!(again, Posting::Replayed(id));
            assert_eq!(store.post_payment(order, Centavos::from_pesos(999), &DEFAULT_ALLOCATION, &key("p", 4), now).await.unwrap(), Posting::KeyReused);
            assert_eq!(store.ledger_entries(order).await.unwrap().len(), 2);
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
            store.post_payment(order, Centavos::from_pesos(100), &DEFAULT_ALLOCATION, &key("pay", 1), now).await.unwrap();
            let dues = store.balances(order).await.unwrap().dues();
            store.post_entry(order, &ledger::waiver(ledger::Bucket::Interest, Centavos::new(1_000), &dues).unwrap(), &key("w", 1), now).await.unwrap();
            // A replay adds nothing to the row either.
            store.post_payment(order, Centavos::from_pesos(100), &DEFAULT_ALLOCATION, &key("pay", 1), now).await.unwrap();
            store.post_payment(order, Centavos::from_pesos(9_000), &DEFAULT_ALLOCATION, &key("pay-all", 1), now).await.unwrap();
            assert_rows_match_the_ledger(&app, &demo).await;
            let balances = store.balances(order).await.unwrap();
            assert_eq!((balances.dues().total(), balances.sum()), (Centavos::ZERO, 0), "paid off, and balanced");
        }
    }
}
