//! D4: device, location and contact uploads only under a recorded consent;
//! account deletion keeps the loans and removes the rest.

const PHONE: &str = "09271234567";

crate::on_both_stores! {
    async fn nothing_is_stored_without_consent_and_withdrawal_stops_it(app) {
        let session = app.login(PHONE).await;
        let location = [("longitude", "121.0437"), ("latitude", "14.6760")];
        let (status, refused) = app.call(&session, "/credit-info/upload-location-ios", &location).await;
        assert_eq!(status, 403);
        assert_eq!(refused["data"]["consent"], "location");
        assert_eq!(app.call(&session, "/v3/consent/grant", &[("kind", "location"), ("granted", "1")]).await.0, 200);
        assert_eq!(app.call(&session, "/credit-info/upload-location-ios", &location).await.0, 200);
        assert_eq!(app.call(&session, "/v3/consent/grant", &[("kind", "location"), ("granted", "0")]).await.0, 200);
        assert_eq!(app.call(&session, "/credit-info/upload-location-ios", &location).await.0, 403);
        let (_, consents) = app.call(&session, "/v3/consent/list", &[]).await;
        assert!(consents["data"].as_array().unwrap().iter().all(|consent| consent["granted"] == false));
        for path in ["/credit-info/upload-device-new-ios", "/v3/buried-point/upload", "/v3/upload-info/upload-android-tag", "/service/new/union-error-info"] {
            assert_eq!(app.call(&session, path, &[("deviceName", "Redmi 9A")]).await.0, 403, "{path}");
        }
        let contacts = r#"[{"name":"Nanay","phone":"09171112222"}]"#;
        assert_eq!(app.call(&session, "/credit-info/upload-contacts-ios", &[("contacts", contacts)]).await.0, 403);
    }

    async fn uploads_under_consent_are_checked_and_minimised(app) {
        let session = app.login(PHONE).await;
        for kind in ["device", "contacts", "location"] {
            app.call(&session, "/v3/consent/grant", &[("kind", kind), ("granted", "1")]).await;
        }
        assert_eq!(app.call(&session, "/credit-info/upload-location-ios", &[("longitude", "500"), ("latitude", "14")]).await.0, 400);
        assert_eq!(app.call(&session, "/v3/consent/grant", &[("kind", "microphone"), ("granted", "1")]).await.0, 400);
        let contacts = r#"[{"name":"Nanay","phone":"09171112222"},{"name":"Tito Ben","phone":"not a number"}]"#;
        assert_eq!(app.call(&session, "/credit-info/upload-contacts-ios", &[("contacts", contacts)]).await.0, 200);
        assert_eq!(app.call(&session, "/credit-info/upload-contacts-ios", &[("contacts", "{oops")]).await.0, 400);
        assert_eq!(app.call(&session, "/credit-info/upload-device-new-ios", &[("deviceName", "Redmi 9A"), ("osVersion", "Android 11")]).await.0, 200);
        assert_eq!(app.call(&session, "/v3/buried-point/upload", &[("event", "page_view"), ("page", "home")]).await.0, 200);
    }

    async fn deleting_the_account_keeps_loans_and_removes_the_rest(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let (status, refused) = app.call(&demo.session_id, "/v3/personal-center/user-delete", &[]).await;
        assert_eq!(status, 409, "the demo borrower has open loans");
        assert_eq!(refused["message"], "You still have an open loan. Please repay it before deleting your account.");

        let session = app.login(PHONE).await;
        app.call(&session, "/v3/certify/save-ext-info-new", &[("loan_purpose", "BILLS"), ("education", "COLLEGE"), ("dependents", "1")]).await;
        assert_eq!(app.call(&session, "/v3/certify/certify-list", &[]).await.1["data"]["sections"][3]["done"], true);
        assert_eq!(app.call(&session, "/v3/personal-center/user-delete", &[]).await.0, 200);
        assert_eq!(app.call(&session, "/v3/certify/certify-list", &[]).await.0, 401, "the session ended");
        let again = app.login(PHONE).await;
        let (_, list) = app.call(&again, "/v3/certify/certify-list", &[]).await;
        assert_eq!(list["data"]["progress"], 0, "KYC answers are gone");
    }
}
