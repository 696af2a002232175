//! The login family: one-time codes (S1–S4), sessions (S7), passwords.

use crate::helpers::join_all;
use serde_json::Value;

const PHONE: &str = "09171234567";
const SEND: &str = "/pany/service/login/send-sms-code-new";
const LOGIN: &str = "/pany/service/login/sms-code-login";

async fn try_code(app: &crate::helpers::TestApp, phone: &str, code: &str) -> (u16, Value) {
    let response = app.post_form(LOGIN, &[("phone", phone), ("code", code)]).await;
    crate::helpers::outcome(response).await
}

/// A code that differs from the right one in every digit.
fn wrong(code: &str) -> String {
    code.chars().map(|c| char::from(b'0' + (c as u8 - b'0' + 1) % 10)).collect()
}

crate::on_both_stores! {
    async fn a_new_number_logs_in_with_the_code_and_is_registered(app) {
        let sent = app.post_form(SEND, &[("phone", PHONE)]).await;
        assert_eq!(sent.status(), 200);
        let sent: Value = sent.json().await.unwrap();
        assert_eq!(sent["data"], serde_json::json!({ "resendSeconds": 60, "expiresInSeconds": 300 }));
        let code = app.last_code(PHONE).await;
        let (status, body) = try_code(&app, "+639171234567", &code).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["newBorrower"], true);
        let session = body["data"]["sessionId"].as_str().unwrap();
        assert_eq!(session.len(), 64, "256 bits as hex");
        // The session works: an unknown order is "not found", not "log in".
        let (status, _) = app.loan_details(session, 424_242).await;
        assert_eq!(status, 404);
    }

    async fn a_returning_borrower_is_not_new(app) {
        app.demo_session().await;
        app.post_form(SEND, &[("phone", "0917 555 0100")]).await;
        let code = app.last_code("09175550100").await;
        let (_, body) = try_code(&app, "09175550100", &code).await;
        assert_eq!(body["data"]["newBorrower"], false);
    }

    async fn after_five_wrong_tries_even_the_right_code_is_refused(app) {
        app.post_form(SEND, &[("phone", PHONE)]).await;
        let code = app.last_code(PHONE).await;
        for tries_left in (0..5).rev() {
            let (status, body) = try_code(&app, PHONE, &wrong(&code)).await;
            assert_eq!(status, 400);
            let expected = if tries_left > 0 {
                let times = if tries_left == 1 { "time" } else { "times" };
                format!("The code is not correct. You can try {tries_left} more {times}.")
            } else {
                "This code can no longer be used. Please request a new one.".to_owned()
            };
            assert_eq!(body["message"], expected.as_str());
        }
        let (status, body) = try_code(&app, PHONE, &code).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "This code can no longer be used. Please request a new one.");
    }

    async fn a_used_code_cannot_be_used_again(app) {
        app.post_form(SEND, &[("phone", PHONE)]).await;
        let code = app.last_code(PHONE).await;
        assert_eq!(try_code(&app, PHONE, &code).await.0, 200);
        assert_eq!(try_code(&app, PHONE, &code).await.0, 400);
    }

    async fn an_expired_code_is_refused(app with [("APP_OTP__VALIDITY_SECONDS", "1")]) {
        app.post_form(SEND, &[("phone", PHONE)]).await;
        let code = app.last_code(PHONE).await;
        tokio::time::sleep(std::time::Duration::from_millis(1_100)).await;
        let (status, body) = try_code(&app, PHONE, &code).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "This code can no longer be used. Please request a new one.");
    }

    async fn a_code_for_another_purpose_does_not_log_in(app) {
        app.post_form(SEND, &[("phone", PHONE), ("purpose", "reset_pwd")]).await;
        let code = app.last_code(PHONE).await;
        assert_eq!(try_code(&app, PHONE, &code).await.0, 400);
    }

    async fn a_code_for_another_number_does_not_log_in(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        app.post_form(SEND, &[("phone", PHONE)]).await;
        app.post_form(SEND, &[("phone", "09181234567")]).await;
        let code = app.last_code(PHONE).await;
        assert_eq!(try_code(&app, "09181234567", &code).await.0, 400);
        assert_eq!(try_code(&app, PHONE, &code).await.0, 200);
    }

    async fn a_resend_kills_the_old_code(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        app.post_form(SEND, &[("phone", PHONE)]).await;
        let old = app.last_code(PHONE).await;
        app.post_form(SEND, &[("phone", PHONE)]).await;
        let new = app.last_code(PHONE).await;
        if old != new {
            assert_eq!(try_code(&app, PHONE, &old).await.0, 400);
        }
        assert_eq!(try_code(&app, PHONE, &new).await.0, 200);
    }

    async fn asking_again_within_sixty_seconds_is_refused_with_retry_after(app) {
        assert_eq!(app.post_form(SEND, &[("phone", PHONE)]).await.status(), 200);
        let again = app.post_form(SEND, &[("phone", PHONE)]).await;
        let again = crate::helpers::Checked::of(again).await;
        assert_eq!(again.status(), 429);
        let retry_after: i64 = again.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry_after), "{retry_after}");
        let body: Value = again.json().await.unwrap();
        assert_eq!(body["code"], "429");
        assert_eq!(body["data"]["retryAfterSeconds"], retry_after);
        assert_eq!(body["message"], format!("Please wait {retry_after} seconds before requesting another code."));
        let voice = app.post_form("/pany/service/login/send-voice-code", &[("phone", PHONE)]).await;
        let voice = crate::helpers::Checked::of(voice).await;
        assert_eq!(voice.status(), 429, "the voice call shares the limit");
        assert_eq!(app.messages_to(PHONE).await, 1, "the provider was called once");
    }

    async fn a_number_gets_at_most_five_codes_an_hour(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        for _ in 0..5 {
            assert_eq!(app.post_form(SEND, &[("phone", PHONE)]).await.status(), 200);
        }
        let sixth = app.post_form(SEND, &[("phone", PHONE)]).await;
        let sixth = crate::helpers::Checked::of(sixth).await;
        assert_eq!(sixth.status(), 429);
        assert_eq!(sixth.headers()["retry-after"], "3600");
        assert_eq!(app.messages_to(PHONE).await, 5);
    }

    async fn a_number_gets_at_most_its_daily_codes(app with [
        ("APP_OTP__RESEND_AFTER_SECONDS", "0"),
        ("APP_OTP__PER_PHONE_HOUR", "50"),
        ("APP_OTP__PER_PHONE_DAY", "3"),
    ]) {
        for _ in 0..3 {
            assert_eq!(app.post_form(SEND, &[("phone", PHONE)]).await.status(), 200);
        }
        let fourth = app.post_form(SEND, &[("phone", PHONE)]).await;
        let fourth = crate::helpers::Checked::of(fourth).await;
        assert_eq!(fourth.status(), 429);
        assert_eq!(fourth.headers()["retry-after"], "86400");
        assert_eq!(app.messages_to(PHONE).await, 3);
    }

    async fn one_address_gets_at_most_its_hourly_codes_across_numbers(app with [("APP_OTP__PER_ADDRESS_HOUR", "3")]) {
        for phone in ["09170000001", "09170000002", "09170000003"] {
            assert_eq!(app.post_form(SEND, &[("phone", phone)]).await.status(), 200);
        }
        let fourth = app.post_form(SEND, &[("phone", "09170000004")]).await;
        let fourth = crate::helpers::Checked::of(fourth).await;
        assert_eq!(fourth.status(), 429);
        assert_eq!(app.messages_to("09170000004").await, 0);
    }

    async fn concurrent_sends_to_one_number_send_one_code(app) {
        let sends = (0..10).map(|_| app.post_form(SEND, &[("phone", PHONE)]));
        let statuses: Vec<u16> = futures_statuses(sends).await;
        assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 1, "{statuses:?}");
        assert_eq!(app.messages_to(PHONE).await, 1);
    }

    async fn registered_and_unregistered_numbers_get_the_same_answer(app) {
        app.demo_session().await;
        let registered: Value = app.post_form(SEND, &[("phone", "09175550100")]).await.json().await.unwrap();
        let unregistered: Value = app.post_form(SEND, &[("phone", "09175550101")]).await.json().await.unwrap();
        assert_eq!(registered, unregistered);
        let registered = app.post_form(SEND, &[("phone", "09175550100")]).await;
        let unregistered = app.post_form(SEND, &[("phone", "09175550101")]).await;
        assert_eq!(registered.status(), unregistered.status());
        assert_eq!(registered.json::<Value>().await.unwrap()["code"], unregistered.json::<Value>().await.unwrap()["code"]);
    }

    async fn an_invalid_number_is_refused_in_the_borrowers_language(app) {
        for bad in ["12345", "0281234567", "+1 415 555 0100", ""] {
            let response = app.post_form(SEND, &[("phone", bad)]).await;
            let response = crate::helpers::Checked::of(response).await;
            assert_eq!(response.status(), 400, "{bad}");
            assert_eq!(response.json::<Value>().await.unwrap()["message"], "Please enter a valid mobile number.");
        }
        let filipino: Value = app.post_form(&format!("{SEND}?lang=fil"), &[("phone", "123")]).await.json().await.unwrap();
        assert_eq!(filipino["message"], "Maglagay ng tamang mobile number.");
        assert_eq!(app.state.store.outbox(None, 10).await.unwrap().len(), 0, "nothing was sent");
    }

    async fn a_malformed_code_or_unknown_purpose_is_a_clear_error(app) {
        let (status, body) = try_code(&app, PHONE, "12ab56").await;
        assert_eq!((status, body["message"].as_str().unwrap()), (400, "Please enter the 6-digit code."));
        let response = app.post_form(SEND, &[("phone", PHONE), ("purpose", "register")]).await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 400);
        assert_eq!(app.messages_to(PHONE).await, 0);
    }

    async fn a_voice_code_goes_through_the_same_outbox(app) {
        let response = app.post_form("/pany/service/login/send-voice-code", &[("phone", PHONE)]).await;
        assert_eq!(response.status(), 200);
        let phone = hiram_domain::phone::Phone::parse(PHONE).unwrap();
        let entries = app.state.store.outbox(Some(&phone), 5).await.unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].delivery, hiram_domain::otp::Delivery::Voice);
        let code = app.last_code(PHONE).await;
        assert_eq!(try_code(&app, PHONE, &code).await.0, 200);
    }

    async fn logout_ends_the_session(app) {
        let session = app.login(PHONE).await;
        assert_eq!(app.loan_details(&session, 1).await.0, 404);
        let out = app.post_form(&format!("/pany/service/login/logout?sessionId={session}"), &[]).await;
        assert_eq!(out.status(), 200);
        assert_eq!(app.loan_details(&session, 1).await.0, 401);
        let again = app.post_form(&format!("/pany/user/logout?sessionId={session}"), &[]).await;
        assert_eq!(again.status(), 200, "logging out twice is harmless");
    }

    async fn a_password_can_be_set_with_a_code_and_used_to_log_in(app) {
        let before = app.login(PHONE).await;
        assert_eq!(app.loan_details(&before, 1).await.0, 404, "signed in");
        app.clock.advance(time::Duration::minutes(2));
        app.post_form(SEND, &[("phone", PHONE), ("purpose", "reset_pwd")]).await;
        let code = app.last_code(PHONE).await;
        let weak = app.post_form("/pany/service/login/reset-pwd", &[("phone", PHONE), ("code", &code), ("password", "12345678")]).await;
        let weak = crate::helpers::Checked::of(weak).await;
        assert_eq!(weak.status(), 400);
        assert_eq!(weak.json::<Value>().await.unwrap()["message"], "Use 8 to 64 characters for your password, not only numbers, and not a common password like \"password123\".");
        for common in ["password", "aaaaaaaa", "Password2026!"] {
            let refused = app.post_form("/pany/service/login/reset-pwd", &[("phone", PHONE), ("code", &code), ("password", common)]).await;
            assert_eq!(crate::helpers::Checked::of(refused).await.status(), 400, "{common}");
        }
        let set = app.post_form("/pany/service/login/reset-pwd", &[("phone", PHONE), ("code", &code), ("password", "sampaguita-8")]).await;
        assert_eq!(set.status(), 200);
        let login: Value = app
            .post_form("/pany/service/login/login", &[("phone", PHONE), ("password", "sampaguita-8")])
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(login["code"], "00");
        assert_eq!(app.loan_details(login["data"]["sessionId"].as_str().unwrap(), 1).await.0, 404);
        assert_eq!(app.loan_details(&before, 1).await.0, 401, "the new password ended the sessions from before it");
    }

    async fn a_wrong_password_and_an_unknown_number_look_the_same(app) {
        app.login(PHONE).await;
        let path = "/pany/service/login/login";
        let wrong = app.post_form(path, &[("phone", PHONE), ("password", "not-the-password")]).await;
        let unknown = app.post_form(path, &[("phone", "09990000000"), ("password", "not-the-password")]).await;
        let (wrong, unknown) = (crate::helpers::Checked::of(wrong).await, crate::helpers::Checked::of(unknown).await);
        assert_eq!((wrong.status(), unknown.status()), (400, 400));
        assert_eq!(wrong.json::<Value>().await.unwrap(), unknown.json::<Value>().await.unwrap());
    }

    async fn password_tries_are_limited_per_number_and_the_right_password_waits_too(app) {
        set_password(&app, PHONE, "sampaguita-8").await;
        for _ in 0..5 {
            let wrong = password_try(&app, PHONE, "not-the-password").await;
            assert_eq!(wrong.status(), 400);
        }
        let limited = password_try(&app, PHONE, "sampaguita-8").await;
        assert_eq!(limited.status(), 429, "the right password is refused while the number is limited");
        let retry_after: i64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=900).contains(&retry_after), "{retry_after}");
        let body: Value = limited.json().await.unwrap();
        assert_eq!(body["data"]["retryAfterSeconds"], retry_after);
        assert!(body["data"].get("sessionId").is_none());
        app.clock.advance(time::Duration::seconds(retry_after));
        let after: Value = password_try(&app, PHONE, "sampaguita-8").await.json().await.unwrap();
        assert_eq!(after["code"], "00", "{after}");
    }

    async fn a_success_clears_the_numbers_tries_from_that_address(app) {
        set_password(&app, PHONE, "sampaguita-8").await;
        for _ in 0..4 {
            assert_eq!(password_try(&app, PHONE, "typo").await.status(), 400);
        }
        assert_eq!(password_try(&app, PHONE, "sampaguita-8").await.status(), 200);
        for _ in 0..4 {
            assert_eq!(password_try(&app, PHONE, "typo").await.status(), 400);
        }
    }

    async fn one_address_cannot_spray_passwords_over_many_numbers(app) {
        for n in 0..30 {
            let phone = format!("0999{n:07}");
            assert_eq!(password_try(&app, &phone, "password1").await.status(), 400);
        }
        let next = password_try(&app, "09170000999", "password1").await;
        assert_eq!(next.status(), 429, "the thirty-first number from one address in an hour waits");
        assert!(next.headers().contains_key("retry-after"));
    }

    async fn parallel_guesses_cannot_slip_past_the_limit(app) {
        set_password(&app, PHONE, "sampaguita-8").await;
        let replies = join_all((0..20).map(|_| password_try(&app, PHONE, "guess-guess")).collect()).await;
        let statuses: Vec<u16> = replies.iter().map(crate::helpers::Checked::status).collect();
        assert_eq!(statuses.iter().filter(|status| **status == 400).count(), 5, "{statuses:?}");
        assert_eq!(statuses.iter().filter(|status| **status == 429).count(), 15, "{statuses:?}");
    }

    async fn login_init_tells_the_page_the_rules(app) {
        let body: Value = app.post_form("/pany/service/login/login-init", &[]).await.json().await.unwrap();
        assert_eq!(body["data"]["resendSeconds"], 60);
        assert_eq!(body["data"]["codeLength"], 6);
    }
}

