//! Product configuration against the caps (D4) and the order state machine
//! (D3), on both databases.

use crate::helpers::TestApp;
use hiram_domain::order::{OrderId, OrderStatus, Transition};
use hiram_domain::staff::Role;
use serde_json::Value;

/// A covered product inside every cap; tests change one figure at a time.
pub(crate) fn base(lender_id: i64) -> Vec<(&'static str, String)> {
    [
        ("lenderId", lender_id.to_string()),
        ("name", "Test Covered Loan".to_owned()),
        ("minAmount", "100000".to_owned()),
        ("maxAmount", "1000000".to_owned()),
        ("amountStep", "10000".to_owned()),
        ("periods", "1".to_owned()),
        ("periodDays", "30".to_owned()),
        ("monthlyInterestBp", "600".to_owned()),
        ("serviceFeeBp", "900".to_owned()),
        ("penaltyOneTimeNew", "2000".to_owned()),
        ("penaltyOneTimeRepeat", "1000".to_owned()),
        ("penaltyDailyBp130", "10".to_owned()),
        ("penaltyDailyBp3190", "5".to_owned()),
        ("penaltyDailyBpFrom91", "2".to_owned()),
        ("rateDescription", "6% interest a month".to_owned()),
        ("tags", "Test, Covered".to_owned()),
        ("available", "true".to_owned()),
    ]
    .into_iter()
    .collect()
}

