//! Repayment reminders (`/repayment-product/*`): bills kept by their owner
//! only, bad input refused with a clear message and no change, the
//! borrower's own loans listed from their plans, and reminder texts sent
//! once per due date: by one process, by two processes on one PostgreSQL
//! database with a restart in between, and after weeks of downtime.

use crate::helpers::{TestApp, order_in};
use hiram::features::repayment_reminders::scheduler::run_due;
use hiram_domain::clock::{MANILA, manila_date};
use hiram_domain::phone::Phone;
use serde_json::Value;
use time::{Date, Duration, OffsetDateTime, Time};

const STRANGER: &str = "09401234567";

/// `path` may carry its own query (`get-list?lang=fil`).
async fn call(app: &TestApp, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    app.call(session, &format!("/repayment-product/{path}"), form).await
}

/// The reply as bytes, to compare a stranger's answer with a missing id's.
async fn raw(app: &TestApp, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, String) {
    app.call_raw(session, &format!("/repayment-product/{path}"), form).await
}

fn today(app: &TestApp) -> Date {
    manila_date(app.state.now())
}

fn days_from(app: &TestApp, days: i64) -> String {
    (today(app) + Duration::days(days)).to_string()
}

async fn add_bill(app: &TestApp, session: &str, form: &[(&str, &str)]) -> String {
    let (status, body) = call(app, session, "save-repay-product", form).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Bill saved.");
    body["data"]["repayProductId"].to_string()
}

async fn bills(app: &TestApp, session: &str) -> Vec<Value> {
    let (status, list) = call(app, session, "get-list", &[]).await;
    assert_eq!(status, 200, "{list}");
    list["data"]["bills"].as_array().unwrap().clone()
}

/// Reminder texts the number received, oldest first.
async fn reminder_texts(app: &TestApp, phone: &str) -> Vec<hiram_domain::sms::OutboxEntry> {
    let phone = Phone::parse(phone).unwrap();
    let entries = app.state.store.outbox(Some(&phone), 500).await.unwrap();
    entries.into_iter().filter(|entry| entry.body.contains("reminder") || entry.body.contains("Paalala")).collect()
}

/// Moves the server's clock to the given Manila date and time.
fn move_clock_to(app: &TestApp, date: Date, hour: u8, minute: u8) {
    let target = date.with_time(Time::from_hms(hour, minute, 0).unwrap()).assume_offset(MANILA);
    app.clock.advance(target - app.state.now());
}