/// One password login, its outcome read as D7 gives it (the envelope's code).
async fn password_try(app: &crate::helpers::TestApp, phone: &str, password: &str) -> crate::helpers::Checked {
    crate::helpers::Checked::of(
        app.post_form("/pany/service/login/login", &[("phone", phone), ("password", password)]).await,
    )
    .await
}

async fn set_password(app: &crate::helpers::TestApp, phone: &str, password: &str) {
    app.post_form(SEND, &[("phone", phone), ("purpose", "reset_pwd")]).await;
    let code = app.last_code(phone).await;
    let set = app
        .post_form("/pany/service/login/reset-pwd", &[("phone", phone), ("code", &code), ("password", password)])
        .await;
    assert_eq!(set.status(), 200);
}

async fn futures_statuses(
    requests: impl Iterator<Item = impl std::future::Future<Output = reqwest::Response>>,
) -> Vec<u16> {
    let handles: Vec<_> = requests.collect();
    let mut statuses = Vec::new();
    for response in join_all(handles).await {
        statuses.push(crate::helpers::Checked::of(response).await.status());
    }
    statuses
}

mod web_session {
    use crate::helpers::TestApp;
    use serde_json::Value;

    const USER_INFO: &str = "/pany/v3/personal-center/user-info";

    async fn exchange(app: &TestApp, session: &str) -> reqwest::Response {
        app.client
            .post(app.url("/pany/service/login/web-session"))
            .form(&[("sessionId", session)])
            .send()
            .await
            .unwrap()
    }

