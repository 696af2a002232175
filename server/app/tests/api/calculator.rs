//! The borrower's calculator (`/pany/calc/*`): prices, the exchange
//! calculator on staff's rates, kept calculations (owner only) and the
//! products that match them, with their views counted.

use crate::console::{member, send};
use crate::helpers::TestApp;
use hiram_domain::staff::Role;
use serde_json::Value;

async fn call(app: &TestApp, session: Option<&str>, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    match session {
        Some(session) => app.call(session, &format!("/calc/{path}"), form).await,
        None => crate::helpers::outcome(app.post_form(&format!("/pany/calc/{path}"), form).await).await,
    }
}

/// Expects a 400 with exactly this English message, and returns nothing.
async fn refused(app: &TestApp, session: Option<&str>, path: &str, form: &[(&str, &str)], message: &str) {
    let (status, body) = call(app, session, path, form).await;
    assert_eq!((status, body["message"].as_str()), (400, Some(message)), "{path} {form:?}: {body}");
}

const LOAN: [(&str, &str); 5] =
    [("amount", "500000"), ("monthlyRateBp", "400"), ("payments", "3"), ("frequency", "monthly"), ("method", "flat")];

fn with<'a>(changes: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    let mut form: Vec<(&str, &str)> =
        LOAN.iter().filter(|(key, _)| !changes.iter().any(|(k, _)| k == key)).copied().collect();
    form.extend_from_slice(changes);
    form
}

