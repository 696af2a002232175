//! The agreement's clauses as the engine charges them (issue 16, D4,
//! decision 026): early payoff on each side of the threshold with the
//! payoff quote, what an overdue borrower sees, and a rollover of an
//! overdue loan (180 → 174).

use crate::helpers::{TestApp, account_matching_ledger, order_in};
use crate::repayment::{SECRET, callback, now, pay_code};
use hiram_domain::clock::manila_date;
use hiram_domain::ledger::EntryKind;
use hiram_domain::order::OrderId;
use serde_json::{Value, json};

async fn repayment_info(app: &TestApp, session: &str, order: i64) -> Value {
    let (status, body) =
        app.call(session, "/v3/installment/loan-play-detail", &[("orderId", &order.to_string())]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Pays `amount` on the order through a Maya code and its callback.
async fn pay(app: &TestApp, session: &str, order: i64, amount: i64, transaction: &str) {
    let (status, issued) = pay_code(app, session, order, amount, 90012).await;
    assert_eq!(status, 200, "{issued}");
    let body = json!({ "transactionId": transaction, "payCode": issued["data"]["payCode"], "amount": amount, "currency": "PHP" });
    let (status, answer) = callback(app, &body, now(app), SECRET).await;
    assert_eq!((status, answer["data"]["result"].clone()), (200, json!("posted")), "{answer}");
}

/// Days since the money was sent (Manila dates), as the clause counts them.
async fn day_of_loan(app: &TestApp, order: i64) -> i64 {
    let held = app.state.store.order(OrderId(order)).await.unwrap().unwrap();
    (app.state.today() - manila_date(held.disbursed_at.unwrap())).whole_days()
}

async fn status_of(app: &TestApp, order: i64) -> i64 {
    app.state.store.order(OrderId(order)).await.unwrap().unwrap().status.code()
}

crate::on_both_stores! {
    async fn before_the_threshold_the_payoff_is_interest_to_the_early_day_as_the_agreement_says(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        // ₱5,000 for 91 days at 4% a month, sent 11 days ago: early
        // repayment opens on day 46 (half of 91, rounded up). Before it the
        // payoff is the interest up to day 46, never the whole term's.
        let order = order_in(&demo, 174).order_id;
        let day = day_of_loan(&app, order).await;
        assert!(day < 46, "day {day}");
        let payoff = repayment_info(&app, session, order).await["payoff"].clone();
        let to_day = 500_000 * 400 * day / 300_000;
        let to_day_46 = 500_000 * 400 * 46 / 300_000;
        assert_eq!(payoff["earlyAllowed"], false);
        assert_eq!(payoff["interest"], to_day, "{payoff}");
        assert_eq!(payoff["minimumInterest"], to_day_46 - to_day);
        assert_eq!(payoff["amount"], 500_000 + to_day_46, "₱5,306.66");
        assert_eq!(payoff["interestSaved"], 60_666 - to_day_46);
        assert_eq!(payoff["asOf"], app.state.today().to_string());
        let held = app.state.store.order(OrderId(order)).await.unwrap().unwrap();
        let opens = manila_date(held.disbursed_at.unwrap()) + time::Duration::days(46);
        assert_eq!(payoff["earlyFrom"], opens.to_string());

        // Paying the quote closes the loan, with nothing over.
        pay(&app, session, order, 500_000 + to_day_46, "MAYA-PAYOFF-EARLY").await;
        assert_eq!(status_of(&app, order).await, 200);
        let account = account_matching_ledger(&app, OrderId(order)).await;
        assert_eq!((account.unpaid().get(), account.credit.get()), (0, 0));
        assert_eq!(account.cost_charged.get(), 15_000 + to_day_46, "the fee and interest to day 46");
    }

    async fn after_the_threshold_the_payoff_is_interest_to_the_day_and_closes_the_loan(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        app.clock.advance(time::Duration::days(40));
        let session = app.demo_session().await.session_id;
        let day = day_of_loan(&app, order).await;
        assert!((46..91).contains(&day), "day {day}");
        let info = repayment_info(&app, &session, order).await;
        let payoff = &info["payoff"];
        assert_eq!(payoff["earlyAllowed"], true);
        // ₱5,000 × 4% a month ÷ 30 days × `day`, rounded down once.
        let interest = 500_000 * 400 * day / 300_000;
        assert_eq!(payoff["interest"], interest);
        assert_eq!(payoff["minimumInterest"], 0);
        assert_eq!(payoff["principal"], 500_000);
        assert_eq!(payoff["penalties"], 0);
        assert_eq!(payoff["fees"], 0);
        assert_eq!(payoff["amount"], 500_000 + interest);
        assert_eq!(info["repayAmount"], 500_000 + interest, "the instalment due later, never more than paying off today");
        assert_eq!(payoff["interestSaved"], 60_666 - interest);

        pay(&app, &session, order, 500_000 + interest, "MAYA-PAYOFF-LATER").await;
        assert_eq!(status_of(&app, order).await, 200, "the payoff closes the loan");
        let account = account_matching_ledger(&app, OrderId(order)).await;
        let balances = app.state.store.balances(OrderId(order)).await.unwrap();
        assert_eq!(balances.dues().total().get(), 0);
        assert_eq!(balances.net(hiram_domain::ledger::Account::BorrowerCredit), 0, "nothing paid beyond the payoff");
        let entries = app.state.store.ledger_entries(OrderId(order)).await.unwrap();
        assert!(entries.iter().all(|stored| stored.entry.kind != EntryKind::Adjustment), "interest never charged needs no waiver");
        assert_eq!(balances.cost_charged(), 15_000 + interest, "the fee and the interest to the day, nothing more");
        assert_eq!(account.cost_charged.get(), 15_000 + interest);
    }

    async fn an_overdue_loan_rolls_over_to_open_with_the_new_due_date(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        // ₱3,000 for 91 days at 3% a month, about 9 days past its due date
        // (the seed brought it to today).
        let order = order_in(&demo, 180).order_id;
        let id = order.to_string();
        let before = app.state.store.order(OrderId(order)).await.unwrap().unwrap().due_date.unwrap();
        let (_, details) = app.loan_details(session, order).await;
        assert_eq!(details["data"]["isDelay"], "1");

        // What the overdue borrower sees, on order details and the repayment page.
        let standing = hiram::services::loans::standing(&app.state, OrderId(order)).await.unwrap().unwrap();
        let days_late = (app.state.today() - before).whole_days();
        let overdue = &details["data"]["overdue"];
        assert_eq!(overdue["daysLate"], days_late, "{overdue}");
        assert_eq!(overdue["penaltiesSoFar"], standing.payoff.penalties.get());
        assert_eq!(overdue["balanceToday"], standing.payoff.total.get() - standing.payoff.minimum_interest.get());
        // Tomorrow: 0.10% a day of the ₱3,273 due, well under the 5% window cap.
        assert_eq!(overdue["nextDayAdds"], 327_300 * 10 / 10_000);
        assert_eq!(overdue["capReached"], false);
        assert_eq!(overdue["lines"][0], format!("{days_late} days late."));
        assert_eq!(repayment_info(&app, session, order).await["overdue"], *overdue, "the repayment page says the same");
        let fil = app.post_form(&format!("/pany/v3/loan-details/loan-details?sessionId={session}&lang=fil"), &[("orderId", &id)]).await;
        let fil: Value = fil.json().await.unwrap();
        assert_eq!(fil["data"]["overdue"]["lines"][0], format!("{days_late} araw nang huli."));

        let (status, info) = app.call(session, "/v3/loan-details/delay-detail", &[("orderId", &id)]).await;
        assert_eq!(status, 200, "{info}");
        // What is due that day: the term's ₱273.00 of interest, ₱3.00 a day
        // of it since the due date, and the penalties; no fee, and no
        // interest of days to come.
        let payoff = standing.payoff;
        assert_eq!(payoff.interest.get(), 27_300 + 300 * days_late);
        assert!(payoff.penalties.get() > 0);
        let price = payoff.interest.get() + payoff.penalties.get();
        assert_eq!(info["data"]["delayInfo"]["delayAmount"], price);
        let form = [("orderId", id.as_str()), ("amount", &price.to_string()), ("channelNumber", "90012"), ("isDelay", "1"), ("delayAmount", &price.to_string())];
        let (status, issued) = app.call(session, "/v3/loan-details/generate-vcode", &form).await;
        assert_eq!(status, 200, "{issued}");
        let body = json!({ "transactionId": "MAYA-ROLLOVER-1", "payCode": issued["data"]["payCode"], "amount": price, "currency": "PHP" });
        assert_eq!(callback(&app, &body, now(&app), SECRET).await.1["data"]["result"], "posted");

        let after = app.state.store.order(OrderId(order)).await.unwrap().unwrap();
        assert_eq!(after.status.code(), 174, "rolled over");
        assert_eq!(after.due_date, Some(before + time::Duration::days(91)));
        assert_eq!(after.extensions, 1);
        let changes = app.state.store.status_history(OrderId(order)).await.unwrap();
        let last = changes.last().unwrap();
        assert_eq!((last.from.map(|from| from.code()), last.to.code()), (Some(180), 174));
        let account = account_matching_ledger(&app, OrderId(order)).await;
        assert_eq!(account.unpaid().get(), 300_000, "only the principal is left");
        let (_, details) = app.loan_details(session, order).await;
        assert_eq!(details["data"]["orderStatus"], 174);
        assert_eq!(details["data"]["isDelay"], "0", "the agreement allows one extension");
        // The next daily run finds nothing late.
        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!((report.became_overdue, report.loans_posted), (0, 0));

        // Late again 3 days after the new due date: the new lateness is
        // charged from its own day 1, and the one-time charge, once in the
        // loan's life, is not charged again.
        let penalties_before = account.cost_charged.get() - account.fees_charged.get() - account.interest_charged.get();
        let new_due = after.due_date.unwrap();
        app.clock.advance(time::Duration::days((new_due - app.state.today()).whole_days() + 3));
        hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(status_of(&app, order).await, 180);
        let account = account_matching_ledger(&app, OrderId(order)).await;
        let overdue_amount = account.instalments[0].unpaid_scheduled().get();
        let penalties = account.cost_charged.get() - account.fees_charged.get() - account.interest_charged.get();
        assert_eq!(penalties - penalties_before, 3 * (overdue_amount * 10 / 10_000), "three days at 0.10%, no second one-time charge");
    }
}