    /// A call as our pages make it once the session is a cookie: no
    /// `sessionId` anywhere in the address.
    async fn with_cookie(
        app: &TestApp,
        method: reqwest::Method,
        path: &str,
        cookie: &str,
        origin: Option<&str>,
    ) -> Value {
        let mut request = app.client.request(method, app.url(path)).header("cookie", cookie);
        if let Some(origin) = origin {
            request = request.header("origin", origin);
        }
        request.send().await.unwrap().json().await.unwrap()
    }

    crate::on_both_stores! {
        async fn our_pages_trade_the_addresss_session_for_an_http_only_cookie(app) {
            let session = app.login("09171112222").await;
            let traded = exchange(&app, &session).await;
            assert_eq!(traded.status(), 200);
            let set = traded.headers()["set-cookie"].to_str().unwrap().to_owned();
            assert!(set.starts_with(&format!("hiram_session={session}; Path=/; HttpOnly; SameSite=Strict; Max-Age=")), "{set}");
            let cookie = set.split(';').next().unwrap().to_owned();

            // Reads and writes go with the cookie alone; a write from another site's page is refused.
            let info = with_cookie(&app, reqwest::Method::POST, USER_INFO, &cookie, None).await;
            assert_eq!(info["code"], "00", "a caller that is no browser is judged by its session: {info}");
            let own = app.address.clone();
            let posted = with_cookie(&app, reqwest::Method::POST, USER_INFO, &cookie, Some(&own)).await;
            assert_eq!(posted["code"], "00", "{posted}");
            let foreign = with_cookie(&app, reqwest::Method::POST, USER_INFO, &cookie, Some("https://evil.example")).await;
            assert_eq!(foreign["code"], "403", "{foreign}");
            assert_eq!(with_cookie(&app, reqwest::Method::POST, USER_INFO, "hiram_session=", None).await["code"], "401");

            // Logging out ends the session and clears the cookie.
            let out = app.client.post(app.url("/pany/service/login/logout")).header("cookie", &cookie).header("origin", &own).send().await.unwrap();
            assert_eq!(out.status(), 200);
            assert!(out.headers()["set-cookie"].to_str().unwrap().contains("hiram_session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"));
            assert_eq!(with_cookie(&app, reqwest::Method::POST, USER_INFO, &cookie, None).await["code"], "401");
            let ended = exchange(&app, &session).await;
            assert!(ended.headers().get("set-cookie").is_none());
            assert_eq!(ended.json::<Value>().await.unwrap()["code"], "401", "an ended session is traded for nothing");
        }

        async fn the_trade_takes_the_session_in_the_body_only_and_a_real_one_only(app) {
            let session = app.login("09171112222").await;
            let in_address = app.client.post(app.url(&format!("/pany/service/login/web-session?sessionId={session}"))).send().await.unwrap();
            assert!(in_address.headers().get("set-cookie").is_none());
            assert_eq!(in_address.json::<Value>().await.unwrap()["code"], "400");
            for bad in ["", "abc", &"0".repeat(64)] {
                let refused = exchange(&app, bad).await;
                assert!(refused.headers().get("set-cookie").is_none());
                assert_eq!(refused.json::<Value>().await.unwrap()["code"], "401", "{bad}");
            }
        }
    }
}
