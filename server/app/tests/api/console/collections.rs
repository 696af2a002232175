//! Collections: the queue of overdue loans by days past due, and a contact
//! log that refuses contacts outside 06:00–22:00 Manila time unless the
//! loan is more than 15 days past due or the borrower consented (SEC MC 18
//! s.2019). The person contacted is always the borrower.

use crate::console::{member, send};
use crate::helpers::{TestApp, order_in};
use crate::idempotency::staff_post;
use hiram_domain::clock::MANILA;
use hiram_domain::money::Centavos;
use hiram_domain::order::{OrderId, OrderStatus};
use hiram_domain::phone::Phone;
use hiram_domain::staff::Role;
use serde_json::Value;
use time::{Date, Duration, OffsetDateTime};

/// Moves the server's clock to a Manila wall-clock time.
fn set_manila_time(app: &TestApp, date: Date, hour: u8, minute: u8) {
    let target: OffsetDateTime = date.with_hms(hour, minute, 0).unwrap().assume_offset(MANILA);
    app.clock.advance(target - app.state.now());
}

async fn due_date(app: &TestApp, order: i64) -> Date {
    app.state.store.order(OrderId(order)).await.unwrap().unwrap().due_date.unwrap()
}

async fn log_contact(app: &TestApp, token: &str, order: i64, extra: &[(&str, &str)]) -> (u16, Value) {
    let order = order.to_string();
    let mut form =
        vec![("orderId", order.as_str()), ("channel", "call"), ("outcome", "no_answer"), ("note", "rang twice")];
    form.retain(|(key, _)| !extra.iter().any(|(other, _)| other == key));
    form.extend_from_slice(extra);
    let response = app
        .client
        .post(app.url("/api/staff/collections/contacts"))
        .bearer_auth(token)
        .form(&form)
        .send()
        .await
        .unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn staff_get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    let response = app.client.get(app.url(path)).bearer_auth(token).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

async fn logged(app: &TestApp, order: i64) -> usize {
    app.state.store.contacts_of(OrderId(order)).await.unwrap().len()
}

async fn contact_audits(app: &TestApp) -> usize {
    app.state
        .store
        .audit_entries(None, hiram_domain::back_office::PageRequest { offset: 0, size: 1_000 })
        .await
        .unwrap()
        .rows
        .iter()
        .filter(|logged| logged.entry.action == "collection.contact")
        .count()
}

async fn consent(app: &TestApp, session: &str, granted: &str) {
    let response = app
        .post_form(
            &format!("/pany/v3/consent/grant?sessionId={session}"),
            &[("kind", "collection_any_hour"), ("granted", granted)],
        )
        .await;
    assert_eq!(response.status(), 200);
}

async fn owed(app: &TestApp, order: i64) -> i64 {
    hiram::services::loans::owed_today(&app.state, OrderId(order)).await.unwrap().get()
}

/// An overdue loan of another borrower on the two-payment product (60 days
/// each), sent out `days_ago` through the product's flows and brought to
/// today by the daily run: its first payment is what is past due, while
/// its last due date may still be ahead.
async fn overdue_two_payment_loan(app: &TestApp, days_ago: i64) -> i64 {
    let store = &app.state.store;
    let now = app.state.now();
    let borrower = store
        .ensure_borrower(&Phone::parse("09181234567").unwrap(), Some("=HYPERLINK(\"http://x\")"), now)
        .await
        .unwrap();
    let products = store.products().await.unwrap();
    let product = products.iter().find(|product| product.terms.periods == 2).unwrap();
    let applied_at = hiram_domain::clock::start_of_manila_day(now - Duration::days(days_ago)) + Duration::hours(1);
    let id = hiram::seed::make_order(
        &app.state,
        borrower.id,
        product,
        Centavos::from_pesos(2_000),
        "HRTEST0001".to_owned(),
        OrderStatus::RepaymentOpen,
        applied_at,
    )
    .await
    .unwrap();
    hiram::services::daily::run(&app.state).await.unwrap();
    assert_eq!(store.order(id).await.unwrap().unwrap().status, OrderStatus::Overdue);
    id.0
}

fn order_ids(page: &Value) -> Vec<i64> {
    page["data"]["rows"].as_array().unwrap().iter().map(|row| row["orderId"].as_i64().unwrap()).collect()
}

async fn queue_ids(app: &TestApp, token: &str, path: &str) -> Vec<i64> {
    order_ids(&staff_get(app, token, path).await.1)
}

crate::on_both_stores! {
    async fn outside_the_hours_a_loan_ten_days_past_due_is_refused_and_nothing_is_written(app) {
        let token = app.staff_token(Role::CreditOfficer).await;
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let day = due_date(&app, order).await + Duration::days(10);

        for (hour, minute) in [(22, 0), (5, 59), (23, 30)] {
            set_manila_time(&app, day, hour, minute);
            let (status, body) = log_contact(&app, &token, order, &[]).await;
            assert_eq!(status, 409, "{hour}:{minute:02} {body}");
            assert_eq!(body["data"]["reason"], "outside_contact_hours");
            assert_eq!(body["data"]["daysPastDue"], 10);
            assert!(body["message"].as_str().unwrap().contains("6:00 AM to 10:00 PM"), "{body}");
        }
        let filipino = app
            .client
            .post(app.url("/api/staff/collections/contacts?lang=fil"))
            .bearer_auth(&token)
            .form(&[("orderId", order.to_string().as_str()), ("channel", "sms"), ("outcome", "reached")])
            .send()
            .await
            .unwrap();
        let filipino: Value = filipino.json().await.unwrap();
        assert!(filipino["message"].as_str().unwrap().contains("oras sa Maynila"), "{filipino}");
        assert_eq!((logged(&app, order).await, contact_audits(&app).await), (0, 0), "a refusal writes nothing");

        set_manila_time(&app, day, 6, 0);
        let (status, body) = log_contact(&app, &token, order, &[]).await;
        assert_eq!(status, 200, "{body}");
        set_manila_time(&app, day, 21, 59);
        assert_eq!(log_contact(&app, &token, order, &[("channel", "sms"), ("outcome", "promised_to_pay")]).await.0, 200);

        let (status, contacts) = staff_get(&app, &token, &format!("/api/staff/collections/contacts?orderId={order}")).await;
        assert_eq!(status, 200);
        let contacts = contacts["data"].as_array().unwrap();
        assert_eq!(contacts.len(), 2);
        assert_eq!((contacts[0]["channel"].as_str(), contacts[0]["outcome"].as_str()), (Some("sms"), Some("promised_to_pay")), "newest first");
        assert_eq!(contacts[1]["note"], "rang twice");
        assert!(contacts.iter().all(|contact| contact["basis"] == "within_hours" && contact["daysPastDue"] == 10));
        assert!(contacts.iter().all(|contact| contact["staff"] == "tests" && contact["apiToken"] == true), "the token that logged them is named: {contacts:?}");
    }

    async fn a_contact_retried_under_its_key_is_logged_once_even_after_the_hours_close(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let day = due_date(&app, order).await + Duration::days(10);
        let order_text = order.to_string();
        let call = [("orderId", order_text.as_str()), ("channel", "call"), ("outcome", "promised_to_pay"), ("note", "will pay on Friday")];
        let path = "/api/console/collections/contacts";
        set_manila_time(&app, day, 21, 59);
        // Signed in on that day: a staff session would not last the days moved.
        let officer = member(&app, Role::CreditOfficer).await;
        let (status, first) = staff_post(&app, &officer, path, "contact-1", &call).await;
        assert_eq!(status, 200, "{first}");
        // The answer was lost and the retry comes at 22:05, when a new contact would be refused.
        set_manila_time(&app, day, 22, 5);
        let (status, retried) = staff_post(&app, &officer, path, "contact-1", &call).await;
        assert_eq!((status, &retried), (200, &first), "the retry answers the first contact");
        assert_eq!((logged(&app, order).await, contact_audits(&app).await), (1, 1), "one call is one contact on the record");
        let stored = &app.state.store.contacts_of(OrderId(order)).await.unwrap()[0];
        assert_eq!((stored.by_name.is_some(), stored.contact.api_token_id), (true, None), "a member's contact names the member");
        let (status, new) = staff_post(&app, &officer, path, "contact-2", &call).await;
        assert_eq!((status, new["data"]["reason"].as_str()), (409, Some("outside_contact_hours")), "{new}");
        let other = [("orderId", order_text.as_str()), ("channel", "call"), ("outcome", "promised_to_pay"), ("note", "will pay on Saturday")];
        let (status, refused) = staff_post(&app, &officer, path, "contact-1", &other).await;
        assert_eq!(status, 409, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("already used for a different request"), "{refused}");
        assert_eq!(logged(&app, order).await, 1);
    }

    async fn more_than_fifteen_days_past_due_may_be_contacted_at_any_hour(app) {
        let token = app.staff_token(Role::CreditOfficer).await;
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let due = due_date(&app, order).await;
        set_manila_time(&app, due + Duration::days(15), 23, 0);
        assert_eq!(log_contact(&app, &token, order, &[]).await.0, 409, "fifteen days is not more than fifteen");
        set_manila_time(&app, due + Duration::days(16), 23, 0);
        let (status, body) = log_contact(&app, &token, order, &[]).await;
        assert_eq!(status, 200, "{body}");
        let (_, contacts) = staff_get(&app, &token, &format!("/api/staff/collections/contacts?orderId={order}")).await;
        assert_eq!(contacts["data"][0]["basis"], "long_past_due");
        assert_eq!(contacts["data"][0]["daysPastDue"], 16);
    }

    async fn only_the_borrowers_own_consent_allows_contact_at_any_hour(app) {
        let token = app.staff_token(Role::CreditOfficer).await;
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        set_manila_time(&app, due_date(&app, order).await + Duration::days(10), 23, 0);
        let session = app.demo_session().await.session_id;

        let (status, _) = log_contact(&app, &token, order, &[("consent", "1"), ("granted", "1"), ("phone", "09181234567")]).await;
        assert_eq!(status, 409, "staff cannot record the consent or pick another person to contact");
        consent(&app, &session, "1").await;
        let listed = app.post_form(&format!("/pany/v3/consent/list?sessionId={session}"), &[]).await;
        let listed: Value = listed.json().await.unwrap();
        assert!(listed["data"].as_array().unwrap().iter().any(|kind| kind["kind"] == "collection_any_hour" && kind["granted"] == true), "{listed}");
        let (status, body) = log_contact(&app, &token, order, &[]).await;
        assert_eq!(status, 200, "{body}");
        let (_, contacts) = staff_get(&app, &token, &format!("/api/staff/collections/contacts?orderId={order}")).await;
        assert_eq!(contacts["data"][0]["basis"], "borrower_consent");

        consent(&app, &session, "0").await;
        assert_eq!(log_contact(&app, &token, order, &[]).await.0, 409, "withdrawn: refused again");
        assert_eq!(logged(&app, order).await, 1);
    }

    async fn only_overdue_loans_and_checked_input_are_logged(app) {
        let token = app.staff_token(Role::CreditOfficer).await;
        let demo = app.demo_session().await;
        let overdue = order_in(&demo, 180).order_id;
        set_manila_time(&app, app.state.today() + Duration::days(1), 10, 0);
        let open = order_in(&demo, 174).order_id;
        let (status, body) = log_contact(&app, &token, open, &[]).await;
        assert_eq!((status, body["data"]["reason"].as_str()), (409, Some("not_overdue")), "{body}");
        assert!(body["message"].as_str().unwrap().contains("not overdue"));
        assert_eq!(log_contact(&app, &token, 999_999, &[]).await.0, 404);
        assert_eq!(log_contact(&app, &token, overdue, &[("channel", "whatsapp")]).await.0, 400);
        assert_eq!(log_contact(&app, &token, overdue, &[("outcome", "threatened")]).await.0, 400);
        let long_note = "x".repeat(501);
        let (status, body) = log_contact(&app, &token, overdue, &[("note", long_note.as_str())]).await;
        assert_eq!(status, 400);
        assert!(body["message"].as_str().unwrap().contains("500 characters"), "{body}");
        assert_eq!(logged(&app, open).await + logged(&app, overdue).await, 0);
        assert_eq!(staff_get(&app, &token, "/api/staff/collections/contacts?orderId=999999").await.0, 404);
    }

    async fn an_accepted_contact_is_audited_under_the_staff_member(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        set_manila_time(&app, due_date(&app, order).await + Duration::days(10), 9, 30);
        let officer = member(&app, Role::CreditOfficer).await;
        let auditor = member(&app, Role::Auditor).await;
        let form = [("orderId", order.to_string()), ("channel", "email".to_owned()), ("outcome", "reached".to_owned()), ("note", "will pay on the 15th".to_owned())];
        let form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
        assert_eq!(send(&app, &auditor, "POST", "/api/console/collections/contacts", &form).await.0, 403, "auditors change nothing");
        let (status, body) = send(&app, &officer, "POST", "/api/console/collections/contacts", &form).await;
        assert_eq!(status, 200, "{body}");
        let contact = body["data"]["id"].as_i64().unwrap();

        let (_, audit) = send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let entry = audit["data"]["rows"].as_array().unwrap().iter().find(|row| row["action"] == "collection.contact").unwrap().clone();
        assert_eq!(entry["subject"], format!("order:{order}"));
        assert!(entry["staffId"].is_i64());
        assert_eq!(entry["after"]["contactId"], contact);
        assert_eq!((entry["after"]["basis"].as_str(), entry["after"]["outcome"].as_str()), (Some("within_hours"), Some("reached")));
        let (_, contacts) = send(&app, &auditor, "GET", &format!("/api/console/collections/contacts?orderId={order}"), &[]).await;
        assert_eq!(contacts["data"][0]["staff"], "Test credit_officer");
        for sql in ["UPDATE contact_log SET note = 'changed'", "DELETE FROM contact_log"] {
            assert!(app.execute_sql(sql).await.is_err(), "{sql} must be refused");
        }
    }

    async fn the_queue_counts_days_from_the_first_unpaid_payment_and_pages_sorts_filters_and_exports(app) {
        let token = app.staff_token(Role::CreditOfficer).await;
        let demo = app.demo_session().await;
        let single = order_in(&demo, 180).order_id;
        let single_days = (app.state.today() - due_date(&app, single).await).whole_days();
        // Sent 110 days ago: the first payment fell due 50 days ago, the last
        // is 10 days ahead.
        let two_payments = overdue_two_payment_loan(&app, 110).await;
        assert!(due_date(&app, two_payments).await > app.state.today());

        let (status, page) = staff_get(&app, &token, "/api/staff/collections").await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["data"]["total"], 2, "only overdue loans: {page}");
        assert_eq!((page["data"]["page"].as_i64(), page["data"]["pageSize"].as_i64()), (Some(1), Some(25)));
        assert_eq!(order_ids(&page), vec![two_payments, single], "the longest past due first");
        let rows = page["data"]["rows"].as_array().unwrap();
        assert_eq!((rows[0]["daysPastDue"].as_i64(), rows[0]["bucket"].as_str()), (Some(50), Some("31-60")));
        assert_eq!((rows[1]["daysPastDue"].as_i64(), rows[1]["bucket"].as_str()), (Some(single_days), Some("1-30")));
        assert_eq!(rows[0]["amountOwed"], owed(&app, two_payments).await);
        assert_eq!(rows[1]["amountOwed"], owed(&app, single).await);
        assert_eq!(rows[1]["borrowerName"], "Maria Clara Santos");
        assert_eq!(rows[1]["borrowerPhone"], "•••• ••• 0100");
        let mut keys: Vec<&str> = rows[1].as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["amountOwed", "borrowerId", "borrowerName", "borrowerPhone", "bucket", "daysPastDue", "lastContactAt", "lastContactOutcome", "orderId", "orderNo"], "nothing about anyone but the borrower");

        assert_eq!(queue_ids(&app, &token, "/api/staff/collections?sort=days_past_due_asc").await, vec![single, two_payments]);
        assert_eq!(queue_ids(&app, &token, "/api/staff/collections?sort=amount_owed_desc").await, vec![single, two_payments]);
        assert_eq!(queue_ids(&app, &token, "/api/staff/collections?sort=amount_owed_asc").await, vec![two_payments, single]);
        assert_eq!(queue_ids(&app, &token, "/api/staff/collections?bucket=31-60").await, vec![two_payments]);
        assert_eq!(queue_ids(&app, &token, "/api/staff/collections?bucket=1-30").await, vec![single]);
        let (_, empty) = staff_get(&app, &token, "/api/staff/collections?bucket=91%2B").await;
        assert_eq!((empty["data"]["total"].as_i64(), order_ids(&empty)), (Some(0), vec![]));
        let (_, second) = staff_get(&app, &token, "/api/staff/collections?pageSize=1&page=2").await;
        assert_eq!((second["data"]["total"].as_i64(), order_ids(&second)), (Some(2), vec![single]));
        for bad in ["pageSize=101", "pageSize=0", "page=0", "bucket=2-5", "sort=name", "page=x"] {
            assert_eq!(staff_get(&app, &token, &format!("/api/staff/collections?{bad}")).await.0, 400, "{bad}");
        }

        set_manila_time(&app, app.state.today(), 10, 0);
        assert_eq!(log_contact(&app, &token, single, &[("outcome", "promised_to_pay")]).await.0, 200);
        let (_, page) = staff_get(&app, &token, "/api/staff/collections?bucket=1-30").await;
        assert_eq!(page["data"]["rows"][0]["lastContactOutcome"], "promised_to_pay");
        assert!(page["data"]["rows"][0]["lastContactAt"].as_str().unwrap().starts_with(&app.state.now().year().to_string()));

    }
}
