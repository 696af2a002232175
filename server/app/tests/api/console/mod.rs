//! The console's staff identity: password plus TOTP, an HttpOnly session
//! cookie, a role matrix checked on the server for every console call, and
//! an audit log of every action that nobody can change.

mod api_tokens;
mod back_office;
mod collections;
mod enrolment;
mod general_ledger;
mod journals;
mod marketing;
mod refunds;
pub(crate) mod reversals;
mod rule_sets;
mod staff_accounts;
mod staff_actions;
mod statements;
mod unposted_payments;
mod write_offs;

use crate::helpers::{TestApp, order_in};
use hiram::features::console::staff_accounts::{NewAccount, add_staff};
use hiram_domain::staff::{Permission, Role};
use serde_json::Value;

pub(crate) struct Member {
    cookie: String,
}

impl Member {
    /// The `name=value` of the member's session cookie.
    pub(crate) fn cookie(&self) -> &str {
        &self.cookie
    }
}

pub(crate) fn code(app: &TestApp, secret: &str) -> String {
    let step = hiram::totp::step_of(app.state.now().unix_timestamp());
    format!("{:06}", hiram::totp::code_at(secret, step).unwrap())
}

pub(crate) async fn sign_in(app: &TestApp, email: &str, account: &NewAccount) -> (u16, Option<String>, Value) {
    let form = [("email", email), ("password", account.password.as_str()), ("code", &code(app, &account.totp_secret))];
    let response = app.client.post(app.url("/api/console/login")).form(&form).send().await.unwrap();
    let cookie = response.headers().get("set-cookie").map(|value| value.to_str().unwrap().to_owned());
    (response.status().as_u16(), cookie, response.json().await.unwrap())
}

/// The secret of the enrolment link last mailed to `email`, read from the
/// mail folder as the member's mailbox would show it.
pub(crate) fn mailed_link(app: &TestApp, email: &str) -> Option<String> {
    let folder = &app.state.settings.mail.drop_dir;
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(folder)
        .ok()?
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "eml"))
        .collect();
    files.sort();
    let to = format!("\r\nTo: {email}\r\n");
    let mail = files.iter().rev().map(|path| std::fs::read_to_string(path).unwrap()).find(|mail| mail.contains(&to))?;
    Some(mail.split("/console/enrol#").nth(1)?.split_whitespace().next()?.to_owned())
}

/// The password members choose when they enrol in these tests.
pub(crate) const CHOSEN_PASSWORD: &str = "kalamansi-juice-42";

/// Opens an enrolment link: the page's data.
pub(crate) async fn open_link(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app.client.post(app.url("/api/console/enrolment")).form(&[("token", token)]).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// Completes an enrolment with a password and a code.
pub(crate) async fn complete_link(app: &TestApp, token: &str, password: &str, code: &str) -> (u16, Value) {
    let form = [("token", token), ("password", password), ("code", code)];
    let response = app.client.post(app.url("/api/console/enrolment/complete")).form(&form).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap())
}

/// Enrols through the link last mailed to `email`, as the member does:
/// opens it, scans the secret, sets [`CHOSEN_PASSWORD`]. The clock then
/// moves to the next code, since a code works once.
pub(crate) async fn enrol(app: &TestApp, email: &str) -> NewAccount {
    let token = mailed_link(app, email).unwrap_or_else(|| panic!("a link was mailed to {email}"));
    let (status, opened) = open_link(app, &token).await;
    assert_eq!(status, 200, "{opened}");
    let secret = opened["data"]["totpSecret"].as_str().unwrap().to_owned();
    let (status, completed) = complete_link(app, &token, CHOSEN_PASSWORD, &code(app, &secret)).await;
    assert_eq!(status, 200, "{completed}");
    app.clock.advance(time::Duration::seconds(30));
    NewAccount {
        id: app.state.store.staff_by_email(email).await.unwrap().unwrap().id,
        password: CHOSEN_PASSWORD.to_owned(),
        totp_secret: secret,
        otpauth_uri: opened["data"]["otpauthUri"].as_str().unwrap().to_owned(),
    }
}

