//! From a new number to an accepted loan: marketplace, KYC, decision,
//! confirmation with the agreement and disclosure (issue 4).

use crate::helpers::TestApp;
use serde_json::Value;

const PHONE: &str = "09201234567";

/// The ID photo and the selfie, uploaded as a borrower does under the
/// photos consent: the addresses the basic section's answers name.
pub(crate) async fn identity_photos(app: &TestApp, session: &str) -> (String, String) {
    let (status, body) = app.call(session, "/v3/consent/grant?kind=photos&granted=1", &[]).await;
    assert_eq!(status, 200, "{body}");
    let photo = app.upload_png("/pany/credit-info/upload-image", "image", session, 40).await;
    let selfie = app.upload_png("/pany/credit-info/upload-image", "image", session, 90).await;
    (photo, selfie)
}

pub(crate) async fn fill_kyc(app: &TestApp, session: &str, income: &str) {
    let (photo, selfie) = identity_photos(app, session).await;
    let sections: [(&str, &[(&str, &str)]); 4] = [
        (
            "/v3/certify/save-basic-info",
            &[
                ("full_name", "Andres Bonifacio Reyes"),
                ("birth_date", "1990-05-17"),
                ("gender", "M"),
                ("citizenship", "PH"),
                ("id_type", "PHILSYS"),
                ("id_number", "1234-5678-9012"),
                ("id_photo", &photo),
                ("selfie", &selfie),
            ],
        ),
        (
            "/v3/certify/save-personal-info",
            &[
                ("permanent_city", "QZN"),
                ("street_address", "12 Mabini St., Brgy. Malaya"),
                ("residence_years", "4"),
                ("civil_status", "MARRIED"),
            ],
        ),
        (
            "/v3/certify/save-job-info",
            &[("employment_type", "EMPLOYED"), ("monthly_income", income), ("pay_schedule", "SEMI_MONTHLY")],
        ),
        ("/v3/certify/save-ext-info-new", &[("loan_purpose", "BILLS"), ("education", "COLLEGE"), ("dependents", "2")]),
    ];
    for (path, answers) in sections {
        let (status, body) = app.call(session, path, answers).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
}

pub(crate) fn product_named<'a>(home: &'a Value, name: &str) -> &'a Value {
    home["data"]["products"].as_array().unwrap().iter().find(|card| card["name"] == name).unwrap()
}

fn row<'a>(rows: &'a Value, label: &str) -> &'a str {
    rows.as_array()
        .unwrap()
        .iter()
        .find(|row| row["label"] == label || row["text"] == label)
        .unwrap_or_else(|| panic!("{label}"))["value"]
        .as_str()
        .unwrap()
}

