//! A lender's books (decision 068): the trial balance of its loans at the
//! end of a day balances, carries every account of the chart, states loans
//! receivable as the sum of its loans' own balances, moves with a payment
//! on one of its loans and on no other lender's, and reads nothing of a day
//! before its loans.

use crate::console::{Member, member, send};
use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, pay_code};
use hiram_domain::back_office::{OrderQuery, OrderSort, PageRequest};
use hiram_domain::ledger::Account;
use hiram_domain::order::OrderId;
use hiram_domain::product::LenderId;
use hiram_domain::staff::Role;
use serde_json::Value;

async fn trial_balance(app: &TestApp, who: &Member, lender: LenderId, date: &str) -> Value {
    let path = format!("/api/console/general-ledger/trial-balance?lenderId={}&date={date}", lender.0);
    let (status, body) = send(app, who, "GET", &path, &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// An account's balance, debit positive.
fn balance(trial: &Value, code: &str) -> i64 {
    let line = trial["lines"].as_array().unwrap().iter().find(|line| line["code"] == code).unwrap();
    line["debit"].as_i64().unwrap() - line["credit"].as_i64().unwrap()
}

/// The sum of an account's balance over every order of the lender, from
/// each order's own balances.
async fn loans_sum(app: &TestApp, lender: LenderId, account: Account) -> i64 {
    let page = PageRequest::new(1, 100).unwrap();
    let query = OrderQuery { status: None, borrower: None, order_no: None, sort: OrderSort::Oldest, page };
    let found = app.state.store.find_orders(&query).await.unwrap();
    assert!(found.total <= 100, "one page holds the demo's orders");
    let mut sum = 0;
    for row in found.rows {
        let product = app.state.store.product(row.order.product_id).await.unwrap().unwrap();
        if product.lender_id == lender {
            sum += app.state.store.balances(row.order.id).await.unwrap().net(account);
        }
    }
    sum
}

/// The principal the lender's open loans still owe, from each one's balances.
async fn loans_sum_open(app: &TestApp, lender: LenderId) -> i64 {
    let page = PageRequest::new(1, 100).unwrap();
    let query = OrderQuery { status: None, borrower: None, order_no: None, sort: OrderSort::Oldest, page };
    let mut sum = 0;
    for row in app.state.store.find_orders(&query).await.unwrap().rows {
        let product = app.state.store.product(row.order.product_id).await.unwrap().unwrap();
        if product.lender_id == lender && row.order.status.is_repayable() {
            sum += app.state.store.balances(row.order.id).await.unwrap().net(Account::PrincipalReceivable);
        }
    }
    sum
}

async fn income_statement(app: &TestApp, who: &Member, lender: LenderId, from: &str, to: &str) -> Value {
    let path = format!("/api/console/general-ledger/income-statement?lenderId={}&from={from}&to={to}", lender.0);
    let (status, body) = send(app, who, "GET", &path, &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

fn earned(statement: &Value, code: &str) -> i64 {
    statement["income"].as_array().unwrap().iter().find(|line| line["code"] == code).unwrap()["amount"]
        .as_i64()
        .unwrap()
}

async fn lender_of(app: &TestApp, order: OrderId) -> LenderId {
    let order = app.state.store.order(order).await.unwrap().unwrap();
    app.state.store.product(order.product_id).await.unwrap().unwrap().lender_id
}

async fn close(app: &TestApp, who: &Member, lender: LenderId, period: &str, date: &str, note: &str) -> (u16, Value) {
    let path = format!("/api/console/general-ledger/close?lenderId={}&period={period}&date={date}", lender.0);
    send(app, who, "POST", &path, &[("note", note)]).await
}

async fn closes(app: &TestApp, who: &Member, lender: LenderId) -> Value {
    let (status, body) =
        send(app, who, "GET", &format!("/api/console/general-ledger/closes?lenderId={}", lender.0), &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn closes_audited(app: &TestApp, lender: LenderId) -> usize {
    let page = PageRequest::new(1, 100).unwrap();
    let subject = format!("lender:{}", lender.0);
    let logged = app.state.store.audit_entries(Some(&subject), page).await.unwrap();
    logged.rows.iter().filter(|logged| logged.entry.action == "books.close").count()
}

/// The aging as a finance member signed in now reads it (the clock moves
/// past a session's idle limit between readings).
async fn aging(app: &TestApp, lender: LenderId, date: &str) -> Value {
    static READERS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let reader = READERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let finance = crate::console::named_member(app, Role::Finance, &format!("aging-reader-{reader}")).await;
    let path = format!("/api/console/general-ledger/aging?lenderId={}&date={date}", lender.0);
    let (status, body) = send(app, &finance, "GET", &path, &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Each bucket's loans and principal as the lender's open loans' own
/// accounts and balances say, worked out here loan by loan.
async fn buckets_of(app: &TestApp, lender: LenderId, today: time::Date) -> Vec<(String, i64, i64)> {
    use hiram_domain::general_ledger::aging::AgingBucket;
    let page = PageRequest::new(1, 100).unwrap();
    let query = OrderQuery { status: None, borrower: None, order_no: None, sort: OrderSort::Oldest, page };
    let mut buckets: Vec<(String, i64, i64)> =
        AgingBucket::ALL.iter().map(|bucket| (bucket.key().to_owned(), 0, 0)).collect();
    for row in app.state.store.find_orders(&query).await.unwrap().rows {
        let product = app.state.store.product(row.order.product_id).await.unwrap().unwrap();
        if product.lender_id != lender || !row.order.status.is_repayable() {
            continue;
        }
        let account = app.state.store.loan_account(row.order.id).await.unwrap().unwrap();
        let since = account.unpaid_since();
        let bucket = AgingBucket::of(hiram_domain::collections::days_past_due(since, today));
        let entry = buckets.iter_mut().find(|(key, _, _)| key == bucket.key()).unwrap();
        entry.1 += 1;
        entry.2 += app.state.store.balances(row.order.id).await.unwrap().net(Account::PrincipalReceivable);
    }
    buckets
}

fn lines_of(aging: &Value) -> Vec<(String, i64, i64)> {
    aging["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| {
            (
                line["bucket"].as_str().unwrap().to_owned(),
                line["loans"].as_i64().unwrap(),
                line["principal"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// Clears a loan's `overdue_since`, as a release before decision 070 left it.
async fn forget_overdue_since(app: &TestApp, order: i64) {
    let sql = format!("UPDATE loan_account SET overdue_since = NULL WHERE order_id = {order}");
    match app.database_url.strip_prefix("sqlite://") {
        Some(path) => {
            rusqlite::Connection::open(path).unwrap().execute_batch(&sql).unwrap();
        }
        None => {
            let (client, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls).await.unwrap();
            tokio::spawn(connection);
            client.batch_execute(&sql).await.unwrap();
        }
    }
}

crate::on_both_stores! {
    async fn a_lenders_trial_balance_balances_and_states_its_loans_as_their_own_balances_say(app) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let order = order_in(&demo, 174).order_id;
        let lender = lender_of(&app, OrderId(order)).await;
        let other = app.state.store.lenders().await.unwrap().into_iter().map(|lender| lender.id).find(|id| *id != lender).unwrap();
        let today = hiram_domain::clock::manila_date(app.state.now()).to_string();

        let before = trial_balance(&app, &finance, lender, &today).await;
        assert_eq!(before["totalDebit"], before["totalCredit"], "{before}");
        assert!(before["totalDebit"].as_i64().unwrap() > 0, "the demo lender has loans out: {before}");
        assert_eq!(before["lines"].as_array().unwrap().len(), 15, "every account of the chart: {before}");
        for (code, account) in [("1010", Account::Cash), ("1200", Account::PrincipalReceivable), ("1300", Account::InterestReceivable), ("4100", Account::InterestIncome), ("2100", Account::BorrowerCredit)] {
            assert_eq!(balance(&before, code), loans_sum(&app, lender, account).await, "{code}: {before}");
        }
        assert_eq!(balance(&before, "1290"), 0, "no allowance is posted yet");
        let other_before = trial_balance(&app, &finance, other, &today).await;

        // The borrower pays ₱500 on the loan: cash comes in, and the loan,
        // brought to the day first (its interest to today earned), owes that
        // much less; no other lender's books move.
        let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90011).await;
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        let paid = serde_json::json!({ "transactionId": "GL-1", "payCode": code, "amount": 50_000, "currency": "PHP" });
        assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        let after = trial_balance(&app, &finance, lender, &today).await;
        assert_eq!(after["totalDebit"], after["totalCredit"], "{after}");
        assert_eq!(balance(&after, "1010") - balance(&before, "1010"), 50_000);
        let receivable = |trial: &Value| ["1200", "1300", "1310", "1320"].iter().map(|code| balance(trial, code)).sum::<i64>();
        let earned = |trial: &Value| -["4100", "4200", "4300"].iter().map(|code| balance(trial, code)).sum::<i64>();
        let credit_held = balance(&before, "2100") - balance(&after, "2100");
        assert_eq!(
            receivable(&before) - receivable(&after) + earned(&after) - earned(&before) + credit_held,
            50_000,
            "{before}\n{after}"
        );
        assert_eq!(balance(&after, "1200"), loans_sum(&app, lender, Account::PrincipalReceivable).await);
        assert_eq!(trial_balance(&app, &finance, other, &today).await, other_before);

        // The balance sheet at the end of today: the loans among the assets,
        // the income to date as earnings, assets equal to the rest.
        let path = format!("/api/console/general-ledger/balance-sheet?lenderId={}&date={today}", lender.0);
        let (status, sheet) = send(&app, &finance, "GET", &path, &[]).await;
        assert_eq!(status, 200, "{sheet}");
        let sheet = &sheet["data"];
        let total = |key: &str| sheet[key].as_i64().unwrap();
        assert_eq!(total("totalAssets"), total("totalLiabilities") + total("totalEquity"), "{sheet}");
        let loans = sheet["assets"].as_array().unwrap().iter().find(|line| line["code"] == "1200").unwrap()["amount"].as_i64().unwrap();
        assert_eq!(loans, balance(&after, "1200"));
        assert_eq!(total("earnings"), -["4100", "4200", "4300"].iter().map(|code| balance(&after, code)).sum::<i64>());
        assert_eq!(total("totalLiabilities"), -balance(&after, "2100") - balance(&after, "2200"));

        // Ten years back, before any loan, the books hold nothing.
        let long_ago = (hiram_domain::clock::manila_date(app.state.now()) - time::Duration::days(3650)).to_string();
        let empty = trial_balance(&app, &finance, lender, &long_ago).await;
        assert_eq!((empty["totalDebit"].as_i64(), empty["date"].as_str()), (Some(0), Some(long_ago.as_str())));
        assert_eq!(empty["lenderName"], after["lenderName"]);
    }

    async fn the_trial_balance_refuses_what_it_cannot_answer_and_whom_it_may_not(app) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let lender = lender_of(&app, OrderId(order_in(&demo, 174).order_id)).await;
        let tomorrow = (hiram_domain::clock::manila_date(app.state.now()) + time::Duration::days(1)).to_string();
        let path = |query: &str| format!("/api/console/general-ledger/trial-balance?{query}");
        for bad in [format!("lenderId={}&date={tomorrow}", lender.0), format!("lenderId={}&date=2026-13-01", lender.0), "date=2026-01-01".to_owned(), "lenderId=abc".to_owned()] {
            assert_eq!(send(&app, &finance, "GET", &path(&bad), &[]).await.0, 400, "{bad}");
            let sheet = format!("/api/console/general-ledger/balance-sheet?{bad}");
            assert_eq!(send(&app, &finance, "GET", &sheet, &[]).await.0, 400, "{bad}");
        }
        assert_eq!(send(&app, &finance, "GET", &path("lenderId=999999"), &[]).await.0, 404);
        assert_eq!(send(&app, &finance, "GET", "/api/console/general-ledger/balance-sheet?lenderId=999999", &[]).await.0, 404);
        let care = member(&app, Role::CustomerCare).await;
        assert_eq!(send(&app, &care, "GET", &path(&format!("lenderId={}", lender.0)), &[]).await.0, 403);
        assert_eq!(send(&app, &care, "GET", "/api/console/general-ledger/lenders", &[]).await.0, 403);
        let (status, lenders) = send(&app, &finance, "GET", "/api/console/general-ledger/lenders", &[]).await;
        assert_eq!(status, 200, "{lenders}");
        let ids: Vec<i64> = lenders["data"].as_array().unwrap().iter().map(|lender| lender["id"].as_i64().unwrap()).collect();
        assert_eq!(ids.len(), app.state.store.lenders().await.unwrap().len());
        assert!(ids.contains(&lender.0), "{lenders}");
        let (status, today) = send(&app, &finance, "GET", &path(&format!("lenderId={}", lender.0)), &[]).await;
        assert_eq!(status, 200, "{today}");
        assert_eq!(today["data"]["date"], hiram_domain::clock::manila_date(app.state.now()).to_string(), "the default is today");
        let anonymous = app.client.get(app.url(&path(&format!("lenderId={}", lender.0)))).send().await.unwrap();
        assert_eq!(anonymous.status(), 401);
    }

    async fn an_income_statement_is_what_a_run_of_days_added_to_the_lenders_income(app) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let order = order_in(&demo, 174).order_id;
        let lender = lender_of(&app, OrderId(order)).await;
        let today = hiram_domain::clock::manila_date(app.state.now());
        let (long_ago, today) = ((today - time::Duration::days(3650)).to_string(), today.to_string());

        // From before any loan to today: every income account's balance.
        let trial = trial_balance(&app, &finance, lender, &today).await;
        let all_time = income_statement(&app, &finance, lender, &long_ago, &today).await;
        for code in ["4100", "4200", "4300"] {
            assert_eq!(earned(&all_time, code), -balance(&trial, code), "{code}: {all_time}");
        }
        assert_eq!(all_time["netIncome"], all_time["totalIncome"], "no expense is posted yet: {all_time}");
        assert!(all_time["totalIncome"].as_i64().unwrap() > 0, "{all_time}");

        // A payment today brings the loan to the day: its interest to today
        // is today's income, and only today's.
        let before = income_statement(&app, &finance, lender, &today, &today).await;
        let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90011).await;
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        let paid = serde_json::json!({ "transactionId": "GL-2", "payCode": code, "amount": 50_000, "currency": "PHP" });
        assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        let after = income_statement(&app, &finance, lender, &today, &today).await;
        let trial_after = trial_balance(&app, &finance, lender, &today).await;
        assert_eq!(earned(&after, "4100") - earned(&before, "4100"), balance(&trial, "4100") - balance(&trial_after, "4100"));
        assert!(earned(&after, "4100") > earned(&before, "4100"), "interest to the day was earned: {after}");
        let yesterday = (hiram_domain::clock::manila_date(app.state.now()) - time::Duration::days(1)).to_string();
        let until_yesterday = income_statement(&app, &finance, lender, &long_ago, &yesterday).await;
        assert_eq!(until_yesterday["totalIncome"].as_i64().unwrap() + after["totalIncome"].as_i64().unwrap(), -["4100", "4200", "4300"].iter().map(|code| balance(&trial_after, code)).sum::<i64>());

        let path = |query: &str| format!("/api/console/general-ledger/income-statement?lenderId={}&{query}", lender.0);
        let tomorrow = (hiram_domain::clock::manila_date(app.state.now()) + time::Duration::days(1)).to_string();
        for bad in [format!("from={today}&to={yesterday}"), format!("to={tomorrow}"), "from=2026-02-30".to_owned()] {
            assert_eq!(send(&app, &finance, "GET", &path(&bad), &[]).await.0, 400, "{bad}");
        }
        let (status, month) = send(&app, &finance, "GET", &path(""), &[]).await;
        assert_eq!(status, 200, "{month}");
        assert_eq!((month["data"]["from"].as_str().map(|day| day.ends_with("-01")), month["data"]["to"].as_str()), (Some(true), Some(today.as_str())), "this month by default");
        assert_eq!(send(&app, &finance, "GET", "/api/console/general-ledger/income-statement?lenderId=999999", &[]).await.0, 404);
        let care = member(&app, Role::CustomerCare).await;
        assert_eq!(send(&app, &care, "GET", &path(""), &[]).await.0, 403);
    }

    async fn finance_closes_a_day_once_it_is_over_and_closes_only_move_forward(app) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let lender = lender_of(&app, OrderId(order_in(&demo, 174).order_id)).await;
        let today = hiram_domain::clock::manila_date(app.state.now());
        let (yesterday, before_that) = ((today - time::Duration::days(1)).to_string(), (today - time::Duration::days(2)).to_string());
        let today = today.to_string();
        assert_eq!(closes(&app, &finance, lender).await["closedThrough"], Value::Null, "nothing is closed yet");
        let open_yesterday = trial_balance(&app, &finance, lender, &yesterday).await;
        let open_today = trial_balance(&app, &finance, lender, &today).await;
        let month_start = format!("{}-01", &today[..7]);
        let open_month = income_statement(&app, &finance, lender, &month_start, &today).await;

        // Today and this month are still being written.
        let (status, refused) = close(&app, &finance, lender, "day", &today, "").await;
        assert_eq!((status, refused["data"]["field"].as_str()), (400, Some("date")), "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("has not ended"), "{refused}");
        assert_eq!(close(&app, &finance, lender, "month", &today, "").await.0, 400);
        assert_eq!(close(&app, &finance, lender, "week", &yesterday, "").await.0, 400);
        assert_eq!(close(&app, &finance, lender, "day", &yesterday, &"x".repeat(501)).await.0, 400, "a note over 500 characters");
        assert_eq!(closes(&app, &finance, lender).await["closes"], serde_json::json!([]), "a refused close changes nothing");
        assert_eq!(closes_audited(&app, lender).await, 0);

        // Only finance closes; customer care, admins and auditors may not.
        for role in [Role::CustomerCare, Role::Admin, Role::Auditor] {
            let other = member(&app, role).await;
            assert_eq!(close(&app, &other, lender, "day", &yesterday, "").await.0, 403, "{role:?}");
        }

        let (status, closed) = close(&app, &finance, lender, "day", &yesterday, "Daily close, channels matched").await;
        assert_eq!(status, 200, "{closed}");
        assert_eq!((closed["data"]["repeated"].as_bool(), closed["data"]["close"]["through"].as_str()), (Some(false), Some(yesterday.as_str())));
        assert_eq!(closed["data"]["close"]["note"], "Daily close, channels matched");
        assert_eq!(closes_audited(&app, lender).await, 1, "the close is audited with it");
        let listed = closes(&app, &finance, lender).await;
        assert_eq!(listed["closedThrough"], yesterday.as_str(), "{listed}");
        assert_eq!(listed["closes"].as_array().unwrap().len(), 1);

        // Read through the close, every day's books are what they were.
        assert_eq!(trial_balance(&app, &finance, lender, &yesterday).await, open_yesterday);
        assert_eq!(trial_balance(&app, &finance, lender, &today).await, open_today);
        assert_eq!(income_statement(&app, &finance, lender, &month_start, &today).await, open_month);

        // The same close again changes nothing; an earlier day is refused.
        let (status, again) = close(&app, &finance, lender, "day", &yesterday, "").await;
        assert_eq!((status, again["data"]["repeated"].as_bool()), (200, Some(true)), "{again}");
        assert_eq!(closes_audited(&app, lender).await, 1, "a repeated close writes no second entry");
        let (status, back) = close(&app, &finance, lender, "day", &before_that, "").await;
        assert_eq!(status, 400, "{back}");
        assert!(back["message"].as_str().unwrap().contains(&yesterday), "names the day the books are closed through: {back}");
        assert_eq!(close(&app, &finance, lender, "day", &yesterday, "").await.1["data"]["close"]["note"], "Daily close, channels matched");
        assert_eq!(send(&app, &finance, "POST", "/api/console/general-ledger/close?lenderId=999999&period=day&date=2020-01-01", &[]).await.0, 404);
    }

    async fn a_closed_month_refuses_a_back_dated_posting_and_takes_the_correction_in_the_open_one(app) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let order = order_in(&demo, 174).order_id;
        let lender = lender_of(&app, OrderId(order)).await;
        let today = hiram_domain::clock::manila_date(app.state.now());
        let last_month = today.replace_day(1).unwrap() - time::Duration::days(1);
        let (status, closed) = close(&app, &finance, lender, "month", &last_month.replace_day(12).unwrap().to_string(), "October closed").await;
        assert_eq!((status, closed["data"]["close"]["through"].as_str()), (200, Some(last_month.to_string().as_str())), "{closed}");
        let month_books = trial_balance(&app, &finance, lender, &last_month.to_string()).await;

        // A posting stamped in the closed month is refused, whatever day of it.
        let entry = hiram_domain::ledger::disbursement(hiram_domain::money::Centavos::from_pesos(10), hiram_domain::money::Centavos::ZERO).unwrap();
        let key = hiram_domain::store::IdempotencyKey { key: "back-dated-into-the-month".to_owned(), fingerprint: [3; 32] };
        for days_back in [1, 15] {
            let stamped = hiram_domain::clock::end_of_manila_day(last_month) - time::Duration::days(days_back);
            let refused = app.state.store.post_entry(OrderId(order), &entry, &key, stamped).await;
            assert!(matches!(refused, Err(hiram_domain::store::StoreError::ClosedPeriod)), "{days_back} days back: {refused:?}");
        }
        assert_eq!(trial_balance(&app, &finance, lender, &last_month.to_string()).await, month_books, "the month never moved");
        // The correction posts in the open period.
        assert!(matches!(app.state.store.post_entry(OrderId(order), &entry, &key, app.state.now()).await, Ok(hiram_domain::store::Posting::Posted(_))));
        assert_eq!(trial_balance(&app, &finance, lender, &last_month.to_string()).await, month_books);
    }

    async fn nothing_posts_into_a_closed_day_and_the_providers_retry_posts_in_the_open_one(app) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let order = order_in(&demo, 174).order_id;
        let lender = lender_of(&app, OrderId(order)).await;
        let today = hiram_domain::clock::manila_date(app.state.now());
        let yesterday = (today - time::Duration::days(1)).to_string();
        assert_eq!(close(&app, &finance, lender, "day", &yesterday, "").await.0, 200);
        let closed_yesterday = trial_balance(&app, &finance, lender, &yesterday).await;

        // An entry stamped in the closed day is refused, whoever posts it;
        // a replay of an entry posted before still answers as one.
        let store = &app.state.store;
        let in_closed_day = app.state.now() - time::Duration::days(1);
        let entry = hiram_domain::ledger::disbursement(hiram_domain::money::Centavos::from_pesos(100), hiram_domain::money::Centavos::ZERO).unwrap();
        let key = hiram_domain::store::IdempotencyKey { key: "closed-day-test".to_owned(), fingerprint: [7; 32] };
        let refused = store.post_entry(OrderId(order), &entry, &key, in_closed_day).await;
        assert!(matches!(refused, Err(hiram_domain::store::StoreError::ClosedPeriod)), "{refused:?}");
        let posted = store.post_entry(OrderId(order), &entry, &key, app.state.now()).await.unwrap();
        let hiram_domain::store::Posting::Posted(id) = posted else { unreachable!() };
        assert_eq!(store.post_entry(OrderId(order), &entry, &key, in_closed_day).await.unwrap(), hiram_domain::store::Posting::Replayed(id));

        // A payment notification met by a clock set back into the closed
        // day is answered "try later" and changes nothing; the provider's
        // retry once the clock is right posts it, once, in the open day.
        let today = today.to_string();
        let before = trial_balance(&app, &finance, lender, &today).await;
        let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90011).await;
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        let paid = serde_json::json!({ "transactionId": "GL-CLOSED", "payCode": code, "amount": 50_000, "currency": "PHP" });
        app.clock.advance(-time::Duration::days(1));
        let (status, answer) = callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await;
        app.clock.advance(time::Duration::days(1));
        assert_eq!(status, 503, "{answer}");
        assert_eq!(trial_balance(&app, &finance, lender, &today).await, before, "nothing posted");
        assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        let after = trial_balance(&app, &finance, lender, &today).await;
        assert_eq!(balance(&after, "1010") - balance(&before, "1010"), 50_000, "{after}");
        assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        assert_eq!(trial_balance(&app, &finance, lender, &today).await, after, "a second retry posts nothing more");
        assert_eq!(trial_balance(&app, &finance, lender, &yesterday).await, closed_yesterday, "the closed day never moved");
    }

    async fn the_daily_run_keeps_each_lenders_loans_by_days_past_due_with_portfolio_at_risk_and_roll_rates(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let lender = lender_of(&app, OrderId(order)).await;
        let day = |app: &TestApp| hiram_domain::clock::manila_date(app.state.now());

        // Nothing is kept before the daily run has run that day.
        let before = aging(&app, lender, &day(&app).to_string()).await;
        assert_eq!((before["kept"].as_bool(), before["totalLoans"].as_i64()), (Some(false), Some(0)), "{before}");
        assert_eq!(before["lines"].as_array().unwrap().len(), 6, "every bucket, at zero");

        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert!(report.aging_rows > 0, "{report:?}");
        let today = aging(&app, lender, &day(&app).to_string()).await;
        assert_eq!(today["kept"], true);
        assert_eq!(lines_of(&today), buckets_of(&app, lender, day(&app)).await, "{today}");
        assert_eq!(today["totalPrincipal"].as_i64().unwrap(), loans_sum_open(&app, lender).await);

        // The loan falls due and goes unpaid: five days later it is 1-30
        // days past due; a month after that (28 to 31 days), its principal
        // has rolled to 31-60.
        let to_due = (app.state.store.order(OrderId(order)).await.unwrap().unwrap().due_date.unwrap() - day(&app)).whole_days();
        app.clock.advance(time::Duration::days(to_due + 5));
        hiram::services::daily::run(&app.state).await.unwrap();
        let late = aging(&app, lender, &day(&app).to_string()).await;
        assert_eq!(lines_of(&late), buckets_of(&app, lender, day(&app)).await, "{late}");
        let principal = app.state.store.balances(OrderId(order)).await.unwrap().net(Account::PrincipalReceivable);
        let in_bucket = |aging: &Value, bucket: &str| lines_of(aging).into_iter().find(|line| line.0 == bucket).unwrap();
        assert!(in_bucket(&late, "1-30").2 >= principal, "the loan is among the 1-30: {late}");

        let late_day = day(&app);
        let month_later = (28..=31)
            .map(|days| late_day + time::Duration::days(days))
            .find(|later| hiram_domain::general_ledger::aging::month_before(*later) == late_day)
            .unwrap();
        app.clock.advance(month_later - late_day);
        hiram::services::daily::run(&app.state).await.unwrap();
        let rolled = aging(&app, lender, &day(&app).to_string()).await;
        assert_eq!(lines_of(&rolled), buckets_of(&app, lender, day(&app)).await, "{rolled}");
        assert_eq!(rolled["monthBefore"], late["date"], "{rolled}");
        assert!(in_bucket(&rolled, "31-60").2 >= principal, "{rolled}");
        let roll = rolled["rollRates"].as_array().unwrap().iter().find(|rate| rate["from"] == "1-30").unwrap();
        assert_eq!((roll["to"].as_str(), roll["share"]["whole"].as_i64(), roll["share"]["part"].as_i64()), (Some("31-60"), Some(in_bucket(&late, "1-30").2), Some(in_bucket(&rolled, "31-60").2)), "{rolled}");
        let par30 = &rolled["par30"];
        let over_30: i64 = lines_of(&rolled).iter().filter(|line| !["current", "1-30"].contains(&line.0.as_str())).map(|line| line.2).sum();
        assert_eq!((par30["part"].as_i64(), par30["whole"].as_i64()), (Some(over_30), rolled["totalPrincipal"].as_i64()), "{rolled}");
        assert_eq!(par30["basisPoints"].as_i64(), Some((over_30 * 20_000 + par30["whole"].as_i64().unwrap()) / (2 * par30["whole"].as_i64().unwrap())));

        // An overdue loan an older release left without its day is worked
        // out once by the next run, and lands in the same bucket.
        forget_overdue_since(&app, order).await;
        let again = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(again.accounts_aged, 1, "{again:?}");
        assert_eq!(lines_of(&aging(&app, lender, &day(&app).to_string()).await), lines_of(&rolled));
        assert_eq!(hiram::services::daily::run(&app.state).await.unwrap().accounts_aged, 0, "once");

        let care = member(&app, Role::CustomerCare).await;
        let path = format!("/api/console/general-ledger/aging?lenderId={}", lender.0);
        assert_eq!(send(&app, &care, "GET", &path, &[]).await.0, 403);
        let finance = member(&app, Role::Finance).await;
        assert_eq!(send(&app, &finance, "GET", "/api/console/general-ledger/aging?lenderId=999999", &[]).await.0, 404);
    }

    async fn the_demo_history_gives_the_lenders_months_of_books_a_newcomer_can_read(app) {
        let made = hiram::seed::demo_history(&app.state, 210).await.unwrap();
        assert!(made.made && made.loans > 100 && made.written_off > 0 && made.refunds > 0, "{}", serde_json::to_string(&made).unwrap());
        assert!(!hiram::seed::demo_history(&app.state, 210).await.unwrap().made, "once");

        let finance = member(&app, Role::Finance).await;
        let today = app.state.today();
        let month_end = today.replace_day(1).unwrap().previous_day().unwrap();
        let month_start = month_end.replace_day(1).unwrap();
        let (mut interest, mut provisions, mut recovered, mut adjusted) = (0, 0, 0, 0);
        for lender in app.state.store.lenders().await.unwrap() {
            let books = trial_balance(&app, &finance, lender.id, &month_end.to_string()).await;
            assert_eq!(books["totalDebit"], books["totalCredit"], "{books}");
            assert!(balance(&books, "1200") > 0, "loans were owed at the month's end: {books}");
            let month = income_statement(&app, &finance, lender.id, &month_start.to_string(), &month_end.to_string()).await;
            interest += earned(&month, "4100");
            adjusted += earned(&month, "4150").abs();
            recovered += earned(&month, "4400");
            provisions += month["expenses"].as_array().unwrap().iter().filter(|line| line["code"] == "5100").map(|line| line["amount"].as_i64().unwrap()).sum::<i64>();
        }
        assert!(interest > 0 && adjusted > 0 && provisions != 0, "last month earned interest, adjusted it to the EIR and provided: {interest} {adjusted} {provisions}");
        let year: i64 = {
            let mut sum = 0;
            for lender in app.state.store.lenders().await.unwrap() {
                sum += earned(&income_statement(&app, &finance, lender.id, &(today - time::Duration::days(210)).to_string(), &today.to_string()).await, "4400");
            }
            sum
        };
        assert!(year > 0, "a loan written off paid something back: {recovered} last month, {year} over the history");
        let mut late = 0;
        for lender in app.state.store.lenders().await.unwrap() {
            let aging = hiram::services::general_ledger::portfolio_aging(&app.state, lender.id, today).await.unwrap().unwrap();
            late += aging.aging.lines.iter().filter(|line| line.bucket != hiram_domain::general_ledger::aging::AgingBucket::Current).map(|line| line.loans).sum::<i64>();
        }
        assert!(late > 0, "late loans in the day's buckets");
    }
}
