//! The console's records and reports: orders and the applications queue,
//! borrowers with KYC masked until revealed with a reason, products with
//! the live cap check, failed payouts, the daily reconciliation and the
//! dashboard.

use crate::console::{Member, member, named_member, send};
use crate::helpers::{TestApp, order_in};
use crate::repayment::{SECRET, callback, pay_code};
use hiram_domain::kyc::Section;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::GatewayPayment;
use hiram_domain::payout::PayoutResult;
use hiram_domain::staff::Role;
use hiram_domain::store::PayoutAttempt;
use serde_json::Value;

const DEMO_PHONE: &str = "+639175550100";

async fn review_identity(app: &TestApp, who: &Member, id: &str, outcome: &str, reason: &str) -> (u16, Value) {
    let form = [("id", id), ("outcome", outcome), ("reason", reason)];
    send(app, who, "POST", "/api/console/borrowers/identity-review", &form).await
}

async fn audit_actions(app: &TestApp, auditor: &Member, action: &str) -> Vec<Value> {
    let (_, audit) = send(app, auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
    audit["data"]["rows"].as_array().unwrap().iter().filter(|row| row["action"] == action).cloned().collect()
}

async fn record(app: &TestApp, who: &Member, order: i64) -> Value {
    let (status, body) = send(app, who, "GET", &format!("/api/console/orders/record?id={order}"), &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

/// Terms above every cap: 7% a month nominal, 10% fee over 30 days, and a
/// 0.5% daily penalty.
fn above_caps(lender: &str) -> Vec<(&'static str, String)> {
    let fields = [
        ("lenderId", lender),
        ("name", "Too Dear Loan"),
        ("minAmount", "100000"),
        ("maxAmount", "500000"),
        ("amountStep", "10000"),
        ("periods", "1"),
        ("periodDays", "30"),
        ("monthlyInterestBp", "700"),
        ("serviceFeeBp", "1000"),
        ("penaltyOneTimeNew", "0"),
        ("penaltyOneTimeRepeat", "0"),
        ("penaltyDailyBp130", "50"),
        ("penaltyDailyBp3190", "0"),
        ("penaltyDailyBpFrom91", "0"),
    ];
    fields.iter().map(|(key, value)| (*key, (*value).to_owned())).collect()
}

fn form<'a>(fields: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    fields.iter().map(|(key, value)| (*key, value.as_str())).collect()
}

fn with(fields: &[(&'static str, String)], key: &'static str, value: &str) -> Vec<(&'static str, String)> {
    fields.iter().map(|(name, old)| (*name, if *name == key { value.to_owned() } else { old.clone() })).collect()
}

crate::on_both_stores! {
    async fn a_credit_officer_decides_an_application_with_a_reason_and_the_borrower_is_told(app) {
        let demo = app.demo_session().await;
        let officer = member(&app, Role::CreditOfficer).await;
        let auditor = member(&app, Role::Auditor).await;
        let waiting = order_in(&demo, 21).order_id;
        let (status, queue) = send(&app, &officer, "GET", "/api/console/orders?status=21", &[]).await;
        assert_eq!(status, 200, "{queue}");
        assert_eq!(queue["data"]["total"], 1);
        assert_eq!(queue["data"]["rows"][0]["id"], waiting);

        let id = waiting.to_string();
        let (status, refused) = send(&app, &officer, "POST", "/api/console/orders/decide", &[("id", &id), ("decision", "approve"), ("reason", "ok")]).await;
        assert_eq!(status, 400, "a reason of 5 characters at least: {refused}");
        assert!(refused["message"].as_str().unwrap().contains("reason"), "{refused}");
        assert_eq!(send(&app, &officer, "POST", "/api/console/orders/decide", &[("id", &id), ("decision", "maybe"), ("reason", "Payslip checked")]).await.0, 400);
        assert_eq!(record(&app, &officer, waiting).await["status"], 21, "refusals change nothing");
        assert!(audit_actions(&app, &auditor, "order.approve").await.is_empty());

        let before = app.messages_to(DEMO_PHONE).await;
        let (status, body) = send(&app, &officer, "POST", "/api/console/orders/decide", &[("id", &id), ("decision", "approve"), ("reason", "Payslip checked by phone")]).await;
        assert_eq!(status, 200, "{body}");
        let decided = record(&app, &officer, waiting).await;
        assert_eq!(decided["status"], 151);
        let cause = decided["history"].as_array().unwrap().last().unwrap()["cause"].as_str().unwrap().to_owned();
        assert_eq!(cause, "approve by Test credit_officer: Payslip checked by phone");
        assert_eq!(app.messages_to(DEMO_PHONE).await, before + 1, "the borrower is told");
        let audited = audit_actions(&app, &auditor, "order.approve").await;
        assert_eq!(audited.len(), 1);
        assert_eq!(audited[0]["after"]["reason"], "Payslip checked by phone");

        let again = send(&app, &officer, "POST", "/api/console/orders/decide", &[("id", &id), ("decision", "reject"), ("reason", "Changed my mind")]).await;
        assert_eq!(again.0, 409, "only an application under review can be decided");
        let open = order_in(&demo, 174).order_id.to_string();
        assert_eq!(send(&app, &officer, "POST", "/api/console/orders/decide", &[("id", &open), ("decision", "reject"), ("reason", "Not under review")]).await.0, 409);
    }

    async fn orders_are_filtered_sorted_and_paged_on_the_server(app) {
        app.demo_session().await;
        let care = member(&app, Role::CustomerCare).await;
        let (status, first) = send(&app, &care, "GET", "/api/console/orders?pageSize=3&page=1", &[]).await;
        assert_eq!(status, 200, "{first}");
        assert_eq!((first["data"]["total"].as_i64(), first["data"]["rows"].as_array().unwrap().len()), (Some(9), 3));
        let (_, last) = send(&app, &care, "GET", "/api/console/orders?pageSize=4&page=3", &[]).await;
        assert_eq!(last["data"]["rows"].as_array().unwrap().len(), 1);
        assert!(first["data"]["rows"][0]["id"].as_i64() > first["data"]["rows"][1]["id"].as_i64(), "newest first");
        assert!(first["data"]["rows"][0]["phone"].as_str().unwrap().contains("***"), "phones are masked");

        let (_, largest) = send(&app, &care, "GET", "/api/console/orders?sort=largest", &[]).await;
        assert_eq!(largest["data"]["rows"][0]["principal"], 1_000_000);
        let number = largest["data"]["rows"][0]["orderNo"].as_str().unwrap().to_owned();
        let (_, by_number) = send(&app, &care, "GET", &format!("/api/console/orders?orderNo={}", number.to_lowercase()), &[]).await;
        assert_eq!(by_number["data"]["total"], 1);
        assert_eq!(by_number["data"]["rows"][0]["orderNo"], number);

        for bad in ["status=99", "pageSize=101", "page=0", "sort=random", "orderNo=HR%25"] {
            assert_eq!(send(&app, &care, "GET", &format!("/api/console/orders?{bad}"), &[]).await.0, 400, "{bad}");
        }
    }

    async fn a_matched_payment_shows_in_the_order_ledger_and_lowers_its_balance(app) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let order = order_in(&demo, 180).order_id;
        let before = record(&app, &finance, order).await;
        let owed = before["loan"]["owedToday"]["total"].as_i64().unwrap();
        assert!(owed > 10_000, "{before}");
        assert_eq!(before["loan"]["ruleSet"], "SEC-MC-14-2025");
        assert_eq!(before["loan"]["proofs"][0]["occasion"], "acceptance", "{before}");
        assert_eq!(before["loan"]["proofs"][0]["passed"], true);
        let reported = app.post_form(&format!("/pany/v3/loan-details/submit-utr?sessionId={}", demo.session_id), &[("orderId", &order.to_string()), ("utr", "7788990011"), ("amount", "10000"), ("channelNumber", "90011")]).await;
        assert_eq!(reported.status(), 200);
        let (_, queue) = send(&app, &finance, "GET", "/api/console/unposted-payments", &[]).await;
        let entry = queue["data"]["rows"][0]["id"].to_string();
        assert_eq!(send(&app, &finance, "POST", "/api/console/unposted-payments/match", &[("id", &entry), ("note", "seen in the GCash statement")]).await.0, 200);
        let after = record(&app, &finance, order).await;
        assert_eq!(after["loan"]["owedToday"]["total"].as_i64().unwrap(), owed - 10_000);
        let ledger = after["ledger"].as_array().unwrap();
        // The payment, and the interest accrued since the due date that it
        // brought onto the ledger.
        assert_eq!(ledger.len(), before["ledger"].as_array().unwrap().len() + 2);
        let key = format!("unposted:{entry}");
        let paid = ledger.iter().find(|posted| posted["key"] == key.as_str()).unwrap();
        assert_eq!(paid["kind"], "repayment");
        assert!(paid["lines"].as_array().unwrap().iter().any(|line| line["account"] == "cash" && line["side"] == "debit" && line["amount"] == 10_000));
        assert_eq!(after["dues"]["total"], after["loan"]["owedToday"]["total"], "paid today, the ledger holds what is owed today");
        assert_eq!(send(&app, &finance, "GET", "/api/console/orders/record?id=999999", &[]).await.0, 404);
    }

    async fn personal_data_stays_masked_until_revealed_with_a_logged_reason(app) {
        let demo = app.demo_session().await;
        let borrower = app.state.store.borrower_by_phone(&hiram_domain::phone::Phone::parse(DEMO_PHONE).unwrap()).await.unwrap().unwrap();
        let answers = [("id_number", "PSN-1234-5678".to_owned()), ("birth_date", "1990-04-12".to_owned()), ("gender", "F".to_owned())];
        app.state.store.save_kyc_section(borrower.id, Section::Basic, &answers, app.state.now()).await.unwrap();
        let care = member(&app, Role::CustomerCare).await;
        let auditor = member(&app, Role::Auditor).await;

        let (status, short) = send(&app, &care, "GET", "/api/console/borrowers?q=ma", &[]).await;
        assert_eq!(status, 400);
        assert!(short["message"].as_str().unwrap().contains("at least 3"), "{short}");
        for search in ["Clara", "clara santos", "0917555", "550100"] {
            let (status, found) = send(&app, &care, "GET", &format!("/api/console/borrowers?q={search}"), &[]).await;
            assert_eq!(status, 200, "{found}");
            assert_eq!(found["data"]["total"], 1, "{search}: {found}");
            assert_eq!(found["data"]["rows"][0]["phone"], "0917 *** 0100");
        }
        let (_, none) = send(&app, &care, "GET", "/api/console/borrowers?q=100%25", &[]).await;
        assert_eq!(none["data"]["total"], 0, "a % is a character, not a wildcard");

        let id = borrower.id.0.to_string();
        let (_, profile) = send(&app, &care, "GET", &format!("/api/console/borrowers/profile?id={id}"), &[]).await;
        let profile = profile["data"].clone();
        assert!(!profile.to_string().contains("PSN-1234-5678") && !profile.to_string().contains("1990-04-12"), "{profile}");
        assert!(!profile.to_string().contains("09175550100"));
        let kyc = profile["kyc"].as_array().unwrap();
        let value = |code: &str| kyc.iter().find(|answer| answer["code"] == code).unwrap()["value"].as_str().unwrap().to_owned();
        assert_eq!((value("id_number").as_str(), value("gender").as_str()), ("••••••••78", "F"));
        assert_eq!(profile["orders"].as_array().unwrap().len(), demo.orders.len());

        let (status, refused) = send(&app, &care, "POST", "/api/console/borrowers/reveal", &[("id", &id), ("reason", "")]).await;
        assert_eq!(status, 400);
        assert_eq!(refused["data"]["field"], "reason", "the console shows the refusal beside the reason: {refused}");
        assert!(audit_actions(&app, &auditor, "borrower.reveal").await.is_empty(), "nothing shown, nothing logged");
        let finance = member(&app, Role::Finance).await;
        assert_eq!(send(&app, &finance, "POST", "/api/console/borrowers/reveal", &[("id", &id), ("reason", "Curious about it")]).await.0, 403);

        let (status, revealed) = send(&app, &care, "POST", "/api/console/borrowers/reveal", &[("id", &id), ("reason", "Identity check for complaint 12")]).await;
        assert_eq!(status, 200, "{revealed}");
        assert_eq!(revealed["data"]["phone"], "09175550100");
        assert!(revealed["data"]["kyc"].as_array().unwrap().iter().any(|answer| answer["value"] == "PSN-1234-5678"));
        let logged = audit_actions(&app, &auditor, "borrower.reveal").await;
        assert_eq!(logged.len(), 1);
        assert_eq!(logged[0]["subject"], format!("borrower:{id}"));
        assert_eq!(logged[0]["after"]["reason"], "Identity check for complaint 12");
    }

    async fn a_credit_officer_approves_or_rejects_the_identity_photos_and_a_rejection_asks_the_borrower_again(app) {
        app.demo_session().await;
        let phone = "09201234570";
        let session = app.login(phone).await;
        crate::journey::fill_kyc(&app, &session, "18000").await;
        let borrower = app.state.store.borrower_by_phone(&hiram_domain::phone::Phone::parse(phone).unwrap()).await.unwrap().unwrap();
        let id = borrower.id.0.to_string();
        let officer = named_member(&app, Role::CreditOfficer, "maria").await;
        let care = member(&app, Role::CustomerCare).await;
        let auditor = member(&app, Role::Auditor).await;
        assert_eq!(review_identity(&app, &care, &id, "approved", "").await.0, 403, "customer care does not judge identity");
        let (status, refused) = review_identity(&app, &officer, &id, "rejected", "").await;
        assert_eq!((status, refused["data"]["field"].as_str()), (400, Some("reason")), "a rejection says why: {refused}");
        let (status, refused) = review_identity(&app, &officer, &id, "maybe", "").await;
        assert_eq!((status, refused["data"]["field"].as_str()), (400, Some("outcome")), "{refused}");
        assert!(app.state.store.identity_review(borrower.id).await.unwrap().is_none(), "nothing recorded on a refusal");

        let (status, body) = review_identity(&app, &officer, &id, "rejected", "The ID photo is blurred; the name cannot be read.").await;
        assert_eq!(status, 200, "{body}");
        let (_, profile) = send(&app, &officer, "GET", &format!("/api/console/borrowers/profile?id={id}"), &[]).await;
        let standing = &profile["data"]["identityReview"];
        assert_eq!((standing["outcome"].as_str(), standing["reviewer"].as_str()), (Some("rejected"), Some("Test credit_officer")), "{profile}");
        let codes: Vec<&str> = profile["data"]["kyc"].as_array().unwrap().iter().map(|answer| answer["code"].as_str().unwrap()).collect();
        assert!(!codes.contains(&"id_photo") && !codes.contains(&"selfie") && codes.contains(&"id_number"), "only the photos go: {codes:?}");
        // The borrower is asked again, told why, on the page and by SMS.
        let (_, list) = app.call(&session, "/v3/certify/certify-list", &[]).await;
        assert_eq!(list["data"]["complete"], false);
        assert_eq!(list["data"]["identityNotice"], "We could not confirm who you are from your ID photo and selfie: The ID photo is blurred; the name cannot be read. Please take them again.");
        let texts = app.state.store.outbox(Some(&borrower.phone), 20).await.unwrap();
        assert!(texts.iter().any(|text| text.body.contains("The ID photo is blurred; the name cannot be read.")), "the borrower is texted why");
        let logged = audit_actions(&app, &auditor, "borrower.identity_rejected").await;
        assert_eq!(logged.len(), 1);
        assert_eq!(logged[0]["after"]["reason"], "The ID photo is blurred; the name cannot be read.");
        assert_eq!(review_identity(&app, &officer, &id, "approved", "").await.0, 409, "no photos left to judge");

        // New photos: the notice goes, and an approval stands.
        crate::journey::fill_kyc(&app, &session, "18000").await;
        let (_, list) = app.call(&session, "/v3/certify/certify-list", &[]).await;
        assert_eq!((list["data"]["complete"].clone(), list["data"]["identityNotice"].clone()), (Value::Bool(true), Value::from("")));
        let (status, body) = review_identity(&app, &officer, &id, "approved", "").await;
        assert_eq!(status, 200, "{body}");
        let (_, profile) = send(&app, &officer, "GET", &format!("/api/console/borrowers/profile?id={id}"), &[]).await;
        assert_eq!(profile["data"]["identityReview"]["outcome"], "approved");
        assert_eq!(audit_actions(&app, &auditor, "borrower.identity_approved").await.len(), 1);
    }

    async fn borrowers_are_listed_newest_first_without_a_search(app) {
        app.demo_session().await;
        let care = member(&app, Role::CustomerCare).await;
        let (_, before) = send(&app, &care, "GET", "/api/console/borrowers", &[]).await;
        let before = before["data"]["total"].as_i64().unwrap();
        assert!(before >= 1, "the demo borrower is listed without a search");
        let store = &app.state.store;
        let phone = |number: &str| hiram_domain::phone::Phone::parse(number).unwrap();
        let older = store.ensure_borrower(&phone("09181110001"), Some("Ana Reyes"), app.state.now()).await.unwrap();
        let newer = store.ensure_borrower(&phone("09181110002"), None, app.state.now()).await.unwrap();
        for path in ["/api/console/borrowers", "/api/console/borrowers?q=", "/api/console/borrowers?q=%20%20"] {
            let (status, listed) = send(&app, &care, "GET", path, &[]).await;
            assert_eq!(status, 200, "{path}: {listed}");
            let ids: Vec<i64> = listed["data"]["rows"].as_array().unwrap().iter().map(|row| row["id"].as_i64().unwrap()).collect();
            assert_eq!(listed["data"]["total"], before + 2, "{listed}");
            assert_eq!(&ids[..2], &[newer.id.0, older.id.0], "{path}: the latest registration first");
            assert!(ids.windows(2).all(|pair| pair[0] > pair[1]), "{ids:?}");
        }
        let (_, second) = send(&app, &care, "GET", "/api/console/borrowers?page=2&pageSize=1", &[]).await;
        assert_eq!(second["data"]["rows"][0]["id"], older.id.0, "pages follow the same order: {second}");
        let (_, found) = send(&app, &care, "GET", "/api/console/borrowers?q=reyes", &[]).await;
        assert_eq!(found["data"]["rows"][0]["id"], older.id.0, "a search still narrows the list: {found}");
        assert_eq!(found["data"]["total"], 1);
        assert_eq!(send(&app, &care, "GET", "/api/console/borrowers?q=ma", &[]).await.0, 400, "a search too short is still refused");
        let marketing = member(&app, Role::Marketing).await;
        assert_eq!(send(&app, &marketing, "GET", "/api/console/borrowers", &[]).await.0, 403);
    }

    async fn who_may_act_is_named_for_what_a_role_may_not_do(app) {
        let admin = member(&app, Role::Admin).await;
        let (status, me) = send(&app, &admin, "GET", "/api/console/me", &[]).await;
        assert_eq!(status, 200, "{me}");
        let withheld = me["data"]["withheld"].as_array().unwrap();
        let holders = |permission: &str| {
            withheld.iter().find(|entry| entry["permission"] == permission).map(|entry| entry["roles"].clone())
        };
        assert_eq!(holders("decide_applications"), Some(serde_json::json!(["credit_officer"])));
        assert_eq!(holders("answer_complaints"), Some(serde_json::json!(["customer_care"])));
        assert_eq!(holders("reveal_personal_data"), Some(serde_json::json!(["credit_officer", "customer_care"])));
        assert_eq!(holders("manage_staff"), None, "an admin may: nothing to explain");
        assert_eq!(withheld.len(), withheld.iter().map(|entry| entry["permission"].as_str().unwrap()).collect::<std::collections::HashSet<_>>().len(), "each permission once");
        let officer = member(&app, Role::CreditOfficer).await;
        let (_, me) = send(&app, &officer, "GET", "/api/console/me", &[]).await;
        let withheld = me["data"]["withheld"].as_array().unwrap();
        assert!(withheld.iter().all(|entry| entry["permission"] != "decide_applications"), "{me}");
        assert!(withheld.iter().any(|entry| entry["permission"] == "manage_staff" && entry["roles"] == serde_json::json!(["admin"])), "{me}");
    }

    async fn the_product_editor_sees_every_cap_and_a_product_above_one_is_refused(app) {
        app.demo_session().await;
        let admin = member(&app, Role::Admin).await;
        let auditor = member(&app, Role::Auditor).await;
        let (status, catalogue) = send(&app, &admin, "GET", "/api/console/products", &[]).await;
        assert_eq!(status, 200, "{catalogue}");
        let count = catalogue["data"]["products"].as_array().unwrap().len();
        let lender = catalogue["data"]["lenders"][0]["id"].to_string();
        let dear = above_caps(&lender);

        let (status, checked) = send(&app, &admin, "POST", "/api/console/products/check", &form(&dear)).await;
        assert_eq!(status, 200, "{checked}");
        let checked = &checked["data"];
        assert_eq!(checked["allowed"], false);
        let caps: Vec<&str> = checked["violations"].as_array().unwrap().iter().map(|v| v["cap"].as_str().unwrap()).collect();
        assert_eq!(caps, ["nominal_cap", "effective_cap", "penalty_cap"]);
        assert_eq!(checked["examples"].as_array().unwrap().len(), 2);
        assert_eq!(checked["examples"][1]["principal"], 500_000);
        assert!(checked["agreement"]["sections"].as_array().unwrap().len() > 1);
        assert!(checked["disclosure"]["disclosure"]["rows"].as_array().is_some());

        let (status, refused) = send(&app, &admin, "POST", "/api/console/products", &form(&dear)).await;
        assert_eq!(status, 400);
        assert_eq!(refused["data"]["violation"], "nominal_cap");
        let malformed = with(&dear, "maxAmount", "50000");
        let (_, problem) = send(&app, &admin, "POST", "/api/console/products/check", &form(&malformed)).await;
        assert!(problem["data"]["problem"].is_string(), "{problem}");
        assert_eq!(problem["data"]["allowed"], false);

        let fair = with(&with(&with(&dear, "monthlyInterestBp", "400"), "serviceFeeBp", "500"), "penaltyDailyBp130", "10");
        let (_, fair_check) = send(&app, &admin, "POST", "/api/console/products/check", &form(&fair)).await;
        assert_eq!(fair_check["data"]["allowed"], true, "{fair_check}");
        let (status, created) = send(&app, &admin, "POST", "/api/console/products", &form(&fair)).await;
        assert_eq!(status, 200, "{created}");
        let id = created["data"]["id"].to_string();
        let (_, after) = send(&app, &admin, "GET", "/api/console/products", &[]).await;
        assert_eq!(after["data"]["products"].as_array().unwrap().len(), count + 1, "the refused one was not stored");

        let listing = [("id", id.as_str()), ("name", "Fair Loan"), ("tags", "new, fair"), ("available", "true")];
        assert_eq!(send(&app, &admin, "POST", "/api/console/products/listing", &listing).await.0, 200);
        let bad_logo = [("id", id.as_str()), ("name", "Fair Loan"), ("logoUrl", "javascript:alert(1)")];
        assert_eq!(send(&app, &admin, "POST", "/api/console/products/listing", &bad_logo).await.0, 400);
        assert_eq!(send(&app, &admin, "POST", "/api/console/products/listing", &[("id", "999999"), ("name", "Nothing")]).await.0, 404);
        let (_, listed) = send(&app, &admin, "GET", "/api/console/products", &[]).await;
        let product = listed["data"]["products"].as_array().unwrap().iter().find(|product| product["id"] == created["data"]["id"]).unwrap().clone();
        assert_eq!((product["name"].as_str(), product["available"].as_bool(), product["monthlyInterestBp"].as_i64()), (Some("Fair Loan"), Some(true), Some(400)));
        assert_eq!(product["tags"], serde_json::json!(["new", "fair"]));
        let updated = audit_actions(&app, &auditor, "product.update").await;
        assert_eq!((updated[0]["before"]["name"].as_str(), updated[0]["after"]["name"].as_str()), (Some("Too Dear Loan"), Some("Fair Loan")));
        assert_eq!(audit_actions(&app, &auditor, "product.create").await.len(), 1);
    }

    async fn finance_sees_failed_payouts_and_reconciles_each_channel_by_day(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let finance = member(&app, Role::Finance).await;
        let waiting = OrderId(order_in(&demo, 170).order_id);
        for (result, minutes) in [(None, 1), (Some(PayoutResult::Refused { reason: "account closed".into() }), 2), (Some(PayoutResult::Sent { transaction_id: "T-1".into() }), 3)] {
            let attempt = PayoutAttempt { order_id: waiting, gateway: "sandbox".into(), result, at: app.state.now() + time::Duration::minutes(minutes) };
            app.state.store.record_payout_attempt(&attempt).await.unwrap();
        }
        let (status, failed) = send(&app, &finance, "GET", "/api/console/payouts/failed", &[]).await;
        assert_eq!(status, 200, "{failed}");
        assert_eq!(failed["data"]["total"], 2, "the sent one is not a failure");
        assert_eq!((failed["data"]["rows"][0]["attempt"]["outcome"].as_str(), failed["data"]["rows"][0]["attempt"]["detail"].as_str()), (Some("refused"), Some("account closed")));
        assert_eq!(failed["data"]["rows"][1]["attempt"]["outcome"], "unavailable");

        let order = order_in(&demo, 174).order_id;
        let (_, issued) = pay_code(&app, &demo.session_id, order, 50_000, 90011).await;
        let code = issued["data"]["payCode"].as_str().unwrap().to_owned();
        let paid = serde_json::json!({ "transactionId": "REC-1", "payCode": code, "amount": 50_000, "currency": "PHP" });
        assert_eq!(callback(&app, &paid, app.state.now().unix_timestamp(), SECRET).await.0, 200);
        let today = hiram_domain::clock::manila_date(app.state.now()).to_string();
        let (status, report) = send(&app, &finance, "GET", &format!("/api/console/reconciliation?from={today}&to={today}"), &[]).await;
        assert_eq!(status, 200, "{report}");
        let gcash = report["data"].as_array().unwrap().iter().find(|row| row["channel"] == "GCash").unwrap().clone();
        assert_eq!((gcash["statementAmount"].as_i64(), gcash["postedAmount"].as_i64(), gcash["balanced"].as_bool()), (Some(50_000), Some(50_000), Some(true)));

        // The gateway collected a second payment whose callback never came.
        let lost = GatewayPayment { transaction_id: "REC-2".into(), pay_code: code.clone(), amount: Centavos::new(50_000), paid_at: app.state.now() };
        app.state.store.record_gateway_payment(&lost).await.unwrap();
        let (_, report) = send(&app, &finance, "GET", "/api/console/reconciliation", &[]).await;
        let gcash = report["data"].as_array().unwrap().iter().find(|row| row["channel"] == "GCash" && row["day"] == today.as_str()).unwrap().clone();
        assert_eq!((gcash["statementCount"].as_i64(), gcash["postedCount"].as_i64(), gcash["difference"].as_i64()), (Some(2), Some(1), Some(50_000)));
        assert_eq!(gcash["balanced"], false);
        // A reported payment staff matched is on its own line, not against the gateway's statement.
        let reported = app.post_form(&format!("/pany/v3/loan-details/submit-utr?sessionId={}", demo.session_id), &[("orderId", &order.to_string()), ("utr", "8811223344"), ("amount", "10000"), ("channelNumber", "90011")]).await;
        assert_eq!(reported.status(), 200);
        let (_, queue) = send(&app, &finance, "GET", "/api/console/unposted-payments", &[]).await;
        let entry = queue["data"]["rows"][0]["id"].to_string();
        assert_eq!(send(&app, &finance, "POST", "/api/console/unposted-payments/match", &[("id", &entry), ("note", "in the statement")]).await.0, 200);
        let (_, report) = send(&app, &finance, "GET", "/api/console/reconciliation", &[]).await;
        let rows = report["data"].as_array().unwrap();
        let line = |channel: &str| rows.iter().find(|row| row["channel"] == channel && row["day"] == today.as_str()).unwrap().clone();
        assert_eq!((line("GCash")["postedCount"].as_i64(), line("GCash")["difference"].as_i64()), (Some(1), Some(50_000)));
        let matched = line("GCash (reported)");
        assert_eq!((matched["postedAmount"].as_i64(), matched["statementKept"].as_bool()), (Some(10_000), Some(false)));
        for bad in ["from=2026-13-01", "from=2026-01-01&to=2026-03-01", "from=2026-02-02&to=2026-02-01"] {
            assert_eq!(send(&app, &finance, "GET", &format!("/api/console/reconciliation?{bad}"), &[]).await.0, 400, "{bad}");
        }
    }

    async fn the_dashboard_counts_applications_money_arrears_and_complaints(app) {
        let demo = app.demo_session().await;
        let filed = app.post_form(&format!("/pany/user-problem/problem-save?sessionId={}", demo.session_id), &[("problemType", "2"), ("problemDetail", "Charged twice")]).await;
        assert_eq!(filed.status(), 200);
        let marketing = member(&app, Role::Marketing).await;
        let (status, dashboard) = send(&app, &marketing, "GET", "/api/console/dashboard?days=7", &[]).await;
        assert_eq!(status, 200, "{dashboard}");
        let data = &dashboard["data"];
        let days = data["days"].as_array().unwrap();
        assert_eq!(days.len(), 7);
        let today = days.last().unwrap();
        assert_eq!(today["applications"], 2, "two demo applications today: {today}");
        assert_eq!(data["loansOut"], 2);
        let buckets = data["pastDue"].as_array().unwrap();
        assert_eq!(buckets.iter().map(|bucket| bucket["orders"].as_i64().unwrap()).sum::<i64>(), 2);
        assert_eq!(buckets.iter().find(|bucket| bucket["bucket"] == "current").unwrap()["orders"], 1);
        assert_eq!((data["complaintsOpen"].as_i64(), data["complaintsLate"].as_i64()), (Some(1), Some(0)));
        app.clock.advance(time::Duration::days(10));
        // A console session lasts a working day; sign in again.
        let marketing = crate::console::named_member(&app, Role::Marketing, "marketing.next").await;
        let (_, later) = send(&app, &marketing, "GET", "/api/console/dashboard", &[]).await;
        assert_eq!(later["data"]["complaintsLate"], 1, "three working days have passed");
        assert_eq!(send(&app, &marketing, "GET", "/api/console/dashboard?days=3", &[]).await.0, 400);
    }
}