crate::on_both_stores! {
    async fn a_new_borrower_applies_completes_kyc_is_approved_and_accepts(app) {
        app.demo_session().await;
        let session = app.login(PHONE).await;
        let (_, home) = app.call(&session, "/v4/index/home-page", &[]).await;
        let express = product_named(&home, "Bayanihan Cash Express");
        let product_id = express["id"].as_i64().unwrap().to_string();
        assert_eq!(express["flag"], "1");

        let (status, detail) = app.call(&session, "/v3/product/detail", &[("productId", &product_id)]).await;
        assert_eq!(status, 200);
        assert_eq!(detail["data"]["limit"], 500_000, "₱5,000 for a first loan");
        assert_eq!(detail["data"]["secRegistrationNo"], "CS2019-11802");
        // The rates the card and the page state are the engine's (decision
        // 090): the product's nominal rate and the effective rate the
        // disclosure will show; and the slider's stop is explained.
        let effective = detail["data"]["sample"]["effectiveMonthlyRate"].as_str().unwrap().to_owned();
        assert_eq!(detail["data"]["rateDescription"], express["rate"]);
        assert_eq!(express["rate"], format!("4.00% interest a month · effective rate {effective} a month"));
        assert!(detail["data"]["maxAmount"].as_i64().unwrap() > 500_000);
        let reason = detail["data"]["limitReason"].as_str().unwrap();
        assert!(reason.starts_with("Your limit is ₱5,000.00 for now. Repay this loan on time and it grows to ₱"), "{reason}");

        let (status, refused) = app.call(&session, "/v3/product/apply", &[("productId", &product_id), ("amount", "300000")]).await;
        assert_eq!(status, 409);
        assert_eq!(refused["message"], "Please complete your information first.");
        assert!(refused["data"]["nextUrl"].as_str().unwrap().starts_with("/certify?"));

        let (_, list) = app.call(&session, "/v3/certify/certify-list", &[]).await;
        assert_eq!(list["data"]["complete"], false);
        fill_kyc(&app, &session, "18000").await;
        let (_, list) = app.call(&session, "/v3/certify/certify-list", &[]).await;
        assert_eq!((list["data"]["complete"].clone(), list["data"]["progress"].clone()), (Value::Bool(true), Value::from(100)));

        let (status, applied) = app.call(&session, "/v3/product/apply", &[("productId", &product_id), ("amount", "300000")]).await;
        assert_eq!(status, 200, "{applied}");
        assert_eq!(applied["data"]["status"], 151);
        let order_id = applied["data"]["orderId"].as_i64().unwrap().to_string();
        assert_eq!(applied["data"]["nextUrl"], format!("/loanConfirm?productId={product_id}&orderId={order_id}"));

        let (status, confirm) = app.call(&session, "/v3/loan-confirm/loan-detail-confirm", &[("productId", &product_id), ("orderId", &order_id)]).await;
        assert_eq!(status, 200, "{confirm}");
        let data = &confirm["data"];
        // ₱3,000 at 4% a month for 91 days: ₱364.00; 3% fee: ₱90.00.
        assert_eq!(data["amount"], 300_000);
        assert_eq!(row(&data["details"], "Interest"), "₱364.00");
        assert_eq!(row(&data["details"], "You receive"), "₱2,910.00");
        assert_eq!(row(&data["details"], "Total repayment"), "₱3,364.00");
        assert_eq!(data["repay_plans"][0]["amount"], 336_400);
        // "Read the loan agreement" in the modal opens the agreement, not the disclosure.
        assert_eq!(data["popAgreementUrl"], format!("/loanAgreement?orderId={order_id}&doc=agreement"));

        let (_, contracts) = app.call(&session, "/v3/contract/contract", &[("productId", &product_id), ("scene", "3")]).await;
        assert_eq!(contracts["data"]["data"].as_array().unwrap().len(), 3);
        let (_, jump) = app.call(&session, "/v3/contract/contract-jump", &[("productId", &product_id), ("scene", "3"), ("position", "1"), ("orderId", &order_id)]).await;
        assert_eq!(jump["data"]["contract_url"], format!("/loanAgreement?orderId={order_id}&doc=disclosure"));
        let (_, preview) = app.call(&session, "/v3/contract/loan-agreement-detail", &[("orderId", &order_id), ("doc", "disclosure")]).await;
        assert_eq!(preview["data"]["accepted"], false);

        let push = [("productId", product_id.as_str()), ("orderId", order_id.as_str()), ("amount", "300000"), ("periods", "1"), ("termUnit", "days"), ("act", "agree_button")];
        let (status, accepted) = app.call(&session, "/v3/loan-confirm/loan-detail-push", &push).await;
        assert_eq!(status, 200, "{accepted}");
        assert_eq!(accepted["data"]["lendDetailsUrl"], format!("/loanDetails?productId={product_id}&orderId={order_id}"));
        let (_, again) = app.call(&session, "/v3/loan-confirm/loan-detail-push", &push).await;
        assert_eq!(again["code"], "00", "accepting twice answers the same");

        let (_, details) = app.loan_details(&session, order_id.parse().unwrap()).await;
        assert_eq!(details["data"]["orderStatus"], 170);
        // The act the borrower agreed by (D9), the terms frozen and the
        // contract's proof stored with the order.
        let accepted_order = hiram_domain::order::OrderId(order_id.parse().unwrap());
        assert_eq!(app.state.store.acceptance_act(accepted_order).await.unwrap().as_deref(), Some("agree_button"));
        assert!(app.state.store.loan_terms(accepted_order).await.unwrap().is_some());
        let proofs = app.state.store.cap_proofs(accepted_order).await.unwrap();
        assert_eq!((proofs.len(), proofs[0].occasion.as_str(), proofs[0].passed), (1, "acceptance", true));

        // The stored disclosure states exactly what the engine charges.
        let (_, stored) = app.call(&session, "/v3/contract/loan-agreement-detail", &[("orderId", &order_id), ("doc", "disclosure")]).await;
        assert_eq!(stored["data"]["accepted"], true);
        let rows = &stored["data"]["disclosure"]["rows"];
        assert_eq!(row(rows, "Interest if every instalment is paid on its day"), "₱364.00");
        assert_eq!(row(rows, "Less: service fee deducted"), "₱90.00");
        assert_eq!(row(rows, "Net proceeds (what you receive)"), "₱2,910.00");
        assert_eq!(row(rows, "Total repayment"), "₱3,364.00");
        assert_eq!(row(rows, "Borrower"), "Andres Bonifacio Reyes");
        assert_eq!(stored["data"]["disclosure"]["schedule"][0]["amount"], 336_400);
        // One effective rate (D4): product detail's quote, the confirmation
        // screen and the disclosure show the same figure.
        let (_, quote) = app.call(&session, "/v3/product/quote", &[("productId", &product_id), ("amount", "300000")]).await;
        let shown = quote["data"]["effectiveMonthlyRate"].as_str().unwrap().to_owned();
        assert_eq!(quote["data"]["actuarialMonthlyRate"], shown);
        assert_eq!(row(&data["details"], "Effective interest rate a month"), shown);
        assert_eq!(row(rows, "Effective interest rate (monthly, on the net proceeds)"), shown);
        // The ceilings of the rule set in force, named with their source.
        let ceilings = row(rows, "Ceilings of the law");
        assert!(ceilings.starts_with("This is a covered loan") && ceilings.contains("SEC Memorandum Circular No. 14, series of 2025"), "{ceilings}");
        assert!(ceilings.contains("12.00% a month"), "{ceilings}");
        let (_, agreement) = app.call(&session, "/v3/contract/loan-agreement-detail", &[("orderId", &order_id), ("doc", "agreement")]).await;
        let text = agreement["data"]["sections"].to_string();
        assert!(text.contains("₱3,000.00") && text.contains("₱364.00") && text.contains("Bayanihan Cash Lending Corp. (demo)"), "{text}");

        let (status, second) = app.call(&session, "/v3/product/apply", &[("productId", &product_id), ("amount", "100000")]).await;
        assert_eq!(status, 409, "one open loan per product");
        assert_eq!(second["message"], "You already have an open loan of this product. Please repay it before borrowing again.");
    }

    async fn an_amount_above_the_limit_or_off_the_product_is_refused(app) {
        app.demo_session().await;
        let session = app.login(PHONE).await;
        fill_kyc(&app, &session, "18000").await;
        let (_, home) = app.call(&session, "/v4/index/home-page", &[]).await;
        let plus = product_named(&home, "Bayanihan Cash Plus")["id"].as_i64().unwrap().to_string();
        let (status, above) = app.call(&session, "/v3/product/apply", &[("productId", &plus), ("amount", "600000")]).await;
        assert_eq!(status, 400);
        assert_eq!(above["message"], "Your current limit is ₱5,000.00. Please choose a smaller amount.");
        let (status, off_step) = app.call(&session, "/v3/product/apply", &[("productId", &plus), ("amount", "300050")]).await;
        assert_eq!(status, 400);
        assert_eq!(off_step["message"], "Please choose an amount this loan offers.");
        let (status, _) = app.call(&session, "/v3/product/quote", &[("productId", &plus), ("amount", "100")]).await;
        assert_eq!(status, 400);
        let (status, quote) = app.call(&session, "/v3/product/quote", &[("productId", &plus), ("amount", "400000")]).await;
        assert_eq!(status, 200);
        assert_eq!(quote["data"]["plan"].as_array().unwrap().len(), 4, "four monthly payments");
        let phone = hiram_domain::phone::Phone::parse(PHONE).unwrap();
        let borrower = app.state.store.borrower_by_phone(&phone).await.unwrap().unwrap();
        assert!(app.state.store.orders_of(borrower.id).await.unwrap().is_empty(), "refusals create no order");
    }

    async fn a_low_income_application_is_declined_with_its_reason_recorded(app) {
        app.demo_session().await;
        let session = app.login(PHONE).await;
        fill_kyc(&app, &session, "3000").await;
        let (_, home) = app.call(&session, "/v4/index/home-page", &[]).await;
        let express = product_named(&home, "Bayanihan Cash Express")["id"].as_i64().unwrap().to_string();
        let (_, applied) = app.call(&session, "/v3/product/apply", &[("productId", &express), ("amount", "200000")]).await;
        assert_eq!(applied["data"]["status"], 110);
        let order_id = applied["data"]["orderId"].as_i64().unwrap();
        let history = app.state.store.status_history(hiram_domain::order::OrderId(order_id)).await.unwrap();
        assert_eq!(history.last().unwrap().cause, "decision: declined (income_below_minimum)");
        let (status, _) = app.call(&session, "/v3/loan-confirm/loan-detail-confirm", &[("orderId", &order_id.to_string())]).await;
        assert_eq!(status, 409, "a declined order cannot be confirmed");
    }

    async fn kyc_answers_are_checked_on_the_server(app) {
        let session = app.login(PHONE).await;
        let young = [("full_name", "Jose Rizal"), ("birth_date", "2010-06-19"), ("gender", "M"), ("citizenship", "PH"), ("id_type", "PHILSYS"), ("id_number", "1234-5678")];
        let (status, body) = app.call(&session, "/v3/certify/save-basic-info", &young).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "You must be at least 18 years old to borrow.");
        assert_eq!(body["data"]["field"], "birth_date");
        let foreign = [("full_name", "Jose Rizal"), ("birth_date", "1990-06-19"), ("gender", "M"), ("citizenship", "OTHER"), ("id_type", "PHILSYS"), ("id_number", "1234-5678")];
        assert_eq!(app.call(&session, "/v3/certify/save-basic-info", &foreign).await.1["data"]["field"], "citizenship");
        let (status, body) = app.call(&session, "/v3/certify/save-personal-info", &[("permanent_city", "Singapore"), ("street_address", "1 Orchard Road"), ("residence_years", "1"), ("civil_status", "SINGLE")]).await;
        assert_eq!((status, body["data"]["field"].as_str().unwrap()), (400, "permanent_city"));
        assert_eq!(body["message"], "Please choose one from the list.");
        // An answer that does not fit says what would: the range, in the borrower's language.
        let ext = [("loan_purpose", "BILLS"), ("education", "COLLEGE"), ("dependents", "45")];
        let (status, body) = app.call(&session, "/v3/certify/save-ext-info-new", &ext).await;
        assert_eq!((status, body["data"]["field"].as_str().unwrap()), (400, "dependents"));
        assert_eq!(body["message"], "Please enter a whole number (0–20).");
        let (_, body) = app.call(&session, "/v3/certify/save-ext-info-new?lang=fil", &ext).await;
        assert_eq!(body["message"], "Maglagay ng buong numero (0–20).");
        let (status, body) = app.call(&session, "/v3/certify/save-job-info", &[("employment_type", "EMPLOYED"), ("pay_schedule", "WEEKLY")]).await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "Please fill in: Monthly income (₱).");
        // The ID as promised: its number of its type's shape, its photo and a selfie of the borrower's own.
        let (photo, selfie) = identity_photos(&app, &session).await;
        let basic = |id_type: &'static str, number: &'static str, photo: String, selfie: String| {
            vec![("full_name", "Jose Rizal".to_owned()), ("birth_date", "1990-06-19".to_owned()), ("gender", "M".to_owned()), ("citizenship", "PH".to_owned()),
                ("id_type", id_type.to_owned()), ("id_number", number.to_owned()), ("id_photo", photo), ("selfie", selfie)]
        };
        let send = |answers: Vec<(&'static str, String)>| {
            let session = session.clone();
            let app = &app;
            async move {
                let answers: Vec<(&str, &str)> = answers.iter().map(|(code, value)| (*code, value.as_str())).collect();
                app.call(&session, "/v3/certify/save-basic-info", &answers).await
            }
        };
        let (status, body) = send(basic("PHILSYS", "Sample answer", photo.clone(), selfie.clone())).await;
        assert_eq!((status, body["data"]["field"].as_str().unwrap()), (400, "id_number"), "{body}");
        assert_eq!(body["message"], "This is not a number of the ID you chose: it should be the 16-digit card number or the 12-digit PSN.");
        let (status, body) = send(basic("PHILSYS", "1234-5678-901", photo.clone(), selfie.clone())).await;
        assert_eq!((status, body["data"]["field"].as_str().unwrap()), (400, "id_number"), "11 digits: {body}");
        let (status, body) = send(basic("PHILSYS", "123456789012", String::new(), selfie.clone())).await;
        assert_eq!((status, body["data"]["field"].as_str().unwrap()), (400, "id_photo"), "{body}");
        assert_eq!(body["message"], "Please fill in: Photo of your ID.");
        let (status, body) = send(basic("PHILSYS", "123456789012", photo.clone(), String::new())).await;
        assert_eq!((status, body["data"]["field"].as_str().unwrap()), (400, "selfie"), "{body}");
        let other = app.login("09201234599").await;
        let (someone_elses, _) = identity_photos(&app, &other).await;
        let (status, body) = send(basic("PHILSYS", "123456789012", someone_elses, selfie.clone())).await;
        assert_eq!((status, body["data"]["field"].as_str().unwrap()), (400, "id_photo"), "another borrower's photo: {body}");
        assert_eq!(body["message"], "Please take the photo again.");
        let (_, list) = app.call(&session, "/v3/certify/certify-list", &[]).await;
        assert_eq!(list["data"]["progress"], 0, "nothing was stored");
        let (status, body) = send(basic("PHILSYS", "1234 5678 9012 3456", photo, selfie)).await;
        assert_eq!(status, 200, "the 16-digit card number, spaced: {body}");
        let (_, form) = app.call(&session, "/v3/certify/basic-person-info?lang=fil", &[]).await;
        let items = form["data"]["items"].as_array().unwrap();
        assert!(items.iter().any(|item| item["cate"] == "day" && item["title"] == "Petsa ng kapanganakan"));
        let gender = items.iter().find(|item| item["code"] == "gender").unwrap();
        assert_eq!(gender["cate"], "enum");
        assert_eq!(gender["note"][0], serde_json::json!({ "name": "Babae", "type": "F" }));
        let selfie = items.iter().find(|item| item["code"] == "selfie").unwrap();
        assert_eq!((selfie["cate"].as_str(), selfie["required"].as_bool()), (Some("photo"), Some(true)));
        let (_, cities) = app.call(&session, "/v3/certify/city-init", &[]).await;
        assert!(cities["data"]["cities"].as_array().unwrap().iter().any(|city| city["type"] == "CEB"));
    }

    async fn another_borrowers_order_cannot_be_confirmed_or_read(app) {
        let demo = app.demo_session().await;
        let approved = crate::helpers::order_in(&demo, 151);
        let stranger = app.login(PHONE).await;
        let order = approved.order_id.to_string();
        for path in ["/v3/loan-confirm/loan-detail-confirm", "/v3/contract/loan-agreement-detail"] {
            let (status, _) = app.call(&stranger, path, &[("orderId", &order), ("doc", "agreement")]).await;
            assert_eq!(status, 404, "{path}");
        }
        let (status, _) = app.call(&stranger, "/v3/loan-confirm/loan-detail-push", &[("orderId", &order), ("amount", "800000"), ("periods", "4")]).await;
        assert_eq!(status, 404);
        let (_, mine) = app.loan_details(&demo.session_id, approved.order_id).await;
        assert_eq!(mine["data"]["orderStatus"], 151, "untouched");
    }
}

