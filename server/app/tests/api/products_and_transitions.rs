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
        ("serviceFeeBp", "535".to_owned()),
        ("penaltyOneTimeNew", "2000".to_owned()),
        ("penaltyOneTimeRepeat", "1000".to_owned()),
        ("penaltyDailyBp130", "10".to_owned()),
        ("penaltyDailyBp3190", "5".to_owned()),
        ("penaltyDailyBpFrom91", "2".to_owned()),
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
    async fn a_product_at_the_caps_is_saved_and_one_above_any_cap_is_refused_with_the_cap_and_figures(app) {
        let token = app.staff_token(Role::Admin).await;
        app.demo_session().await;
        let lender = app.state.store.products().await.unwrap()[0].lender_id.0;
        // 1 × 30 days at 6% a month with a 5.35% deducted fee: an EIR of
        // 11.99% a month on the net proceeds, within SEC MC 14's 12%.
        let (status, created) = create(&app, &token, &base(lender)).await;
        assert_eq!(status, 200, "{created}");
        let id = hiram_domain::product::ProductId(created["data"]["id"].as_i64().unwrap());
        let stored = app.state.store.product(id).await.unwrap().unwrap();
        assert_eq!((stored.terms.monthly_interest_bp, stored.tags.len()), (600, 2));
        assert_eq!(stored.terms.clauses, hiram_domain::pricing::ClauseTerms::standard(30), "clause terms left out are the standard agreement's");
        let source = "SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a))";

        let short = with(with(base(lender), "periodDays", "7"), "serviceFeeBp", "210");
        let daily = with(with(with(with(base(lender), "periods", "120"), "periodDays", "1"), "monthlyInterestBp", "0"), "serviceFeeBp", "6000");
        let long = with(with(with(base(lender), "periods", "4"), "monthlyInterestBp", "600"), "serviceFeeBp", "3600");
        // (fields, cap, found, allowed): the audit's products, refused
        // with the EIR each would have had.
        let cases = [
            (with(base(lender), "serviceFeeBp", "900"), "effective_cap", 1_648, 1_200),
            // (The audit's 32.92% was on flat interest; on the declining
            // balance it is 28.61%, still far above.)
            (long, "effective_cap", 2_861, 1_200),
            (short, "effective_cap", 1_625, 1_200),
            // (73.45% on unrounded payments; the schedule's are ₱8.34 × 119
            // and ₱7.54.)
            (daily, "effective_cap", 7_356, 1_200),
            (with(base(lender), "monthlyInterestBp", "601"), "nominal_cap", 601, 600),
            // 121 days from 1 December is 1 April: four calendar months,
            // a covered loan.
            (with(with(with(base(lender), "periodDays", "121"), "monthlyInterestBp", "2000"), "serviceFeeBp", "3000"), "nominal_cap", 2_000, 600),
            // A month late on ₱1,060: ₱20 once and 0.12% a day, ₱58.16,
            // above 5% (₱53.00).
            (with(base(lender), "penaltyDailyBp130", "12"), "penalty_cap", 5_816, 5_300),
        ];
        for (fields, cap, found, allowed) in cases {
            let (status, refused) = create(&app, &token, &fields).await;
            assert_eq!(status, 400, "{cap}: {refused}");
            assert_eq!(refused["data"]["violation"], cap, "{refused}");
            assert_eq!((refused["data"]["found"].as_i64(), refused["data"]["allowed"].as_i64()), (Some(found), Some(allowed)), "{refused}");
            assert_eq!(refused["data"]["ruleSet"], "SEC-MC-14-2025");
            let message = refused["message"].as_str().unwrap();
            assert!(message.starts_with("These terms break a ceiling of the law in force: "), "{message}");
            assert!(message.contains(source), "the cap is named: {message}");
            assert!(message.contains(&hiram::views::percent(found)) || cap == "penalty_cap", "the figure is given: {message}");
        }
        // One basis point more of fee is over (12.003%).
        let (status, refused) = create(&app, &token, &with(base(lender), "serviceFeeBp", "536")).await;
        assert_eq!((status, refused["data"]["violation"].as_str()), (400, Some("effective_cap")), "{refused}");
        let (_, refused) = create(&app, &token, &with(base(lender), "serviceFeeBp", "900")).await;
        assert_eq!(
            refused["message"],
            format!("These terms break a ceiling of the law in force: A loan of ₱1,000.00 for 30 days has an effective interest rate of 16.48% a month, above the 12.00% that {source} allows."),
        );
        for (fields, violation, message) in [
            (with(base(lender), "maxAmount", "50000"), "malformed", "The amounts, term or rates of this product are not valid."),
            (with(base(lender), "extensionsAllowed", "13"), "clauses", "Early repayment starts at 0–100% of the term, its minimum days and minimum interest days are at most the term, and a loan may take at most 12 extensions."),
            (with(base(lender), "earlyAfterTermBp", "10001"), "clauses", "Early repayment starts at 0–100% of the term, its minimum days and minimum interest days are at most the term, and a loan may take at most 12 extensions."),
        ] {
            let (status, refused) = create(&app, &token, &fields).await;
            assert_eq!(status, 400, "{violation}: {refused}");
            assert_eq!(refused["data"]["violation"], violation);
            assert_eq!(refused["message"], message);
        }
        assert_eq!(app.state.store.products().await.unwrap().len(), 7, "only the product within the caps was saved");
        let clauses = with(with(with(base(lender), "earlyAfterTermBp", "2500"), "earlyMinDays", "3"), "extensionsAllowed", "2");
        let clauses = with(with(with(clauses, "extensionDays", "15"), "extensionFeeBp", "100"), "allocation", "interest_principal_penalty");
        let (status, created) = create(&app, &token, &with(clauses, "earlyMinInterestDays", "5")).await;
        assert_eq!(status, 200, "{created}");
        let id = hiram_domain::product::ProductId(created["data"]["id"].as_i64().unwrap());
        let saved = app.state.store.product(id).await.unwrap().unwrap().terms.clauses;
        assert_eq!(saved, hiram_domain::pricing::ClauseTerms {
            early_after_term_bp: 2_500,
            early_min_days: 3,
            early_min_interest_days: 5,
            extensions_allowed: 2,
            extension_days: 15,
            extension_fee_bp: 100,
            allocation: hiram_domain::pricing::Allocation::InterestPrincipalPenalty,
        });

        // Above ₱10,000, or longer than any four calendar months (124
        // days), the ceilings do not apply.
        let uncovered = with(with(base(lender), "minAmount", "1010000"), "maxAmount", "5000000");
        let (status, _) = create(&app, &token, &with(uncovered, "monthlyInterestBp", "900")).await;
        assert_eq!(status, 200, "above ₱10,000 the caps do not apply");
        let (status, created) = create(&app, &token, &with(with(base(lender), "periodDays", "124"), "monthlyInterestBp", "900")).await;
        assert_eq!(status, 200, "124 days is more than four calendar months: {created}");
        let (status, _) = app.client.post(app.url("/api/staff/products")).form(&base(lender)).send().await.map(|r| (r.status().as_u16(), ())).unwrap();
        assert_eq!(status, 401, "staff only");
    }

    async fn every_legal_transition_applies_and_every_illegal_one_changes_nothing(app) {
        let demo = app.demo_session().await;
        let all = OrderStatus::ALL;
        // An illegal move cannot even be built, so no store ever sees one.
        for order in &demo.orders {
            let order = app.state.store.order(OrderId(order.order_id)).await.unwrap().unwrap();
            for to in all.into_iter().filter(|to| !order.status.can_become(*to)) {
                let refused = Transition::new(&order, to, "test", app.state.now());
                assert!(refused.is_err(), "{:?} → {to:?} must be refused", order.status);
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
            // A repaid loan reopens (a reversal, 200 → 174/180) only while
            // its borrower holds no other open loan of the product: one open
            // loan per product still holds (tests/api/console/reversals.rs
            // reopens one that may).
            let order = app.state.store.order(id).await.unwrap().unwrap();
            let move_it = Transition::new(&order, to, format!("test {}→{}", from.code(), to.code()), app.state.now()).unwrap();
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
