//! The providers' statements (decision 074): brought in as CSV for a day
//! that is over, matched line by line against the payments the books
//! posted under the provider's references; each line that does not match
//! is found for what it is and waits on the worklist until resolved, and a
//! close over open lines needs a reason.

use crate::console::{Member, member, named_member, send};
use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, pay_code};
use hiram_domain::order::OrderId;
use hiram_domain::product::LenderId;
use hiram_domain::staff::Role;
use serde_json::{Value, json};

async fn lender_of(app: &TestApp, order: i64) -> LenderId {
    let order = app.state.store.order(OrderId(order)).await.unwrap().unwrap();
    app.state.store.product(order.product_id).await.unwrap().unwrap().lender_id
}

/// Pays `centavos` on the order through the sandbox gateway under `reference`.
async fn paid(app: &TestApp, session: &str, order: i64, centavos: i64, reference: &str) {
    let (_, issued) = pay_code(app, session, order, centavos, 90011).await;
    let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
    let body = json!({ "transactionId": reference, "payCode": code, "amount": centavos, "currency": "PHP" });
    assert_eq!(callback(app, &body, app.state.now().unix_timestamp(), SECRET).await.0, 200);
}

async fn import(app: &TestApp, who: &Member, provider: &str, date: &str, csv: &str) -> (u16, Value) {
    send(
        app,
        who,
        "POST",
        "/api/console/general-ledger/statements/import",
        &[("provider", provider), ("date", date), ("csv", csv)],
    )
    .await
}

