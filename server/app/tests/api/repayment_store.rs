//! The old repayment store (D6): pay from the bound account with a texted
//! code, once; 800005 for a second submission, 800006 for a wrong code.

use crate::helpers::{TestApp, order_in};

use serde_json::Value;

async fn call(app: &TestApp, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    app.call(session, &format!("/repayment/{path}"), form).await
}

/// Borrows owned form values as the pairs `call` takes.
fn pairs<'a>(owned: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    owned.iter().map(|(key, value)| (*key, value.as_str())).collect()
}

async fn entries(app: &TestApp, order: i64) -> usize {
    crate::helpers::payments_posted(app, order).await
}

async fn bind(app: &TestApp, session: &str, number: &str) {
    let form = [("cardType", "1"), ("bankCode", "BDO"), ("bankAccount", number)];
    let response = app.post_form(&format!("/pany/v3/bind-card/bind-card-new?sessionId={session}"), &form).await;
    assert_eq!(response.status(), 200);
}

crate::on_both_stores! {
    async fn paying_from_the_bound_account_needs_the_texted_code_and_posts_once(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 180).order_id;
        let id = order.to_string();
        let (_, way) = call(&app, session, "repayment-way", &[("orderId", &id)]).await;
        assert_eq!(way["data"]["bankCards"].as_array().unwrap().len(), 0, "no account bound yet");
        bind(&app, session, "004455667788").await;
        let (status, way) = call(&app, session, "repayment-way", &[("orderId", &id)]).await;
        assert_eq!(status, 200);
        assert_eq!(way["data"]["alipay"], "");
        let card = &way["data"]["bankCards"][0];
        assert_eq!((card["bankName"].as_str(), card["cardNo"].as_str(), card["bankCode"].as_str()), (Some("BDO Unibank"), Some("•••• 7788"), Some("BDO")));
        let token = way["data"]["repayToken"].as_str().unwrap().to_owned();
        let card_id = card["id"].to_string();
        let commit = |amount: &str, card: &str| {
            vec![
                ("orderId", id.clone()),
                ("amount", amount.to_owned()),
                ("cardId", card.to_owned()),
                ("repayToken", token.clone()),
                ("sendMsg", "0".to_owned()),
                ("couponId", String::new()),
                ("bankName", "Fake Bank".to_owned()),
                ("cardNo", "0000000000".to_owned()),
            ]
        };
        assert_eq!(call(&app, session, "repayment-commit", &pairs(&commit("100000", "999999"))).await.0, 400, "not the offered card");
        assert_eq!(call(&app, session, "repayment-commit", &pairs(&commit("900000", &card_id))).await.0, 400, "more than is owed");

        let messages_before = app.messages_to(hiram::seed::DEMO_PHONE).await;
        let form = commit("100000", &card_id);
        let (status, committed) = call(&app, session, "repayment-commit", &pairs(&form)).await;
        assert_eq!((status, committed["code"].as_str()), (200, Some("00")), "{committed}");
        assert_eq!(committed["data"]["needValid"], 1);
        assert_eq!(app.messages_to(hiram::seed::DEMO_PHONE).await, messages_before + 1, "a code was texted");
        let (status, twice) = call(&app, session, "repayment-commit", &pairs(&form)).await;
        assert_eq!((status, twice["code"].as_str()), (200, Some("800005")), "{twice}");

        let record = committed["data"]["repayRecordId"].to_string();
        let confirm = |code: String| vec![("orderId", id.clone()), ("verifyCode", code), ("repaymentRecordId", record.clone())];
        assert_eq!(call(&app, session, "repayment-confirm", &pairs(&confirm("123".to_owned()))).await.0, 400, "at least 6 characters");
        let code = app.last_code(hiram::seed::DEMO_PHONE).await;
        let wrong = confirm(if code == "000000" { "111111".to_owned() } else { "000000".to_owned() });
        let (status, refused) = call(&app, session, "repayment-confirm", &pairs(&wrong)).await;
        assert_eq!((status, refused["code"].as_str()), (200, Some("800006")), "{refused}");
        let before = entries(&app, order).await;

        let mut tasks = Vec::new();
        for _ in 0..10 {
            let (client, url, form) = (app.client.clone(), app.url(&format!("/pany/repayment/repayment-confirm?sessionId={session}")), confirm(code.clone()));
            tasks.push(tokio::spawn(async move {
                let answer: Value = client.post(url).form(&form).send().await.unwrap().json().await.unwrap();
                answer["code"].as_str().unwrap().to_owned()
            }));
        }
        let mut codes = Vec::new();
        for task in tasks {
            codes.push(task.await.unwrap());
        }
        assert_eq!(codes.iter().filter(|code| *code == "00").count(), 1, "{codes:?}");
        assert!(codes.iter().all(|code| ["00", "800005", "800006"].contains(&code.as_str())), "{codes:?}");
        assert_eq!(entries(&app, order).await, before + 1, "10 confirmations at once collect once");
        let phone = hiram_domain::phone::Phone::parse(hiram::seed::DEMO_PHONE).unwrap();
        let receipt = app.state.store.outbox(Some(&phone), 1).await.unwrap().pop().unwrap();
        assert!(receipt.body.contains("₱1,000.00"), "{}", receipt.body);
    }

    async fn a_declined_debit_posts_nothing_and_the_page_link_ignores_user_ids(app) {
        let demo = app.demo_session().await;
        let session = demo.session_id.as_str();
        let order = order_in(&demo, 174).order_id;
        let id = order.to_string();
        bind(&app, session, "123456780000").await;
        let (_, way) = call(&app, session, "repayment-way", &[("orderId", &id)]).await;
        let token = way["data"]["repayToken"].as_str().unwrap().to_owned();
        let card = way["data"]["bankCards"][0]["id"].to_string();
        let (_, committed) = call(&app, session, "repayment-commit", &[("orderId", &id), ("amount", "5000"), ("cardId", &card), ("repayToken", &token), ("sendMsg", "0")]).await;
        let record = committed["data"]["repayRecordId"].to_string();
        let code = app.last_code(hiram::seed::DEMO_PHONE).await;
        let before = entries(&app, order).await;
        let (status, declined) = call(&app, session, "repayment-confirm", &[("orderId", &id), ("verifyCode", &code), ("repaymentRecordId", &record)]).await;
        assert_eq!(status, 400, "{declined}");
        assert!(declined["message"].as_str().unwrap().contains("could not be charged"));
        assert_eq!(entries(&app, order).await, before);

        let (status, page) = call(&app, session, "repayment-huichao", &[("userId", "1"), ("orderId", &id), ("amount", "5000")]).await;
        assert_eq!(status, 200, "{page}");
        assert!(page["data"]["url"].as_str().unwrap().starts_with(&format!("{}/sandbox/pay?code=", app.address)), "GCash's checkout: the sandbox's page");
        let stranger = app.login("09391234567").await;
        for path in ["repayment-way", "repayment-huichao"] {
            assert_eq!(call(&app, &stranger, path, &[("userId", "1"), ("orderId", &id), ("amount", "5000")]).await.0, 404, "{path}");
        }
    }
}
