//! The promotion landing page's calls, the captcha (S8) and registration.

use crate::helpers::TestApp;
use hiram_domain::staff::Role;
use serde_json::Value;

const BASE: &str = "/pany/api/v2/youmi";
const PHONE: &str = "09171234567";

async fn new_sid(app: &TestApp) -> String {
    let body: Value = app.get(&format!("{BASE}/promotion/get-sid")).await.json().await.unwrap();
    assert_eq!(body["code"], "0");
    body["data"]["sid"].as_str().unwrap().to_owned()
}

/// Draws an image for the sid and returns its answer.
async fn draw(app: &TestApp, sid: &str) -> String {
    let image = app.get(&format!("{BASE}/promotion/get-captcha?sid={sid}&t=1")).await;
    assert_eq!(image.status(), 200);
    assert_eq!(image.headers()["content-type"], "image/png");
    assert_eq!(image.headers()["cache-control"], "no-store");
    assert_eq!(&image.bytes().await.unwrap()[..4], b"\x89PNG");
    app.captcha_answer(sid).await
}

async fn get_sms(app: &TestApp, phone: &str, capcode: &str, sid: &str) -> Value {
    let response = app
        .post_form(&format!("{BASE}/promotion/get-sms"), &[("phone", phone), ("capcode", capcode), ("sid", sid)])
        .await;
    response.json().await.unwrap()
}

async fn register(app: &TestApp, phone: &str, sid: &str, code: &str) -> Value {
    registered(app, phone, sid, code).await.json().await.unwrap()
}

async fn registered(app: &TestApp, phone: &str, sid: &str, code: &str) -> reqwest::Response {
    app.post_form(
        &format!("{BASE}/promotion/register"),
        &[("phone", phone), ("capcode", "0000"), ("sid", sid), ("smsCode", code), ("id", "1"), ("utm_tag", "fb-nov")],
    )
    .await
}

/// Plays the sound for the sid and counts its tones as a listener would:
/// runs of loud 10 ms windows (80 samples at 8 kHz), a run of half a second or
/// more is 0, a run of short beeps is its count, a silence over 0.6 s parts
/// the digits.
async fn listen(app: &TestApp, sid: &str) -> String {
    let sound = app.get(&format!("{BASE}/promotion/get-captcha-audio?sid={sid}&t=2")).await;
    assert_eq!(sound.status(), 200);
    assert_eq!(sound.headers()["content-type"], "audio/wav");
    assert_eq!(sound.headers()["cache-control"], "no-store");
    let wav = sound.bytes().await.unwrap();
    assert_eq!((&wav[..4], &wav[8..12]), (&b"RIFF"[..], &b"WAVE"[..]));
    assert_eq!(u32::from_le_bytes(wav[24..28].try_into().unwrap()), 8_000, "8 kHz");
    let loud: Vec<bool> =
        wav[44..].chunks(80).map(|window| window.iter().any(|sample| sample.abs_diff(128) > 40)).collect();
    let mut digits = String::new();
    let (mut beeps, mut run, mut quiet) = (0, 0, 0);
    for is_loud in loud.into_iter().chain([false; 100]) {
        if is_loud {
            if quiet > 60 && beeps > 0 {
                digits.push_str(&beeps.to_string());
                beeps = 0;
            }
            run += 1;
            quiet = 0;
        } else {
            if run >= 50 {
                digits.push('0');
            } else if run > 0 {
                beeps += 1;
            }
            run = 0;
            quiet += 1;
        }
    }
    if beeps > 0 {
        digits.push_str(&beeps.to_string());
    }
    digits
}

fn other_answer(answer: &str) -> String {
    format!("{:04}", (answer.parse::<u32>().unwrap() + 1) % 10_000)
}