async fn create(app: &TestApp, token: &str, fields: &[(&'static str, String)]) -> (u16, Value) {
    let response =
        app.client.post(app.url("/api/staff/products")).bearer_auth(token).form(fields).send().await.unwrap();
    crate::helpers::outcome(response).await
}

/// The fields with `key` set to `value` (added when absent: the clause
/// terms are optional).
pub(crate) fn with(
    mut fields: Vec<(&'static str, String)>,
    key: &'static str,
    value: &str,
) -> Vec<(&'static str, String)> {
    match fields.iter_mut().find(|field| field.0 == key) {
        Some(field) => field.1 = value.to_owned(),
        None => fields.push((key, value.to_owned())),
    }
    fields
}

crate::on_both_stores! {
    async fn a_product_at_the_caps_is_saved_and_one_above_any_cap_is_refused(app) {
        let token = app.staff_token(Role::Admin).await;
        app.demo_session().await;
        let lender = app.state.store.products().await.unwrap()[0].lender_id.0;
        let (status, created) = create(&app, &token, &base(lender)).await;
        assert_eq!(status, 200, "{created}");
        let id = hiram_domain::product::ProductId(created["data"]["id"].as_i64().unwrap());
        let stored = app.state.store.product(id).await.unwrap().unwrap();
        assert_eq!((stored.terms.monthly_interest_bp, stored.tags.len()), (600, 2));
        assert_eq!(stored.terms.clauses, hiram_domain::pricing::ClauseTerms::STANDARD, "clause terms left out are the standard agreement's");

        let cases = [
            (with(base(lender), "monthlyInterestBp", "601"), "nominal_cap", "Interest above 6% a month is not allowed for loans of ₱10,000 or less up to 4 months (BSP Circular 1133)."),
            (with(base(lender), "serviceFeeBp", "901"), "effective_cap", "Interest and fees above 15% a month are not allowed for loans of ₱10,000 or less up to 4 months (BSP Circular 1133)."),
            (with(base(lender), "penaltyDailyBp130", "12"), "penalty_cap", "Late penalties above 5% a month of the amount due are not allowed for loans of ₱10,000 or less up to 4 months (BSP Circular 1133)."),
            (with(base(lender), "maxAmount", "50000"), "malformed", "The amounts, term or rates of this product are not valid."),
            (with(base(lender), "extensionsAllowed", "13"), "clauses", "Early repayment starts at 0–100% of the term, its minimum days and minimum interest days are at most the term, and a loan may take at most 12 extensions."),
            (with(base(lender), "earlyAfterTermBp", "10001"), "clauses", "Early repayment starts at 0–100% of the term, its minimum days and minimum interest days are at most the term, and a loan may take at most 12 extensions."),
        ];
        for (fields, violation, message) in cases {
            let (status, refused) = create(&app, &token, &fields).await;
            assert_eq!(status, 400, "{violation}: {refused}");
            assert_eq!(refused["data"]["violation"], violation);
            assert_eq!(refused["message"], message);
        }
        assert_eq!(app.state.store.products().await.unwrap().len(), 7, "only the product within the caps was saved");
        let clauses = with(with(with(base(lender), "earlyAfterTermBp", "2500"), "earlyMinDays", "3"), "extensionsAllowed", "2");
        let (status, created) = create(&app, &token, &with(clauses, "earlyMinInterestDays", "5")).await;
        assert_eq!(status, 200, "{created}");
        let id = hiram_domain::product::ProductId(created["data"]["id"].as_i64().unwrap());
        let saved = app.state.store.product(id).await.unwrap().unwrap().terms.clauses;
        assert_eq!(saved, hiram_domain::pricing::ClauseTerms { early_after_term_bp: 2_500, early_min_days: 3, early_min_interest_days: 5, extensions_allowed: 2 });

        let uncovered = with(with(base(lender), "minAmount", "1010000"), "maxAmount", "5000000");
        let (status, _) = create(&app, &token, &with(uncovered, "monthlyInterestBp", "900")).await;
        assert_eq!(status, 200, "above ₱10,000 the caps do not apply");
        let (status, _) = app.client.post(app.url("/api/staff/products")).form(&base(lender)).send().await.map(|r| (r.status().as_u16(), ())).unwrap();
        assert_eq!(status, 401, "staff only");
    }

    async fn every_legal_transition_applies_and_every_illegal_one_changes_nothing(app) {
        let demo = app.demo_session().await;
        let all = OrderStatus::ALL;
        for order in &demo.orders {
            let from = OrderStatus::from_code(order.status).unwrap();
            let id = OrderId(order.order_id);
            for to in all.into_iter().filter(|to| !from.can_become(*to)) {
                let before = app.state.store.status_history(id).await.unwrap();
                let move_it = Transition { order_id: id, from, to, cause: "test".to_owned(), at: app.state.now(), due_date: None };
                assert!(app.state.move_order(&move_it).await.is_err(), "{from:?} → {to:?} must be refused");
                assert_eq!(app.state.store.status_history(id).await.unwrap(), before);
            }
        }
        // Each legal move, from a demo order in its starting status.
        for (from, to) in all.iter().flat_map(|from| all.iter().map(move |to| (*from, *to))).filter(|(from, to)| from.can_become(*to)) {
            let source = demo.orders.iter().find(|order| order.status == from.code());
            let Some(source) = source else { continue };
            let id = OrderId(source.order_id);
            let current = app.state.store.status_history(id).await.unwrap().last().unwrap().to;
            if current != from {
                continue;
            }
            let move_it = Transition { order_id: id, from, to, cause: format!("test {}→{}", from.code(), to.code()), at: app.state.now(), due_date: None };
            // A repaid loan reopens (a reversal, 200 → 174/180) only while
            // its borrower holds no other open loan of the product: one open
            // loan per product still holds (tests/api/console/reversals.rs
            // reopens one that may).
            let order = app.state.store.order(id).await.unwrap().unwrap();
            let others = app.state.store.orders_of(order.borrower_id).await.unwrap();
            if !from.is_open() && others.iter().any(|other| other.id != id && other.product_id == order.product_id && other.status.is_open()) {
                assert!(app.state.move_order(&move_it).await.is_err(), "{from:?} → {to:?} beside another open loan of the product");
                assert_eq!(app.state.store.status_history(id).await.unwrap().last().unwrap().to, from);
                continue;
            }
            app.state.move_order(&move_it).await.unwrap();
            let last = app.state.store.status_history(id).await.unwrap().last().unwrap().clone();
            assert_eq!((last.from, last.to), (Some(from), to));
            // Once moved, the same move is stale and refused.
            assert!(app.state.move_order(&move_it).await.is_err());
        }
    }
}
