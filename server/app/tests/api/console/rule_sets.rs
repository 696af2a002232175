//! The dated rule sets of the law's ceilings (D4, decision 056): staff see
//! which is in force, an admin corrects a date with a reason (audited),
//! and a product that breaks the rule set in force is listed for staff and
//! not offered to borrowers until fixed.

use crate::console::{member, send};
use crate::helpers::TestApp;
use hiram_domain::staff::Role;
use serde_json::Value;

/// The SEC MC 14 row as the list shows it, with `in_force_from` changed.
fn mc_14(in_force_from: &str) -> Vec<(&'static str, String)> {
    [
        ("code", "SEC-MC-14-2025"),
        ("source", "SEC Memorandum Circular No. 14, series of 2025 (RA 11765 section 6(a))"),
        ("inForceFrom", in_force_from),
        ("maxPrincipal", "1000000"),
        ("maxTermMonths", "4"),
        ("nominalMonthlyBp", "600"),
        ("eirMonthlyBp", "1200"),
        ("penaltyMonthlyBp", "500"),
        ("totalCostBp", "10000"),
        ("reason", "The date the circular takes effect, as the SEC announced it"),
    ]
    .into_iter()
    .map(|(key, value)| (key, value.to_owned()))
    .collect()
}

fn pairs<'a>(fields: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    fields.iter().map(|(key, value)| (*key, value.as_str())).collect()
}

fn in_force(list: &Value) -> Vec<&str> {
    list["data"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["inForceToday"] == true)
        .map(|row| row["code"].as_str().unwrap())
        .collect()
}

async fn home_products(app: &TestApp, session: &str) -> Vec<String> {
    let response = app.post_form(&format!("/pany/v4/index/home-page?sessionId={session}"), &[]).await;
    let home: Value = response.json().await.unwrap();
    home["data"]["products"].as_array().unwrap().iter().map(|card| card["name"].as_str().unwrap().to_owned()).collect()
}

crate::on_both_stores! {
    async fn a_corrected_date_changes_which_rule_set_governs_and_which_products_are_offered(app) {
        app.demo_session().await;
        let admin = member(&app, Role::Admin).await;
        let officer = member(&app, Role::CreditOfficer).await;
        let (status, list) = send(&app, &officer, "GET", "/api/console/rule-sets", &[]).await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(in_force(&list), ["SEC-MC-14-2025"]);
        let codes: Vec<&str> = list["data"]["rows"].as_array().unwrap().iter().map(|row| row["code"].as_str().unwrap()).collect();
        assert_eq!(codes, ["BSP-1133", "SEC-MC-14-2025"]);
        assert_eq!(list["data"]["rows"][0]["eirMonthlyBp"], 1500);
        assert_eq!(list["data"]["rows"][1]["inForceFrom"], "2026-04-01");
        assert_eq!(send(&app, &officer, "POST", "/api/console/rule-sets", &pairs(&mc_14("2027-01-01"))).await.0, 403, "admins only");

        // Were the circular to take effect next year, BSP Circular 1133's
        // 15% would govern today: a 6% product with a 6% fee (12.77% a
        // month) may be saved.
        let (status, moved) = send(&app, &admin, "POST", "/api/console/rule-sets", &pairs(&mc_14("2027-01-01"))).await;
        assert_eq!(status, 200, "{moved}");
        assert_eq!(in_force(&moved), ["BSP-1133"]);
        let lender = app.state.store.products().await.unwrap()[0].lender_id.0;
        let fields = crate::products_and_transitions::with(crate::products_and_transitions::base(lender), "serviceFeeBp", "600");
        let fields = crate::products_and_transitions::with(fields, "name", "Twelve Seventy-Seven");
        let response = app.client.post(app.url("/api/console/products")).header("cookie", admin.cookie()).form(&fields).send().await.unwrap();
        let (status, created) = crate::helpers::outcome(response).await;
        assert_eq!(status, 200, "{created}");
        let session = app.login("09171230001").await;
        assert!(home_products(&app, &session).await.contains(&"Twelve Seventy-Seven".to_owned()));

        // The date corrected back: the product breaks the rule set in
        // force, is listed for staff as breaking it, and borrowers are no
        // longer offered it.
        let (status, back) = send(&app, &admin, "POST", "/api/console/rule-sets", &pairs(&mc_14("2026-04-01"))).await;
        assert_eq!(status, 200, "{back}");
        assert_eq!(in_force(&back), ["SEC-MC-14-2025"]);
        assert_eq!(back["data"]["rows"][1]["productsBreaking"], serde_json::json!(["Twelve Seventy-Seven"]));
        assert_eq!(back["data"]["rows"][0]["productsBreaking"], serde_json::json!([]));
        assert!(!home_products(&app, &session).await.contains(&"Twelve Seventy-Seven".to_owned()), "not offered");
        let (_, catalogue) = send(&app, &admin, "GET", "/api/console/products", &[]).await;
        let listed = catalogue["data"]["products"].as_array().unwrap().iter().find(|product| product["name"] == "Twelve Seventy-Seven").unwrap().clone();
        assert_eq!(listed["breaches"][0]["cap"], "effective_cap", "{listed}");

        // Every save is audited with its reason and what it replaced.
        let auditor = member(&app, Role::Auditor).await;
        let (_, audit) = send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let saves: Vec<&Value> = audit["data"]["rows"].as_array().unwrap().iter().filter(|row| row["action"] == "rule_set.save").collect();
        assert_eq!(saves.len(), 2, "{audit}");
    }

    async fn a_rule_set_that_does_not_fit_is_refused_naming_the_field(app) {
        let admin = member(&app, Role::Admin).await;
        let cases = [
            ("inForceFrom", "2026-13-01"),
            ("maxPrincipal", "0"),
            ("maxTermMonths", "13"),
            ("eirMonthlyBp", "0"),
            ("totalCostBp", "100001"),
            ("code", ""),
            ("reason", "no"),
        ];
        for (field, value) in cases {
            let fields = crate::products_and_transitions::with(mc_14("2026-04-01"), field, value);
            let (status, refused) = send(&app, &admin, "POST", "/api/console/rule-sets", &pairs(&fields)).await;
            assert_eq!((status, refused["data"]["field"].as_str()), (400, Some(field)), "{field}={value}: {refused}");
        }
        let (_, list) = send(&app, &admin, "GET", "/api/console/rule-sets", &[]).await;
        assert_eq!(list["data"]["rows"][1]["inForceFrom"], "2026-04-01", "nothing changed");
    }
}
