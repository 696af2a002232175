//! The served API document, and the copy the web generates its types from.

use serde_json::Value;

crate::on_both_stores! {
    async fn the_api_document_is_served_and_names_the_borrower_calls(app) {
        let response = app.get("/openapi.json").await;
        assert_eq!(response.status(), 200);
        let document: Value = response.json().await.unwrap();
        assert!(document["paths"]["/pany/v3/loan-details/loan-details"]["post"].is_object());
        assert!(document["components"]["schemas"]["LoanDetails"].is_object());
    }
}

/// The web's TypeScript API types are generated from the committed copy;
/// when the server's document changes, this fails until `make api-types`
/// refreshes it.
#[test]
fn the_web_copy_of_the_api_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/shared/src/api/openapi.json");
    let committed: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("the web copy exists")).unwrap();
    let current = serde_json::to_value(hiram::openapi::document()).unwrap();
    assert!(committed == current, "web/shared/src/api/openapi.json is stale: run `make api-types`");
}