async fn get(app: &TestApp, who: &Member, path: &str) -> Value {
    let (status, body) = send(app, who, "GET", path, &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn close(app: &TestApp, who: &Member, lender: LenderId, date: &str, extra: &[(&str, &str)]) -> (u16, Value) {
    let lender = lender.0.to_string();
    let mut form = vec![("lenderId", lender.as_str()), ("period", "day"), ("date", date)];
    form.extend_from_slice(extra);
    send(app, who, "POST", "/api/console/general-ledger/close", &form).await
}

crate::on_both_stores! {
    async fn a_statement_with_a_missing_a_duplicated_and_a_differing_line_finds_each_and_holds_the_close(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let lender = lender_of(&app, order).await;
        let yesterday = app.state.today().to_string();
        paid(&app, &demo.session_id, order, 10_000, "ST-1").await;
        paid(&app, &demo.session_id, order, 20_000, "ST-2").await;
        paid(&app, &demo.session_id, order, 30_000, "ST-3").await;
        paid(&app, &demo.session_id, order, 40_000, "ST-4").await;
        app.clock.advance(time::Duration::days(1));
        let finance = named_member(&app, Role::Finance, "statements-finance").await;

        // Refused, each for its field, and nothing kept.
        let csv = "Reference,Amount,Fee\nST-1,100.00,2.00\nST-2,200.00,4.00\nst-2,200.00,4.00\nST-3,\"1,300.00\",6.00\nST-9,90.00,1.80\n";
        let today = app.state.today().to_string();
        for (provider, date, text, field) in [("gcash", yesterday.as_str(), csv, "provider"), ("sandbox", today.as_str(), csv, "date"), ("sandbox", yesterday.as_str(), "id,total\nST-1,1", "csv"), ("sandbox", yesterday.as_str(), "reference,amount\nST-1,-1", "csv")] {
            let (status, body) = import(&app, &finance, provider, date, text).await;
            assert_eq!((status, body["data"]["field"].as_str()), (400, Some(field)), "{provider} {date} {text}: {body}");
        }
        let care = member(&app, Role::CustomerCare).await;
        assert_eq!(import(&app, &care, "sandbox", &yesterday, csv).await.0, 403);
        assert!(get(&app, &finance, "/api/console/general-ledger/statements").await.as_array().unwrap().is_empty());

        let (status, imported) = import(&app, &finance, "sandbox", &yesterday, csv).await;
        assert_eq!(status, 200, "{imported}");
        let id = imported["data"]["id"].as_i64().unwrap();
        assert_eq!(import(&app, &finance, "sandbox", &yesterday, csv).await.0, 409, "a day is brought in once");
        let listed = get(&app, &finance, "/api/console/general-ledger/statements").await;
        assert_eq!((listed[0]["lines"].as_i64(), listed[0]["matched"].as_i64(), listed[0]["open"].as_i64()), (Some(6), Some(2), Some(4)), "{listed}");

        let items = get(&app, &finance, &format!("/api/console/general-ledger/statements/items?statementId={id}")).await;
        let found: Vec<(&str, &str)> = items.as_array().unwrap().iter().map(|item| (item["kind"].as_str().unwrap(), item["reference"].as_str().unwrap())).collect();
        assert_eq!(found, [("matched", "ST-1"), ("matched", "ST-2"), ("duplicated", "st-2"), ("amount_differs", "ST-3"), ("missing_in_books", "ST-9"), ("missing_at_provider", "ST-4")]);
        let differs = &items[3];
        assert_eq!((differs["providerAmount"].as_i64(), differs["booksAmount"].as_i64(), differs["fee"].as_i64()), (Some(130_000), Some(30_000), Some(600)));
        assert_eq!((items[4]["lenderId"].as_i64(), items[5]["lenderId"].as_i64()), (None, Some(lender.0)));

        // The lender's worklist: its three open lines and the payment no books hold.
        let worklist = get(&app, &finance, &format!("/api/console/general-ledger/statements/worklist?lenderId={}", lender.0)).await;
        assert_eq!(worklist.as_array().unwrap().len(), 4, "{worklist}");

        // The close of that day is held until the lines are resolved, or
        // goes over them with a reason.
        let (status, held) = close(&app, &finance, lender, &yesterday, &[]).await;
        assert_eq!((status, held["data"]["field"].as_str()), (400, Some("overrideUnmatched")), "{held}");
        assert!(held["message"].as_str().unwrap().contains("that day: 4."), "{held}");
        assert_eq!(close(&app, &finance, lender, &yesterday, &[("overrideUnmatched", "true")]).await.0, 400, "not without a reason");

        let open: Vec<i64> = worklist.as_array().unwrap().iter().map(|item| item["id"].as_i64().unwrap()).collect();
        let resolve = |id: i64, words: &'static str| {
            let (app, finance) = (&app, &finance);
            async move {
                let path = format!("/api/console/general-ledger/statements/resolve?id={id}");
                send(app, finance, "POST", &path, &[("resolution", words)]).await
            }
        };
        let (status, short) = resolve(open[0], "ok").await;
        assert_eq!((status, short["data"]["field"].as_str()), (400, Some("resolution")), "{short}");
        assert_eq!(resolve(open[0], "Provider listed it twice; they confirmed one payment").await.0, 200);
        assert_eq!(resolve(open[0], "Again").await.0, 409, "resolved once");
        let matched_id = items[0]["id"].as_i64().unwrap();
        assert_eq!(resolve(matched_id, "Nothing to resolve").await.0, 409, "a match is not on the worklist");

        let (status, closed) = close(&app, &finance, lender, &yesterday, &[("overrideUnmatched", "true"), ("note", "ST-3 and ST-9 asked of the provider, ticket 4411")]).await;
        assert_eq!(status, 200, "{closed}");
        let page = hiram_domain::back_office::PageRequest::new(1, 10).unwrap();
        let audited = app.state.store.audit_entries(Some(&format!("lender:{}", lender.0)), page).await.unwrap();
        let after = &audited.rows.iter().find(|logged| logged.entry.action == "books.close").unwrap().entry.after;
        let after: Value = serde_json::from_str(after).unwrap();
        assert_eq!(after["unmatchedStatementLines"], 3, "{after}");
        let worklist = get(&app, &finance, &format!("/api/console/general-ledger/statements/worklist?lenderId={}", lender.0)).await;
        assert_eq!(worklist.as_array().unwrap().len(), 3, "still there to resolve after the close");
    }

    async fn the_sandbox_statement_is_fetched_from_what_its_page_collected(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let day = app.state.today().to_string();
        paid(&app, &demo.session_id, order, 10_000, "SF-1").await;
        paid(&app, &demo.session_id, order, 25_000, "SF-2").await;
        app.clock.advance(time::Duration::days(1));
        let finance = member(&app, Role::Finance).await;
        let path = format!("/api/console/general-ledger/statements/fetch?provider=sandbox&date={day}");
        let (status, fetched) = send(&app, &finance, "POST", &path, &[]).await;
        assert_eq!(status, 200, "{fetched}");
        let id = fetched["data"]["id"].as_i64().unwrap();
        let items = get(&app, &finance, &format!("/api/console/general-ledger/statements/items?statementId={id}")).await;
        let kinds: Vec<(&str, &str)> = items.as_array().unwrap().iter().map(|item| (item["reference"].as_str().unwrap(), item["kind"].as_str().unwrap())).collect();
        assert_eq!(kinds, [("SF-1", "matched"), ("SF-2", "matched")], "{items}");
        let page = hiram_domain::back_office::PageRequest { offset: 0, size: 10 };
        let audit = app.state.store.audit_entries(Some(&format!("statement:{id}")), page).await.unwrap().rows;
        assert_eq!(audit.len(), 1);
        let after: Value = serde_json::from_str(&audit[0].entry.after).unwrap();
        assert_eq!((audit[0].entry.action.as_str(), after["came"].as_str(), after["unmatched"].as_i64()), ("statement.import", Some("fetched"), Some(0)));
    }
}