crate::on_both_stores! {
    async fn bills_are_added_shown_changed_and_deleted(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let due = days_from(&app, 10);
        let id = add_bill(&app, session, &[("name", "  Meralco  "), ("amount", "245075"), ("dueDate", &due), ("repeat", "monthly"), ("note", "bill ng kuryente")]).await;
        let (status, info) = call(&app, session, "repay-product-info", &[("repayProductId", &id)]).await;
        assert_eq!(status, 200);
        let info = &info["data"];
        assert_eq!(info["name"], "Meralco");
        assert_eq!((info["amount"].as_i64(), info["amountText"].as_str()), (Some(245_075), Some("₱2,450.75")));
        assert_eq!((info["dueDate"].as_str(), info["nextDueDate"].as_str()), (Some(due.as_str()), Some(due.as_str())));
        assert_eq!((info["repeat"].as_str(), info["repeatText"].as_str()), (Some("monthly"), Some("Every month")));
        assert_eq!(info["note"], "bill ng kuryente");
        assert!(info["reminder"].is_null());

        let earlier = days_from(&app, -40);
        let (status, saved) = call(&app, session, "save-repay-product", &[("repayProductId", &id), ("name", "Meralco"), ("amount", "199900"), ("dueDate", &earlier), ("repeat", "monthly")]).await;
        assert_eq!((status, saved["data"]["repayProductId"].to_string()), (200, id.clone()));
        let listed = bills(&app, session).await;
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["amount"], 199_900);
        let next = Date::parse(listed[0]["dueDate"].as_str().unwrap(), time::macros::format_description!("[year]-[month]-[day]")).unwrap();
        assert!(next >= today(&app) && next <= today(&app) + Duration::days(31), "a monthly bill rolls on: {next}");
        assert_eq!(listed[0]["daysLeft"].as_i64(), Some((next - today(&app)).whole_days()));

        let (_, fil) = call(&app, session, "get-list?lang=fil", &[]).await;
        assert_eq!(fil["data"]["bills"][0]["repeatText"], "Buwan-buwan");

        let (status, deleted) = call(&app, session, "delete-repay-product", &[("repayProductId", &id)]).await;
        assert_eq!((status, deleted["message"].as_str()), (200, Some("Bill deleted.")));
        assert_eq!(call(&app, session, "repay-product-info", &[("repayProductId", &id)]).await.0, 404);
        assert_eq!(call(&app, session, "delete-repay-product", &[("repayProductId", &id)]).await.0, 404);
        assert!(bills(&app, session).await.is_empty());
        assert_eq!(crate::helpers::Checked::of(app.post_form("/pany/repayment-product/get-list", &[]).await).await.status(), 401);
    }

    async fn another_borrowers_bill_or_loan_answers_like_a_missing_one(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let due = days_from(&app, 5);
        let id = add_bill(&app, session, &[("name", "Upa"), ("amount", "500000"), ("dueDate", &due)]).await;
        let (status, _) = call(&app, session, "set-reminder", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "09:00")]).await;
        assert_eq!(status, 200);
        let open_order = order_in(&demo, 174).order_id.to_string();
        let stranger = app.login(STRANGER).await;
        let edit = |id: &str| vec![("repayProductId", id.to_owned()), ("name", "Mine now".to_owned()), ("amount", "100".to_owned()), ("dueDate", due.clone())];
        for (path, theirs, missing) in [
            ("repay-product-info", vec![("repayProductId", id.clone())], vec![("repayProductId", "999999".to_owned())]),
            ("save-repay-product", edit(&id), edit("999999")),
            ("delete-repay-product", vec![("repayProductId", id.clone())], vec![("repayProductId", "999999".to_owned())]),
            ("set-reminder", vec![("repayProductId", id.clone()), ("daysBefore", "0".to_owned()), ("remindTime", "10:00".to_owned())], vec![("repayProductId", "999999".to_owned()), ("daysBefore", "0".to_owned()), ("remindTime", "10:00".to_owned())]),
            ("close-reminder", vec![("repayProductId", id.clone())], vec![("repayProductId", "999999".to_owned())]),
            ("set-reminder", vec![("orderId", open_order.clone()), ("daysBefore", "0".to_owned()), ("remindTime", "10:00".to_owned())], vec![("orderId", "999999".to_owned()), ("daysBefore", "0".to_owned()), ("remindTime", "10:00".to_owned())]),
            ("close-reminder", vec![("orderId", open_order.clone())], vec![("orderId", "999999".to_owned())]),
        ] {
            let theirs: Vec<(&str, &str)> = theirs.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let missing: Vec<(&str, &str)> = missing.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (status, body) = raw(&app, &stranger, path, &theirs).await;
            assert_eq!(status, 404, "{path}: {body}");
            assert_eq!((status, body), raw(&app, &stranger, path, &missing).await, "{path}: a stranger learns nothing");
        }
        assert!(bills(&app, &stranger).await.is_empty());
        let (_, list) = call(&app, &stranger, "get-list", &[]).await;
        assert_eq!(list["data"]["orders"], serde_json::json!([]), "no loans of someone else");
        let (_, info) = call(&app, session, "repay-product-info", &[("repayProductId", &id)]).await;
        assert_eq!(info["data"]["name"], "Upa", "unchanged");
        assert_eq!(info["data"]["reminder"]["on"], true, "still on");
        assert_eq!(info["data"]["reminder"]["time"], "09:00");
    }

    async fn bad_bills_are_refused_with_a_clear_message_and_change_nothing(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let due = days_from(&app, 3);
        let id = add_bill(&app, session, &[("name", "Tubig"), ("amount", "85000"), ("dueDate", &due)]).await;
        let long_name = "n".repeat(41);
        let long_note = "x".repeat(201);
        let too_old = days_from(&app, -400);
        let too_far = days_from(&app, 6 * 366);
        let cases: Vec<(Vec<(&str, &str)>, &str)> = vec![
            (vec![("name", "   "), ("amount", "100"), ("dueDate", &due)], "what the bill is for"),
            (vec![("name", &long_name), ("amount", "100"), ("dueDate", &due)], "40 characters"),
            (vec![("name", "Load"), ("amount", "0"), ("dueDate", &due)], "from ₱0.01 to ₱10,000,000.00"),
            (vec![("name", "Load"), ("amount", "-5000"), ("dueDate", &due)], "from ₱0.01 to ₱10,000,000.00"),
            (vec![("name", "Load"), ("amount", "12.50"), ("dueDate", &due)], "from ₱0.01 to ₱10,000,000.00"),
            (vec![("name", "Load"), ("amount", "1000000001"), ("dueDate", &due)], "from ₱0.01 to ₱10,000,000.00"),
            (vec![("name", "Load"), ("amount", "9223372036854775807"), ("dueDate", &due)], "from ₱0.01 to ₱10,000,000.00"),
            (vec![("name", "Load"), ("amount", "100"), ("dueDate", "2026-02-30")], "real due date"),
            (vec![("name", "Load"), ("amount", "100"), ("dueDate", "tomorrow")], "real due date"),
            (vec![("name", "Load"), ("amount", "100"), ("dueDate", &too_old)], "past year or the next 5 years"),
            (vec![("name", "Load"), ("amount", "100"), ("dueDate", &too_far)], "past year or the next 5 years"),
            (vec![("name", "Load"), ("amount", "100"), ("dueDate", "9999-12-31")], "past year or the next 5 years"),
            (vec![("name", "Load"), ("amount", "100"), ("dueDate", &due), ("repeat", "daily")], "once, every week or every month"),
            (vec![("name", "Load"), ("amount", "100"), ("dueDate", &due), ("note", &long_note)], "200 characters"),
        ];
        for (form, message) in &cases {
            for editing in [false, true] {
                let mut form = form.clone();
                if editing {
                    form.push(("repayProductId", &id));
                }
                let (status, body) = call(&app, session, "save-repay-product", &form).await;
                assert_eq!(status, 400, "{form:?}: {body}");
                assert!(body["message"].as_str().unwrap().contains(message), "{form:?}: {body}");
            }
        }
        let (_, fil) = call(&app, session, "save-repay-product?lang=fil", &[("name", "Load"), ("amount", "0"), ("dueDate", &due)]).await;
        assert_eq!(fil["message"], "Maglagay ng halagang mula ₱0.01 hanggang ₱10,000,000.00.");
        let listed = bills(&app, session).await;
        assert_eq!(listed.len(), 1, "nothing added");
        assert_eq!((listed[0]["name"].as_str(), listed[0]["amount"].as_i64()), (Some("Tubig"), Some(85_000)), "nothing changed");
        assert_eq!(listed[0]["dueDate"].as_str(), Some(due.as_str()));
    }

    async fn reminders_are_set_refused_outside_sms_hours_and_closed(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let due = days_from(&app, 6);
        let id = add_bill(&app, session, &[("name", "SSS loan"), ("amount", "150000"), ("dueDate", &due), ("repeat", "weekly")]).await;
        for (days, time, message) in [
            ("1", "07:59", "only from 8:00 AM to 9:00 PM"),
            ("1", "21:01", "only from 8:00 AM to 9:00 PM"),
            ("1", "23:30", "only from 8:00 AM to 9:00 PM"),
            ("1", "9:00", "HH:MM"),
            ("1", "25:00", "HH:MM"),
            ("1", "noon", "HH:MM"),
            ("1", "", "HH:MM"),
            ("8", "09:00", "0 to 7 days"),
            ("-1", "09:00", "0 to 7 days"),
            ("two", "09:00", "0 to 7 days"),
        ] {
            let (status, body) = call(&app, session, "set-reminder", &[("repayProductId", &id), ("daysBefore", days), ("remindTime", time)]).await;
            assert_eq!(status, 400, "{days} {time}: {body}");
            assert!(body["message"].as_str().unwrap().contains(message), "{days} {time}: {body}");
        }
        let (_, fil) = call(&app, session, "set-reminder?lang=fil", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "22:00")]).await;
        assert!(fil["message"].as_str().unwrap().contains("mula 8:00 AM hanggang 9:00 PM"), "{fil}");
        assert!(call(&app, session, "repay-product-info", &[("repayProductId", &id)]).await.1["data"]["reminder"].is_null(), "nothing set");

        let (status, set) = call(&app, session, "set-reminder", &[("repayProductId", &id), ("daysBefore", "2"), ("remindTime", "21:00")]).await;
        assert_eq!((status, set["message"].as_str()), (200, Some("Reminder set. We will text you before the due date.")));
        let (_, info) = call(&app, session, "repay-product-info", &[("repayProductId", &id)]).await;
        let reminder = &info["data"]["reminder"];
        assert_eq!((reminder["on"].as_bool(), reminder["daysBefore"].as_i64(), reminder["time"].as_str()), (Some(true), Some(2), Some("21:00")));
        assert_eq!(reminder["text"], "2 days before, at 21:00");
        let fire = (today(&app) + Duration::days(4)).to_string();
        assert_eq!(reminder["nextAt"], format!("{fire} 21:00"));
        assert_eq!(call(&app, session, "set-reminder", &[("repayProductId", &id), ("daysBefore", "0"), ("remindTime", "08:00")]).await.0, 200);
        let listed = bills(&app, session).await;
        assert_eq!(listed[0]["reminder"]["text"], "On the due date at 08:00");

        let (status, closed) = call(&app, session, "close-reminder", &[("repayProductId", &id)]).await;
        assert_eq!((status, closed["message"].as_str()), (200, Some("Reminder turned off.")));
        let listed = bills(&app, session).await;
        assert_eq!((listed[0]["reminder"]["on"].as_bool(), listed[0]["reminder"]["nextAt"].as_str()), (Some(false), Some("")));
        assert_eq!(call(&app, session, "close-reminder", &[("repayProductId", &id)]).await.0, 200, "closing twice is fine");

        let open_order = order_in(&demo, 174).order_id.to_string();
        let (status, body) = call(&app, session, "set-reminder", &[("orderId", &open_order), ("daysBefore", "3"), ("remindTime", "12:00")]).await;
        assert_eq!(status, 200, "{body}");
        let (_, list) = call(&app, session, "get-list", &[]).await;
        let order = list["data"]["orders"].as_array().unwrap().iter().find(|order| order["id"] == order_in(&demo, 174).order_id).unwrap().clone();
        assert_eq!((order["kind"].as_str(), order["reminder"]["on"].as_bool()), (Some("order"), Some(true)));
        let review = order_in(&demo, 21).order_id.to_string();
        let (status, body) = call(&app, session, "set-reminder", &[("orderId", &review), ("daysBefore", "1"), ("remindTime", "09:00")]).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "This loan has no payment left to remind you of.");
        for form in [vec![("daysBefore", "1"), ("remindTime", "09:00")], vec![("repayProductId", id.as_str()), ("orderId", open_order.as_str()), ("daysBefore", "1"), ("remindTime", "09:00")]] {
            let (status, body) = call(&app, session, "set-reminder", &form).await;
            assert_eq!((status, body["message"].as_str()), (400, Some("Please choose one bill or one loan.")));
        }
        assert_eq!(call(&app, session, "close-reminder", &[("orderId", &open_order)]).await.0, 200);
    }

    async fn own_loans_appear_with_their_due_dates_and_the_overview_looks_thirty_days_ahead(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let (_, list) = call(&app, session, "get-list", &[]).await;
        let orders = list["data"]["orders"].as_array().unwrap();
        let ids: Vec<i64> = orders.iter().map(|order| order["id"].as_i64().unwrap()).collect();
        let mut expected = vec![order_in(&demo, 174).order_id, order_in(&demo, 180).order_id];
        expected.sort_unstable();
        let mut listed = ids.clone();
        listed.sort_unstable();
        assert_eq!(listed, expected, "exactly the loans in repayment");
        for status in [174, 180] {
            let order = order_in(&demo, status);
            let item = orders.iter().find(|item| item["id"] == order.order_id).unwrap();
            let plan: Value = app
                .post_form(&format!("/pany/v3/installment/loan-play-detail?sessionId={session}"), &[("orderId", &order.order_id.to_string())])
                .await
                .json()
                .await
                .unwrap();
            assert_eq!(item["dueDate"], plan["data"]["repayDate"], "the loan's own next due date ({status})");
            assert!(item["amount"].as_i64().unwrap() > 0);
            assert_eq!(item["name"], order.product_name.as_str());
            assert!(item["orderNo"].as_str().unwrap().starts_with("HR"));
        }
        let overdue = orders.iter().find(|item| item["id"] == order_in(&demo, 180).order_id).unwrap();
        assert!(overdue["daysLeft"].as_i64().unwrap() < 0, "{overdue}");

        let soon = days_from(&app, 5);
        let later = days_from(&app, 45);
        let past = days_from(&app, -3);
        add_bill(&app, session, &[("name", "Soon"), ("amount", "10000"), ("dueDate", &soon)]).await;
        add_bill(&app, session, &[("name", "Later"), ("amount", "20000"), ("dueDate", &later)]).await;
        add_bill(&app, session, &[("name", "Passed"), ("amount", "40000"), ("dueDate", &past)]).await;
        add_bill(&app, session, &[("name", "Rent"), ("amount", "80000"), ("dueDate", &past), ("repeat", "weekly")]).await;
        let (status, index) = call(&app, session, "index", &[]).await;
        assert_eq!(status, 200);
        let index = &index["data"];
        assert_eq!(index["today"], today(&app).to_string());
        assert_eq!(index["windowDays"], 30);
        let upcoming = index["upcoming"].as_array().unwrap();
        let names: Vec<&str> = upcoming.iter().map(|item| item["name"].as_str().unwrap()).collect();
        assert!(names.contains(&"Soon") && names.contains(&"Rent"), "{names:?}");
        assert!(!names.contains(&"Later") && !names.contains(&"Passed"), "{names:?}");
        let horizon = days_from(&app, 30);
        let loans_due: Vec<&Value> = orders.iter().filter(|item| item["dueDate"].as_str().unwrap() <= horizon.as_str()).collect();
        assert!(loans_due.iter().any(|item| item["id"] == order_in(&demo, 180).order_id), "the overdue loan is due now");
        assert_eq!(upcoming.iter().filter(|item| item["kind"] == "order").count(), loans_due.len(), "loans due within 30 days");
        let dates: Vec<&str> = upcoming.iter().map(|item| item["dueDate"].as_str().unwrap()).collect();
        let mut sorted = dates.clone();
        sorted.sort_unstable();
        assert_eq!(dates, sorted, "soonest first");
        let total: i64 = upcoming.iter().map(|item| item["amount"].as_i64().unwrap()).sum();
        assert_eq!(index["upcomingTotal"], total);
        let rent = upcoming.iter().find(|item| item["name"] == "Rent").unwrap();
        assert_eq!(rent["dueDate"], days_from(&app, 4), "a weekly bill's next due date");
        assert_eq!(index["remindersOn"], 0);

        let menu: Value = app.post_form(&format!("/pany/v3/personal-center/user-menu?sessionId={session}"), &[]).await.json().await.unwrap();
        let item = menu["data"]["items"].as_array().unwrap().iter().find(|item| item["path"] == "/repaymentReminders").cloned();
        assert_eq!(item.map(|item| item["title"].clone()), Some(Value::from("Repayment reminders")));
    }

    async fn a_reminder_is_sent_once_when_the_clock_crosses_its_time(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let due = today(&app) + Duration::days(3);
        let id = add_bill(&app, session, &[("name", "Globe {amount} plan"), ("amount", "159900"), ("dueDate", &due.to_string())]).await;
        let (status, _) = call(&app, session, "set-reminder?lang=fil", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "10:00")]).await;
        assert_eq!(status, 200);
        let fire_day = due - Duration::days(1);
        move_clock_to(&app, fire_day, 9, 58);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0, "not yet");
        assert!(reminder_texts(&app, hiram::seed::DEMO_PHONE).await.is_empty());
        move_clock_to(&app, fire_day, 10, 1);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 1);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0, "never twice");
        move_clock_to(&app, due, 12, 0);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0);
        let texts = reminder_texts(&app, hiram::seed::DEMO_PHONE).await;
        assert_eq!(texts.len(), 1);
        assert_eq!(texts[0].body, format!("Paalala ng Hiram: ang Globe {{amount}} plan, ₱1,599.00, ay dapat bayaran sa {}.", hiram::i18n::day(due, hiram::i18n::Lang::Fil)));
        assert_eq!(manila_date(texts[0].created_at), fire_day);
    }

    async fn reminder_passes_at_once_claim_each_due_reminder_once_and_send_it_once(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let due = today(&app) + Duration::days(3);
        for name in ["Globe plan", "Meralco", "Maynilad"] {
            let id = add_bill(&app, session, &[("name", name), ("amount", "159900"), ("dueDate", &due.to_string())]).await;
            let (status, _) = call(&app, session, "set-reminder?lang=en", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "10:00")]).await;
            assert_eq!(status, 200);
        }
        move_clock_to(&app, due - Duration::days(1), 10, 1);
        let (first, second, third) = tokio::join!(run_due(&app.state), run_due(&app.state), run_due(&app.state));
        let rounds = [first.unwrap(), second.unwrap(), third.unwrap()];
        assert_eq!(rounds.iter().map(|round| round.looked_at).sum::<usize>(), 3, "each looked at by one pass: {rounds:?}");
        assert_eq!(rounds.iter().map(|round| round.sent).sum::<usize>(), 3, "{rounds:?}");
        assert_eq!(reminder_texts(&app, hiram::seed::DEMO_PHONE).await.len(), 3);
        assert_eq!(run_due(&app.state).await.unwrap(), Default::default(), "nothing left, nothing re-read");
    }

    async fn a_loan_reminder_names_the_payment_due(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let open = order_in(&demo, 174);
        let (status, _) = call(&app, session, "set-reminder", &[("orderId", &open.order_id.to_string()), ("daysBefore", "1"), ("remindTime", "08:30")]).await;
        assert_eq!(status, 200);
        let (_, list) = call(&app, session, "get-list", &[]).await;
        let item = list["data"]["orders"].as_array().unwrap().iter().find(|item| item["id"] == open.order_id).unwrap().clone();
        let due = Date::parse(item["dueDate"].as_str().unwrap(), time::macros::format_description!("[year]-[month]-[day]")).unwrap();
        move_clock_to(&app, due - Duration::days(1), 8, 45);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 1);
        let texts = reminder_texts(&app, hiram::seed::DEMO_PHONE).await;
        assert_eq!(texts.len(), 1);
        assert_eq!(
            texts[0].body,
            format!("Hiram reminder: your {} loan payment of {} is due on {}. Pay in the Hiram app with a pay code.", open.product_name, item["amountText"].as_str().unwrap(), hiram::i18n::day(due, hiram::i18n::Lang::En))
        );
    }

    async fn after_weeks_of_downtime_a_weekly_bill_sends_one_text_and_only_in_sms_hours(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let first = today(&app) + Duration::days(2);
        let id = add_bill(&app, session, &[("name", "Paluwagan"), ("amount", "100000"), ("dueDate", &first.to_string()), ("repeat", "weekly")]).await;
        assert_eq!(call(&app, session, "set-reminder", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "20:00")]).await.0, 200);
        // Down for five weeks; back at 22:30 the evening before a due date,
        // after that evening's 20:00 reminder time.
        let due = first + Duration::weeks(5);
        move_clock_to(&app, due - Duration::days(1), 22, 30);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0, "quiet hours");
        move_clock_to(&app, due, 7, 59);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0, "still quiet");
        move_clock_to(&app, due, 8, 0);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 1, "the newest missed reminder, at eight");
        for _ in 0..3 {
            assert_eq!(run_due(&app.state).await.unwrap().sent, 0, "no backlog");
        }
        let texts = reminder_texts(&app, hiram::seed::DEMO_PHONE).await;
        assert_eq!(texts.len(), 1, "one text for five missed weeks");
        assert!(texts[0].body.contains(&hiram::i18n::day(due, hiram::i18n::Lang::En)), "{}", texts[0].body);
        let sent_at = texts[0].created_at.to_offset(MANILA);
        assert_eq!((sent_at.date(), sent_at.hour()), (due, 8));
        // And it rolls on: the next week's reminder comes on its evening.
        move_clock_to(&app, due + Duration::days(6), 19, 59);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0);
        move_clock_to(&app, due + Duration::days(6), 20, 0);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 1);
        assert_eq!(reminder_texts(&app, hiram::seed::DEMO_PHONE).await.len(), 2);
    }

    async fn a_changed_or_closed_reminder_does_not_fire_for_a_time_already_past(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let due = today(&app) + Duration::days(2);
        let id = add_bill(&app, session, &[("name", "Pag-IBIG"), ("amount", "50000"), ("dueDate", &due.to_string())]).await;
        assert_eq!(call(&app, session, "set-reminder", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "09:00")]).await.0, 200);
        assert_eq!(call(&app, session, "close-reminder", &[("repayProductId", &id)]).await.0, 200);
        move_clock_to(&app, due - Duration::days(1), 9, 5);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0, "closed");
        let session = app.demo_session().await.session_id;
        assert_eq!(call(&app, &session, "set-reminder", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "09:00")]).await.0, 200);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0, "set again after its time: nothing at once");
        move_clock_to(&app, due, 12, 0);
        assert_eq!(run_due(&app.state).await.unwrap().sent, 0);
        assert!(reminder_texts(&app, hiram::seed::DEMO_PHONE).await.is_empty());
    }

    async fn deleting_the_account_removes_bills_and_reminders(app with [("APP_JOBS__REMINDER_INTERVAL_SECONDS", "0"), ("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        let session = app.login(STRANGER).await;
        let due = days_from(&app, 4);
        let id = add_bill(&app, &session, &[("name", "Credit card"), ("amount", "300000"), ("dueDate", &due)]).await;
        assert_eq!(call(&app, &session, "set-reminder", &[("repayProductId", &id), ("daysBefore", "1"), ("remindTime", "09:00")]).await.0, 200);
        let deleted = app.post_form(&format!("/pany/v3/personal-center/user-delete?sessionId={session}"), &[]).await;
        assert_eq!(deleted.status(), 200);
        let session = app.login(STRANGER).await;
        assert!(bills(&app, &session).await.is_empty());
        move_clock_to(&app, today(&app) + Duration::days(3), 9, 30);
        assert_eq!(run_due(&app.state).await.unwrap().looked_at, 0, "no reminder left");
    }
}

/// A `hiram serve` process of the two-process test.
struct Server {
    child: tokio::process::Child,
    base: String,
}

struct Cluster {
    database_url: String,
    folder: std::path::PathBuf,
    clock_file: std::path::PathBuf,
}

impl Cluster {
    async fn start(&self) -> Server {
        use tokio::io::{AsyncBufReadExt, BufReader};
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hiram"))
            .arg("serve")
            .env("APP_SERVER__PORT", "0")
            .env("APP_DATABASE__URL", &self.database_url)
            .env("APP_DATABASE__MAX_CONNECTIONS", "4")
            .env("APP_WEB__DIST_ROOT", self.folder.display().to_string())
            .env("APP_UPLOADS__DIR", self.folder.join("uploads").display().to_string())
            .env("APP_LOG__FORMAT", "json")
            .env("APP_LOG__FILTER", "info")
            .env("APP_DEMO__SEED_ON_EMPTY", "false")
            .env("APP_JOBS__DAILY_INTERVAL_MINUTES", "0")
            .env("APP_JOBS__REMINDER_INTERVAL_SECONDS", "1")
            .env("APP_CLOCK__OFFSET_FILE", self.clock_file.display().to_string())
            .stderr(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("start the server binary");
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let port = loop {
            let line = lines.next_line().await.unwrap().expect("the server stopped before listening");
            if line.contains("listening") {
                let value: Value = serde_json::from_str(&line).unwrap();
                break value["port"].as_u64().unwrap();
            }
        };
        // Keep reading, so the server never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Server { child, base: format!("http://127.0.0.1:{port}") }
    }

    /// Moves the clock of every server process (and of this test's state).
    fn set_clock(&self, to: OffsetDateTime) {
        let offset = (to - OffsetDateTime::now_utc()).whole_seconds();
        std::fs::write(&self.clock_file, offset.to_string()).unwrap();
    }
}

async fn post(server: &Server, path: &str, form: &[(&str, &str)]) -> Value {
    let response = reqwest::Client::new().post(format!("{}{path}", server.base)).form(form).send().await.unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 200, "{path}: {body}");
    body
}

async fn texts_naming(state: &hiram::state::AppState, phone: &Phone, name: &str) -> usize {
    let entries = state.store.outbox(Some(phone), 500).await.unwrap();
    entries.iter().filter(|entry| entry.body.starts_with("Hiram reminder") && entry.body.contains(name)).count()
}

/// Waits until the bill's text is in the outbox (at most 30 s).
async fn wait_for_text(state: &hiram::state::AppState, phone: &Phone, name: &str) {
    for _ in 0..150 {
        if texts_naming(state, phone, name).await > 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("the reminder for {name} was never sent");
}

/// The check: two `hiram serve` processes on one PostgreSQL
/// database, each running the reminder rounds every second on a clock both
/// read from one offset file. Moving that clock across a reminder's time
/// puts exactly one text in the outbox; killing the processes around a
/// second reminder's time and starting them again neither loses it nor
/// sends it twice.
#[tokio::test]
async fn two_server_processes_on_one_postgresql_send_each_reminder_once_across_a_restart() {
    let folder = std::env::temp_dir().join(format!("hiram-reminders-{}-{}", std::process::id(), line!()));
    std::fs::create_dir_all(&folder).unwrap();
    let cluster = Cluster {
        database_url: crate::helpers::postgres_url().await,
        clock_file: folder.join("clock-offset"),
        folder: folder.clone(),
    };
    std::fs::write(&cluster.clock_file, "0").unwrap();
    let settings = hiram::config::Settings::from_sources([
        ("APP_DATABASE__URL".to_owned(), cluster.database_url.clone()),
        ("APP_DATABASE__MAX_CONNECTIONS".to_owned(), "2".to_owned()),
        ("APP_CLOCK__OFFSET_FILE".to_owned(), cluster.clock_file.display().to_string()),
    ])
    .unwrap();
    // The test's own view of the same database and clock (and the schema
    // made before either process starts).
    let state = hiram::startup::state_for_command(settings).await.unwrap();
    let mut first = cluster.start().await;
    let mut second = cluster.start().await;

    let phone_text = "09171112222";
    let phone = Phone::parse(phone_text).unwrap();
    post(&first, "/pany/service/login/send-sms-code-new", &[("phone", phone_text)]).await;
    let sent = state.store.outbox(Some(&phone), 1).await.unwrap();
    let code: String = sent[0].body.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).unwrap().to_owned();
    let login = post(&second, "/pany/service/login/sms-code-login", &[("phone", phone_text), ("code", &code)]).await;
    let session = login["data"]["sessionId"].as_str().unwrap().to_owned();
    let today = manila_date(state.now());
    let due = (today + Duration::days(2)).to_string();
    let at = |server: &Server, path: &str| format!("{}/pany/repayment-product/{path}?sessionId={session}", server.base);
    let mut ids = Vec::new();
    for (server, name, time) in [(&first, "Kuryente", "10:00"), (&second, "Tubig", "11:00")] {
        let saved: Value = reqwest::Client::new()
            .post(at(server, "save-repay-product"))
            .form(&[("name", name), ("amount", "120000"), ("dueDate", due.as_str())])
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = saved["data"]["repayProductId"].to_string();
        let set = reqwest::Client::new()
            .post(at(server, "set-reminder"))
            .form(&[("repayProductId", id.as_str()), ("daysBefore", "1"), ("remindTime", time)])
            .send()
            .await
            .unwrap();
        assert_eq!(set.status(), 200);
        ids.push(id);
    }
    let fire_day = today + Duration::days(1);
    let manila =
        |hour: u8, minute: u8| fire_day.with_time(Time::from_hms(hour, minute, 0).unwrap()).assume_offset(MANILA);
    let settle = || tokio::time::sleep(std::time::Duration::from_millis(3_500));

    // Both processes run while the clock nears and then crosses 10:00.
    cluster.set_clock(manila(9, 58));
    settle().await;
    assert_eq!(texts_naming(&state, &phone, "Kuryente").await, 0, "not before its time");
    cluster.set_clock(manila(10, 0) + Duration::seconds(20));
    wait_for_text(&state, &phone, "Kuryente").await;
    settle().await;
    assert_eq!(texts_naming(&state, &phone, "Kuryente").await, 1, "two processes, one text");

    // The second reminder's time comes while both processes are killed
    // around it: the second before, the first just after.
    second.child.kill().await.unwrap();
    cluster.set_clock(manila(11, 0) + Duration::seconds(20));
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    first.child.kill().await.unwrap();
    let before_restart = texts_naming(&state, &phone, "Tubig").await;
    assert!(before_restart <= 1, "{before_restart}");
    let first = cluster.start().await;
    let second = cluster.start().await;
    // A process killed between claiming Tubig's reminder and sending it
    // left a claim that holds it for five minutes of the servers' clock
    // (the round's retry lease): the restarted processes send it once that
    // has passed, so the clock moves past it here.
    cluster.set_clock(manila(11, 6));
    wait_for_text(&state, &phone, "Tubig").await;
    settle().await;
    assert_eq!(texts_naming(&state, &phone, "Tubig").await, 1, "not lost, not repeated after the restart");

    // Later, past the due date, nothing more comes for either bill.
    cluster.set_clock(manila(11, 0) + Duration::days(2));
    settle().await;
    assert_eq!(texts_naming(&state, &phone, "Kuryente").await, 1);
    assert_eq!(texts_naming(&state, &phone, "Tubig").await, 1);
    let body = &state.store.outbox(Some(&phone), 500).await.unwrap();
    let kuryente = body.iter().find(|entry| entry.body.contains("Kuryente")).unwrap();
    assert_eq!(
        kuryente.body,
        format!(
            "Hiram reminder: Kuryente, ₱1,200.00, is due on {}.",
            hiram::i18n::day(today + Duration::days(2), hiram::i18n::Lang::En)
        )
    );
    drop((first, second, ids));
    let _ = std::fs::remove_dir_all(&folder);
}
