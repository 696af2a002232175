//! Staff enrol themselves (issue 29, decision 058): the admin who asks for a
//! sign-in never sees a secret, the link works once and for a while, a
//! money role's link needs a second admin, and members change their own
//! password and renew their own authenticator.

use crate::console::{
    CHOSEN_PASSWORD, Member, code, complete_link, enrol, mailed_link, named_member, open_link, send, sign_in, signed_in,
};
use crate::helpers::TestApp;
use hiram_domain::staff::Role;
use serde_json::{Value, json};

const ACCOUNTS: &str = "/api/console/staff-accounts";
const APPROVE: &str = "/api/console/staff-accounts/approve-sign-in";

/// What an authenticator app's camera reads in a `data:image/png;base64,` QR code.
fn scanned(data_url: &str) -> String {
    use base64::Engine;
    let png =
        data_url.strip_prefix("data:image/png;base64,").unwrap_or_else(|| panic!("a PNG data URL: {data_url:.40}"));
    crate::repayment::scan(&base64::engine::general_purpose::STANDARD.decode(png).unwrap())
}

async fn create(app: &TestApp, admin: &Member, email: &str, role: &str) -> Value {
    let (status, body) =
        send(app, admin, "POST", ACCOUNTS, &[("email", email), ("name", "Liza Reyes"), ("role", role)]).await;
    assert_eq!(status, 200, "{body}");
    body
}