/// A client whose requests come from another loopback address, as a
/// stranger's would come from another machine.
fn from_address(app: &TestApp, address: &str) -> reqwest::Client {
    let _ = app;
    reqwest::Client::builder().local_address(address.parse::<std::net::IpAddr>().unwrap()).build().unwrap()
}

pub(crate) async fn member(app: &TestApp, role: Role) -> Member {
    named_member(app, role, role.key()).await
}

pub(crate) async fn named_member(app: &TestApp, role: Role, name: &str) -> Member {
    let email = format!("{name}@hiram.example");
    let account = add_staff(&app.state, &email, &format!("Test {}", role.key()), role.key()).await.unwrap();
    signed_in(app, &email, &account).await
}

/// Signs an existing account in; the sign-in must work.
pub(crate) async fn signed_in(app: &TestApp, email: &str, account: &NewAccount) -> Member {
    let (status, cookie, body) = sign_in(app, email, account).await;
    assert_eq!(status, 200, "{body}");
    Member { cookie: cookie.unwrap().split(';').next().unwrap().to_owned() }
}

pub(crate) async fn send(
    app: &TestApp,
    member: &Member,
    method: &str,
    path: &str,
    form: &[(&str, &str)],
) -> (u16, Value) {
    let request =
        if method == "GET" { app.client.get(app.url(path)) } else { app.client.post(app.url(path)).form(form) };
    let response = request.header("cookie", &member.cookie).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Every console call, with what it needs.
const CALLS: [(&str, &str, Permission); 87] = [
    ("GET", "/api/console/sms-outbox", Permission::ViewMessages),
    ("GET", "/api/console/promotion-funnel", Permission::ManageMarketing),
    ("POST", "/api/console/products", Permission::ManageProducts),
    ("GET", "/api/console/uploads/00000000000000000000000000000000", Permission::ViewBorrowers),
    ("GET", "/api/console/unposted-payments", Permission::ViewMoney),
    ("POST", "/api/console/unposted-payments/match?id=999999", Permission::MatchPayments),
    ("POST", "/api/console/unposted-payments/reject?id=999999&note=x", Permission::MatchPayments),
    ("GET", "/api/console/complaints", Permission::ViewComplaints),
    ("POST", "/api/console/complaints/answer?id=999999&answer=x", Permission::AnswerComplaints),
    ("POST", "/api/console/complaints/close?id=999999", Permission::AnswerComplaints),
    ("POST", "/api/console/complaints/upload-image?complaintId=999999", Permission::AnswerComplaints),
    ("GET", "/api/console/complaints/ratings", Permission::ViewComplaints),
    ("GET", "/api/console/audit", Permission::ReadAudit),
    ("POST", "/api/console/staff-accounts", Permission::ManageStaff),
    ("GET", "/api/console/staff-accounts", Permission::ManageStaff),
    ("POST", "/api/console/staff-accounts/deactivate?id=999999", Permission::ManageStaff),
    ("POST", "/api/console/staff-accounts/reactivate?id=999999", Permission::ManageStaff),
    ("POST", "/api/console/staff-accounts/reset?id=999999", Permission::ManageStaff),
    ("GET", "/api/console/adjustments", Permission::ViewMoney),
    ("POST", "/api/console/adjustments/propose", Permission::ProposeAdjustments),
    ("POST", "/api/console/adjustments/approve?id=999999", Permission::ApproveAdjustments),
    ("POST", "/api/console/adjustments/reject?id=999999", Permission::ApproveAdjustments),
    ("GET", "/api/console/reversals", Permission::ViewMoney),
    ("POST", "/api/console/reversals/propose", Permission::ProposeAdjustments),
    ("POST", "/api/console/reversals/approve?id=999999", Permission::ApproveAdjustments),
    ("POST", "/api/console/reversals/reject?id=999999", Permission::ApproveAdjustments),
    ("GET", "/api/console/products", Permission::ManageProducts),
    ("POST", "/api/console/products/check", Permission::ManageProducts),
    ("POST", "/api/console/products/listing", Permission::ManageProducts),
    ("GET", "/api/console/orders", Permission::ViewOrders),
    ("GET", "/api/console/orders/record?id=999999", Permission::ViewOrders),
    ("POST", "/api/console/orders/decide?id=999999", Permission::DecideApplications),
    ("GET", "/api/console/borrowers?q=0917", Permission::ViewBorrowers),
    ("GET", "/api/console/borrowers/profile?id=999999", Permission::ViewBorrowers),
    ("POST", "/api/console/borrowers/reveal?id=999999", Permission::RevealPersonalData),
    ("POST", "/api/console/borrowers/identity-review?id=999999", Permission::DecideApplications),
    ("GET", "/api/console/payouts/failed", Permission::ViewMoney),
    ("GET", "/api/console/reconciliation", Permission::ViewMoney),
    ("GET", "/api/console/dashboard", Permission::ViewDashboard),
    ("GET", "/api/console/exchange-rates", Permission::ViewMoney),
    ("POST", "/api/console/exchange-rates/add", Permission::SetExchangeRates),
    ("GET", "/api/console/calculator-views", Permission::ManageMarketing),
    ("GET", "/api/console/rule-sets", Permission::ViewOrders),
    ("POST", "/api/console/rule-sets", Permission::ManageRuleSets),
    ("GET", "/api/console/general-ledger/closes?lenderId=1", Permission::ViewMoney),
    ("POST", "/api/console/general-ledger/close?lenderId=999999&period=day&date=2020-01-01", Permission::CloseBooks),
    ("GET", "/api/console/general-ledger/aging?lenderId=1", Permission::ViewMoney),
    ("GET", "/api/console/general-ledger/journals?lenderId=1", Permission::ViewMoney),
    ("GET", "/api/console/general-ledger/chart", Permission::ViewMoney),
    ("GET", "/api/console/general-ledger/provisions?lenderId=1", Permission::ViewMoney),
    (
        "POST",
        "/api/console/general-ledger/provisions/propose?lenderId=999999&rateCurrent=0&rate1To30=0&rate31To60=0&rate61To90=0&rate91To180=0&rateOver180=0",
        Permission::ProposeProvisionRates,
    ),
    ("POST", "/api/console/general-ledger/provisions/approve?id=999999", Permission::ApproveProvisionRates),
    ("POST", "/api/console/general-ledger/provisions/reject?id=999999", Permission::ApproveProvisionRates),
    (
        "POST",
        "/api/console/general-ledger/journals/propose?lenderId=999999&memo=x&lines=x",
        Permission::ProposeJournals,
    ),
    ("POST", "/api/console/general-ledger/journals/approve?id=999999", Permission::ApproveJournals),
    ("POST", "/api/console/general-ledger/journals/reject?id=999999", Permission::ApproveJournals),
    ("POST", "/api/console/general-ledger/journals/reverse?id=999999", Permission::ProposeJournals),
    ("GET", "/api/console/general-ledger/write-offs?lenderId=1", Permission::ViewMoney),
    ("POST", "/api/console/general-ledger/write-offs/propose?orderId=999999&reason=x", Permission::ProposeWriteOffs),
    ("POST", "/api/console/general-ledger/write-offs/approve?id=999999", Permission::ApproveWriteOffs),
    ("POST", "/api/console/general-ledger/write-offs/reject?id=999999", Permission::ApproveWriteOffs),
    ("GET", "/api/console/general-ledger/chart/proposals", Permission::ViewMoney),
    ("POST", "/api/console/general-ledger/chart/propose?code=x&name=x&kind=x", Permission::ProposeJournals),
    ("POST", "/api/console/general-ledger/chart/approve?id=999999", Permission::ApproveJournals),
    ("POST", "/api/console/general-ledger/chart/reject?id=999999", Permission::ApproveJournals),
    ("GET", "/api/console/refunds", Permission::ViewMoney),
    ("POST", "/api/console/refunds/propose?orderId=999999&amount=1&reason=x", Permission::ProposeRefunds),
    ("POST", "/api/console/refunds/approve?id=999999", Permission::ApproveRefunds),
    ("POST", "/api/console/refunds/reject?id=999999", Permission::ApproveRefunds),
    ("GET", "/api/console/general-ledger/statements", Permission::ViewMoney),
    ("GET", "/api/console/general-ledger/statements/items?statementId=1", Permission::ViewMoney),
    ("GET", "/api/console/general-ledger/statements/worklist?lenderId=1", Permission::ViewMoney),
    ("POST", "/api/console/general-ledger/statements/import?provider=x&date=x&csv=x", Permission::ReconcileStatements),
    ("POST", "/api/console/general-ledger/statements/fetch?provider=x&date=x", Permission::ReconcileStatements),
    ("POST", "/api/console/general-ledger/statements/resolve?id=999999&resolution=x", Permission::ReconcileStatements),
    ("GET", "/api/console/promotion-templates", Permission::ManageMarketing),
    ("GET", "/api/console/promotion-templates/read", Permission::ManageMarketing),
    ("POST", "/api/console/promotion-templates/save", Permission::ManageMarketing),
    ("GET", "/api/console/promotion-links", Permission::ManageMarketing),
    ("POST", "/api/console/promotion-links/save", Permission::ManageMarketing),
    ("GET", "/api/console/site-banners", Permission::ManageMarketing),
    ("POST", "/api/console/site-banners/save", Permission::ManageMarketing),
    ("GET", "/api/console/company-details", Permission::ManageMarketing),
    ("POST", "/api/console/company-details/save", Permission::ManageMarketing),
    ("GET", "/api/console/collections", Permission::ViewCollections),
    ("GET", "/api/console/collections/contacts?orderId=999999", Permission::ViewCollections),
    (
        "POST",
        "/api/console/collections/contacts?orderId=999999&channel=call&outcome=reached",
        Permission::LogCollectionContacts,
    ),
];

crate::on_both_stores! {
    async fn staff_sign_in_with_a_password_and_a_code_that_works_once(app) {
        let account = add_staff(&app.state, "Liza@Hiram.example", "Liza Reyes", "customer_care").await.unwrap();
        let email = "liza@hiram.example";
        let wrong = [("email", email), ("password", account.password.as_str()), ("code", "000000")];
        let refused = app.client.post(app.url("/api/console/login")).form(&wrong).send().await.unwrap();
        assert_eq!(refused.status(), 400);
        let unknown = [("email", "nobody@hiram.example"), ("password", account.password.as_str()), ("code", "000000")];
        let unknown = app.client.post(app.url("/api/console/login")).form(&unknown).send().await.unwrap();
        assert_eq!(unknown.text().await.unwrap(), refused.text().await.unwrap(), "unknown e-mail and wrong code look alike");

        let (status, cookie, me) = sign_in(&app, email, &account).await;
        assert_eq!(status, 200, "{me}");
        let cookie = cookie.unwrap();
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/api/console"), "{cookie}");
        assert_eq!(me["data"]["role"], "customer_care");
        let member = Member { cookie: cookie.split(';').next().unwrap().to_owned() };
        let (status, me) = send(&app, &member, "GET", "/api/console/me", &[]).await;
        assert_eq!((status, me["data"]["name"].as_str()), (200, Some("Liza Reyes")));
        assert!(me["data"]["permissions"].as_array().unwrap().iter().any(|p| p == "answer_complaints"));

        let (again, _, _) = sign_in(&app, email, &account).await;
        assert_eq!(again, 400, "the same code does not work twice");
        assert_eq!(send(&app, &member, "POST", "/api/console/logout", &[]).await.0, 200);
        assert_eq!(send(&app, &member, "GET", "/api/console/me", &[]).await.0, 401, "the session ended on the server");
        assert_eq!(app.get("/api/console/me").await.status(), 401);

        // One try so far since she signed in (the reused code); four more
        // fill this address's limit for her e-mail, as for an unknown one.
        for _ in 0..3 {
            let wrong = [("email", email), ("password", "not the password"), ("code", &code(&app, &account.totp_secret))];
            assert_eq!(app.client.post(app.url("/api/console/login")).form(&wrong).send().await.unwrap().status(), 400);
        }
        let fifth = [("email", email), ("password", "not the password"), ("code", "123456")];
        assert_eq!(app.client.post(app.url("/api/console/login")).form(&fifth).send().await.unwrap().status(), 400);
        app.clock.advance(time::Duration::seconds(60));
        let (limited, _, body) = sign_in(&app, email, &account).await;
        assert_eq!(limited, 429, "from here even the right password and code wait: {body}");
        let retry_after = body["data"]["retryAfterSeconds"].as_i64().unwrap();
        assert!((1..=900).contains(&retry_after), "{body}");
        for _ in 0..5 {
            let unknown = [("email", "nobody@hiram.example"), ("password", "x"), ("code", "123456")];
            app.client.post(app.url("/api/console/login")).form(&unknown).send().await.unwrap();
        }
        let unknown = [("email", "nobody@hiram.example"), ("password", "x"), ("code", "123456")];
        let unknown_answer: Value = app.client.post(app.url("/api/console/login")).form(&unknown).send().await.unwrap().json().await.unwrap();
        assert_eq!(unknown_answer["code"], body["code"], "an unknown e-mail is limited alike");
        app.clock.advance(time::Duration::seconds(retry_after));
        assert_eq!(sign_in(&app, email, &account).await.0, 200);
        let in_the_query = app.client.post(app.url(&format!("/api/console/login?email={email}&password=x&code=123456"))).send().await.unwrap();
        assert_eq!(in_the_query.status(), 400, "credentials only in the body");
    }

    async fn an_idle_console_session_ends_after_the_idle_limit_and_one_in_use_lives_on(app) {
        let auditor = member(&app, Role::Auditor).await;
        let token = auditor.cookie().split_once('=').unwrap().1.to_owned();
        let digest = hiram::session::digest(&token).unwrap();
        let me = || send(&app, &auditor, "GET", "/api/console/me", &[]);
        // Each use is written down off the request's path; wait for it.
        let seen_now = || async {
            for _ in 0..200 {
                let session = app.state.store.staff_session(&digest).await.unwrap().unwrap();
                if app.state.now() - session.last_seen_at < time::Duration::seconds(30) {
                    return;
                }
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            }
            panic!("the session's use was never written");
        };
        for _ in 0..3 {
            app.clock.advance(time::Duration::minutes(14));
            assert_eq!(me().await.0, 200, "in use every 14 minutes, it lives on past the first 15");
            seen_now().await;
        }
        app.clock.advance(time::Duration::minutes(15));
        let (status, refused) = me().await;
        assert_eq!(status, 401, "15 minutes without use: {refused}");
    }

    async fn a_stranger_guessing_from_elsewhere_cannot_lock_a_staff_member_out(app) {
        let account = add_staff(&app.state, "liza@hiram.example", "Liza Reyes", "customer_care").await.unwrap();
        let email = "liza@hiram.example";
        let stranger = from_address(&app, "127.0.0.2");
        let mut statuses = Vec::new();
        for _ in 0..12 {
            let guess = [("email", email), ("password", "is it this?"), ("code", "123456")];
            statuses.push(stranger.post(app.url("/api/console/login")).form(&guess).send().await.unwrap().status().as_u16());
        }
        assert_eq!(statuses, [[400; 5].as_slice(), [429; 7].as_slice()].concat(), "the stranger's address waits");
        let (status, _, body) = sign_in(&app, email, &account).await;
        assert_eq!(status, 200, "she signs in from her own address: {body}");
    }

    async fn one_address_cannot_spray_a_password_over_many_staff_accounts(app) {
        let sprayer = from_address(&app, "127.0.0.3");
        for n in 0..20 {
            let guess = [("email", format!("staff{n}@hiram.example")), ("password", "Summer2026!".to_owned()), ("code", "123456".to_owned())];
            assert_eq!(sprayer.post(app.url("/api/console/login")).form(&guess).send().await.unwrap().status(), 400);
        }
        let next = [("email", "another@hiram.example"), ("password", "Summer2026!"), ("code", "123456")];
        let refused = sprayer.post(app.url("/api/console/login")).form(&next).send().await.unwrap();
        assert_eq!(refused.status(), 429);
        assert!(refused.headers().contains_key("retry-after"));
    }

    async fn each_role_can_do_exactly_what_its_permissions_allow(app) {
        let mut checked = 0;
        for role in Role::ALL {
            let member = member(&app, role).await;
            for (method, path, permission) in CALLS {
                let (status, body) = send(&app, &member, method, path, &[]).await;
                if role.can(permission) {
                    assert!(status != 401 && status != 403, "{role:?} {method} {path}: {status} {body}");
                } else {
                    assert_eq!(status, 403, "{role:?} {method} {path}: {body}");
                    assert_eq!(body["data"]["permission"], permission.key());
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 6 * CALLS.len());
    }

    async fn every_action_writes_its_audit_entry_and_nobody_can_change_them(app) {
        let demo = app.demo_session().await;
        let care = member(&app, Role::CustomerCare).await;
        let finance = member(&app, Role::Finance).await;
        let admin = member(&app, Role::Admin).await;
        let auditor = member(&app, Role::Auditor).await;
        let session = demo.session_id.as_str();
        let filed = app.post_form(&format!("/pany/user-problem/problem-save?sessionId={session}"), &[("problemType", "2"), ("problemDetail", "Paid twice")]).await;
        assert_eq!(filed.status(), 200);
        let (_, inbox) = send(&app, &care, "GET", "/api/console/complaints", &[]).await;
        let complaint = inbox["data"]["rows"][0]["id"].to_string();
        assert_eq!(send(&app, &care, "POST", "/api/console/complaints/answer", &[("id", &complaint), ("answer", "We refunded the second payment.")]).await.0, 200);
        let order = order_in(&demo, 180).order_id.to_string();
        let reported = app.post_form(&format!("/pany/v3/loan-details/submit-utr?sessionId={session}"), &[("orderId", &order), ("utr", "5566778899"), ("amount", "10000"), ("channelNumber", "90011")]).await;
        assert_eq!(reported.status(), 200);
        let (_, queue) = send(&app, &finance, "GET", "/api/console/unposted-payments", &[]).await;
        let entry = queue["data"]["rows"][0]["id"].to_string();
        assert_eq!(send(&app, &finance, "POST", "/api/console/unposted-payments/match", &[("id", &entry), ("note", "in the GCash statement")]).await.0, 200);
        let (status, created) = send(&app, &admin, "POST", "/api/console/staff-accounts", &[("email", "new.officer@hiram.example"), ("name", "New Officer"), ("role", "credit_officer")]).await;
        assert_eq!(status, 200, "{created}");
        assert_eq!(created["data"]["enrolment"]["status"], "mailed", "{created}");

        let (status, audit) = send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        assert_eq!(status, 200);
        let rows = audit["data"]["rows"].as_array().unwrap();
        let find = |action: &str| rows.iter().find(|row| row["action"] == action).unwrap_or_else(|| panic!("{action} in {audit}")).clone();
        let answered = find("complaint.answer");
        assert_eq!(answered["subject"], format!("complaint:{complaint}"));
        assert_eq!(answered["before"]["status"], "open");
        assert_eq!(answered["after"]["agent"], "Test customer_care", "a console user answers under their own name");
        let matched = find("unposted_payment.match");
        assert_eq!((matched["before"]["status"].as_str(), matched["after"]["status"].as_str()), (Some("pending"), Some("matched")));
        assert!(matched["staffId"].is_i64());
        assert_eq!(find("staff.create")["after"]["role"], "credit_officer");
        assert!(rows.iter().filter(|row| row["action"] == "staff.sign_in").count() >= 4);
        let subject = format!("complaint:{complaint}");
        let (_, one) = send(&app, &auditor, "GET", &format!("/api/console/audit?subject={subject}"), &[]).await;
        assert!(one["data"]["rows"].as_array().unwrap().iter().all(|row| row["subject"] == subject.as_str()), "{one}");
        assert_eq!(one["data"]["total"], one["data"]["rows"].as_array().unwrap().len(), "one record's history fits a page");
        assert_eq!(one["data"]["rows"][0]["action"], "complaint.answer");
        let total = audit["data"]["total"].as_i64().unwrap();
        let (_, second) = send(&app, &auditor, "GET", "/api/console/audit?page=2&pageSize=2", &[]).await;
        assert_eq!((second["data"]["total"].as_i64(), second["data"]["rows"][0]["id"].clone()), (Some(total), rows[2]["id"].clone()), "page 2 starts at the third newest");
        for query in ["page=0", "pageSize=101", "pageSize=all", &format!("subject={}", "x".repeat(101))] {
            assert_eq!(send(&app, &auditor, "GET", &format!("/api/console/audit?{query}"), &[]).await.0, 400, "{query}");
        }

        app.login("09421234567").await;
        let (_, outbox) = send(&app, &care, "GET", "/api/console/sms-outbox", &[]).await;
        let bodies: Vec<&str> = outbox["data"].as_array().unwrap().iter().map(|message| message["body"].as_str().unwrap()).collect();
        assert!(bodies.iter().any(|body| body.contains("••••••")), "{bodies:?}");
        assert!(bodies.iter().all(|body| !body.split(|c: char| !c.is_ascii_digit()).any(|run| run.len() == 6)), "no live code shown to people: {bodies:?}");
        for sql in ["UPDATE audit_log SET action = 'nothing'", "DELETE FROM audit_log"] {
            assert!(app.execute_sql(sql).await.is_err(), "{sql} must be refused");
        }
        let (_, after) = send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        assert_eq!(after["data"]["rows"].as_array().unwrap().len(), rows.len(), "nothing changed");
    }

    async fn one_admin_cannot_pass_maker_checker_with_two_accounts_of_its_own_making(app) {
        // Finding 1 as reported: an admin makes two finance members, signs
        // in as each, proposes a waiver with one and approves it with the
        // other.
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let admin = member(&app, Role::Admin).await;
        let second_admin = named_member(&app, Role::Admin, "second-admin").await;
        let token = app.staff_token(Role::Admin).await;
        let mut made = Vec::new();
        for email in ["fin-one@hiram.example", "fin-two@hiram.example"] {
            let (status, body) = send(&app, &admin, "POST", "/api/console/staff-accounts", &[("email", email), ("name", "Made by one admin"), ("role", "finance")]).await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["data"]["enrolment"]["status"], "awaiting_approval", "{body}");
            assert!(mailed_link(&app, email).is_none(), "no link before a second admin approves");
            assert!(!body.to_string().contains("totpSecret") && !body.to_string().contains("password"), "{body}");
            let id = body["data"]["id"].to_string();
            let approve = "/api/console/staff-accounts/approve-sign-in";
            let (status, own) = send(&app, &admin, "POST", approve, &[("id", &id)]).await;
            assert_eq!((status, own["data"]["reason"].as_str()), (403, Some("same_person")), "{own}");
            let by_token = app.client.post(app.url(approve)).bearer_auth(&token).form(&[("id", id.as_str())]).send().await.unwrap();
            assert_eq!(by_token.status(), 403, "a token approves no staff");
            assert!(mailed_link(&app, email).is_none());
            let (status, approved) = send(&app, &second_admin, "POST", approve, &[("id", &id)]).await;
            assert_eq!(status, 200, "{approved}");
            assert_eq!(approved["data"]["enrolment"]["status"], "mailed", "{approved}");
            let account = enrol(&app, email).await;
            made.push(signed_in(&app, email, &account).await);
        }
        let id = order.to_string();
        let waive = [("orderId", id.as_str()), ("bucket", "interest"), ("amount", "27300"), ("reason", "complaint upheld")];
        let (status, proposed) = send(&app, &made[0], "POST", "/api/console/adjustments/propose", &waive).await;
        assert_eq!(status, 200, "{proposed}");
        let proposal = proposed["data"]["id"].to_string();
        let (status, refused) = send(&app, &made[1], "POST", "/api/console/adjustments/approve", &[("id", &proposal)]).await;
        assert_eq!((status, refused["data"]["reason"].as_str()), (403, Some("same_maker")), "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("Someone independent"), "{refused}");
        let dues = app.state.store.ledger_entries(hiram_domain::order::OrderId(order)).await.unwrap();
        let interest = hiram_domain::ledger::Balances::of(&dues.into_iter().map(|stored| stored.entry).collect::<Vec<_>>()).dues().interest.get();
        assert_eq!(interest, 27_300, "no interest was waived");

        // Someone nobody of theirs made approves.
        let outsider = named_member(&app, Role::Finance, "outsider").await;
        assert_eq!(send(&app, &outsider, "POST", "/api/console/adjustments/approve", &[("id", &proposal)]).await.0, 200);
    }

    async fn maker_checker_refuses_self_approval_and_posts_an_approved_waiver_once(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 180).order_id;
        let maker = named_member(&app, Role::Finance, "maker").await;
        let checker = named_member(&app, Role::Finance, "checker").await;
        let id = order.to_string();
        let too_much = [("orderId", id.as_str()), ("bucket", "interest"), ("amount", "27301"), ("reason", "complaint upheld")];
        assert_eq!(send(&app, &maker, "POST", "/api/console/adjustments/propose", &too_much).await.0, 400, "more than the interest owed");
        let principal = [("orderId", id.as_str()), ("bucket", "principal"), ("amount", "100"), ("reason", "no")];
        assert_eq!(send(&app, &maker, "POST", "/api/console/adjustments/propose", &principal).await.0, 400, "principal is never waived");
        let waive = [("orderId", id.as_str()), ("bucket", "interest"), ("amount", "7300"), ("reason", "complaint upheld: late posting")];
        let (status, proposed) = send(&app, &maker, "POST", "/api/console/adjustments/propose", &waive).await;
        assert_eq!(status, 200, "{proposed}");
        let proposal = proposed["data"]["id"].to_string();
        let interest_owed = |app: &TestApp| {
            let order = hiram_domain::order::OrderId(order);
            let store = app.state.store.clone();
            async move {
                let entries = store.ledger_entries(order).await.unwrap();
                hiram_domain::ledger::Balances::of(&entries.into_iter().map(|stored| stored.entry).collect::<Vec<_>>()).dues().interest.get()
            }
        };
        assert_eq!(interest_owed(&app).await, 27_300, "a proposal moves no money");

        let (status, own) = send(&app, &maker, "POST", "/api/console/adjustments/approve", &[("id", &proposal)]).await;
        assert_eq!(status, 403, "{own}");
        assert!(own["message"].as_str().unwrap().contains("nobody approves their own proposal"));
        let finance_token = app.staff_token(Role::Finance).await;
        let by_token = app.client.post(app.url("/api/staff/adjustments/approve")).bearer_auth(&finance_token).form(&[("id", proposal.as_str())]).send().await.unwrap();
        assert_eq!(by_token.status(), 403, "a staff API token is nobody in particular, so it is no second person");
        assert_eq!(interest_owed(&app).await, 27_300);

        assert_eq!(send(&app, &checker, "POST", "/api/console/adjustments/approve", &[("id", &proposal)]).await.0, 200);
        assert_eq!(interest_owed(&app).await, 20_000, "₱73.00 waived");
        assert_eq!(send(&app, &checker, "POST", "/api/console/adjustments/approve", &[("id", &proposal)]).await.0, 409, "decided once");
        assert_eq!(interest_owed(&app).await, 20_000);

        let (_, second) = send(&app, &checker, "POST", "/api/console/adjustments/propose", &waive).await;
        let second = second["data"]["id"].to_string();
        assert_eq!(send(&app, &checker, "POST", "/api/console/adjustments/reject", &[("id", &second)]).await.0, 403);
        assert_eq!(send(&app, &maker, "POST", "/api/console/adjustments/reject", &[("id", &second)]).await.0, 200);
        let (_, all) = send(&app, &maker, "GET", "/api/console/adjustments?status=all", &[]).await;
        let statuses: Vec<&str> = all["data"].as_array().unwrap().iter().map(|row| row["status"].as_str().unwrap()).collect();
        assert_eq!(statuses, ["approved", "rejected"]);
        let auditor = member(&app, Role::Auditor).await;
        let (_, audit) = send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let actions: Vec<&str> = audit["data"]["rows"].as_array().unwrap().iter().map(|row| row["action"].as_str().unwrap()).collect();
        for action in ["adjustment.propose", "adjustment.approve", "adjustment.reject"] {
            assert!(actions.contains(&action), "{action} in {actions:?}");
        }
    }
}
