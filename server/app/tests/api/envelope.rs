//! The reply envelope and parameter parsing every /pany call shares.

use crate::helpers::order_in;
use serde_json::{Value, json};

crate::on_both_stores! {
    async fn an_unknown_api_path_answers_the_not_found_envelope_not_a_page(app) {
        let response = app.get("/pany/v9/nothing-here").await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 404);
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "404");
        assert_eq!(body["message"], "We could not find what you are looking for.");
    }

    async fn a_wrong_method_answers_the_envelope(app) {
        let response = app.client.delete(app.url("/pany/v3/loan-details/loan-details")).send().await.unwrap();
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 405);
        assert_eq!(response.json::<Value>().await.unwrap()["code"], "405");
    }

    async fn errors_speak_filipino_when_the_page_asks_for_it(app) {
        let response = app.post_form("/pany/v3/loan-details/loan-details?lang=fil", &[("orderId", "1")]).await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 401);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "401");
        assert_eq!(body["message"], "Natapos na ang iyong session. Mag-log in muli.");
        let by_header = app
            .client
            .post(app.url("/pany/v3/loan-details/loan-details"))
            .header("accept-language", "tl-PH,tl;q=0.9")
            .send()
            .await
            .unwrap();
        assert_eq!(by_header.json::<Value>().await.unwrap()["message"], "Natapos na ang iyong session. Mag-log in muli.");
    }

    async fn a_json_body_is_read_like_a_form_body(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 174);
        let path = format!("/pany/v3/loan-details/loan-details?sessionId={}", session.session_id);
        let as_number = app.post_json(&path, &json!({ "orderId": order.order_id })).await;
        assert_eq!(as_number.status(), 200);
        let as_text = app.post_json(&path, &json!({ "orderId": order.order_id.to_string(), "productId": null })).await;
        let body: Value = as_text.json().await.unwrap();
        assert_eq!(body["code"], "00");
        assert_eq!(body["data"]["orderStatus"], 174);
    }

    async fn body_fields_override_query_fields(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 180);
        let path = format!("/pany/v3/loan-details/loan-details?sessionId={}&orderId=999999", session.session_id);
        let response = app.post_form(&path, &[("orderId", &order.order_id.to_string())]).await;
        assert_eq!(response.json::<Value>().await.unwrap()["data"]["orderStatus"], 180);
    }

    async fn parameters_may_come_in_the_query_alone(app) {
        let session = app.demo_session().await;
        let order = order_in(&session, 200);
        let response = app
            .get(&format!("/pany/v3/loan-details/loan-details?sessionId={}&orderId={}", session.session_id, order.order_id))
            .await;
        assert_eq!(response.json::<Value>().await.unwrap()["data"]["orderStatus"], 200);
    }

    async fn a_nested_json_body_is_refused_with_a_clear_message(app) {
        let session = app.demo_session().await;
        let path = format!("/pany/v3/loan-details/loan-details?sessionId={}", session.session_id);
        let response = app.post_json(&path, &json!({ "orderId": { "id": 1 } })).await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "400");
        assert_eq!(body["message"], "Some details are missing or not valid. Please check and try again.");
    }

    async fn malformed_json_and_unknown_content_types_are_refused(app) {
        let session = app.demo_session().await;
        let url = app.url(&format!("/pany/v3/loan-details/loan-details?sessionId={}", session.session_id));
        let broken = app.client.post(&url).header("content-type", "application/json").body("{\"orderId\":").send().await.unwrap();
        let broken = crate::helpers::Checked::of(broken).await;
        assert_eq!(broken.status(), 400);
        let xml = app.client.post(&url).header("content-type", "application/xml").body("<orderId>1</orderId>").send().await.unwrap();
        let xml = crate::helpers::Checked::of(xml).await;
        assert_eq!(xml.status(), 400);
    }

    async fn an_oversized_body_is_refused(app) {
        let session = app.demo_session().await;
        let path = format!("/pany/v3/loan-details/loan-details?sessionId={}", session.session_id);
        let padding = "x".repeat(70 * 1024);
        let response = app.post_form(&path, &[("orderId", "1"), ("padding", &padding)]).await;
        // D7 leaves a body over the limit an HTTP error: no envelope code can
        // stand for a request the server did not read.
        assert_eq!(response.status(), 413);
        assert_eq!(response.json::<Value>().await.unwrap()["code"], "413");
    }
}
