use serde_json::Value;

crate::on_both_stores! {
    async fn healthz_answers_ok(app) {
        let response = app.get("/healthz").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap()["status"], "ok");
    }

    async fn readyz_answers_ok_when_the_database_answers(app) {
        let response = app.get("/readyz").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap()["status"], "ok");
    }

    async fn every_response_carries_a_request_id(app) {
        let response = app.get("/healthz").await;
        let id = response.headers().get("x-request-id").expect("a request id").to_str().unwrap().to_owned();
        assert_eq!(id.len(), 16);
        let echoed = app.client.get(app.url("/healthz")).header("x-request-id", "trace-me").send().await.unwrap();
        assert_eq!(echoed.headers()["x-request-id"], "trace-me");
    }
}