crate::on_both_stores! {
    async fn the_calculator_prices_flat_and_declining_loans(app) {
        let (status, index) = call(&app, None, "index", &[]).await;
        assert_eq!(status, 200, "{index}");
        assert_eq!(index["data"]["savedCount"], Value::Null, "no session, nothing kept");
        // The rule set in force: SEC MC 14 s.2025's ceilings.
        assert_eq!(index["data"]["caps"]["code"], "SEC-MC-14-2025");
        assert_eq!(index["data"]["caps"]["nominalMonthlyBp"], 600);
        assert_eq!(index["data"]["caps"]["eirMonthlyBp"], 1200);
        let keys: Vec<&str> = index["data"]["frequencies"].as_array().unwrap().iter().map(|f| f["key"].as_str().unwrap()).collect();
        assert_eq!(keys, ["daily", "weekly", "monthly"]);

        // ₱5,000 at 4% flat for 3 months: ₱600 interest, ₱1,866.66 + ₱1,866.67 + ₱1,866.67.
        let (status, flat) = call(&app, None, "emi", &LOAN).await;
        assert_eq!(status, 200, "{flat}");
        let data = &flat["data"];
        assert_eq!((data["totalInterest"].as_i64(), data["totalRepaid"].as_i64()), (Some(60_000), Some(560_000)));
        let amounts: Vec<i64> = data["schedule"].as_array().unwrap().iter().map(|p| p["amount"].as_i64().unwrap()).collect();
        assert_eq!(amounts, [186_666, 186_666, 186_668]);
        assert_eq!(data["fee"], 0, "emi takes no fee even when sent one");
        assert_eq!(call(&app, None, "emi", &with(&[("feeBp", "500")])).await.1["data"]["fee"], 0);

        // The textbook amortisation: ₱100,000 at 1% a month for 12 months is ₱8,884.88 a month.
        let declining = with(&[("amount", "10000000"), ("monthlyRateBp", "100"), ("payments", "12"), ("method", "declining")]);
        let (status, body) = call(&app, None, "emi", &declining).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["firstPayment"], 888_488);
        assert_eq!(body["data"]["covered"], false, "above ₱10,000 the caps do not apply");
        assert_eq!(body["data"]["caps"].as_array().unwrap().len(), 0);
    }

    async fn the_advanced_form_shows_the_effective_rate_and_the_caps(app) {
        // ₱5,000, 4% flat, 3 monthly payments, 5% fee: the effective rate
        // on the ₱4,750 received, against SEC MC 14's 12%.
        let (status, body) = call(&app, None, "emi-adv", &with(&[("feeBp", "500")])).await;
        assert_eq!(status, 200, "{body}");
        let data = &body["data"];
        assert_eq!((data["fee"].as_i64(), data["netProceeds"].as_i64()), (Some(25_000), Some(475_000)));
        assert_eq!(data["covered"], true);
        assert_eq!(data["costMonthlyBp"], Value::Null, "no simple rate on the principal any more");
        let effective = data["effectiveMonthlyBp"].as_i64().unwrap();
        let caps = data["caps"].as_array().unwrap();
        assert_eq!(caps[0]["key"], "nominal");
        assert_eq!((caps[0]["limitBp"].as_i64(), caps[0]["headroomBp"].as_i64()), (Some(600), Some(200)));
        assert_eq!((caps[1]["key"].as_str(), caps[1]["limitBp"].as_i64()), (Some("effective"), Some(1200)));
        assert_eq!((caps[1]["headroomBp"].as_i64(), caps[1]["within"].as_bool()), (Some(1200 - effective), Some(true)));
        assert!(effective > 567, "the actuarial rate on the money received is above interest and fees over the principal");

        // 7% a month breaks the nominal cap: shown, not refused (it is a calculator).
        let (_, above) = call(&app, None, "emi-adv", &with(&[("monthlyRateBp", "700")])).await;
        assert_eq!((above["data"]["caps"][0]["within"].as_bool(), above["data"]["caps"][0]["headroomBp"].as_i64()), (Some(false), Some(-100)));
    }

    async fn bad_calculator_input_is_refused_in_the_borrowers_language(app) {
        for amount in ["0", "-500000", "99", "1000000001"] {
            refused(&app, None, "emi", &with(&[("amount", amount)]), "Enter an amount from ₱1 to ₱10,000,000.").await;
        }
        for rate in ["-1", "10001"] {
            refused(&app, None, "emi-adv", &with(&[("monthlyRateBp", rate)]), "Enter a monthly interest rate from 0% to 100%.").await;
        }
        for payments in ["0", "-3", "1001"] {
            refused(&app, None, "emi", &with(&[("payments", payments)]), "Choose 1 to 1,000 payments, over 10 years at most.").await;
        }
        refused(&app, None, "emi", &with(&[("payments", "200"), ("frequency", "monthly")]), "Choose 1 to 1,000 payments, over 10 years at most.").await;
        refused(&app, None, "emi", &with(&[("frequency", "yearly")]), "Choose how often you pay: daily, weekly or monthly.").await;
        refused(&app, None, "emi", &with(&[("method", "compound")]), "Choose how interest is charged: flat, or on the declining balance.").await;
        for fee in ["-1", "10000", "99999"] {
            refused(&app, None, "emi-adv", &with(&[("feeBp", fee)]), "The fee must be less than the whole amount borrowed.").await;
        }
        let (status, body) = call(&app, None, "emi", &with(&[("amount", "5,000")])).await;
        assert_eq!(status, 400, "not a number: {body}");
        let response = app.post_form("/pany/calc/emi?lang=fil", &with(&[("amount", "0")])).await;
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["message"], "Maglagay ng halagang mula ₱1 hanggang ₱10,000,000.");
    }

    async fn borrowers_keep_calculations_that_only_they_can_see(app) {
        let session = app.login("09171112222").await;
        let stranger = app.login("09181113333").await;
        for path in ["add-loan", "list-loan", "info-loan", "del-loan", "jump-page", "jump-page-view"] {
            assert_eq!(call(&app, None, path, &with(&[("id", "1"), ("productId", "1")])).await.0, 401, "{path} needs a session");
        }

        let (status, saved) = call(&app, Some(&session), "add-loan", &with(&[("name", "Tricycle repair"), ("feeBp", "300")])).await;
        assert_eq!(status, 200, "{saved}");
        let id = saved["data"]["id"].as_i64().unwrap().to_string();
        let (_, list) = call(&app, Some(&session), "list-loan", &[]).await;
        let entries = list["data"]["list"].as_array().unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!((entries[0]["name"].as_str(), entries[0]["input"]["feeBp"].as_i64()), (Some("Tricycle repair"), Some(300)));
        assert_eq!(call(&app, Some(&session), "index", &[]).await.1["data"]["savedCount"], 1);

        // The kept calculation prices exactly as the advanced form does.
        let (_, info) = call(&app, Some(&session), "info-loan", &[("id", &id)]).await;
        let (_, fresh) = call(&app, None, "emi-adv", &with(&[("feeBp", "300")])).await;
        assert_eq!(info["data"]["result"], fresh["data"]);

        // Another borrower's calculation answers exactly like a missing one, on every call.
        for path in ["info-loan", "del-loan", "jump-page"] {
            let missing = call(&app, Some(&stranger), path, &[("id", "987654321")]).await;
            assert_eq!(missing.0, 404, "{path}");
            assert_eq!(call(&app, Some(&stranger), path, &[("id", &id)]).await, missing, "{path}");
        }
        let missing = call(&app, Some(&stranger), "jump-page-view", &[("id", "987654321"), ("productId", "1")]).await;
        assert_eq!(missing.0, 404);
        assert_eq!(call(&app, Some(&stranger), "jump-page-view", &[("id", &id), ("productId", "1")]).await, missing);
        assert!(call(&app, Some(&stranger), "list-loan", &[]).await.1["data"]["list"].as_array().unwrap().is_empty());
        assert_eq!(call(&app, Some(&session), "info-loan", &[("id", &id)]).await.0, 200, "still there after the stranger's delete");

        // Bad input keeps nothing.
        refused(&app, Some(&session), "add-loan", &with(&[("name", &"x".repeat(41))]), "Please keep the name to 40 characters.").await;
        refused(&app, Some(&session), "add-loan", &with(&[("amount", "-1")]), "Enter an amount from ₱1 to ₱10,000,000.").await;
        assert_eq!(call(&app, Some(&session), "list-loan", &[]).await.1["data"]["list"].as_array().unwrap().len(), 1);

        // At most 50 are kept.
        for _ in 1..50 {
            assert_eq!(call(&app, Some(&session), "add-loan", &LOAN).await.0, 200);
        }
        let (status, full) = call(&app, Some(&session), "add-loan", &LOAN).await;
        assert_eq!((status, full["message"].as_str()), (409, Some("You can keep up to 50 calculations. Delete one to save a new one.")));

        assert_eq!(call(&app, Some(&session), "del-loan", &[("id", &id)]).await.0, 200);
        assert_eq!(call(&app, Some(&session), "info-loan", &[("id", &id)]).await.0, 404);
        assert_eq!(call(&app, Some(&session), "del-loan", &[("id", &id)]).await.0, 404, "deleted once");
        assert_eq!(call(&app, Some(&session), "list-loan", &[]).await.1["data"]["list"].as_array().unwrap().len(), 49);
    }

    async fn a_calculation_opens_the_products_that_lend_its_amount_and_counts_the_views(app) {
        let session = app.login("09171112222").await;
        let (_, saved) = call(&app, Some(&session), "add-loan", &LOAN).await;
        let id = saved["data"]["id"].as_i64().unwrap().to_string();
        let (status, page) = call(&app, Some(&session), "jump-page", &[("id", &id)]).await;
        assert_eq!(status, 200, "{page}");
        let products = page["data"]["products"].as_array().unwrap();
        let names: Vec<&str> = products.iter().map(|p| p["name"].as_str().unwrap()).collect();
        // ₱5,000 fits four of the demo products (not the ₱10,000–₱50,000
        // one, nor the unavailable one), cheapest first: four monthly
        // instalments on the declining balance cost least. Kalesa Quick
        // Pera: 3% a month for 91 days is ₱455.00 interest, plus a 5% fee
        // of ₱250.
        assert_eq!(names, ["Bayanihan Cash Plus", "Kalesa Quick Pera", "Bayanihan Cash Express", "Sampaguita Salary Loan"]);
        assert_eq!(products[1]["quote"]["financeCharge"], 70_500);
        assert!(products.iter().all(|p| p["quote"]["amount"] == 500_000));

        let product = products[0]["productId"].as_i64().unwrap().to_string();
        let (status, first) = call(&app, Some(&session), "jump-page-view", &[("id", &id), ("productId", &product)]).await;
        assert_eq!(status, 200, "{first}");
        assert_eq!(first["data"]["path"], format!("/productDetail?productId={product}"));
        assert_eq!(first["data"]["views"], 1);
        let (_, second) = call(&app, Some(&session), "jump-page-view", &[("productId", &product)]).await;
        assert_eq!(second["data"]["views"], 2);
        assert_eq!(call(&app, Some(&session), "jump-page-view", &[("productId", "987654321")]).await.0, 404);

        let marketing = member(&app, Role::Marketing).await;
        let (status, views) = send(&app, &marketing, "GET", "/api/console/calculator-views", &[]).await;
        assert_eq!(status, 200, "{views}");
        assert_eq!(views["data"]["products"][0]["productName"], "Bayanihan Cash Plus");
        assert_eq!(views["data"]["products"][0]["views"], 2);
    }

    async fn the_exchange_calculator_uses_only_the_rates_staff_set(app) {
        let (status, empty) = call(&app, None, "exchange-rate", &[]).await;
        assert_eq!((status, empty["data"]["rates"].as_array().map(Vec::len)), (200, Some(0)), "{empty}");
        refused(&app, None, "exchange-rate", &[("currency", "USD"), ("amount", "10000")], "There is no rate for this currency yet.").await;

        let finance = member(&app, Role::Finance).await;
        let today = app.state.today().to_string();
        let tomorrow = (app.state.today() + time::Duration::days(1)).to_string();
        let rate = |currency: &'static str, value: &'static str, on: String, source: &'static str| {
            vec![("currency", currency.to_owned()), ("rate", value.to_owned()), ("effectiveOn", on), ("source", source.to_owned())]
        };
        let add = |form: Vec<(&'static str, String)>| {
            let finance = &finance;
            let app = &app;
            async move {
                let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
                send(app, finance, "POST", "/api/console/exchange-rates/add", &form).await
            }
        };
        let (status, added) = add(rate("usd", "58.1234", today.clone(), "BSP reference rate")).await;
        assert_eq!(status, 200, "{added}");
        assert_eq!((added["data"]["currency"].as_str(), added["data"]["inEffect"].as_bool()), (Some("USD"), Some(true)));

        // Refused rates change nothing, and name the field.
        for (form, field) in [
            (rate("PHP", "1", today.clone(), "BSP reference rate"), "currency"),
            (rate("USD", "-58", today.clone(), "BSP reference rate"), "rate"),
            (rate("USD", "58.12345678", today.clone(), "BSP reference rate"), "rate"),
            (rate("USD", "0", today.clone(), "BSP reference rate"), "rate"),
            (rate("USD", "99", tomorrow.clone(), "BSP reference rate"), "effectiveOn"),
            (rate("USD", "99", "2026-02-30".to_owned(), "BSP reference rate"), "effectiveOn"),
            (rate("USD", "99", today.clone(), " "), "source"),
        ] {
            let (status, body) = add(form).await;
            assert_eq!((status, body["data"]["field"].as_str()), (400, Some(field)), "{body}");
        }
        let customer_care = member(&app, Role::CustomerCare).await;
        assert_eq!(send(&app, &customer_care, "POST", "/api/console/exchange-rates/add", &[("currency", "USD"), ("rate", "1")]).await.0, 403);

        // $100.00 at ₱58.1234 is ₱5,812.34; ₱1,000.00 is $17.20.
        let (status, body) = call(&app, None, "exchange-rate", &[("currency", "USD"), ("amount", "10000")]).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["conversion"]["result"], 581_234);
        assert_eq!(body["data"]["conversion"]["rate"]["source"], "BSP reference rate");
        assert_eq!(body["data"]["conversion"]["rate"]["effectiveOn"], today);
        let rates = body["data"]["rates"].as_array().unwrap();
        assert_eq!((rates.len(), rates[0]["rate"].as_str()), (1, Some("58.1234")));
        let (_, back) = call(&app, None, "exchange-rate", &[("currency", "usd"), ("amount", "100000"), ("direction", "fromPeso")]).await;
        assert_eq!(back["data"]["conversion"]["result"], 1_720);

        for amount in ["0", "-100", "100000000001"] {
            refused(&app, None, "exchange-rate", &[("currency", "USD"), ("amount", amount)], "Enter an amount from 0.01 to 1,000,000,000.").await;
        }
        refused(&app, None, "exchange-rate", &[("currency", "JPY"), ("amount", "100")], "There is no rate for this currency yet.").await;
        refused(&app, None, "exchange-rate", &[("currency", "USD"), ("amount", "100"), ("direction", "sideways")], "Choose whether to change pesos into the currency or the currency into pesos.").await;

        // A newer rate replaces it; a rate older than 30 days is not offered.
        let old = (app.state.today() - time::Duration::days(31)).to_string();
        assert_eq!(add(rate("JPY", "0.3791", old, "BDO board rate")).await.0, 200);
        assert_eq!(add(rate("USD", "58.50", today.clone(), "BDO board rate, afternoon")).await.0, 200);
        let (_, body) = call(&app, None, "exchange-rate", &[]).await;
        let rates = body["data"]["rates"].as_array().unwrap();
        assert_eq!((rates.len(), rates[0]["rate"].as_str(), rates[0]["source"].as_str()), (1, Some("58.50"), Some("BDO board rate, afternoon")));

        // The console's history keeps every rate and marks the one in effect.
        let (status, history) = send(&app, &finance, "GET", "/api/console/exchange-rates", &[]).await;
        assert_eq!(status, 200, "{history}");
        let history = history["data"]["rates"].as_array().unwrap();
        assert_eq!(history.len(), 3);
        assert_eq!(history.iter().filter(|row| row["inEffect"] == true).count(), 1);

        let auditor = member(&app, Role::Auditor).await;
        let (_, audit) = send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        assert_eq!(audit["data"]["rows"].as_array().unwrap().iter().filter(|row| row["action"] == "exchange_rate.add").count(), 3);
    }
}