mod more {
    use super::*;

    crate::on_both_stores! {
        async fn the_personal_centre_lists_orders_and_who_the_borrower_is(app) {
            let demo = app.demo_session().await;
            let session = demo.session_id.as_str();
            let (_, list) = app.call(session, "/v3/personal-center/order-list", &[]).await;
            let orders = list["data"]["orders"].as_array().unwrap();
            assert_eq!(orders.len(), 9);
            assert!(orders.iter().any(|order| order["status"] == 180 && order["statusText"] == "Overdue"));
            let (_, info) = app.call(session, "/v3/personal-center/user-info", &[]).await;
            assert_eq!(info["data"]["phoneMasked"], "0917 *** 0100");
            assert_eq!(info["data"]["fullName"], "Maria Clara Santos");
            assert_eq!(info["data"]["limitText"], "₱11,000.00", "three repaid loans raise ₱5,000 by ₱2,000 each");
            // No loan of the list is larger than the limit beside it.
            let centavos = |text: &str| text.chars().filter(char::is_ascii_digit).collect::<String>().parse::<i64>().unwrap();
            assert!(orders.iter().all(|order| centavos(order["amountText"].as_str().unwrap()) <= 1_100_000), "{orders:?}");
            let (_, menu) = app.call(session, "/v3/personal-center/user-menu", &[]).await;
            assert!(menu["data"]["items"].as_array().unwrap().iter().any(|item| item["path"] == "/customerService"));
            // The payout account is reached from My account, not only from a loan waiting for one.
            assert!(menu["data"]["items"].as_array().unwrap().iter().any(|item| item["path"] == "/bindBank" && item["title"] == "Payout account"));
            let anonymous = app.post_form("/pany/v3/personal-center/order-list", &[]).await;
            let anonymous = crate::helpers::Checked::of(anonymous).await;
            assert_eq!(anonymous.status(), 401);
        }

        async fn taps_ratings_and_the_recommended_tap_work(app) {
            let demo = app.demo_session().await;
            let session = demo.session_id.as_str();
            let product = demo.orders[0].product_id.to_string();
            let (status, _) = app.call(session, "/service/event/save", &[("productId", &product), ("moduleId", "30"), ("positionId", "0")]).await;
            assert_eq!(status, 200);
            let market = "/v3/loan-confirm/google-market-ios-new";
            assert_eq!(app.call(session, market, &[]).await.1["data"]["isShow"], 1, "a repaid loan and no rating yet");
            let (status, _) = app.call(session, "/v3/loan-details/google-score", &[("score", "9")]).await;
            assert_eq!(status, 400);
            let (status, _) = app.call(session, "/v3/loan-details/google-score", &[("score", "5")]).await;
            assert_eq!(status, 200);
            assert_eq!(app.call(session, market, &[]).await.1["data"]["isShow"], 0, "asked once only");
            let newcomer = app.login("09991234567").await;
            assert_eq!(app.call(&newcomer, market, &[]).await.1["data"]["isShow"], 0, "nothing repaid yet");
            let (_, jump) = app.call(session, "/v3/loan-details/recommend-jump", &[("productId", &product), ("position", "2")]).await;
            assert_eq!(jump["data"]["url"], format!("/productDetail?productId={product}"));
            let products = app.state.store.products().await.unwrap();
            let unavailable = products.iter().find(|product| !product.available).unwrap().id.0.to_string();
            let (status, _) = app.call(session, "/v3/loan-details/recommend-jump", &[("productId", &unavailable)]).await;
            assert_eq!(status, 400, "a grey card cannot be taken");
        }

        async fn the_specifications_payloads_confirm_an_approved_loan_by_its_product(app) {
            // §7: loan-detail-confirm sends productId, loan-detail-push amount,
            // periods, termUnit and productId; the borrower's one open order of
            // the product is the one confirmed.
            let demo = app.demo_session().await;
            let session = demo.session_id.as_str();
            let approved = crate::helpers::order_in(&demo, 151);
            let product = approved.product_id.to_string();
            let (status, by_product) = app.call(session, "/v3/loan-confirm/loan-detail-confirm", &[("productId", &product)]).await;
            assert_eq!((status, by_product["code"].as_str()), (200, Some("00")), "{by_product}");
            let (_, by_order) = app.call(session, "/v3/loan-confirm/loan-detail-confirm", &[("orderId", &approved.order_id.to_string())]).await;
            assert_eq!(by_product, by_order, "the product names the same order");
            let amount = by_product["data"]["amount"].as_i64().unwrap().to_string();
            let periods = by_product["data"]["periods"].as_i64().unwrap().to_string();
            let term_unit = by_product["data"]["termUnit"].as_str().unwrap().to_owned();

            let wrong = [("amount", "100"), ("periods", periods.as_str()), ("termUnit", term_unit.as_str()), ("productId", product.as_str())];
            let (status, mismatch) = app.call(session, "/v3/loan-confirm/loan-detail-push", &wrong).await;
            assert_eq!(status, 400, "{mismatch}");
            assert_eq!(app.loan_details(session, approved.order_id).await.1["data"]["orderStatus"], 151, "a mismatch changes nothing");

            let push = [("amount", amount.as_str()), ("periods", periods.as_str()), ("termUnit", term_unit.as_str()), ("productId", product.as_str())];
            let (status, accepted) = app.call(session, "/v3/loan-confirm/loan-detail-push", &push).await;
            assert_eq!((status, accepted["code"].as_str()), (200, Some("00")), "{accepted}");
            assert_eq!(accepted["data"]["lendDetailsUrl"], format!("/loanDetails?productId={product}&orderId={}", approved.order_id));
            let (_, details) = app.loan_details(session, approved.order_id).await;
            assert_eq!(details["data"]["orderStatus"], 170);
            let (_, again) = app.call(session, "/v3/loan-confirm/loan-detail-push", &push).await;
            assert_eq!(again["code"], "00", "accepting twice answers the same");
            let (status, _) = app.call(session, "/v3/loan-confirm/loan-detail-confirm", &[("productId", &product)]).await;
            assert_eq!(status, 409, "the order has moved on from confirmation");
        }

        async fn a_product_without_an_open_order_of_the_caller_confirms_nothing(app) {
            let demo = app.demo_session().await;
            let session = demo.session_id.as_str();
            let approved = crate::helpers::order_in(&demo, 151);
            let product = approved.product_id.to_string();
            // Another borrower has no open order of the product.
            let stranger = app.login(PHONE).await;
            let (status, _) = app.call(&stranger, "/v3/loan-confirm/loan-detail-confirm", &[("productId", &product)]).await;
            assert_eq!(status, 404);
            let push = [("amount", "800000"), ("periods", "4"), ("termUnit", "days"), ("productId", product.as_str())];
            let (status, _) = app.call(&stranger, "/v3/loan-confirm/loan-detail-push", &push).await;
            assert_eq!(status, 404);
            // A declined order is closed: its product names no order to confirm.
            fill_kyc(&app, &stranger, "3000").await;
            let (_, applied) = app.call(&stranger, "/v3/product/apply", &[("productId", &product), ("amount", "400000")]).await;
            assert_eq!(applied["data"]["status"], 110, "{applied}");
            let (status, _) = app.call(&stranger, "/v3/loan-confirm/loan-detail-confirm", &[("productId", &product)]).await;
            assert_eq!(status, 404, "only a closed order of the product");
            // Neither an order nor a product: bad input.
            let (status, body) = app.call(session, "/v3/loan-confirm/loan-detail-push", &[("amount", "800000"), ("periods", "4")]).await;
            assert_eq!(status, 400, "{body}");
            assert_eq!(app.loan_details(session, approved.order_id).await.1["data"]["orderStatus"], 151, "untouched");
        }

        async fn the_legacy_paths_answer_like_the_current_ones(app) {
            let demo = app.demo_session().await;
            let session = demo.session_id.as_str();
            let approved = crate::helpers::order_in(&demo, 151);
            let order = approved.order_id.to_string();
            let (_, current) = app.call(session, "/v3/loan-confirm/loan-detail-confirm", &[("orderId", &order)]).await;
            let (_, legacy) = app.call(session, "/gopia/goya/satire", &[("orderId", &order)]).await;
            assert_eq!(current, legacy);
            let principal = hiram_domain::money::Centavos::new(legacy["data"]["amount"].as_i64().unwrap());
            let amount = hiram_domain::money::format_amount(principal, hiram_domain::money::CurrencySymbol::Peso);
            assert_eq!(legacy["data"]["NewButtonMsg"], format!("Agree and borrow {amount}"), "the button names the act");
            assert!(legacy["data"]["NewPopMsg"].as_str().is_some_and(|text| text.starts_with("Repay on or before")), "{legacy}");
            let (_, cultures) = app.call(session, "/gopia/goya/cultures", &[("scene", "3")]).await;
            assert_eq!(cultures["data"]["data"].as_array().unwrap().len(), 3);
            let rejected = crate::helpers::order_in(&demo, 110).order_id.to_string();
            let (status, failure) = app.call(session, "/gopia/goya/drowns", &[("orderId", &rejected)]).await;
            assert_eq!(status, 200);
            assert_eq!(failure["data"]["noticeMessage"], "We could not continue with this loan.");
            assert!(!failure["data"]["products"].as_array().unwrap().is_empty());
            let push = [("orderId", order.as_str()), ("amount", "800000"), ("periods", "4"), ("termUnit", "days")];
            let (status, accepted) = app.call(session, "/gopia/goya/depush", &push).await;
            assert_eq!(status, 200, "{accepted}");
            let (_, details) = app.loan_details(session, approved.order_id).await;
            assert_eq!(details["data"]["orderStatus"], 170);
        }
    }
}