crate::on_both_stores! {
    async fn the_template_of_the_campaign_is_served_by_id(app) {
        app.demo_session().await;
        let body: Value = app.get(&format!("{BASE}/service/channel/channel-template?templateId=1")).await.json().await.unwrap();
        assert_eq!(body["code"], "00");
        assert_eq!(body["data"]["id"], 1);
        assert_eq!(body["data"]["themeColor"], "#A94AFF");
        assert_eq!(body["data"]["buttonText"], "Register now");
        assert_eq!(body["data"]["buttonTextFil"], "Magrehistro na", "the demo template speaks Filipino too");
        let missing = app.get(&format!("{BASE}/service/channel/channel-template?templateId=99")).await;
        let missing = crate::helpers::Checked::of(missing).await;
        assert_eq!(missing.status(), 404);
        let native = app.get("/api/v2/youmi/service/channel/channel-template?templateId=1").await;
        assert_eq!(native.status(), 200, "native shells call it without /pany");
    }

    async fn a_visitor_registers_through_captcha_and_sms_code(app) {
        let sid = new_sid(&app).await;
        let answer = draw(&app, &sid).await;
        let sent = get_sms(&app, PHONE, &answer, &sid).await;
        assert_eq!(sent["code"], "0", "{sent}");
        assert_eq!(sent["message"], "The code has been sent. Please check your phone.");
        let code = app.last_code(PHONE).await;
        let response = registered(&app, PHONE, &sid, &code).await;
        // The new borrower is signed in: the pages' session cookie is set,
        // and it opens their own account, with no second code.
        let cookie = response.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
        assert!(cookie.starts_with("hiram_session=") && cookie.len() > "hiram_session=".len() + 20, "{cookie}");
        let registered: Value = response.json().await.unwrap();
        assert_eq!(registered["code"], "0", "{registered}");
        assert_eq!(registered["message"], "Registration successful");
        let phone = hiram_domain::phone::Phone::parse(PHONE).unwrap();
        assert!(app.state.store.borrower_by_phone(&phone).await.unwrap().is_some());
        let info: Value = app.client.post(app.url("/pany/v3/personal-center/user-info")).header("cookie", &cookie).send().await.unwrap().json().await.unwrap();
        assert_eq!(info["code"], "00", "{info}");
        assert!(info.to_string().contains(&PHONE[PHONE.len() - 4..]), "the account is the new borrower's: {info}");
        let replay = register(&app, PHONE, &sid, &code).await;
        assert_eq!(replay["code"], "-1", "the sid is spent once registration succeeds");
    }

    async fn a_wrong_captcha_is_refused_and_the_next_try_needs_a_new_picture(app) {
        let sid = new_sid(&app).await;
        let answer = draw(&app, &sid).await;
        let wrong = get_sms(&app, PHONE, &other_answer(&answer), &sid).await;
        assert_eq!(wrong["code"], "101");
        let retry = get_sms(&app, PHONE, &answer, &sid).await;
        assert_eq!(retry["code"], "101", "the old picture's answer is gone after a failure");
        let fresh = draw(&app, &sid).await;
        assert_eq!(get_sms(&app, PHONE, &fresh, &sid).await["code"], "0");
        assert_eq!(app.messages_to(PHONE).await, 1, "only the right answer sent a code");
    }

    async fn a_right_captcha_answer_cannot_be_reused(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        let sid = new_sid(&app).await;
        let answer = draw(&app, &sid).await;
        assert_eq!(get_sms(&app, PHONE, &answer, &sid).await["code"], "0");
        assert_eq!(get_sms(&app, PHONE, &answer, &sid).await["code"], "101");
        assert_eq!(get_sms(&app, "09181234567", &answer, &sid).await["code"], "101");
        assert_eq!(app.messages_to(PHONE).await, 1);
    }

    async fn a_captcha_without_a_picture_or_with_a_made_up_sid_is_refused(app) {
        let sid = new_sid(&app).await;
        assert_eq!(get_sms(&app, PHONE, "1234", &sid).await["code"], "101", "no picture drawn yet");
        assert_eq!(get_sms(&app, PHONE, "1234", "made-up").await["code"], "101");
        let image = app.get(&format!("{BASE}/promotion/get-captcha?sid=made-up")).await;
        let image = crate::helpers::Checked::of(image).await;
        assert_eq!(image.status(), 404);
    }

    async fn an_answer_of_any_shape_that_is_wrong_answers_101_and_needs_a_new_picture(app) {
        // §8: "101" refreshes the picture and shows the message, so a wrong
        // answer is "101" whether or not it is four digits.
        let sid = new_sid(&app).await;
        for bad in ["", " ", "12", "12345", "abcd", "12a4", "１２３４", "1234; DROP TABLE captcha"] {
            let answer = draw(&app, &sid).await;
            let response = app
                .post_form(&format!("{BASE}/promotion/get-sms"), &[("phone", PHONE), ("capcode", bad), ("sid", &sid)])
                .await;
            assert_eq!(response.status(), 200, "{bad:?}");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["code"], "101", "{bad:?}: {body}");
            let expected = if bad.trim().is_empty() {
                "Please enter the characters in the picture."
            } else {
                "The characters do not match the picture. Please try the new picture."
            };
            assert_eq!(body["message"], expected, "{bad:?}");
            assert_eq!(get_sms(&app, PHONE, &answer, &sid).await["code"], "101", "{bad:?} spent the picture's answer");
        }
        let answer = draw(&app, &sid).await;
        let without = app.post_form(&format!("{BASE}/promotion/get-sms"), &[("phone", PHONE), ("sid", &sid)]).await;
        assert_eq!(without.json::<Value>().await.unwrap()["code"], "101", "no answer at all");
        assert_eq!(get_sms(&app, PHONE, &answer, &sid).await["code"], "101");
        let fresh = draw(&app, &sid).await;
        assert_eq!(get_sms(&app, PHONE, &fresh, &sid).await["code"], "0", "a new picture is answered");
        assert_eq!(app.messages_to(PHONE).await, 1, "only the right answer sent a code");
    }

    async fn a_visitor_who_cannot_see_the_picture_registers_by_counting_its_tones(app) {
        let sid = new_sid(&app).await;
        let heard = listen(&app, &sid).await;
        assert_eq!(heard.len(), 4, "four digits heard: {heard}");
        assert_eq!(heard, app.captcha_answer(&sid).await, "the tones are the answer the server expects");
        let sent = get_sms(&app, PHONE, &heard, &sid).await;
        assert_eq!(sent["code"], "0", "{sent}");
        let code = app.last_code(PHONE).await;
        assert_eq!(register(&app, PHONE, &sid, &code).await["code"], "0");
    }

    async fn the_sound_replaces_the_picture_and_is_checked_like_it(app) {
        let sid = new_sid(&app).await;
        let seen = draw(&app, &sid).await;
        let heard = listen(&app, &sid).await;
        if seen != heard {
            assert_eq!(get_sms(&app, PHONE, &seen, &sid).await["code"], "101", "the picture's answer is gone");
            assert_eq!(get_sms(&app, PHONE, &heard, &sid).await["code"], "101", "and a failure spends the sound's too");
        }
        let heard = listen(&app, &sid).await;
        assert_eq!(get_sms(&app, PHONE, &other_answer(&heard), &sid).await["code"], "101");
        assert_eq!(get_sms(&app, PHONE, &heard, &sid).await["code"], "101", "a wrong answer needs a new sound");
        let sound = app.get(&format!("{BASE}/promotion/get-captcha-audio?sid=made-up")).await;
        assert_eq!(crate::helpers::Checked::of(sound).await.status(), 404);
        assert_eq!(app.messages_to(PHONE).await, 0);
    }

    async fn the_sound_keeps_the_per_address_code_limit(app with [("APP_OTP__PER_ADDRESS_HOUR", "1")]) {
        for (phone, sent) in [(PHONE, true), ("09181234567", false)] {
            let sid = new_sid(&app).await;
            let heard = listen(&app, &sid).await;
            let response = app
                .post_form(&format!("{BASE}/promotion/get-sms"), &[("phone", phone), ("capcode", &heard), ("sid", &sid)])
                .await;
            let status = crate::helpers::Checked::of(response).await.status();
            assert_eq!(status == 200, sent, "{phone}: {status}");
            assert_eq!(app.messages_to(phone).await, usize::from(sent), "{phone}");
        }
    }

    async fn registering_without_passing_the_captcha_is_refused(app) {
        let sid = new_sid(&app).await;
        draw(&app, &sid).await;
        let refused = register(&app, PHONE, &sid, "123456").await;
        assert_eq!(refused["code"], "-1");
    }

    async fn the_captcha_pass_belongs_to_the_number_that_earned_it(app) {
        let sid = new_sid(&app).await;
        let answer = draw(&app, &sid).await;
        get_sms(&app, PHONE, &answer, &sid).await;
        let code = app.last_code(PHONE).await;
        assert_eq!(register(&app, "09181234567", &sid, &code).await["code"], "-1");
    }

    async fn a_registered_number_learns_it_only_after_proving_it_holds_the_number(app) {
        app.demo_session().await;
        let demo = "09175550100";
        let sid = new_sid(&app).await;
        let answer = draw(&app, &sid).await;
        let sent = get_sms(&app, demo, &answer, &sid).await;
        assert_eq!(sent["code"], "0", "the same answer as for a new number");
        let wrong_code = register(&app, demo, &sid, "000000").await;
        assert_ne!(wrong_code["code"], "11", "no hint without the right code");
        let code = app.last_code(demo).await;
        let known = registered(&app, demo, &sid, &code).await;
        assert!(known.headers().get("set-cookie").is_none(), "registering a known number signs no one in");
        let known: Value = known.json().await.unwrap();
        assert_eq!(known["code"], "11");
        assert_eq!(known["message"], "You are already registered. Please download the app and log in.");
    }

    async fn staff_see_the_funnel_of_a_scripted_campaign_run(app) {
        let token = app.staff_token(Role::Marketing).await;
        let funnel = "page_id=1&user_from=fb&utm_tag=nov-promo&client_type=android";
        for _ in 0..3 {
            app.get(&format!("{BASE}/promotion/track-visit?{funnel}")).await;
        }
        for _ in 0..2 {
            app.get(&format!("{BASE}/promotion/track-click?{funnel}")).await;
        }
        app.get(&format!("{BASE}/promotion/track-visit?page_id=1&user_from=tiktok")).await;
        let sid = new_sid(&app).await;
        let answer = draw(&app, &sid).await;
        let sent: Value = app
            .post_form(
                &format!("{BASE}/promotion/get-sms"),
                &[("phone", PHONE), ("capcode", &answer), ("sid", &sid), ("id", "1"), ("user_from", "fb"), ("utm_tag", "nov-promo")],
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(sent["code"], "0");
        let code = app.last_code(PHONE).await;
        let registered: Value = app
            .post_form(
                &format!("{BASE}/promotion/register"),
                &[("phone", PHONE), ("sid", &sid), ("smsCode", &code), ("id", "1"), ("user_from", "fb"), ("utm_tag", "nov-promo")],
            )
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(registered["code"], "0");
        let response = app.client.get(app.url("/api/staff/promotion-funnel")).bearer_auth(&token).send().await.unwrap();
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            body["data"],
            serde_json::json!([
                { "templateId": 1, "userFrom": "fb", "utmTag": "nov-promo", "visits": 3, "clicks": 2, "codesSent": 1, "registrations": 1 },
                { "templateId": 1, "userFrom": "tiktok", "utmTag": "", "visits": 1, "clicks": 0, "codesSent": 0, "registrations": 0 },
            ])
        );
        let anonymous = app.get("/api/staff/promotion-funnel").await;
        let anonymous = crate::helpers::Checked::of(anonymous).await;
        assert_eq!(anonymous.status(), 401);
    }

    async fn the_funnel_counts_visits_clicks_and_refuses_odd_tags(app) {
        let visit = app.get(&format!("{BASE}/promotion/track-visit?page_id=1&client_type=android&page_type=1&utm_tag=fb")).await;
        assert_eq!(visit.status(), 200);
        let click = app.get(&format!("{BASE}/promotion/track-click?page_id=1&client_type=ios&utm_tag=fb&phone=09171234567")).await;
        assert_eq!(click.status(), 200);
        let odd = app.get(&format!("{BASE}/promotion/track-visit?client_type=windows")).await;
        let odd = crate::helpers::Checked::of(odd).await;
        assert_eq!(odd.status(), 400);
        let long = app.get(&format!("{BASE}/promotion/track-visit?utm_tag={}", "x".repeat(200))).await;
        let long = crate::helpers::Checked::of(long).await;
        assert_eq!(long.status(), 400);
    }
}