crate::on_both_stores! {
    async fn a_new_member_enrols_through_a_link_only_they_receive(app) {
        let admin = named_member(&app, Role::Admin, "ana").await;
        let email = "liza@hiram.example";
        let created = create(&app, &admin, email, "customer_care").await;
        let text = created.to_string();
        assert_eq!((&created["data"]["enrolled"], &created["data"]["enrolment"]["status"]), (&json!(false), &json!("mailed")), "{created}");
        let token = mailed_link(&app, email).expect("the link went to the member's address");
        assert!(!text.contains(&token) && !text.contains("totpSecret") && !text.contains("password"), "the admin sees no secret: {text}");
        let stored = app.state.store.staff_member(created["data"]["id"].as_i64().unwrap()).await.unwrap().unwrap();
        assert!(!stored.can_sign_in(), "no sign-in before enrolment");

        let (status, page) = open_link(&app, &token).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!((&page["data"]["email"], &page["data"]["purpose"]), (&json!(email), &json!("new")));
        let secret = page["data"]["totpSecret"].as_str().unwrap().to_owned();
        assert_eq!(scanned(page["data"]["otpauthQr"].as_str().unwrap()), page["data"]["otpauthUri"].as_str().unwrap());
        assert!(page["data"]["otpauthUri"].as_str().unwrap().contains(&secret));

        // A weak password, then a wrong code: refused, naming the field, and the link still works.
        for weak in ["password1234", "short-pass1", "aaaaaaaaaaaaaaaa"] {
            let (status, refused) = complete_link(&app, &token, weak, &code(&app, &secret)).await;
            assert_eq!((status, &refused["data"]["field"]), (400, &json!("password")), "{weak}: {refused}");
        }
        let (status, refused) = complete_link(&app, &token, CHOSEN_PASSWORD, "000000").await;
        assert_eq!((status, &refused["data"]["field"]), (400, &json!("code")), "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("Scan the QR code again"), "{refused}");
        let (status, done) = complete_link(&app, &token, CHOSEN_PASSWORD, &code(&app, &secret)).await;
        assert_eq!(status, 200, "{done}");

        // The link works once; the member signs in with what they chose.
        let (status, spent) = open_link(&app, &token).await;
        assert_eq!(status, 400, "{spent}");
        assert!(spent["message"].as_str().unwrap().contains("expired or has been used"), "{spent}");
        assert_eq!(complete_link(&app, &token, "another-password-9", &code(&app, &secret)).await.0, 400);
        app.clock.advance(time::Duration::seconds(30));
        let account = hiram::features::console::staff_accounts::NewAccount {
            id: stored.id,
            password: CHOSEN_PASSWORD.to_owned(),
            totp_secret: secret,
            otpauth_uri: String::new(),
        };
        signed_in(&app, email, &account).await;
        // The link's secret travels in the body only, never in an address.
        let in_address = app.client.post(app.url(&format!("/api/console/enrolment?token={token}"))).send().await.unwrap();
        assert_eq!(in_address.status(), 400);
        let (_, audit) = send(&app, &admin, "GET", &format!("/api/console/audit?subject=staff:{}", stored.id), &[]).await;
        let enrolled = audit["data"]["rows"].as_array().unwrap().iter().find(|row| row["action"] == "staff.enrol").cloned().unwrap();
        assert_eq!(enrolled["staffName"], "Liza Reyes", "the member enrolled themselves");
        assert!(!audit.to_string().contains(&token));
    }

    async fn a_link_expires_and_a_reset_replaces_it(app) {
        let admin = named_member(&app, Role::Admin, "ana").await;
        let email = "liza@hiram.example";
        let created = create(&app, &admin, email, "auditor").await;
        let first = mailed_link(&app, email).unwrap();
        app.clock.advance(time::Duration::hours(72));
        assert_eq!(open_link(&app, &first).await.0, 400, "72 hours on, the link has expired");
        // Ana's session idled out meanwhile; Ben is on duty.
        let admin = named_member(&app, Role::Admin, "ben").await;
        let row = send(&app, &admin, "GET", ACCOUNTS, &[]).await.1["data"].as_array().unwrap().iter().find(|row| row["email"] == email).cloned().unwrap();
        assert_eq!(row["enrolment"]["status"], "expired");
        let id = created["data"]["id"].to_string();
        assert_eq!(send(&app, &admin, "POST", "/api/console/staff-accounts/reset", &[("id", &id)]).await.0, 200);
        let second = mailed_link(&app, email).unwrap();
        assert_ne!(first, second);
        for bad in [first.as_str(), "", "0123", &"f".repeat(64)] {
            assert_eq!(open_link(&app, bad).await.0, 400, "{bad}");
        }
        let account = enrol(&app, email).await;
        signed_in(&app, email, &account).await;
    }

    async fn a_money_roles_sign_in_needs_a_second_admin_who_is_not_of_the_first_ones_making(app) {
        let ana = named_member(&app, Role::Admin, "ana").await;
        let ben = named_member(&app, Role::Admin, "ben").await;
        // An admin Ana made herself is no second person for her requests.
        let (status, made) = send(&app, &ana, "POST", ACCOUNTS, &[("email", "ana2@hiram.example"), ("name", "Ana's admin"), ("role", "admin")]).await;
        assert_eq!(status, 200, "{made}");
        let ana_two = enrol(&app, "ana2@hiram.example").await;
        let ana_two = signed_in(&app, "ana2@hiram.example", &ana_two).await;

        let email = "fina@hiram.example";
        let created = create(&app, &ana, email, "finance").await;
        assert_eq!(created["data"]["enrolment"]["status"], "awaiting_approval");
        assert!(mailed_link(&app, email).is_none(), "nothing is mailed before the approval");
        let id = created["data"]["id"].to_string();
        let (status, own) = send(&app, &ana, "POST", APPROVE, &[("id", &id)]).await;
        assert_eq!((status, &own["data"]["reason"]), (403, &json!("same_person")), "{own}");
        assert!(own["message"].as_str().unwrap().contains("Another administrator"), "{own}");
        let (status, hers) = send(&app, &ana_two, "POST", APPROVE, &[("id", &id)]).await;
        assert_eq!((status, &hers["data"]["reason"]), (403, &json!("made_the_other")), "{hers}");
        let token = app.staff_token(Role::Admin).await;
        let by_token = app.client.post(app.url(APPROVE)).bearer_auth(&token).form(&[("id", id.as_str())]).send().await.unwrap();
        assert_eq!(by_token.status(), 403);
        assert!(mailed_link(&app, email).is_none());

        let (status, approved) = send(&app, &ben, "POST", APPROVE, &[("id", &id)]).await;
        assert_eq!(status, 200, "{approved}");
        assert_eq!(approved["data"]["enrolment"]["status"], "mailed");
        assert_eq!(send(&app, &ben, "POST", APPROVE, &[("id", &id)]).await.1["data"]["reason"], "nothing_to_approve");
        let account = enrol(&app, email).await;
        signed_in(&app, email, &account).await;

        // A reset of the money role waits for a second admin again.
        let (status, reset) = send(&app, &ana, "POST", "/api/console/staff-accounts/reset", &[("id", &id)]).await;
        assert_eq!(status, 200, "{reset}");
        assert_eq!(reset["data"]["enrolment"]["status"], "awaiting_approval");
        app.clock.advance(time::Duration::seconds(30));
        assert_eq!(sign_in(&app, email, &account).await.0, 400, "the old sign-in stopped at once");
        let (_, audit) = send(&app, &ben, "GET", &format!("/api/console/audit?subject=staff:{id}"), &[]).await;
        let actions: Vec<&str> = audit["data"]["rows"].as_array().unwrap().iter().map(|row| row["action"].as_str().unwrap()).collect();
        assert!(actions.contains(&"staff.approve_enrolment") && actions.contains(&"staff.create"), "{actions:?}");
    }

    async fn two_admins_who_check_each_others_finance_members_staff_a_working_maker_checker_pair(app) {
        // A lender with two admins: each adds one finance member, the other
        // approves. The members made by different admins are independent.
        let ana = named_member(&app, Role::Admin, "ana").await;
        let ben = named_member(&app, Role::Admin, "ben").await;
        let mut finance = Vec::new();
        for (asker, approver, email) in [(&ana, &ben, "fe@hiram.example"), (&ben, &ana, "lu@hiram.example")] {
            let id = create(&app, asker, email, "finance").await["data"]["id"].to_string();
            assert_eq!(send(&app, approver, "POST", APPROVE, &[("id", &id)]).await.0, 200);
            let account = enrol(&app, email).await;
            finance.push(signed_in(&app, email, &account).await);
        }
        let demo = app.demo_session().await;
        let order = crate::helpers::order_in(&demo, 180).order_id.to_string();
        let waive = [("orderId", order.as_str()), ("bucket", "interest"), ("amount", "7300"), ("reason", "complaint upheld")];
        let (status, proposed) = send(&app, &finance[0], "POST", "/api/console/adjustments/propose", &waive).await;
        assert_eq!(status, 200, "{proposed}");
        let proposal = proposed["data"]["id"].to_string();
        let (status, approved) = send(&app, &finance[1], "POST", "/api/console/adjustments/approve", &[("id", &proposal)]).await;
        assert_eq!(status, 200, "{approved}");
    }

    async fn members_change_their_own_password_and_renew_their_authenticator(app) {
        let admin = named_member(&app, Role::Admin, "ana").await;
        let email = "liza@hiram.example";
        create(&app, &admin, email, "customer_care").await;
        let account = enrol(&app, email).await;
        let laptop = signed_in(&app, email, &account).await;
        app.clock.advance(time::Duration::seconds(30));
        let phone = signed_in(&app, email, &account).await;
        app.clock.advance(time::Duration::seconds(30));

        let change = "/api/console/me/password";
        let new_password = "sampaguita-garden-7";
        let (status, wrong) = send(&app, &laptop, "POST", change, &[("password", "not-my-password"), ("newPassword", new_password), ("code", &code(&app, &account.totp_secret))]).await;
        assert_eq!((status, &wrong["data"]["field"]), (400, &json!("password")), "{wrong}");
        let (status, weak) = send(&app, &laptop, "POST", change, &[("password", CHOSEN_PASSWORD), ("newPassword", "Password123!"), ("code", &code(&app, &account.totp_secret))]).await;
        assert_eq!((status, &weak["data"]["field"]), (400, &json!("newPassword")), "{weak}");
        let (status, changed) = send(&app, &laptop, "POST", change, &[("password", CHOSEN_PASSWORD), ("newPassword", new_password), ("code", &code(&app, &account.totp_secret))]).await;
        assert_eq!(status, 200, "{changed}");
        assert_eq!(send(&app, &laptop, "GET", "/api/console/me", &[]).await.0, 200, "this session goes on");
        assert_eq!(send(&app, &phone, "GET", "/api/console/me", &[]).await.0, 401, "the other session ended");
        app.clock.advance(time::Duration::seconds(30));
        assert_eq!(sign_in(&app, email, &account).await.0, 400, "the old password stopped");
        let changed_account = hiram::features::console::staff_accounts::NewAccount { password: new_password.to_owned(), ..account.clone() };
        let laptop = signed_in(&app, email, &changed_account).await;
        app.clock.advance(time::Duration::seconds(30));

        // A new phone: the member renews through a link of their own; the
        // old authenticator works until the new one is set.
        let (status, renewed) = send(&app, &laptop, "POST", "/api/console/me/renew-sign-in", &[("password", new_password), ("code", &code(&app, &account.totp_secret))]).await;
        assert_eq!(status, 200, "{renewed}");
        assert_eq!(send(&app, &laptop, "GET", "/api/console/me", &[]).await.0, 200);
        let renewed = enrol(&app, email).await;
        assert_ne!(renewed.totp_secret, account.totp_secret);
        assert_eq!(send(&app, &laptop, "GET", "/api/console/me", &[]).await.0, 401, "enrolling ends every session");
        signed_in(&app, email, &renewed).await;

        // A token is no member: it has no password to change.
        let token = app.staff_token(Role::Admin).await;
        let by_token = app.client.post(app.url("/api/console/me/password")).bearer_auth(&token).form(&[("password", "x"), ("newPassword", new_password), ("code", "123456")]).send().await.unwrap();
        assert_eq!(by_token.status(), 404);
    }
}

/// A stand-in for the host's `sendmail -t -i`: it keeps what it is handed
/// in a file, or refuses like a mail system that is down.
fn fake_sendmail(folder: &std::path::Path, refuse: bool) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(folder).unwrap();
    let script = folder.join("sendmail");
    let kept = folder.join("handed-over.eml");
    let body = match refuse {
        true => "#!/bin/sh\necho 'sendmail: cannot connect to the relay' >&2\nexit 75\n".to_owned(),
        false => format!("#!/bin/sh\n[ \"$1 $2\" = '-t -i' ] || exit 64\ncat > '{}'\n", kept.display()),
    };
    std::fs::write(&script, body).unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    script
}

