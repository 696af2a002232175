//! Complaints: every rule of §5 and branch of §8, pictures only the owner
//! (and staff) see, an answer from customer care with pictures and an SMS,
//! a rating given once, and lateness against the 3-working-day promise.

use crate::helpers::{TestApp, order_in, png};
use hiram_domain::staff::Role;
use serde_json::Value;

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
        assert_eq!(rows[1]["title"], "Order number");
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
        assert!(saved["message"].as_str().unwrap().starts_with("Your comments and suggestions have been received"));
        let long = "a".repeat(250);
        assert_eq!(call(&app, session, "problem-save", &[("problemType", "6"), ("problemDetail", &long)]).await.0, 200);

        let (_, list) = call(&app, session, "problem-list", &[]).await;
        let tabs = list["data"]["tabs"].as_array().unwrap();
        let counts: Vec<(String, usize)> = tabs.iter().map(|tab| (tab["title"].as_str().unwrap().to_owned(), tab["list"].as_array().unwrap().len())).collect();
        assert_eq!(counts, [("All".to_owned(), 2), ("Processing".to_owned(), 2), ("Replied".to_owned(), 0)]);
        assert_eq!(tabs[0]["list"][0]["content"].as_str().unwrap().chars().count(), 200, "extra characters are cut");
        let id = tabs[0]["list"][1]["id"].to_string();
        assert_eq!(tabs[0]["list"][1]["type"], "Collection");

        let (_, detail) = call(&app, session, "problem-detail", &[("problemId", &id)]).await;
        assert_eq!(detail["data"]["sonType"], "They called before 6 AM or after 10 PM");
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
        let answer = [("id", id.as_str()), ("agent", "Liza"), ("answer", "We spoke to the collector and stopped the late calls."), ("images", name.as_str())];
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/answer", &answer).await.0, 200);
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/answer", &answer).await.0, 409, "answered once");
        assert_eq!(app.messages_to(hiram::seed::DEMO_PHONE).await, messages_before + 1, "the borrower is told by SMS");

        let (_, detail) = call(&app, session, "problem-detail", &[("problemId", &id)]).await;
        assert_eq!(detail["data"]["disposeDetail"], "We spoke to the collector and stopped the late calls.");
        let reply_url = format!("/pany/uploads/{name}");
        let (status, borrowed) = call(&app, session, "problem-save", &[("problemType", "6"), ("problemDetail", "x"), ("problemImage", &reply_url)]).await;
        assert_eq!(status, 400, "customer care's picture cannot be attached to a complaint: {borrowed}");
        assert_eq!(detail["data"]["isNeedScore"], 1);
        let reply_picture = detail["data"]["disposeImages"][0].as_str().unwrap().to_owned();
        assert_eq!(app.get(&format!("{reply_picture}?sessionId={session}")).await.status(), 200, "the borrower sees the answer's picture");
        assert_eq!(call(&app, session, "save-score", &[("problemId", &id), ("score", "6")]).await.0, 400);
        assert_eq!(call(&app, session, "save-score", &[("problemId", &id), ("score", "4")]).await.0, 200);
        assert_eq!(call(&app, session, "save-score", &[("problemId", &id), ("score", "5")]).await.0, 409, "rated once");
        let ratings = staff_get(&app, &token, "/api/staff/complaints/ratings").await;
        assert_eq!(ratings["data"], serde_json::json!([{ "agent": "Liza", "ratings": 1, "average": 4.0 }]));
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/close", &[("id", &id)]).await.0, 200);
        assert_eq!(staff_post(&app, &token, "/api/staff/complaints/close", &[("id", &id)]).await.0, 409);
        let (_, list) = call(&app, session, "problem-list", &[]).await;
        assert_eq!(list["data"]["tabs"][2]["list"].as_array().unwrap().len(), 1);

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
}
