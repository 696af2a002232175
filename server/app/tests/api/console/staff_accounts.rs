//! Staff accounts in the console: admins list them (never their secrets),
//! add them, and switch them off when someone leaves, which signs the member
//! out at once. Nobody switches off their own account or the last admin.
//! An admin resets a member's lost password or authenticator: the old ones
//! and every session end at once, and the member enrols again through a
//! new link (decision 058).

use crate::console::{Member, code, enrol, mailed_link, member, named_member, send, sign_in, signed_in};
use crate::helpers::TestApp;
use hiram::features::console::staff_accounts::{NewAccount, add_staff};
use hiram_domain::back_office::PageRequest;
use hiram_domain::staff::Role;
use hiram_domain::store::StoreError;
use serde_json::{Value, json};

const ACCOUNTS: &str = "/api/console/staff-accounts";
const DEACTIVATE: &str = "/api/console/staff-accounts/deactivate";
const REACTIVATE: &str = "/api/console/staff-accounts/reactivate";
const RESET: &str = "/api/console/staff-accounts/reset";

/// Adds an account through the console, as an admin does, and enrols it
/// through the link mailed to the member (a role that needs no approval).
async fn add(app: &TestApp, admin: &Member, email: &str, name: &str, role: &str) -> NewAccount {
    let (status, body) = send(app, admin, "POST", ACCOUNTS, &[("email", email), ("name", name), ("role", role)]).await;
    assert_eq!(status, 200, "{body}");
    enrol(app, &email.trim().to_lowercase()).await
}

