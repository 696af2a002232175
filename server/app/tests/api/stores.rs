//! The storage contract, checked directly on both stores.

use crate::helpers::order_in;
use hiram_domain::order::{OrderId, OrderStatus, Transition};
use hiram_domain::phone::Phone;
use hiram_domain::store::StoreError;

crate::on_both_stores! {
    async fn every_demo_order_reached_its_status_through_recorded_transitions(app) {
        let session = app.demo_session().await;
        let repaid = order_in(&session, 200);
        let history = app.state.store.status_history(OrderId(repaid.order_id)).await.unwrap();
        let path: Vec<(Option<i64>, i64)> = history.iter().map(|change| (change.from.map(|s| s.code()), change.to.code())).collect();
        assert_eq!(path, vec![(None, 21), (Some(21), 151), (Some(151), 170), (Some(170), 174), (Some(174), 200)]);
        assert!(history.iter().all(|change| !change.cause.is_empty()));
        assert!(history.windows(2).all(|pair| pair[0].at <= pair[1].at), "recorded in time order");
    }

    async fn a_transition_from_a_status_the_order_is_not_in_changes_nothing(app) {
        let session = app.demo_session().await;
        let order = OrderId(order_in(&session, 174).order_id);
        let before = app.state.store.status_history(order).await.unwrap();
        // Built while the order was (as far as its reader knew) still under review.
        let mut as_read = app.state.store.order(order).await.unwrap().unwrap();
        as_read.status = OrderStatus::UnderReview;
        let stale = Transition::new(&as_read, OrderStatus::AwaitingConfirmation, "a late decision", app.state.now()).unwrap();
        assert!(matches!(app.state.store.apply_transition(&stale).await, Err(StoreError::Stale)));
        assert_eq!(app.state.store.status_history(order).await.unwrap(), before);
    }

    async fn disbursement_sets_the_due_date_and_repayment_closes_the_order(app) {
        let session = app.demo_session().await;
        let order_id = OrderId(order_in(&session, 174).order_id);
        let phone = Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let borrower = app.state.store.borrower_by_phone(&phone).await.unwrap().unwrap();
        let open = app.state.store.order_of(borrower.id, order_id).await.unwrap().unwrap();
        assert!(open.disbursed_at.is_some() && open.due_date.is_some() && open.closed_at.is_none());
        let repay = Transition::new(&open, OrderStatus::Repaid, "paid in full", app.state.now()).unwrap();
        app.state.store.apply_transition(&repay).await.unwrap();
        let closed = app.state.store.order_of(borrower.id, order_id).await.unwrap().unwrap();
        assert_eq!(closed.status, OrderStatus::Repaid);
        assert_eq!(closed.due_date, open.due_date, "the due date stays");
        assert!(closed.closed_at.is_some());
    }

    async fn a_phone_number_belongs_to_one_borrower(app) {
        let phone = Phone::parse("09191234567").unwrap();
        let first = app.state.store.ensure_borrower(&phone, Some("Juan"), app.state.now()).await.unwrap();
        let again = app.state.store.ensure_borrower(&phone, None, app.state.now()).await.unwrap();
        assert_eq!(first.id, again.id);
        assert_eq!(again.full_name.as_deref(), Some("Juan"));
        assert_eq!(app.state.store.borrower(first.id).await.unwrap().unwrap().phone, phone);
    }

    async fn products_keep_their_terms_and_tags(app) {
        app.demo_session().await;
        let products = app.state.store.products().await.unwrap();
        assert_eq!(products.len(), 6);
        let express = &products[0];
        assert_eq!(express.name, "Bayanihan Cash Express");
        assert_eq!(express.tags, vec!["Fast approval".to_owned(), "First loan OK".to_owned()]);
        assert_eq!((express.terms.monthly_interest_bp, express.terms.term_days()), (400, 91));
        assert_eq!(express.terms.penalty.one_time_new, hiram_domain::money::Centavos::from_pesos(20));
        let plus = &products[1];
        assert_eq!((plus.terms.periods, plus.terms.period_days), (4, 30));
        assert!(products.iter().all(|product| product.terms.validate().is_ok()));
        let lender = app.state.store.lender(express.lender_id).await.unwrap().unwrap();
        assert_eq!(lender.name, "Bayanihan Cash");
        assert_eq!(app.state.store.product(express.id).await.unwrap().as_ref(), Some(express));
    }

    async fn seeding_twice_adds_nothing(app) {
        app.demo_session().await;
        assert!(!hiram::seed::seed_once(&app.state).await.unwrap());
        assert_eq!(app.state.store.products().await.unwrap().len(), 6);
    }
}