#[tokio::test]
async fn the_link_is_handed_to_the_hosts_sendmail_and_a_refusal_is_said_not_hidden() {
    let folder = std::env::temp_dir().join(format!("hiram-sendmail-{}", std::process::id()));
    let script = fake_sendmail(&folder.join("working"), false);
    let command = format!("{} -t -i", script.display());
    let app = TestApp::spawn_with(crate::helpers::Backend::Sqlite, &[("APP_MAIL__SENDMAIL", command.as_str())]).await;
    let admin = named_member(&app, Role::Admin, "ana").await;
    create(&app, &admin, "liza@hiram.example", "auditor").await;
    let handed = std::fs::read_to_string(folder.join("working/handed-over.eml")).unwrap();
    assert!(handed.contains("\r\nTo: liza@hiram.example\r\n") && handed.contains("/console/enrol#"), "{handed}");
    assert!(mailed_link(&app, "liza@hiram.example").is_none(), "nothing in the drop folder once sendmail is set");

    let refusing = fake_sendmail(&folder.join("down"), true);
    let command = refusing.display().to_string();
    let app = TestApp::spawn_with(crate::helpers::Backend::Sqlite, &[("APP_MAIL__SENDMAIL", command.as_str())]).await;
    let admin = named_member(&app, Role::Admin, "ana").await;
    let (status, body) =
        send(&app, &admin, "POST", ACCOUNTS, &[("email", "liza@hiram.example"), ("name", "Liza"), ("role", "auditor")])
            .await;
    assert_eq!(status, 503, "{body}");
    let row = send(&app, &admin, "GET", ACCOUNTS, &[]).await.1["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["email"] == "liza@hiram.example")
        .cloned()
        .unwrap();
    assert_eq!(row["enrolment"]["status"], "not_mailed", "the list says the link did not go: {row}");
}
