//! What every reply tells browsers (decision 033): a Content-Security-Policy
//! with nothing inline, who may frame it, no referrer, only the device
//! features the pages use, HSTS and a Secure console cookie when the public
//! address is https; and the console's calls refused from another site.

use crate::console::{member, send};
use hiram_domain::staff::Role;

/// The headers every reply carries, whatever answered it.
fn assert_browser_policy(headers: &reqwest::header::HeaderMap, what: &str, framed_by_site: bool) {
    let policy = headers["content-security-policy"].to_str().unwrap();
    assert!(policy.contains("default-src 'self'") && policy.contains("script-src 'self';"), "{what}: {policy}");
    assert!(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "{what}: {policy}");
    assert!(policy.contains("object-src 'none'") && policy.contains("base-uri 'none'"), "{what}: {policy}");
    let ancestors = if framed_by_site { "frame-ancestors 'self'" } else { "frame-ancestors 'none'" };
    assert!(policy.ends_with(ancestors), "{what}: {policy}");
    assert_eq!(headers["referrer-policy"], "no-referrer", "{what}");
    let permissions = headers["permissions-policy"].to_str().unwrap();
    assert!(
        permissions.contains("camera=(self)") && permissions.contains("geolocation=(self)"),
        "{what}: {permissions}"
    );
    assert!(permissions.contains("microphone=()") && permissions.contains("payment=()"), "{what}: {permissions}");
    assert_eq!(headers["x-content-type-options"], "nosniff", "{what}");
}

/// A console call that changes something, sent by a signed-in member with
/// the given browser headers.
async fn console_post(
    app: &crate::helpers::TestApp,
    cookie: &str,
    headers: &[(&str, &str)],
) -> (u16, serde_json::Value) {
    let today = app.state.today().to_string();
    let mut request = app.client.post(app.url("/api/console/exchange-rates/add")).header("cookie", cookie).form(&[
        ("currency", "INR"),
        ("rate", "0.6712"),
        ("effectiveOn", today.as_str()),
        ("source", "Reference rate for the test"),
    ]);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or_default())
}

crate::on_both_stores! {
    async fn every_entry_page_and_api_reply_carries_the_browser_policy(app) {
        for (path, framed) in [
            ("/", false),
            ("/promotion", false),
            ("/loanDetails", false),
            ("/repaymentByPeriod", false),
            ("/privacyPolicy", true),
            ("/loanTerms", true),
            ("/console", false),
            ("/console/orders", false),
            ("/app/assets/main-abc123.js", false),
            ("/pany/v3/product/home", false),
            ("/pany/company-info", false),
            ("/api/staff/products", false),
            ("/healthz", false),
            ("/openapi.json", false),
        ] {
            let response = app.get(path).await;
            assert_browser_policy(response.headers(), path, framed);
            if path.starts_with("/pany/") || path.starts_with("/api/") {
                assert_eq!(response.headers()["cache-control"], "no-store", "{path}: personal data is never cached");
            }
            assert!(response.headers().get("strict-transport-security").is_none(), "{path}: not over https here");
        }
    }

    async fn the_sandbox_page_allows_its_one_inline_style_by_digest(app) {
        let session = app.demo_session().await;
        let order = crate::helpers::order_in(&session, 174);
        let (order_id, product_id) = (order.order_id.to_string(), order.product_id.to_string());
        let info = app
            .post_form(
                &format!("/pany/v3/installment/loan-play-detail?sessionId={}", session.session_id),
                &[("orderId", order_id.as_str()), ("productId", product_id.as_str())],
            )
            .await;
        let (_, info) = crate::helpers::outcome(info).await;
        let standing = info["data"]["defDetail"]["payCode"].as_str().unwrap().to_owned();
        let response = app.get(&format!("/sandbox/pay?code={standing}")).await;
        assert_eq!(response.status(), 200);
        let policy = response.headers()["content-security-policy"].to_str().unwrap().to_owned();
        assert!(policy.contains("style-src 'self' 'sha256-"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
        assert!(policy.ends_with("frame-ancestors 'none'"), "{policy}");
    }

    async fn over_https_replies_carry_hsts_and_the_console_cookie_is_secure(app with [("APP_SERVER__PUBLIC_URL", "https://hiram.example")]) {
        let response = app.get("/loanDetails").await;
        assert_eq!(response.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");
        let email = "https-admin@hiram.example";
        let account = hiram::features::console::staff_accounts::add_staff(&app.state, email, "Admin", "admin").await.unwrap();
        let (status, cookie, body) = crate::console::sign_in(&app, email, &account).await;
        assert_eq!(status, 200, "{body}");
        let cookie = cookie.unwrap();
        assert!(cookie.starts_with("__Host-hiram_console=") && cookie.contains("; Path=/;") && cookie.ends_with("; Secure"), "{cookie}");
        assert!(!cookie.contains("Domain="), "a __Host- cookie names no domain: {cookie}");
        let pair = cookie.split(';').next().unwrap().to_owned();
        let me = app.client.get(app.url("/api/console/me")).header("cookie", &pair).send().await.unwrap();
        assert_eq!(me.status(), 200, "the prefixed cookie signs the member in");
        let plain = pair.replacen("__Host-", "", 1);
        let me = app.client.get(app.url("/api/console/me")).header("cookie", &plain).send().await.unwrap();
        assert_eq!(me.status(), 401, "the unprefixed name, which a sibling subdomain could set, is not ours here");
    }

    async fn a_console_change_from_another_site_is_refused_and_changes_nothing(app) {
        let finance = member(&app, Role::Finance).await;
        let cookie = finance.cookie();
        let host = app.address.trim_start_matches("http://").to_owned();
        let before = send(&app, &finance, "GET", "/api/console/exchange-rates", &[]).await.1;

        for foreign in [
            vec![("origin", "https://evil.example")],
            vec![("origin", "null")],
            vec![("sec-fetch-site", "cross-site")],
            vec![("sec-fetch-site", "same-site")],
        ] {
            let (status, body) = console_post(&app, cookie, &foreign).await;
            assert_eq!(status, 403, "{foreign:?}: {body}");
            assert!(body["message"].as_str().unwrap().contains("another website"), "{body}");
        }
        assert_eq!(send(&app, &finance, "GET", "/api/console/exchange-rates", &[]).await.1, before, "nothing changed");

        // The console itself (its own origin, or a same-origin fetch), and a
        // script that is no browser, are served.
        let own = format!("http://{host}");
        let (status, body) = console_post(&app, cookie, &[("origin", &own), ("sec-fetch-site", "same-origin")]).await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = console_post(&app, cookie, &[("sec-fetch-site", "same-origin")]).await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = console_post(&app, cookie, &[]).await;
        assert_eq!(status, 200, "{body}");
        // Reading is never refused: a GET changes nothing.
        let read = app.client.get(app.url("/api/console/exchange-rates")).header("cookie", cookie).header("origin", "https://evil.example").send().await.unwrap();
        assert_eq!(read.status(), 200);
    }

    async fn behind_a_proxy_the_configured_public_origin_is_the_console_s_own(app with [("APP_SERVER__PUBLIC_URL", "https://hiram.example")]) {
        let finance = member(&app, Role::Finance).await;
        let (status, body) = console_post(&app, finance.cookie(), &[("origin", "https://hiram.example")]).await;
        assert_eq!(status, 200, "{body}");
        let own_host = format!("http://{}", app.address.trim_start_matches("http://"));
        let (status, _) = console_post(&app, finance.cookie(), &[("origin", &own_host)]).await;
        assert_eq!(status, 403, "the listener's own address is not the public origin");
    }
}
