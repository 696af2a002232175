//! The staff API's SMS outbox.

use serde_json::Value;

crate::on_both_stores! {
    async fn without_a_configured_token_the_staff_api_refuses_everyone(app) {
        let response = app.get("/api/staff/sms-outbox").await;
        assert_eq!(response.status(), 401);
        let guessed = app.client.get(app.url("/api/staff/sms-outbox")).bearer_auth("").send().await.unwrap();
        assert_eq!(guessed.status(), 401);
    }

    async fn staff_read_the_outbox_with_the_token(app with [("APP_STAFF__API_TOKEN", "staff-secret-token")]) {
        app.post_form("/pany/service/login/send-sms-code-new", &[("phone", "09171234567")]).await;
        let wrong = app.client.get(app.url("/api/staff/sms-outbox")).bearer_auth("staff-secret-tokex").send().await.unwrap();
        assert_eq!(wrong.status(), 401);
        let response = app
            .client
            .get(app.url("/api/staff/sms-outbox?phone=09171234567"))
            .bearer_auth("staff-secret-token")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let body: Value = response.json().await.unwrap();
        let messages = body["data"].as_array().unwrap();
        assert_eq!(messages.len(), 1);
        assert_eq!(messages[0]["phone"], "+639171234567");
        assert!(messages[0]["body"].as_str().unwrap().starts_with("Your Hiram code is "));
        let other = app
            .client
            .get(app.url("/api/staff/sms-outbox?phone=09181234567"))
            .bearer_auth("staff-secret-token")
            .send()
            .await
            .unwrap();
        assert_eq!(other.json::<Value>().await.unwrap()["data"].as_array().unwrap().len(), 0);
    }

    async fn an_unknown_staff_path_is_a_json_404(app) {
        let response = app.get("/api/nothing").await;
        assert_eq!(response.status(), 404);
        assert_eq!(response.json::<Value>().await.unwrap()["code"], "404");
    }
}
