//! Staff API tokens: a signed-in admin makes a named token with a role and
//! an expiry, sees its secret once, lists and revokes it; a call with it is
//! checked against its role like a member's, refused at once when it is
//! revoked or expired, and audited under the token's own name.

use crate::console::{member, send};
use crate::helpers::TestApp;
use hiram_domain::staff::Role;
use serde_json::Value;

const TOKENS: &str = "/api/console/api-tokens";
const REVOKE: &str = "/api/console/api-tokens/revoke";

async fn bearer_get(app: &TestApp, token: &str, path: &str) -> (u16, Value) {
    let response = app.client.get(app.url(path)).bearer_auth(token).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

async fn bearer_post(app: &TestApp, token: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    let response = app.client.post(app.url(path)).bearer_auth(token).form(form).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

crate::on_both_stores! {
    async fn without_a_token_of_ours_the_staff_api_refuses_everyone(app) {
        assert_eq!(app.get("/api/staff/sms-outbox").await.status(), 401);
        let empty = app.client.get(app.url("/api/staff/sms-outbox")).bearer_auth("").send().await.unwrap();
        assert_eq!(empty.status(), 401);
        assert_eq!(bearer_get(&app, &"a".repeat(64), "/api/staff/sms-outbox").await.0, 401, "well formed, but never issued");
    }

    async fn staff_read_the_outbox_with_a_token(app) {
        let token = app.staff_token(Role::CustomerCare).await;
        app.post_form("/pany/service/login/send-sms-code-new", &[("phone", "09171234567")]).await;
        let mut wrong = token.clone();
        wrong.replace_range(..1, if token.starts_with('0') { "1" } else { "0" });
        assert_eq!(bearer_get(&app, &wrong, "/api/staff/sms-outbox").await.0, 401);
        let (status, body) = bearer_get(&app, &token, "/api/staff/sms-outbox?phone=09171234567").await;
        assert_eq!(status, 200, "{body}");
        let messages = body["data"].as_array().unwrap();
        assert_eq!(messages.len(), 1);
        assert_eq!(messages[0]["phone"], "•••• ••• 4567", "staff lists show the last four digits (decision 087)");
        assert!(messages[0]["body"].as_str().unwrap().starts_with("Your Hiram code is "));
        let (_, other) = bearer_get(&app, &token, "/api/staff/sms-outbox?phone=09181234567").await;
        assert_eq!(other["data"].as_array().unwrap().len(), 0);
    }

    async fn a_tokens_role_limits_it_as_a_members_role_does(app) {
        let support = app.staff_token(Role::CustomerCare).await;
        assert_eq!(bearer_get(&app, &support, "/api/staff/complaints").await.0, 200, "customer care reads complaints");
        let (status, refused) = bearer_get(&app, &support, "/api/console/staff-accounts").await;
        assert_eq!(status, 403, "{refused}");
        assert_eq!(refused["data"]["permission"], "manage_staff");
        let (status, refused) = bearer_post(&app, &support, "/api/console/staff-accounts", &[("email", "x@hiram.example"), ("name", "X"), ("role", "admin")]).await;
        assert_eq!(status, 403, "{refused}");
        assert_eq!(bearer_get(&app, &support, "/api/staff/products").await.0, 403, "products are an admin's");
        assert!(app.state.store.staff_by_email("x@hiram.example").await.unwrap().is_none(), "nothing was made");

        let admin = app.staff_token(Role::Admin).await;
        assert_eq!(bearer_get(&app, &admin, "/api/console/staff-accounts").await.0, 200);
        assert_eq!(bearer_post(&app, &admin, "/api/staff/complaints/close", &[("id", "1")]).await.0, 403, "admins answer no borrowers");
    }

    async fn creating_answers_the_secret_once_and_listing_never_shows_it(app) {
        let admin = member(&app, Role::Admin).await;
        let (status, created) = send(&app, &admin, "POST", TOKENS, &[("name", "nightly export"), ("role", "auditor"), ("validDays", "30")]).await;
        assert_eq!(status, 200, "{created}");
        let secret = created["data"]["secret"].as_str().unwrap().to_owned();
        assert_eq!(secret.len(), 64);
        assert_eq!((created["data"]["name"].as_str(), created["data"]["role"].as_str()), (Some("nightly export"), Some("auditor")));
        let expires = time::OffsetDateTime::parse(created["data"]["expiresAt"].as_str().unwrap(), &time::format_description::well_known::Rfc3339).unwrap();
        assert_eq!((expires - app.state.now()).whole_days(), 29, "thirty days from now, less the moments since");

        let response = app.client.get(app.url(TOKENS)).header("cookie", admin.cookie()).send().await.unwrap();
        let text = response.text().await.unwrap();
        assert!(!text.contains(&secret), "the list never shows a secret");
        let listed: Value = serde_json::from_str(&text).unwrap();
        let row = &listed["data"][0];
        assert_eq!(row["name"], "nightly export");
        assert_eq!(row["createdBy"], "Test admin");
        assert!(row.get("secret").is_none(), "{row}");
        assert_eq!((row["lastUsedAt"].clone(), row["revokedAt"].clone()), (Value::Null, Value::Null));

        assert_eq!(bearer_get(&app, &secret, "/api/console/audit").await.0, 200, "an auditor's token reads the audit log");
        // Its use is written down after the reply, off the request's path.
        let mut listed = Value::Null;
        for _ in 0..200 {
            listed = send(&app, &admin, "GET", TOKENS, &[]).await.1;
            if listed["data"][0]["lastUsedAt"].is_string() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert!(listed["data"][0]["lastUsedAt"].is_string(), "its use is recorded: {listed}");

        for (field, form) in [
            ("name", [("name", " "), ("role", "auditor"), ("validDays", "30")]),
            ("role", [("name", "x"), ("role", "root"), ("validDays", "30")]),
            ("validDays", [("name", "x"), ("role", "auditor"), ("validDays", "0")]),
            ("validDays", [("name", "x"), ("role", "auditor"), ("validDays", "366")]),
            ("validDays", [("name", "x"), ("role", "auditor"), ("validDays", "soon")]),
        ] {
            let (status, refused) = send(&app, &admin, "POST", TOKENS, &form).await;
            assert_eq!((status, refused["data"]["field"].as_str()), (400, Some(field)), "{form:?} {refused}");
        }
        let (_, listed) = send(&app, &admin, "GET", TOKENS, &[]).await;
        assert_eq!(listed["data"].as_array().unwrap().len(), 1, "a refused token is not made");
    }

    async fn a_revoked_token_and_an_expired_token_are_refused_at_once(app) {
        let admin = member(&app, Role::Admin).await;
        let make = |name: &'static str, days: &'static str| {
            let (app, admin) = (&app, &admin);
            async move {
                let (status, body) = send(app, admin, "POST", TOKENS, &[("name", name), ("role", "customer_care"), ("validDays", days)]).await;
                assert_eq!(status, 200, "{body}");
                (body["data"]["id"].to_string(), body["data"]["secret"].as_str().unwrap().to_owned())
            }
        };
        let (revoked_id, revoked) = make("old script", "90").await;
        assert_eq!(bearer_get(&app, &revoked, "/api/staff/complaints").await.0, 200);
        let (status, row) = send(&app, &admin, "POST", REVOKE, &[("id", &revoked_id)]).await;
        assert_eq!(status, 200, "{row}");
        assert!(row["data"]["revokedAt"].is_string(), "{row}");
        assert_eq!(bearer_get(&app, &revoked, "/api/staff/complaints").await.0, 401, "revoked: refused at once");
        assert_eq!(send(&app, &admin, "POST", REVOKE, &[("id", &revoked_id)]).await.0, 200, "revoking again changes nothing");
        assert_eq!(send(&app, &admin, "POST", REVOKE, &[("id", "999999")]).await.0, 404);

        let (_, expiring) = make("one day", "1").await;
        app.clock.advance(time::Duration::hours(23));
        assert_eq!(bearer_get(&app, &expiring, "/api/staff/complaints").await.0, 200, "still within its day");
        app.clock.advance(time::Duration::hours(1));
        assert_eq!(bearer_get(&app, &expiring, "/api/staff/complaints").await.0, 401, "expired: refused at once");

        let audited = app.state.store.audit_entries(None, hiram_domain::back_office::PageRequest { offset: 0, size: 100 }).await.unwrap().rows;
        let revocations = audited.iter().filter(|logged| logged.entry.action == "api_token.revoke").count();
        assert_eq!(revocations, 1, "one revocation, however often asked");
    }

    async fn only_signed_in_admins_make_list_and_revoke_tokens(app) {
        let care = member(&app, Role::CustomerCare).await;
        let form = [("name", "sneaky"), ("role", "admin"), ("validDays", "365")];
        assert_eq!(send(&app, &care, "POST", TOKENS, &form).await.0, 403);
        assert_eq!(send(&app, &care, "GET", TOKENS, &[]).await.0, 403);
        let auditor = member(&app, Role::Auditor).await;
        assert_eq!(send(&app, &auditor, "POST", TOKENS, &form).await.0, 403);

        // Not even an admin's token mints or revokes tokens: a leaked one
        // could otherwise outlive its own revocation.
        let admin_token = app.staff_token(Role::Admin).await;
        let (status, refused) = bearer_post(&app, &admin_token, TOKENS, &form).await;
        assert_eq!(status, 403, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("never a token"), "{refused}");
        assert_eq!(bearer_post(&app, &admin_token, REVOKE, &[("id", "1")]).await.0, 403);
        assert_eq!(bearer_get(&app, &admin_token, TOKENS).await.0, 200, "it may read the list, as its role allows");
        assert_eq!(bearer_get(&app, &admin_token, "/api/staff/complaints").await.0, 200);

        let admin = member(&app, Role::Admin).await;
        let (_, listed) = send(&app, &admin, "GET", TOKENS, &[]).await;
        assert_eq!(listed["data"].as_array().unwrap().len(), 1, "only the test's own token: {listed}");
        assert_eq!(listed["data"][0]["createdBy"], Value::Null, "made by the command, not a member");
        assert_eq!(send(&app, &admin, "POST", TOKENS, &form).await.0, 200);
    }

    async fn the_audit_log_names_the_token_that_acted_and_the_admin_who_made_it(app) {
        let admin = member(&app, Role::Admin).await;
        let (_, created) = send(&app, &admin, "POST", TOKENS, &[("name", "onboarding sync"), ("role", "admin"), ("validDays", "7")]).await;
        let (token_id, secret) = (created["data"]["id"].as_i64().unwrap(), created["data"]["secret"].as_str().unwrap().to_owned());
        let leaver = hiram::features::console::staff_accounts::add_staff(&app.state, "liza@hiram.example", "Liza Reyes", "finance").await.unwrap();
        let (status, off) = bearer_post(&app, &secret, "/api/console/staff-accounts/deactivate", &[("id", &leaver.id.to_string())]).await;
        assert_eq!(status, 200, "an offboarding script takes access away: {off}");
        assert_eq!(send(&app, &admin, "POST", REVOKE, &[("id", &token_id.to_string())]).await.0, 200);

        let (_, log) = send(&app, &admin, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let rows = log["data"]["rows"].as_array().unwrap();
        let entry = |action: &str| rows.iter().find(|row| row["action"] == action).unwrap_or_else(|| panic!("{action} in {log}"));
        let by_token = entry("staff.deactivate");
        assert_eq!((by_token["apiTokenId"].as_i64(), by_token["apiTokenName"].as_str()), (Some(token_id), Some("onboarding sync")));
        assert_eq!((by_token["staffId"].clone(), by_token["staffName"].clone()), (Value::Null, Value::Null), "no member acted");
        for action in ["api_token.create", "api_token.revoke"] {
            let change = entry(action);
            assert_eq!(change["subject"], format!("api_token:{token_id}"));
            assert_eq!(change["staffName"], "Test admin", "{change}");
            assert_eq!(change["apiTokenName"], Value::Null);
        }
        let made = entry("api_token.create");
        assert_eq!((made["after"]["name"].as_str(), made["after"]["role"].as_str()), (Some("onboarding sync"), Some("admin")));
        assert!(!log.to_string().contains(&secret), "the secret never reaches the log");
    }

    async fn no_token_makes_resets_or_reactivates_a_member_so_a_leaked_one_cannot_make_its_own_admin(app) {
        let admin_token = app.staff_token(Role::Admin).await;
        let (status, refused) = bearer_post(&app, &admin_token, "/api/console/staff-accounts", &[("email", "shadow@hiram.example"), ("name", "Shadow"), ("role", "admin")]).await;
        assert_eq!(status, 403, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("never a token"), "{refused}");
        assert!(refused.get("data").and_then(|data| data.get("password")).is_none(), "no secret: {refused}");
        assert!(app.state.store.staff_by_email("shadow@hiram.example").await.unwrap().is_none(), "nobody was made");

        let finance = hiram::features::console::staff_accounts::add_staff(&app.state, "ana@hiram.example", "Ana", "finance").await.unwrap();
        let id = finance.id.to_string();
        let (status, refused) = bearer_post(&app, &admin_token, "/api/console/staff-accounts/reset", &[("id", &id)]).await;
        assert_eq!(status, 403, "a reset hands over secrets: {refused}");
        assert!(!refused.to_string().contains("totpSecret"), "{refused}");
        crate::console::signed_in(&app, "ana@hiram.example", &finance).await;
        assert_eq!(bearer_post(&app, &admin_token, "/api/console/staff-accounts/deactivate", &[("id", &id)]).await.0, 200);
        assert_eq!(bearer_post(&app, &admin_token, "/api/console/staff-accounts/reactivate", &[("id", &id)]).await.0, 403, "never gives access back");
        let ana = app.state.store.staff_by_email("ana@hiram.example").await.unwrap().unwrap();
        assert!(!ana.active, "still deactivated");
    }

    async fn a_deactivated_or_reset_members_tokens_stop_at_once(app) {
        let admin = member(&app, Role::Admin).await;
        let email = "rico@hiram.example";
        let account = hiram::features::console::staff_accounts::add_staff(&app.state, email, "Rico", "admin").await.unwrap();
        let rico = crate::console::signed_in(&app, email, &account).await;
        let mint = |name: &'static str| {
            let (app, rico) = (&app, &rico);
            async move {
                let (status, body) = send(app, rico, "POST", TOKENS, &[("name", name), ("role", "admin"), ("validDays", "90")]).await;
                assert_eq!(status, 200, "{body}");
                body["data"]["secret"].as_str().unwrap().to_owned()
            }
        };
        let token = mint("rico's script").await;
        assert_eq!(bearer_get(&app, &token, "/api/console/staff-accounts").await.0, 200);
        let id = account.id.to_string();
        assert_eq!(send(&app, &admin, "POST", "/api/console/staff-accounts/deactivate", &[("id", &id)]).await.0, 200);
        let (status, refused) = bearer_post(&app, &token, "/api/console/staff-accounts/deactivate", &[("id", "1")]).await;
        assert_eq!(status, 401, "the deactivated member's token is refused at once: {refused}");
        let (_, listed) = send(&app, &admin, "GET", TOKENS, &[]).await;
        let row = listed["data"].as_array().unwrap().iter().find(|row| row["name"] == "rico's script").unwrap().clone();
        assert!(row["revokedAt"].is_string(), "and shown revoked: {row}");
        assert_eq!(send(&app, &admin, "POST", "/api/console/staff-accounts/reactivate", &[("id", &id)]).await.0, 200);
        assert_eq!(bearer_get(&app, &token, "/api/console/staff-accounts").await.0, 401, "reactivation gives no token back");

        // A reset (secrets that may have leaked) revokes the new one too.
        // (A TOTP code signs in once: the next sign-in takes the next one.)
        app.clock.advance(time::Duration::seconds(30));
        let rico = crate::console::signed_in(&app, email, &account).await;
        let (status, body) = send(&app, &rico, "POST", TOKENS, &[("name", "rico's next"), ("role", "auditor"), ("validDays", "9")]).await;
        assert_eq!(status, 200, "{body}");
        let next = body["data"]["secret"].as_str().unwrap().to_owned();
        assert_eq!(bearer_get(&app, &next, "/api/console/audit").await.0, 200);
        assert_eq!(send(&app, &admin, "POST", "/api/console/staff-accounts/reset", &[("id", &id)]).await.0, 200);
        assert_eq!(bearer_get(&app, &next, "/api/console/audit").await.0, 401);
    }

    async fn an_unknown_staff_path_is_a_json_404(app) {
        let response = app.get("/api/nothing").await;
        assert_eq!(response.status(), 404);
        assert_eq!(response.json::<Value>().await.unwrap()["code"], "404");
    }
}

#[tokio::test]
async fn the_old_single_token_setting_is_refused_with_directions() {
    let refused = hiram::config::Settings::from_sources([("APP_STAFF__API_TOKEN".to_owned(), "secret".to_owned())])
        .expect_err("the old setting is refused");
    assert!(refused.to_string().contains("hiram staff-token"), "{refused}");
}
