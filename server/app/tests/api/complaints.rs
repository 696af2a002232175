//! Complaints: every rule of §5 and branch of §8, pictures only the owner
//! (and staff) see, an answer from customer care with pictures and an SMS,
//! a rating given once, and lateness against the 3-working-day promise;
//! the complaint's number everywhere, words that suit its type, who
//! answered and when, and after a low rating a call back and the regulator
//! (issue 33, decision 091).

use crate::helpers::{TestApp, order_in, png};
use hiram_domain::complaint::reference;
use hiram_domain::staff::Role;
use serde_json::Value;

/// The last text the number received.
async fn last_text(app: &TestApp, phone: &str) -> String {
    let phone = hiram_domain::phone::Phone::parse(phone).unwrap();
    app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().expect("a text").body
}

/// Files a complaint of `problem_type` (not collection) and answers it as
/// `agent`; its id.
async fn answered_complaint(app: &TestApp, session: &str, token: &str, problem_type: &str, agent: &str) -> String {
    let (status, saved) = call(
        app,
        session,
        "problem-save",
        &[("problemType", problem_type), ("problemDetail", "Hindi pa pumapasok ang bayad ko.")],
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    let id = saved["data"]["problemId"].to_string();
    let answer = [("id", id.as_str()), ("agent", agent), ("answer", "We found your payment and posted it.")];
    assert_eq!(staff_post(app, token, "/api/staff/complaints/answer", &answer).await.0, 200);
    id
}

async fn call(app: &TestApp, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    app.call(session, &format!("/user-problem/{path}"), form).await
}

async fn picture(app: &TestApp, session: &str, shade: u8) -> String {
    app.upload_png("/pany/user-problem/upload-problem-img", "problemImage", session, shade).await
}

async fn staff_get(app: &TestApp, token: &str, path: &str) -> Value {
    app.client.get(app.url(path)).bearer_auth(token).send().await.unwrap().json().await.unwrap()
}

async fn staff_post(app: &TestApp, token: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let response = app.client.post(app.url(path)).bearer_auth(token).form(form).send().await.unwrap();
    crate::helpers::outcome(response).await
}

crate::on_both_stores! {
    async fn a_complaint_is_filed_answered_by_customer_care_and_rated_once(app) {
        let token = app.staff_token(Role::CustomerCare).await;
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let (status, init) = call(&app, session, "problem-init", &[]).await;
        assert_eq!(status, 200);
        let init = &init["data"];
        assert_eq!(init["problemType"].as_array().unwrap().len(), 6);
        assert_eq!(init["problemType"][0]["title"], "Collection");
        assert_eq!(init["problemSonType"].as_array().unwrap().len(), 5);
        assert_eq!(init["orderList"].as_array().unwrap().len(), demo.orders.len());
        let open = order_in(&demo, 174);
        let approved = order_in(&demo, 151);
        let (_, chosen) = call(&app, session, "problem-init", &[("orderId", &open.order_id.to_string())]).await;
        assert_eq!(chosen["data"]["orderDetail"]["isShow"], 1);
        // §3: the order's rows are title/value rows, in the card and in the list.
        let rows = chosen["data"]["orderDetail"]["list"].as_array().unwrap();
        assert_eq!(rows[0], serde_json::json!({ "title": "Loan amount", "value": "₱5,000.00" }));
        assert_eq!(rows[1]["title"], "Loan number");
        for row in init["orderList"].as_array().unwrap().iter().flat_map(|order| order["list"].as_array().unwrap()) {
            let keys: Vec<&str> = row.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(keys, ["title", "value"], "{row}");
        }
        let (_, waiting) = call(&app, session, "problem-init", &[("orderId", &approved.order_id.to_string())]).await;
        assert_eq!(waiting["data"]["orderDetail"]["isShow"], 0, "no collection complaint before repayment");
        let order_no = |data: &Value| data["data"]["orderDetail"]["orderNo"].as_str().unwrap().to_owned();
        let (open_no, approved_no) = (order_no(&chosen), order_no(&waiting));

        let first = picture(&app, session, 10).await;
        let second = picture(&app, session, 200).await;
        let images = format!("{first},{second}");
        let stranger = app.login("09401234567").await;
        let theirs = picture(&app, &stranger, 99).await;
        for (form, message) in [
            (vec![("problemType", "1"), ("problemSonType", "12"), ("problemDetail", "Tumawag ng 11 PM"), ("orderNo", approved_no.as_str())], "loan you have been repaying"),
            (vec![("problemType", "1"), ("problemDetail", "Tumawag ng 11 PM"), ("orderNo", open_no.as_str())], "what happened with the collection"),
            (vec![("problemType", "2"), ("problemDetail", "   "), ("orderNo", open_no.as_str())], "Please fill in your comments and suggestions."),
            (vec![("problemType", "9"), ("problemDetail", "x"), ("orderNo", open_no.as_str())], "kind of problem"),
            (vec![("problemType", "2"), ("problemDetail", "x"), ("problemImage", theirs.as_str())], "pictures was not found"),
        ] {
            let (status, body) = call(&app, session, "problem-save", &form).await;
            assert_eq!(status, 400, "{form:?}: {body}");
            assert!(body["message"].as_str().unwrap().contains(message), "{body}");
        }
        let (status, _) = call(&app, session, "problem-save", &[("problemType", "2"), ("problemDetail", "x"), ("orderNo", "HR-NOT-MINE")]).await;
        assert_eq!(status, 404);

        let (status, saved) = call(&app, session, "problem-save", &[("problemType", "1"), ("problemSonType", "12"), ("problemDetail", "Tumawag sila ng 11 PM sa akin."), ("problemImage", images.as_str()), ("orderNo", open_no.as_str())]).await;
        assert_eq!(status, 200, "{saved}");
        // A report about a collector: taken seriously, the rules named, its number and the promise.
        let collection_id = saved["data"]["problemId"].as_i64().unwrap();
        let collection_ref = reference(collection_id);
        assert_eq!(saved["data"]["reference"], collection_ref.as_str());
        assert!(collection_ref.starts_with("HC-") && collection_ref.len() == 10, "{collection_ref}");
        let message = saved["message"].as_str().unwrap();
        assert!(message.starts_with("We are sorry this happened, and we take it seriously."), "{message}");
        assert!(message.contains("SEC Memorandum Circular No. 18, series of 2019"), "{message}");
        assert!(message.contains(&format!("Your complaint number is {collection_ref}.")), "{message}");
        assert!(message.ends_with("within 3 working days."), "{message}");
        assert!(!message.contains("nice day"), "{message}");
        let due_date = saved["data"]["dueDate"].as_str().unwrap().to_owned();
        let due_day = time::Date::parse(&due_date, time::macros::format_description!("[year]-[month]-[day]")).unwrap();
        assert!(message.contains(&format!("answer by {},", hiram::i18n::day(due_day, hiram::i18n::Lang::En))), "{message}");
        assert!(due_day > app.state.today(), "the answer is due after today: {due_date}");
        let long = "a".repeat(250);
        let (status, other) = call(&app, session, "problem-save", &[("problemType", "6"), ("problemDetail", &long)]).await;
        assert_eq!(status, 200);
        let other_message = other["message"].as_str().unwrap();
        assert!(other_message.starts_with("Thank you for telling us."), "{other_message}");
        assert!(!other_message.contains("Memorandum"), "only collection names the collection rules: {other_message}");
        assert!(other_message.contains(other["data"]["reference"].as_str().unwrap()), "{other_message}");
        let (_, filipino) = call(&app, &format!("{session}&lang=fil"), "problem-save", &[("problemType", "2"), ("problemDetail", "Hindi pumasok ang bayad")]).await;
        let filipino_message = filipino["message"].as_str().unwrap();
        assert!(filipino_message.starts_with("Natanggap namin ang iyong reklamo tungkol sa isang bayad."), "{filipino_message}");
        assert!(filipino_message.contains(&format!("Ang numero ng iyong reklamo ay {}.", filipino["data"]["reference"].as_str().unwrap())), "{filipino_message}");
        let filipino_id = filipino["data"]["problemId"].to_string();
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/close", &[("id", &filipino_id)]).await.0, 200);

        let (_, list) = call(&app, session, "problem-list", &[]).await;
        let tabs = list["data"]["tabs"].as_array().unwrap();
        let counts: Vec<(String, usize)> = tabs.iter().map(|tab| (tab["title"].as_str().unwrap().to_owned(), tab["list"].as_array().unwrap().len())).collect();
        assert_eq!(counts, [("All".to_owned(), 3), ("Processing".to_owned(), 2), ("Replied".to_owned(), 1)]);
        assert_eq!(tabs[0]["list"][1]["content"].as_str().unwrap().chars().count(), 200, "extra characters are cut");
        let id = tabs[0]["list"][2]["id"].to_string();
        assert_eq!(tabs[0]["list"][2]["type"], "Collection");
        assert_eq!(tabs[0]["list"][2]["reference"], collection_ref.as_str(), "the list names each complaint by its number");

        let (_, detail) = call(&app, session, "problem-detail", &[("problemId", &id)]).await;
        assert_eq!(detail["data"]["sonType"], "They called before 6 AM or after 10 PM");
        assert_eq!(detail["data"]["reference"], collection_ref.as_str());
        assert_eq!((detail["data"]["answeredBy"].as_str(), detail["data"]["answeredOn"].as_str()), (Some(""), Some("")), "not answered yet");
        assert_eq!(detail["data"]["images"], serde_json::json!([first, second]));
        assert_eq!(detail["data"]["isNeedScore"], 0);
        assert_eq!(app.get(&format!("{first}?sessionId={session}")).await.status(), 200);
        assert_eq!(crate::helpers::Checked::of(app.get(&format!("{first}?sessionId={stranger}")).await).await.status(), 404);
        let (status, missing) = call(&app, &stranger, "problem-detail", &[("problemId", "999999")]).await;
        let (theirs_status, theirs_body) = call(&app, &stranger, "problem-detail", &[("problemId", &id)]).await;
        assert_eq!((status, theirs_status), (404, 404));
        assert_eq!(missing, theirs_body, "another borrower's complaint looks missing");
        assert_eq!(call(&app, &stranger, "save-score", &[("problemId", &id), ("score", "1")]).await.0, 404);
        assert_eq!(call(&app, session, "save-score", &[("problemId", &id), ("score", "5")]).await.0, 409, "nothing to rate yet");

        let inbox = staff_get(&app, &token, "/api/staff/complaints").await;
        let entries = inbox["data"]["rows"].as_array().unwrap();
        assert_eq!((entries.len(), inbox["data"]["total"].as_i64()), (2, Some(2)));
        assert!(entries.iter().any(|entry| entry["reference"] == collection_ref.as_str()), "the inbox shows the number: {inbox}");
        // Staff find a complaint by the number the borrower reads out, however typed.
        let spoken = collection_ref.to_lowercase().replace('-', " ");
        let found = staff_get(&app, &token, &format!("/api/staff/complaints?reference={}", spoken.replace(' ', "+"))).await;
        assert_eq!((found["data"]["total"].as_i64(), found["data"]["rows"][0]["reference"].as_str()), (Some(1), Some(collection_ref.as_str())));
        let mut misheard = collection_ref.clone().into_bytes();
        let last = misheard.len() - 1;
        misheard[last] = if misheard[last] == b'9' { b'0' } else { misheard[last] + 1 };
        let misheard = String::from_utf8(misheard).unwrap();
        let none = staff_get(&app, &token, &format!("/api/staff/complaints?reference={misheard}")).await;
        assert_eq!(none["data"]["total"].as_i64(), Some(0), "a number whose check digit does not fit names nothing");
        let too_long = app.client.get(app.url(&format!("/api/staff/complaints?reference={}", "0".repeat(41)))).bearer_auth(&token).send().await.unwrap();
        assert_eq!(too_long.status(), 400, "longer than the document allows is refused");
        let second_page = staff_get(&app, &token, "/api/staff/complaints?page=2&pageSize=1").await;
        assert_eq!((second_page["data"]["total"].as_i64(), second_page["data"]["rows"].as_array().map(Vec::len)), (Some(2), Some(1)));
        assert_eq!(second_page["data"]["rows"][0]["id"], entries[1]["id"], "page 2 goes on where page 1 stopped");
        let entry = entries.iter().find(|entry| entry["id"].as_i64() == id.parse().ok()).unwrap();
        assert_eq!((entry["late"].as_bool(), entry["orderNo"].as_str()), (Some(false), Some(open_no.as_str())));
        assert!(entry["workingDaysLeft"].as_i64().unwrap() >= 3, "{entry}");

        let upload = app
            .client
            .post(app.url(&format!("/api/staff/complaints/upload-image?complaintId={id}")))
            .bearer_auth(&token)
            .header("content-type", "multipart/form-data; boundary=b0undary")
            .body([b"--b0undary\r\nContent-Disposition: form-data; name=\"image\"; filename=\"r.png\"\r\nContent-Type: image/png\r\n\r\n".to_vec(), png(33), b"\r\n--b0undary--\r\n".to_vec()].concat())
            .send()
            .await
            .unwrap();
        assert_eq!(upload.status(), 200);
        let name = upload.json::<Value>().await.unwrap()["data"]["name"].as_str().unwrap().to_owned();
        let messages_before = app.messages_to(hiram::seed::DEMO_PHONE).await;
        let answer = [("id", id.as_str()), ("agent", "Liza Marie Santos"), ("answer", "We spoke to the collector and stopped the late calls."), ("images", name.as_str())];
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/answer", &answer).await.0, 200);
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/answer", &answer).await.0, 409, "answered once");
        assert_eq!(app.messages_to(hiram::seed::DEMO_PHONE).await, messages_before + 1, "the borrower is told by SMS");
        let text = last_text(&app, hiram::seed::DEMO_PHONE).await;
        assert!(text.contains(&format!("your complaint no. {collection_ref}.")), "the SMS names the complaint by its number: {text}");

        let (_, detail) = call(&app, session, "problem-detail", &[("problemId", &id)]).await;
        assert_eq!(detail["data"]["disposeDetail"], "We spoke to the collector and stopped the late calls.");
        assert_eq!(detail["data"]["answeredBy"], "Liza S.", "the agent's first name and last initial");
        assert_eq!(detail["data"]["answeredOn"], app.state.today().to_string());
        let reply_url = format!("/pany/uploads/{name}");
        let (status, borrowed) = call(&app, session, "problem-save", &[("problemType", "6"), ("problemDetail", "x"), ("problemImage", &reply_url)]).await;
        assert_eq!(status, 400, "customer care's picture cannot be attached to a complaint: {borrowed}");
        assert_eq!(detail["data"]["isNeedScore"], 1);
        let reply_picture = detail["data"]["disposeImages"][0].as_str().unwrap().to_owned();
        assert_eq!(app.get(&format!("{reply_picture}?sessionId={session}")).await.status(), 200, "the borrower sees the answer's picture");
        assert_eq!(call(&app, session, "save-score", &[("problemId", &id), ("score", "6")]).await.0, 400);
        let (status, rated) = call(&app, session, "save-score", &[("problemId", &id), ("score", "4")]).await;
        assert_eq!(status, 200);
        assert_eq!(rated["data"], serde_json::json!({ "nextStep": 0, "regulator": "", "regulatorContact": "" }), "4 stars: thanks, no next step");
        assert_eq!(call(&app, session, "save-score", &[("problemId", &id), ("score", "5")]).await.0, 409, "rated once");
        let (status, refused) = call(&app, session, "request-callback", &[("problemId", &id)]).await;
        assert_eq!(status, 400, "no call back after 4 stars: {refused}");
        let ratings = staff_get(&app, &token, "/api/staff/complaints/ratings").await;
        assert_eq!(ratings["data"], serde_json::json!([{ "agent": "Liza Marie Santos", "ratings": 1, "average": 4.0 }]));
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/close", &[("id", &id)]).await.0, 200);
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/close", &[("id", &id)]).await.0, 409);
        let (_, list) = call(&app, session, "problem-list", &[]).await;
        assert_eq!(list["data"]["tabs"][2]["list"].as_array().unwrap().len(), 2);

        app.clock.advance(time::Duration::days(10));
        let inbox = staff_get(&app, &token, "/api/staff/complaints").await;
        let waiting = &inbox["data"]["rows"][0];
        assert_eq!(waiting["late"], true, "{waiting}");
        assert!(waiting["workingDaysLeft"].as_i64().unwrap() < 0);
        let whatsapp = app.get("/pany/user-problem/get-whatsapp").await.json::<Value>().await.unwrap();
        assert_eq!(whatsapp["data"]["url"], "https://wa.me/639175550199");
    }

    async fn complaint_pictures_must_be_pictures(app) {
        let session = app.login("09411234567").await;
        for (name, content_type, bytes) in [("x.svg", "image/svg+xml", b"<svg onload=\"alert(1)\"/>".to_vec()), ("x.png", "image/png", b"<html></html>".to_vec())] {
            let response = app.post_file(&format!("/pany/user-problem/upload-problem-img?sessionId={session}"), "problemImage", name, content_type, &bytes).await;
            let response = crate::helpers::Checked::of(response).await;
            assert_eq!(response.status(), 400, "{name}");
        }
        let ten: Vec<String> = {
            let mut urls = Vec::new();
            for shade in 0..10 {
                urls.push(picture(&app, &session, shade).await);
            }
            urls
        };
        let (status, refused) = call(&app, &session, "problem-save", &[("problemType", "6"), ("problemDetail", "ten pictures"), ("problemImage", &ten.join(","))]).await;
        assert_eq!(status, 400, "at most nine pictures");
        assert_eq!(refused["message"], "Please attach at most 9 pictures.");
        assert_eq!(call(&app, &session, "problem-save", &[("problemType", "6"), ("problemDetail", "nine pictures"), ("problemImage", &ten[..9].join(","))]).await.0, 200);
    }

    async fn a_low_rating_offers_a_call_back_and_the_regulator(app with [("APP_CARE__REGULATOR_CONTACT", "As the SEC publishes it (set by the operator)")]) {
        let token = app.staff_token(Role::CustomerCare).await;
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let id = answered_complaint(&app, session, &token, "2", "Ramon Dizon").await;
        let id_number: i64 = id.parse().unwrap();
        let number = reference(id_number);
        let (status, early) = call(&app, session, "request-callback", &[("problemId", &id)]).await;
        assert_eq!(status, 400, "nothing rated yet: {early}");
        assert_eq!(early["message"], "A call back is offered once, after you rate our answer 1 or 2 stars.");

        // The first promise runs out while the borrower thinks it over (and signs in again).
        app.clock.advance(time::Duration::days(10));
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let (status, rated) = call(&app, session, "save-score", &[("problemId", &id), ("score", "2")]).await;
        assert_eq!((status, rated["data"]["nextStep"].as_i64()), (200, Some(1)), "{rated}");
        let regulator = rated["data"]["regulator"].as_str().unwrap();
        assert!(regulator.contains("Securities and Exchange Commission (SEC)") && regulator.contains("Republic Act No. 11765"), "{regulator}");
        assert_eq!(rated["data"]["regulatorContact"], "As the SEC publishes it (set by the operator)", "the operator's data, as written");
        let (_, detail) = call(&app, &format!("{session}&lang=fil"), "problem-detail", &[("problemId", &id)]).await;
        assert_eq!((detail["data"]["score"].as_i64(), detail["data"]["canRequestCallback"].as_i64()), (Some(2), Some(1)), "{detail}");
        assert!(detail["data"]["regulator"].as_str().unwrap().starts_with("Kung hindi nalutas ng aming sagot"), "{detail}");
        assert_eq!(detail["data"]["callbackRequestedOn"], "");

        let stranger = app.login("09421234567").await;
        assert_eq!(call(&app, &stranger, "request-callback", &[("problemId", &id)]).await.0, 404, "another borrower's complaint looks missing");
        let (status, asked) = call(&app, session, "request-callback", &[("problemId", &id)]).await;
        assert_eq!(status, 200, "{asked}");
        let message = asked["message"].as_str().unwrap();
        assert!(message.starts_with("We will call you back at your registered number by ") && message.contains(&number), "{message}");
        let due_on = asked["data"]["callbackDueOn"].as_str().unwrap().to_owned();
        assert!(due_on > app.state.today().to_string(), "due after today: {due_on}");
        let (status, again) = call(&app, session, "request-callback", &[("problemId", &id)]).await;
        assert_eq!((status, &again), (200, &asked), "a second tap answers as the first");

        let (_, detail) = call(&app, session, "problem-detail", &[("problemId", &id)]).await;
        assert_eq!(detail["data"]["canRequestCallback"], 0);
        assert_eq!(detail["data"]["callbackRequestedOn"], app.state.today().to_string());
        assert_eq!(detail["data"]["callbackDueOn"], due_on.as_str());
        assert_eq!(detail["data"]["disposeDetail"], "We found your payment and posted it.", "the rated answer stays");
        assert_eq!(detail["data"]["answeredBy"], "Ramon D.");

        // Open again for a supervisor, due by the call back's promise, not late by the first.
        let inbox = staff_get(&app, &token, "/api/staff/complaints").await;
        let entry = inbox["data"]["rows"].as_array().unwrap().iter().find(|entry| entry["id"] == id_number).cloned().unwrap_or_else(|| panic!("reopened: {inbox}"));
        assert_eq!((entry["status"].as_str(), entry["late"].as_bool()), (Some("open"), Some(false)), "{entry}");
        assert_eq!(entry["reference"], number.as_str());
        assert_eq!(entry["dueDate"], due_on.as_str());
        assert!(entry["callbackRequestedAt"].is_string(), "{entry}");
        assert_eq!(entry["score"], 2);
        let answer = [("id", id.as_str()), ("agent", "Supervisor"), ("answer", "Another answer")];
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/answer", &answer).await.0, 409, "the rated answer is not replaced");
        let ratings = staff_get(&app, &token, "/api/staff/complaints/ratings").await;
        assert_eq!(ratings["data"], serde_json::json!([{ "agent": "Ramon Dizon", "ratings": 1, "average": 2.0 }]));
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/close", &[("id", &id)]).await.0, 200, "called back, then closed");
        assert_eq!(call(&app, session, "request-callback", &[("problemId", &id)]).await.0, 200, "still the call back asked for");
        let closed = staff_get(&app, &token, "/api/staff/complaints?status=closed").await;
        assert!(closed["data"]["rows"].as_array().unwrap().iter().any(|entry| entry["id"] == id_number && entry["callbackRequestedAt"].is_string()));

        // Three stars and up: thanks, nothing more.
        let other = answered_complaint(&app, session, &token, "6", "Ramon Dizon").await;
        let (_, rated) = call(&app, session, "save-score", &[("problemId", &other), ("score", "3")]).await;
        assert_eq!(rated["data"], serde_json::json!({ "nextStep": 0, "regulator": "", "regulatorContact": "" }));
        let (_, detail) = call(&app, session, "problem-detail", &[("problemId", &other)]).await;
        assert_eq!((detail["data"]["canRequestCallback"].as_i64(), detail["data"]["regulator"].as_str()), (Some(0), Some("")));
        assert_eq!(call(&app, session, "request-callback", &[("problemId", &other)]).await.0, 400);
    }
}
