//! S5: every borrower call that takes an order id, made by another borrower
//! on the demo borrower's orders in every status, answers exactly like an
//! order that does not exist: 404 and the same bytes.

use crate::helpers::TestApp;

/// Every borrower path that names an order, with the other fields it needs
/// to get past parameter checks.
const ORDER_CALLS: [(&str, &[(&str, &str)]); 21] = [
    ("/v3/loan-details/loan-details", &[]),
    ("/v3/installment/loan-play-detail", &[]),
    ("/v3/loan-details/generate-vcode", &[("amount", "100"), ("channelNumber", "90011")]),
    ("/v3/loan-details/delay-detail", &[]),
    ("/v3/installment/loan-play-delay-detail", &[]),
    ("/orbital/fail", &[]),
    ("/v3/installment/loan-plan-info", &[]),
    ("/v3/installment/loan-trail", &[]),
    ("/v3/loan-details/init-pay-type", &[]),
    ("/v3/loan-details/submit-utr", &[("utr", "1234567890"), ("amount", "100"), ("channelNumber", "90011")]),
    ("/v3/loan-confirm/loan-detail-confirm", &[]),
    ("/v3/loan-confirm/loan-detail-push", &[("amount", "300000"), ("periods", "1"), ("termUnit", "days")]),
    ("/gopia/goya/satire", &[]),
    ("/gopia/goya/depush", &[("amount", "300000"), ("periods", "1"), ("termUnit", "days")]),
    ("/v3/contract/contract-jump", &[("scene", "3"), ("position", "0")]),
    ("/gopia/goya/misunderstood", &[("scene", "3"), ("position", "0")]),
    ("/v3/contract/loan-agreement-detail", &[("doc", "agreement")]),
    ("/v3/contract/loan-copy", &[]),
    ("/gopia/goya/drowns", &[]),
    ("/repayment-product/set-reminder", &[("daysBefore", "1"), ("remindTime", "09:00")]),
    ("/repayment-product/close-reminder", &[]),
];

async fn answer(app: &TestApp, session: &str, path: &str, order: &str, extra: &[(&str, &str)]) -> (u16, String) {
    let mut form = vec![("orderId", order)];
    form.extend_from_slice(extra);
    let response = app.post_form(&format!("/pany{path}?sessionId={session}"), &form).await;
    let response = crate::helpers::Checked::of(response).await;
    (response.status(), response.text().await.unwrap())
}

crate::on_both_stores! {
    async fn another_borrowers_orders_look_like_missing_ones_on_every_call(app) {
        let demo = app.demo_session().await;
        let stranger = app.login("09381234567").await;
        let mut checked = 0;
        for (path, extra) in ORDER_CALLS {
            let (missing_status, missing) = answer(&app, &stranger, path, "987654321", extra).await;
            assert_eq!(missing_status, 404, "{path}: a missing order: {missing}");
            for order in &demo.orders {
                let (status, body) = answer(&app, &stranger, path, &order.order_id.to_string(), extra).await;
                assert_eq!((status, &body), (404, &missing), "{path} on the order in {}", order.status);
                checked += 1;
            }
        }
        assert_eq!(checked, ORDER_CALLS.len() * demo.orders.len());
    }
}