async fn listed(app: &TestApp, admin: &Member) -> Vec<Value> {
    let (status, body) = send(app, admin, "GET", ACCOUNTS, &[]).await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

async fn my_id(app: &TestApp, member: &Member) -> String {
    send(app, member, "GET", "/api/console/me", &[]).await.1["data"]["id"].to_string()
}

async fn wrong_password(app: &TestApp, email: &str, account: &NewAccount) -> u16 {
    let form = [("email", email), ("password", "not the password"), ("code", &code(app, &account.totp_secret))];
    app.client.post(app.url("/api/console/login")).form(&form).send().await.unwrap().status().as_u16()
}

/// The audit entries of staff accounts being added or switched.
async fn account_changes(app: &TestApp) -> usize {
    let entries = app.state.store.audit_entries(None, PageRequest { offset: 0, size: 1_000 }).await.unwrap().rows;
    entries
        .iter()
        .filter(|logged| {
            ["staff.create", "staff.deactivate", "staff.reactivate", "staff.reset_sign_in"]
                .contains(&logged.entry.action.as_str())
        })
        .count()
}

crate::on_both_stores! {
    async fn admins_see_every_account_and_none_of_its_secrets(app) {
        let admin = named_member(&app, Role::Admin, "ana").await;
        assert_eq!(listed(&app, &admin).await.len(), 1, "the admin's own account");
        let created = add(&app, &admin, " Liza@Hiram.example ", "Liza Reyes", "customer_care").await;

        let rows = listed(&app, &admin).await;
        assert_eq!(rows.len(), 2);
        let liza = rows.iter().find(|row| row["id"] == created.id).unwrap();
        assert_eq!(
            (&liza["email"], &liza["name"], &liza["role"], &liza["active"]),
            (&json!("liza@hiram.example"), &json!("Liza Reyes"), &json!("customer_care"), &json!(true))
        );
        let mut keys: Vec<&str> = liza.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["active", "createdAt", "email", "enrolled", "enrolment", "id", "name", "role"]);
        assert_eq!((&liza["enrolled"], &liza["enrolment"]), (&json!(true), &Value::Null), "enrolled, nothing open");
        let text = Value::Array(rows.clone()).to_string();
        for secret in [created.password.as_str(), created.totp_secret.as_str(), "$argon2"] {
            assert!(!text.contains(secret), "the list never carries {secret}");
        }
    }

    async fn deactivating_signs_the_member_out_at_once_and_reactivating_lets_them_sign_in_again(app) {
        let admin = named_member(&app, Role::Admin, "ana").await;
        let created = add(&app, &admin, "liza@hiram.example", "Liza Reyes", "customer_care").await;
        let liza = signed_in(&app, "liza@hiram.example", &created).await;
        // A code works once: the second device signs in at the next step.
        app.clock.advance(time::Duration::seconds(30));
        let second_device = signed_in(&app, "liza@hiram.example", &created).await;
        assert_eq!(send(&app, &liza, "GET", "/api/console/complaints", &[]).await.0, 200);
        let id = created.id.to_string();

        let (status, switched) = send(&app, &admin, "POST", DEACTIVATE, &[("id", &id)]).await;
        assert_eq!(status, 200, "{switched}");
        assert_eq!(switched["data"]["active"], false);
        for session in [&liza, &second_device] {
            assert_eq!(send(&app, session, "GET", "/api/console/complaints", &[]).await.0, 401, "signed out at once");
        }
        app.clock.advance(time::Duration::seconds(30));
        assert_eq!(sign_in(&app, "liza@hiram.example", &created).await.0, 400, "a deactivated account cannot sign in");
        let row = listed(&app, &admin).await.into_iter().find(|row| row["id"] == created.id).unwrap();
        assert_eq!(row["active"], false);

        let (status, switched) = send(&app, &admin, "POST", REACTIVATE, &[("id", &id)]).await;
        assert_eq!(status, 200, "{switched}");
        assert_eq!(switched["data"]["active"], true);
        assert_eq!(send(&app, &liza, "GET", "/api/console/me", &[]).await.0, 401, "an ended session stays ended");
        app.clock.advance(time::Duration::seconds(30));
        let back = signed_in(&app, "liza@hiram.example", &created).await;
        assert_eq!(send(&app, &back, "GET", "/api/console/me", &[]).await.0, 200);

        let (_, audit) = send(&app, &admin, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let rows = audit["data"]["rows"].as_array().unwrap();
        let find = |action: &str| rows.iter().find(|row| row["action"] == action).unwrap_or_else(|| panic!("{action} in {audit}"));
        for (action, before, after) in [("staff.deactivate", true, false), ("staff.reactivate", false, true)] {
            let entry = find(action);
            assert_eq!(entry["subject"], format!("staff:{id}"));
            assert_eq!((&entry["before"], &entry["after"]), (&json!({ "active": before }), &json!({ "active": after })));
            assert_eq!(entry["staffName"], "Test admin", "the audit log names who did it");
        }
        let sign_in_entry = rows.iter().find(|row| row["action"] == "staff.sign_in" && row["staffId"] == created.id).unwrap();
        assert_eq!(sign_in_entry["staffName"], "Liza Reyes");
    }

    async fn nobody_deactivates_their_own_account_or_the_last_admin(app) {
        let token = app.staff_token(Role::Admin).await;
        let ana = named_member(&app, Role::Admin, "ana").await;
        let ana_id = my_id(&app, &ana).await;
        let (status, own) = send(&app, &ana, "POST", DEACTIVATE, &[("id", &ana_id)]).await;
        assert_eq!(status, 409, "{own}");
        assert_eq!(own["data"]["reason"], "own_account");
        assert!(own["message"].as_str().unwrap().contains("your own account"), "{own}");
        assert_eq!(send(&app, &ana, "GET", "/api/console/me", &[]).await.0, 200, "still signed in");

        // An admin's API token is nobody's account, and still cannot switch off the last admin.
        let by_token = || async {
            let response = app.client.post(app.url(DEACTIVATE)).bearer_auth(&token).form(&[("id", ana_id.as_str())]).send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
        };
        let (status, last) = by_token().await;
        assert_eq!(status, 409, "{last}");
        assert_eq!(last["data"]["reason"], "last_admin");
        assert!(last["message"].as_str().unwrap().contains("last active administrator"), "{last}");

        // With a second admin, one of them may go; then the other is the last.
        let ben = add(&app, &ana, "ben@hiram.example", "Ben Cruz", "admin").await;
        assert_eq!(send(&app, &ana, "POST", DEACTIVATE, &[("id", &ben.id.to_string())]).await.0, 200);
        assert_eq!(by_token().await.0, 409);
        assert_eq!(send(&app, &ana, "GET", "/api/console/me", &[]).await.0, 200);
        assert_eq!(account_changes(&app).await, 2, "the refusals are not audited as changes");
    }

    async fn two_admins_switching_each_other_off_at_once_leave_one_active(app) {
        // The store's contract, raced directly: of two active admins switched
        // off at the same moment, exactly one goes, every round.
        let mut survivor = add_staff(&app.state, "admin0@hiram.example", "Admin 0", "admin").await.unwrap().id;
        for round in 1..=20 {
            let other = add_staff(&app.state, &format!("admin{round}@hiram.example"), "Admin", "admin").await.unwrap().id;
            let now = app.state.now();
            let (first, second) = tokio::join!(
                app.state.store.set_staff_active(survivor, false, now),
                app.state.store.set_staff_active(other, false, now),
            );
            let outcomes = [&first, &second].map(|outcome| outcome.as_ref().map(|before| before.id));
            assert_eq!(outcomes.iter().filter(|outcome| outcome.is_ok()).count(), 1, "round {round}: {outcomes:?}");
            assert!(outcomes.iter().any(|outcome| matches!(outcome, Err(StoreError::Conflict("last_admin")))), "{outcomes:?}");
            if first.is_ok() {
                survivor = other;
            }
        }
        let accounts = app.state.store.staff_accounts().await.unwrap();
        let active: Vec<i64> = accounts.iter().filter(|account| account.active).map(|account| account.id).collect();
        assert_eq!(active, [survivor]);
    }

    async fn only_admins_list_add_or_switch_accounts(app) {
        let target = add_staff(&app.state, "liza@hiram.example", "Liza Reyes", "customer_care").await.unwrap();
        let id = target.id.to_string();
        let new = [("email", "new@hiram.example"), ("name", "New Admin"), ("role", "admin")];
        for role in Role::ALL.into_iter().filter(|role| *role != Role::Admin) {
            let caller = member(&app, role).await;
            for (method, path, form) in
                [("GET", ACCOUNTS, &[][..]), ("POST", ACCOUNTS, &new[..]), ("POST", DEACTIVATE, &[("id", id.as_str())][..]), ("POST", REACTIVATE, &[("id", id.as_str())][..]), ("POST", RESET, &[("id", id.as_str())][..])]
            {
                let (status, body) = send(&app, &caller, method, path, form).await;
                assert_eq!(status, 403, "{role:?} {method} {path}: {body}");
                assert_eq!(body["data"]["permission"], "manage_staff");
            }
        }
        let accounts = app.state.store.staff_accounts().await.unwrap();
        assert!(accounts.iter().all(|account| account.active && account.email != "new@hiram.example"));
        assert_eq!(account_changes(&app).await, 0);
    }

    async fn unknown_ids_and_bad_input_are_refused_and_change_nothing(app) {
        let admin = named_member(&app, Role::Admin, "ana").await;
        add_staff(&app.state, "liza@hiram.example", "Liza Reyes", "customer_care").await.unwrap();
        let before = app.state.store.staff_accounts().await.unwrap();

        for path in [DEACTIVATE, REACTIVATE, RESET] {
            let (status, body) = send(&app, &admin, "POST", path, &[("id", "987654")]).await;
            assert_eq!(status, 404, "{path}: {body}");
            for bad in [None, Some(""), Some("abc"), Some("1.5"), Some("99999999999999999999")] {
                let form: Vec<(&str, &str)> = bad.map(|value| vec![("id", value)]).unwrap_or_default();
                let (status, body) = send(&app, &admin, "POST", path, &form).await;
                assert_eq!(status, 400, "{path} {bad:?}: {body}");
                assert_eq!((&body["data"]["field"], &body["message"]), (&json!("id"), &json!("Please check: id.")));
            }
        }

        let long_name = "N".repeat(61);
        for (email, name, role, field) in [
            ("not-an-email", "New Person", "finance", "email"),
            ("new@hiram.example", "   ", "finance", "name"),
            ("new@hiram.example", long_name.as_str(), "finance", "name"),
            ("new@hiram.example", "New Person", "root", "role"),
        ] {
            let (status, body) = send(&app, &admin, "POST", ACCOUNTS, &[("email", email), ("name", name), ("role", role)]).await;
            assert_eq!((status, &body["data"]["field"]), (400, &json!(field)), "{body}");
        }
        let (status, taken) = send(&app, &admin, "POST", ACCOUNTS, &[("email", "LIZA@hiram.example"), ("name", "Liza Again"), ("role", "finance")]).await;
        assert_eq!(status, 409, "{taken}");
        assert_eq!((&taken["data"]["field"], &taken["message"]), (&json!("email"), &json!("This e-mail already has a staff account.")));

        assert_eq!(app.state.store.staff_accounts().await.unwrap(), before, "nothing changed");
        assert_eq!(account_changes(&app).await, 0);
    }

    async fn a_reset_replaces_the_password_and_authenticator_and_signs_the_member_out(app) {
        let admin = named_member(&app, Role::Admin, "ana").await;
        let email = "liza@hiram.example";
        let old = add(&app, &admin, email, "Liza Reyes", "customer_care").await;
        let liza = signed_in(&app, email, &old).await;
        assert_eq!(send(&app, &liza, "GET", "/api/console/complaints", &[]).await.0, 200);
        // She forgot it and tried too often: from here she has to wait.
        for _ in 0..5 {
            assert_eq!(wrong_password(&app, email, &old).await, 400);
        }
        assert_eq!(wrong_password(&app, email, &old).await, 429);

        let first_link = mailed_link(&app, email).unwrap();
        let (status, body) = send(&app, &admin, "POST", RESET, &[("id", &old.id.to_string())]).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!((&body["data"]["enrolled"], &body["data"]["enrolment"]["status"]), (&json!(false), &json!("mailed")), "{body}");
        assert!(!body.to_string().contains("totpSecret") && !body.to_string().contains("password"), "the admin sees no secret: {body}");
        assert_eq!(send(&app, &liza, "GET", "/api/console/complaints", &[]).await.0, 401, "signed out at once");
        app.clock.advance(time::Duration::seconds(30));
        assert_eq!(sign_in(&app, email, &old).await.0, 400, "the old password and authenticator stopped at once");
        let new_link = mailed_link(&app, email).unwrap();
        assert_ne!(new_link, first_link);
        let new = enrol(&app, email).await;
        assert_eq!(new.id, old.id);
        assert_ne!(new.totp_secret, old.totp_secret, "a new authenticator secret");
        let row = listed(&app, &admin).await.into_iter().find(|row| row["id"] == old.id).unwrap();
        assert_eq!((&row["active"], &row["enrolled"]), (&json!(true), &json!(true)));

        // The old secret with the new password fails; the reset cleared her earlier tries.
        let (status, _, refused) = sign_in(&app, email, &NewAccount { totp_secret: old.totp_secret.clone(), ..new.clone() }).await;
        assert_eq!(status, 400, "{refused}");
        let back = signed_in(&app, email, &new).await;
        assert_eq!(send(&app, &back, "GET", "/api/console/me", &[]).await.1["data"]["email"], email);

        let (_, audit) = send(&app, &admin, "GET", &format!("/api/console/audit?subject=staff:{}", old.id), &[]).await;
        let entry = audit["data"]["rows"].as_array().unwrap().iter().find(|row| row["action"] == "staff.reset_sign_in").unwrap().clone();
        assert_eq!(entry["subject"], format!("staff:{}", old.id));
        assert_eq!((&entry["before"], &entry["after"]), (&Value::Null, &json!({ "signedOut": true, "needsApproval": false })));
        let text = audit.to_string();
        for secret in [&old.password, &old.totp_secret, &new.password, &new.totp_secret, &new_link] {
            assert!(!text.contains(secret.as_str()), "the audit log never carries a secret");
        }
        let stored = app.state.store.staff_member(old.id).await.unwrap().unwrap();
        assert!(stored.password_hash.starts_with("$argon2") && !stored.password_hash.contains(&new.password));
    }

    async fn nobody_resets_their_own_sign_in_or_a_deactivated_account(app) {
        let ana = named_member(&app, Role::Admin, "ana").await;
        let ana_id = my_id(&app, &ana).await;
        let (status, own) = send(&app, &ana, "POST", RESET, &[("id", &ana_id)]).await;
        assert_eq!(status, 409, "{own}");
        assert_eq!(own["data"]["reason"], "own_account");
        assert_eq!(own["message"], "You cannot reset your own sign-in. Ask another administrator to reset it.");
        assert_eq!(send(&app, &ana, "GET", "/api/console/me", &[]).await.0, 200, "still signed in");

        let ben = add(&app, &ana, "ben@hiram.example", "Ben Cruz", "credit_officer").await;
        let ben_id = ben.id.to_string();
        assert_eq!(send(&app, &ana, "POST", DEACTIVATE, &[("id", &ben_id)]).await.0, 200);
        let before = app.state.store.staff_accounts().await.unwrap();
        let (status, inactive) = send(&app, &ana, "POST", RESET, &[("id", &ben_id)]).await;
        assert_eq!(status, 409, "{inactive}");
        assert_eq!(inactive["data"]["reason"], "inactive");
        assert!(inactive["message"].as_str().unwrap().contains("Reactivate it first"), "{inactive}");
        assert_eq!(app.state.store.staff_accounts().await.unwrap(), before, "nothing changed");

        // Reactivated, the same account can be reset.
        assert_eq!(send(&app, &ana, "POST", REACTIVATE, &[("id", &ben_id)]).await.0, 200);
        let (status, body) = send(&app, &ana, "POST", RESET, &[("id", &ben_id)]).await;
        assert_eq!(status, 200, "{body}");
        let again = enrol(&app, "ben@hiram.example").await;
        signed_in(&app, "ben@hiram.example", &again).await;
        assert_eq!(account_changes(&app).await, 4, "create, deactivate, reactivate, one reset; refusals are not audited");
    }
}
