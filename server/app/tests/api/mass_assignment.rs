//! S6: fields a caller adds to set status, limits, prices or owners are
//! ignored: the server takes only the fields each call defines, and the
//! owner is always the session's borrower.

use crate::journey::fill_kyc;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::order::OrderId;

const PHONE: &str = "09361234567";

crate::on_both_stores! {
    async fn status_limit_price_and_owner_fields_are_ignored(app) {
        let demo = app.demo_session().await;
        let demo_borrower = app.state.store.order(OrderId(demo.orders[0].order_id)).await.unwrap().unwrap().borrower_id;
        let session = app.login(PHONE).await;
        let (_, home) = app.call(&session, "/v4/index/home-page", &[]).await;
        let express = home["data"]["products"].as_array().unwrap().iter().find(|card| card["name"] == "Bayanihan Cash Express").unwrap();
        let product = express["id"].as_i64().unwrap().to_string();
        fill_kyc(&app, &session, "18000").await;
        let injected = [("limit", "5000000"), ("status", "200"), ("borrowerId", "1"), ("userId", "1"), ("creditLimit", "9999999")];
        let (status, _) = app.call(&session, "/v3/certify/save-ext-info-new", &[&[("loan_purpose", "BILLS"), ("education", "COLLEGE"), ("dependents", "2")][..], &injected[..]].concat()).await;
        assert_eq!(status, 200);
        let me = app.state.store.borrower_by_phone(&hiram_domain::phone::Phone::parse(PHONE).unwrap()).await.unwrap().unwrap().id;
        let answers = app.state.store.kyc_answers(me).await.unwrap();
        assert!(answers.iter().all(|answer| !["limit", "status", "borrowerId", "userId", "creditLimit"].contains(&answer.code.as_str())), "{answers:?}");
        let (_, detail) = app.call(&session, "/v3/product/detail", &[("productId", &product), ("limit", "5000000")]).await;
        assert_eq!(detail["data"]["limit"], 500_000, "the first-loan limit, whatever was sent");

        let apply = [("productId", product.as_str()), ("amount", "300000"), ("status", "174"), ("interest", "0"), ("fees", "0"), ("borrowerId", "1"), ("userId", "1"), ("termDays", "1")];
        let (status, applied) = app.call(&session, "/v3/product/apply", &apply).await;
        assert_eq!(status, 200, "{applied}");
        assert_eq!(applied["data"]["status"], 151);
        let order = app.state.store.order(OrderId(applied["data"]["orderId"].as_i64().unwrap())).await.unwrap().unwrap();
        assert_eq!((order.borrower_id, order.interest.get(), order.fees.get(), order.term_days), (me, 36_400, 9_000, 91));
        let (status, _) = app.call(&session, "/v3/product/apply", &[("productId", &product), ("amount", "5000000")]).await;
        assert_eq!(status, 400, "an amount above the limit is refused, not stored");

        let bind = [("cardType", "1"), ("bankCode", "BPI"), ("bankAccount", "001234567890"), ("borrower_id", "1"), ("borrowerId", "1"), ("userId", "1")];
        assert_eq!(app.call(&session, "/v3/bind-card/bind-card-new", &bind).await.0, 200);
        assert!(app.state.store.payout_account(me).await.unwrap().is_some());
        assert!(app.state.store.payout_account(demo_borrower).await.unwrap().is_none(), "the demo borrower got nothing");
        assert_ne!(demo_borrower, BorrowerId(0));

        let open = crate::helpers::order_in(&demo, 174).order_id.to_string();
        let code = [("orderId", open.as_str()), ("amount", "1000"), ("channelNumber", "90011"), ("extensionFee", "0"), ("expiresAt", "2099-01-01T00:00:00Z"), ("status", "posted")];
        let (status, issued) = app.call(&demo.session_id, "/v3/loan-details/generate-vcode", &code).await;
        assert_eq!(status, 200);
        let stored = app.state.store.pay_code(issued["data"]["payCode"].as_str().unwrap()).await.unwrap().unwrap();
        assert_eq!(stored.extension_fee, None);
        assert!(stored.expires_at.unwrap() < app.state.now() + time::Duration::days(3));

        let utr = [("orderId", open.as_str()), ("utr", "7788990011"), ("amount", "1000"), ("channelNumber", "90011"), ("status", "matched"), ("borrowerId", "1")];
        assert_eq!(app.call(&demo.session_id, "/v3/loan-details/submit-utr", &utr).await.0, 200);
        let first = hiram_domain::back_office::PageRequest::new(1, 10).unwrap();
        let queued = app.state.store.unposted_payments(None, first).await.unwrap().rows;
        assert_eq!(queued[0].status, hiram_domain::payment::UnpostedStatus::Pending);
        assert_eq!(queued[0].borrower_id, demo_borrower);
    }
}
