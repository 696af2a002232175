//! Marketing in the console: promotion templates, channel links with their
//! funnels, the site's banners and the company's details. Every save is
//! checked field by field, a refusal changes nothing, every change is
//! audited, and the public pages read what staff saved.

use crate::console::{Member, member, named_member, send};
use crate::helpers::{TestApp, order_in};
use hiram_domain::staff::Role;
use serde_json::Value;
use time::format_description::well_known::Rfc3339;

const PROMOTION: &str = "/pany/api/v2/youmi";

async fn audit_of(app: &TestApp, action: &str) -> Vec<Value> {
    let auditor = member(app, Role::Auditor).await;
    let (status, audit) = send(app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
    assert_eq!(status, 200, "{audit}");
    audit["data"]["rows"].as_array().unwrap().iter().filter(|row| row["action"] == action).cloned().collect()
}

async fn refused_field(app: &TestApp, staff: &Member, path: &str, form: &[(&str, &str)]) -> String {
    let (status, body) = send(app, staff, "POST", path, form).await;
    assert_eq!(status, 400, "{path} {form:?}: {body}");
    body["data"]["field"].as_str().unwrap_or_else(|| panic!("{path} {form:?} names a field: {body}")).to_owned()
}

fn at(app: &TestApp, offset: time::Duration) -> String {
    (app.state.now() + offset).format(&Rfc3339).unwrap()
}

async fn public(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

async fn showing_texts(app: &TestApp) -> Vec<String> {
    let body = public(app, "/pany/public/site-banners").await;
    body["data"].as_array().unwrap().iter().map(|banner| banner["text"].as_str().unwrap().to_owned()).collect()
}

const TEMPLATE: [(&str, &str); 7] = [
    ("appName", "Hiram Plus"),
    ("headline", "Up to ₱10,000 for your sari-sari store"),
    ("subheadline", "Register with your mobile number."),
    ("buttonText", "Sign me up"),
    ("themeColor", "#1F7A4D"),
    ("downloadAndroidUrl", "https://play.google.com/store/apps/details?id=ph.hiram"),
    ("active", "true"),
];

const COMPANY: [(&str, &str); 9] = [
    ("corporateName", "Bagong Hiram Lending Corp."),
    ("tradeName", "Hiram"),
    ("secRegistrationNo", "CS2026-00999"),
    ("certificateOfAuthorityNo", "CA No. 4100"),
    ("address", "Level 5, 10 Ortigas Avenue, Pasig City"),
    ("phone", "(02) 8700 1234"),
    ("email", "help@bagong.example"),
    ("serviceHours", "Mon–Fri, 9:00 AM – 6:00 PM"),
    ("whatsapp", "0917 555 0123"),
];

fn with<'a>(base: &[(&'a str, &'a str)], changes: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form: Vec<(&str, &str)> =
        base.iter().filter(|(key, _)| !changes.iter().any(|(changed, _)| changed == key)).copied().collect();
    form.extend_from_slice(changes);
    form
}

crate::on_both_stores! {
    async fn a_template_is_added_and_changed_with_its_audit_and_a_refused_field_changes_nothing(app) {
        let marketing = member(&app, Role::Marketing).await;
        let (status, page) = send(&app, &marketing, "GET", "/api/console/promotion-templates", &[]).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!((page["data"]["total"].as_i64(), page["data"]["rows"][0]["id"].as_i64()), (Some(1), Some(1)), "the demo template");

        let (status, created) = send(&app, &marketing, "POST", "/api/console/promotion-templates/save", &TEMPLATE).await;
        assert_eq!(status, 200, "{created}");
        let id = created["data"]["id"].as_i64().unwrap();
        assert_eq!(id, 2);
        assert_eq!(created["data"]["landingPath"], "/promotion?id=2");
        let served = public(&app, &format!("{PROMOTION}/service/channel/channel-template?templateId={id}")).await;
        assert_eq!((served["data"]["headline"].as_str(), served["data"]["themeColor"].as_str()), (Some(TEMPLATE[1].1), Some("#1F7A4D")));

        let id_text = id.to_string();
        for (field, bad) in [
            ("appName", " "),
            ("headline", &*"x".repeat(121)),
            ("buttonText", ""),
            ("themeColor", "purple"),
            ("themeColor", "#fff;background:url(x)"),
            ("downloadAndroidUrl", "http://play.google.com/store"),
            ("downloadIosUrl", "javascript:alert(1)"),
        ] {
            let form = with(&TEMPLATE, &[("id", &id_text), (field, bad)]);
            assert_eq!(refused_field(&app, &marketing, "/api/console/promotion-templates/save", &form).await, field, "{bad}");
        }
        let (_, unchanged) = send(&app, &marketing, "GET", &format!("/api/console/promotion-templates/read?id={id}"), &[]).await;
        assert_eq!(unchanged["data"], created["data"], "refusals changed nothing");

        let changed = with(&TEMPLATE, &[("id", &id_text), ("headline", "Cash for school fees"), ("active", "false")]);
        let (status, saved) = send(&app, &marketing, "POST", "/api/console/promotion-templates/save", &changed).await;
        assert_eq!(status, 200, "{saved}");
        assert_eq!(saved["data"]["headline"], "Cash for school fees");
        let inactive = app.get(&format!("{PROMOTION}/service/channel/channel-template?templateId={id}")).await;
        let inactive = crate::helpers::Checked::of(inactive).await;
        assert_eq!(inactive.status(), 404, "an inactive template is not served to the page");
        assert_eq!(send(&app, &marketing, "GET", "/api/console/promotion-templates/read?id=99", &[]).await.0, 404);
        assert_eq!(send(&app, &marketing, "POST", "/api/console/promotion-templates/save", &with(&TEMPLATE, &[("id", "99")])).await.0, 404);

        let (_, second) = send(&app, &marketing, "GET", "/api/console/promotion-templates?page=2&pageSize=1", &[]).await;
        assert_eq!(second["data"]["total"], 2);
        assert_eq!(second["data"]["rows"].as_array().unwrap().len(), 1);
        assert_eq!(second["data"]["rows"][0]["id"], id);
        assert_eq!(send(&app, &marketing, "GET", "/api/console/promotion-templates?pageSize=101", &[]).await.0, 400);
        assert_eq!(send(&app, &marketing, "GET", "/api/console/promotion-templates?page=0", &[]).await.0, 400);

        let saves = audit_of(&app, "promotion_template.save").await;
        assert_eq!(saves.len(), 2, "one entry per save, none for refusals: {saves:?}");
        let (edit, create) = (&saves[0], &saves[1]);
        assert_eq!(create["before"], Value::Null);
        assert_eq!(create["subject"], format!("promotion_template:{id}"));
        assert_eq!((edit["before"]["headline"].as_str(), edit["after"]["headline"].as_str()), (Some(TEMPLATE[1].1), Some("Cash for school fees")));
        assert_eq!((edit["before"]["active"].as_bool(), edit["after"]["active"].as_bool()), (Some(true), Some(false)));
    }

    async fn a_template_keeps_filipino_texts_beside_the_english_and_refuses_one_too_long_in_the_callers_language(app) {
        let marketing = member(&app, Role::Marketing).await;
        let filipino = [
            ("headlineFil", "Hanggang ₱10,000 para sa sari-sari store mo"),
            ("subheadlineFil", "Magrehistro gamit ang mobile number mo."),
            ("buttonTextFil", "Sali na"),
        ];
        let (status, created) =
            send(&app, &marketing, "POST", "/api/console/promotion-templates/save", &with(&TEMPLATE, &filipino)).await;
        assert_eq!(status, 200, "{created}");
        let id = created["data"]["id"].as_i64().unwrap();
        let served = public(&app, &format!("{PROMOTION}/service/channel/channel-template?templateId={id}")).await;
        for (field, text) in filipino {
            assert_eq!((field, created["data"][field].as_str()), (field, Some(text)));
            assert_eq!((field, served["data"][field].as_str()), (field, Some(text)));
        }
        assert_eq!(
            (served["data"]["headline"].as_str(), served["data"]["buttonText"].as_str()),
            (Some(TEMPLATE[1].1), Some(TEMPLATE[3].1)),
            "the English texts app shells read are as they were"
        );

        let id_text = id.to_string();
        for (field, bad) in [
            ("headlineFil", "x".repeat(121)),
            ("subheadlineFil", "x".repeat(241)),
            ("buttonTextFil", "x".repeat(31)),
            ("headlineFil", "Unang linya\nikalawang linya".to_owned()),
        ] {
            let form = with(&TEMPLATE, &[("id", &id_text), (field, &bad)]);
            let path = "/api/console/promotion-templates/save?lang=fil";
            let (status, body) = send(&app, &marketing, "POST", path, &form).await;
            assert_eq!((status, body["data"]["field"].as_str()), (400, Some(field)), "{bad}: {body}");
            assert_eq!(body["message"], format!("Pakisuri: {field}."));
        }
        let (_, unchanged) = send(&app, &marketing, "GET", &format!("/api/console/promotion-templates/read?id={id}"), &[]).await;
        assert_eq!(unchanged["data"], created["data"], "refusals changed nothing");

        // A caller written before the Filipino texts (a script on a staff
        // token) sends none: the template keeps them.
        let english_only = with(&TEMPLATE, &[("id", &id_text), ("headline", "Cash for the new school year")]);
        let (status, kept) = send(&app, &marketing, "POST", "/api/console/promotion-templates/save", &english_only).await;
        assert_eq!(status, 200, "{kept}");
        let served = public(&app, &format!("{PROMOTION}/service/channel/channel-template?templateId={id}")).await;
        assert_eq!(served["data"]["headline"], "Cash for the new school year");
        for (field, text) in filipino {
            assert_eq!((field, served["data"][field].as_str()), (field, Some(text)), "a Filipino text left out is kept");
        }
        // Sent empty, one is cleared: the page then says its own.
        let cleared = with(&TEMPLATE, &[("id", &id_text), ("headlineFil", ""), ("subheadlineFil", ""), ("buttonTextFil", "")]);
        let (status, body) = send(&app, &marketing, "POST", "/api/console/promotion-templates/save", &cleared).await;
        assert_eq!(status, 200, "{body}");
        let served = public(&app, &format!("{PROMOTION}/service/channel/channel-template?templateId={id}")).await;
        for (field, _) in filipino {
            assert_eq!((field, served["data"][field].as_str()), (field, Some("")), "a Filipino text sent empty is cleared");
        }
    }

    async fn a_channel_link_counts_the_visitors_who_carried_its_code_and_unlisted_links_still_work(app) {
        let marketing = member(&app, Role::Marketing).await;
        let link = [("name", "Facebook November"), ("templateId", "1"), ("userFrom", "fb"), ("utmTag", "nov-boost"), ("kind", "register"), ("code", "fb-nov")];
        let (status, created) = send(&app, &marketing, "POST", "/api/console/promotion-links/save", &link).await;
        assert_eq!(status, 200, "{created}");
        let register_id = created["data"]["id"].as_i64().unwrap();
        assert_eq!(created["data"]["landingPath"], "/promotion?id=1&user_from=fb&utm_tag=nov-boost&links_id=fb-nov");
        assert_eq!((created["data"]["linksId"].as_str(), created["data"]["downId"].as_str()), (Some("fb-nov"), Some("")));
        let download = with(&link, &[("name", "Facebook November (download)"), ("kind", "download")]);
        let (status, created) = send(&app, &marketing, "POST", "/api/console/promotion-links/save", &download).await;
        assert_eq!(status, 200, "the same code may name a link of the other kind: {created}");
        assert_eq!(created["data"]["landingPath"], "/promotion?id=1&user_from=fb&utm_tag=nov-boost&down_id=fb-nov#/downloadTemplate");

        let (status, taken) = send(&app, &marketing, "POST", "/api/console/promotion-links/save", &with(&link, &[("name", "Copy")])).await;
        assert_eq!((status, taken["data"]["field"].as_str()), (409, Some("code")), "{taken}");
        for (field, bad) in [("kind", "sms"), ("templateId", "99"), ("userFrom", "face book"), ("code", "a&b"), ("name", ""), ("utmTag", "nov#1")] {
            assert_eq!(refused_field(&app, &marketing, "/api/console/promotion-links/save", &with(&link, &[(field, bad)])).await, field, "{bad}");
        }

        for query in ["links_id=fb-nov", "links_id=fb-nov", "down_id=fb-nov", "links_id=not-listed"] {
            let visit = app.get(&format!("{PROMOTION}/promotion/track-visit?page_id=1&client_type=android&user_from=fb&{query}")).await;
            assert_eq!(visit.status(), 200, "{query}: a link nobody listed still counts its visits");
        }
        let click = app.get(&format!("{PROMOTION}/promotion/track-click?page_id=1&client_type=ios&links_id=fb-nov&phone=09171234567")).await;
        assert_eq!(click.status(), 200);
        let sid: Value = app.get(&format!("{PROMOTION}/promotion/get-sid")).await.json().await.unwrap();
        let sid = sid["data"]["sid"].as_str().unwrap().to_owned();
        assert_eq!(app.get(&format!("{PROMOTION}/promotion/get-captcha?sid={sid}")).await.status(), 200);
        let answer = app.captcha_answer(&sid).await;
        let sent: Value = app.post_form(&format!("{PROMOTION}/promotion/get-sms"), &[("phone", "09171234567"), ("capcode", &answer), ("sid", &sid), ("id", "1"), ("links_id", "fb-nov")]).await.json().await.unwrap();
        assert_eq!(sent["code"], "0", "{sent}");
        let code = app.last_code("09171234567").await;
        let registered: Value = app.post_form(&format!("{PROMOTION}/promotion/register"), &[("phone", "09171234567"), ("sid", &sid), ("smsCode", &code), ("id", "1"), ("links_id", "fb-nov")]).await.json().await.unwrap();
        assert_eq!(registered["code"], "0", "{registered}");

        let (status, page) = send(&app, &marketing, "GET", "/api/console/promotion-links", &[]).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["data"]["total"], 2);
        let counts = |row: &Value| [&row["visits"], &row["clicks"], &row["codesSent"], &row["registrations"]].map(|n| n.as_i64().unwrap());
        let rows = page["data"]["rows"].as_array().unwrap();
        assert_eq!(rows[0]["link"]["kind"], "download", "newest first");
        assert_eq!(counts(&rows[0]), [1, 0, 0, 0]);
        assert_eq!(rows[1]["link"]["id"], register_id);
        assert_eq!(counts(&rows[1]), [2, 1, 1, 1]);
        let (_, second) = send(&app, &marketing, "GET", "/api/console/promotion-links?page=2&pageSize=1", &[]).await;
        assert_eq!(second["data"]["rows"][0]["link"]["id"], register_id);

        let id = register_id.to_string();
        let rename = [("id", id.as_str()), ("name", "Facebook Nov boost"), ("templateId", "1"), ("userFrom", "fb"), ("utmTag", "nov-boost-2")];
        let (status, renamed) = send(&app, &marketing, "POST", "/api/console/promotion-links/save", &rename).await;
        assert_eq!(status, 200, "{renamed}");
        assert_eq!((renamed["data"]["name"].as_str(), renamed["data"]["linksId"].as_str()), (Some("Facebook Nov boost"), Some("fb-nov")), "the code stays");
        assert_eq!(refused_field(&app, &marketing, "/api/console/promotion-links/save", &with(&rename, &[("code", "fb-dec")])).await, "code");
        assert_eq!(refused_field(&app, &marketing, "/api/console/promotion-links/save", &with(&rename, &[("kind", "download")])).await, "kind");
        assert_eq!(send(&app, &marketing, "POST", "/api/console/promotion-links/save", &with(&rename, &[("id", "9999")])).await.0, 404);

        let saves = audit_of(&app, "promotion_link.save").await;
        assert_eq!(saves.len(), 3, "{saves:?}");
        assert_eq!((saves[0]["before"]["utmTag"].as_str(), saves[0]["after"]["utmTag"].as_str()), (Some("nov-boost"), Some("nov-boost-2")));
        let (_, funnel) = send(&app, &marketing, "GET", "/api/console/promotion-funnel", &[]).await;
        assert!(funnel["data"].as_array().unwrap().iter().any(|row| row["userFrom"] == "fb"), "the funnel by channel still counts: {funnel}");
    }

    async fn banners_show_on_the_site_within_their_time_in_order_and_only_as_text(app) {
        let marketing = member(&app, Role::Marketing).await;
        assert!(showing_texts(&app).await.is_empty(), "no banners: the site shows its own");
        let (tomorrow, in_an_hour) = (at(&app, time::Duration::days(1)), at(&app, time::Duration::hours(1)));
        let banners: [&[(&str, &str)]; 3] = [
            &[("text", "<b>Piso sale</b> this week"), ("link", "/promotion?id=1"), ("position", "2")],
            &[("text", "Christmas loans open tomorrow"), ("showsFrom", &tomorrow), ("position", "1")],
            &[("text", "Today only: no service fee"), ("showsUntil", &in_an_hour), ("link", "https://hiram.example/promo"), ("position", "0")],
        ];
        let mut ids = Vec::new();
        for form in banners {
            let (status, saved) = send(&app, &marketing, "POST", "/api/console/site-banners/save", form).await;
            assert_eq!(status, 200, "{saved}");
            ids.push(saved["data"]["id"].as_i64().unwrap());
        }
        let shown = public(&app, "/pany/public/site-banners").await;
        assert_eq!(shown["data"][0]["link"], "https://hiram.example/promo");
        assert_eq!(showing_texts(&app).await, ["Today only: no service fee", "<b>Piso sale</b> this week"], "by position; markup is kept as text");

        for (field, bad) in [("link", "javascript:alert(1)"), ("link", "//evil.example"), ("showsFrom", "tomorrow"), ("position", "1000"), ("text", " ")] {
            assert_eq!(refused_field(&app, &marketing, "/api/console/site-banners/save", &with(&[("text", "Sale")], &[(field, bad)])).await, field, "{bad}");
        }
        let backwards = [("text", "Sale"), ("showsFrom", tomorrow.as_str()), ("showsUntil", in_an_hour.as_str())];
        assert_eq!(refused_field(&app, &marketing, "/api/console/site-banners/save", &backwards).await, "showsUntil");
        let (_, listed) = send(&app, &marketing, "GET", "/api/console/site-banners", &[]).await;
        assert_eq!(listed["data"]["total"], 3, "refusals added nothing");
        assert_eq!(listed["data"]["rows"][0]["showing"], true);
        assert_eq!(listed["data"]["rows"][1]["showing"], false);

        app.clock.advance(time::Duration::hours(2));
        assert_eq!(showing_texts(&app).await, ["<b>Piso sale</b> this week"], "the hour is over, tomorrow has not come");
        app.clock.advance(time::Duration::days(1));
        assert_eq!(showing_texts(&app).await, ["Christmas loans open tomorrow", "<b>Piso sale</b> this week"]);
        // A console session lasts a working day; a day has passed.
        let marketing = named_member(&app, Role::Marketing, "next-day").await;
        for n in 0..3 {
            let text = format!("Extra {n}");
            assert_eq!(send(&app, &marketing, "POST", "/api/console/site-banners/save", &[("text", text.as_str()), ("position", "5")]).await.0, 200);
        }
        assert_eq!(showing_texts(&app).await.len(), 3, "the carousel shows three");

        let first = ids[0].to_string();
        let now = at(&app, time::Duration::ZERO);
        let stop = [("id", first.as_str()), ("text", "<b>Piso sale</b> this week"), ("showsUntil", now.as_str()), ("position", "2")];
        let (status, stopped) = send(&app, &marketing, "POST", "/api/console/site-banners/save", &stop).await;
        assert_eq!((status, stopped["data"]["showing"].as_bool()), (200, Some(false)), "{stopped}");
        assert!(!showing_texts(&app).await.iter().any(|text| text.contains("Piso")));
        let saves = audit_of(&app, "site_banner.save").await;
        assert_eq!(saves.len(), 7);
        assert_eq!((saves[0]["before"]["showsUntil"].clone(), saves[0]["after"]["showsUntil"].as_str()), (Value::Null, Some(now.as_str())));
    }

    async fn company_details_come_from_configuration_until_saved_and_then_every_page_shows_the_saved_ones(app) {
        let marketing = member(&app, Role::Marketing).await;
        let (status, current) = send(&app, &marketing, "GET", "/api/console/company-details", &[]).await;
        assert_eq!(status, 200, "{current}");
        assert_eq!(current["data"]["fromConfiguration"], true);
        assert_eq!(current["data"]["details"]["corporateName"], "Hiram Lending Corporation");
        let info = public(&app, "/pany/public/company-info").await;
        assert_eq!(info["data"]["certificateOfAuthorityNo"], "3519 (demo)", "pages label the number themselves: no 'CA No. CA No.'");

        for (field, bad) in [
            ("phone", "12345"),
            ("phone", "(02) 8700 1234 ext 5"),
            ("email", "help-at-bagong"),
            ("whatsapp", "(02) 8700 1234"),
            ("corporateName", ""),
            ("address", &*"x".repeat(201)),
        ] {
            assert_eq!(refused_field(&app, &marketing, "/api/console/company-details/save", &with(&COMPANY, &[(field, bad)])).await, field, "{bad}");
        }
        let info = public(&app, "/pany/public/company-info").await;
        assert_eq!(info["data"]["companyName"], "Hiram Lending Corporation", "refusals changed nothing");
        assert_eq!(send(&app, &marketing, "GET", "/api/console/company-details", &[]).await.1["data"]["fromConfiguration"], true);

        let (status, saved) = send(&app, &marketing, "POST", "/api/console/company-details/save", &COMPANY).await;
        assert_eq!(status, 200, "{saved}");
        assert_eq!(saved["data"]["fromConfiguration"], false);
        let info = public(&app, "/pany/public/company-info").await;
        assert_eq!(
            [&info["data"]["companyName"], &info["data"]["phone"], &info["data"]["email"], &info["data"]["secRegistrationNo"]],
            ["Bagong Hiram Lending Corp.", "(02) 8700 1234", "help@bagong.example", "CS2026-00999"]
        );
        assert_eq!(info["data"]["certificateOfAuthorityNo"], "4100", "typed as 'CA No. 4100', kept without the label");
        let service: Value = app.post_form("/pany/customer-service/init", &[]).await.json().await.unwrap();
        assert_eq!((service["data"]["phone"].as_str(), service["data"]["whatsapp"].as_str()), (Some("(02) 8700 1234"), Some("0917 555 0123")));
        let contact: Value = app.post_form("/pany/v3/personal-center/contact-kf-info", &[("overall", "30")]).await.json().await.unwrap();
        assert_eq!((contact["data"]["email"].as_str(), contact["data"]["smWa"].as_str()), (Some("help@bagong.example"), Some("0917 555 0123")));
        let demo = app.demo_session().await;
        let whatsapp: Value = app.post_form(&format!("/pany/user-problem/get-whatsapp?sessionId={}", demo.session_id), &[]).await.json().await.unwrap();
        assert_eq!(whatsapp["data"]["url"], "https://wa.me/639175550123", "wa.me gets the international number");
        let home: Value = app.post_form("/pany/v4/index/home-page", &[]).await.json().await.unwrap();
        assert!(home["data"]["notice"].as_str().unwrap().contains("Mon–Fri, 9:00 AM – 6:00 PM"), "{home}");
        let (status, details) = app.loan_details(&demo.session_id, order_in(&demo, 174).order_id).await;
        assert_eq!((status, details["data"]["telephone"].as_str()), (200, Some("(02) 8700 1234")));

        let saves = audit_of(&app, "company_details.save").await;
        assert_eq!(saves.len(), 1);
        assert_eq!((saves[0]["before"]["corporateName"].as_str(), saves[0]["after"]["corporateName"].as_str()), (Some("Hiram Lending Corporation"), Some("Bagong Hiram Lending Corp.")));
    }
}
