//! The server's limits against clients that hold it (decision 034): a slow
//! header is cut off, an idle connection is closed, connections beyond the
//! cap wait until one frees, and one address flooding the calls open without
//! a session is told to retry later while others are served. Payment
//! notifications are limited only by their failed verifications (decision
//! 054): a provider's are all posted however many it sends, a forger is cut
//! off. The clients are raw sockets where the test needs to see the
//! connection itself.

use crate::helpers::{Checked, TestApp, join_all, order_in};
use crate::repayment::{SECRET, callback, gateway_paid, now, repayment_page};
use hiram::services::callback_signing::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use serde_json::json;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Longer than any limit a test sets: past it the server did not close.
const PATIENCE: Duration = Duration::from_secs(20);

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://")).await.expect("connect to the test server")
}

fn readyz_request() -> &'static [u8] {
    b"GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n"
}

/// Reads until the server closes the connection; what it sent before.
async fn read_until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        match tokio::time::timeout(PATIENCE, stream.read(&mut buffer)).await {
            Err(_) => panic!("the server kept the connection open; received {:?}", String::from_utf8_lossy(&received)),
            Ok(Ok(0) | Err(_)) => return received,
            Ok(Ok(read)) => received.extend_from_slice(&buffer[..read]),
        }
    }
}

/// Reads one whole reply to `GET /readyz` (headers and its short body).
async fn read_reply(stream: &mut TcpStream) -> String {
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    while !reply_complete(&received) {
        let read = tokio::time::timeout(PATIENCE, stream.read(&mut buffer))
            .await
            .expect("a reply in time")
            .expect("read the reply");
        assert!(read > 0, "the server closed before replying");
        received.extend_from_slice(&buffer[..read]);
    }
    String::from_utf8_lossy(&received).into_owned()
}

fn reply_complete(received: &[u8]) -> bool {
    let text = String::from_utf8_lossy(received);
    let Some((head, body)) = text.split_once("\r\n\r\n") else { return false };
    let length = head
        .lines()
        .find_map(|line| line.to_ascii_lowercase().strip_prefix("content-length:").map(|value| value.trim().to_owned()))
        .and_then(|value| value.parse::<usize>().ok())
        .unwrap_or(0);
    body.len() >= length
}

crate::on_both_stores! {
    async fn a_client_sending_its_headers_slowly_is_disconnected(app with [
        ("APP_SERVER__HEADER_READ_TIMEOUT_SECONDS", "1"),
        ("APP_SERVER__KEEP_ALIVE_IDLE_SECONDS", "600"),
    ]) {
        let mut stream = connect(&app).await;
        let (mut reading, mut writing) = stream.split();
        let trickle = async {
            // A byte of the request line at a time, never finishing it.
            for byte in b"GET /readyz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".iter().cycle() {
                if writing.write_all(&[*byte]).await.is_err() {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        };
        let closed = async {
            let mut buffer = [0u8; 1024];
            tokio::time::timeout(PATIENCE, reading.read(&mut buffer)).await
        };
        tokio::select! {
            () = trickle => panic!("the trickle ended although the server never closed"),
            result = closed => {
                let result = result.expect("the server closed the slow client before the test's patience ran out");
                assert!(matches!(result, Ok(0) | Err(_)), "the slow client got a reply instead: {result:?}");
            }
        }
    }

    async fn an_idle_kept_alive_connection_is_closed(app with [
        ("APP_SERVER__HEADER_READ_TIMEOUT_SECONDS", "600"),
        ("APP_SERVER__KEEP_ALIVE_IDLE_SECONDS", "1"),
    ]) {
        let mut stream = connect(&app).await;
        stream.write_all(readyz_request()).await.unwrap();
        let reply = read_reply(&mut stream).await;
        assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
        assert!(!reply.to_ascii_lowercase().contains("connection: close"), "the reply kept the connection: {reply}");
        let after = read_until_closed(&mut stream).await;
        assert!(after.is_empty(), "nothing more was asked, so nothing more comes: {:?}", String::from_utf8_lossy(&after));
    }

    async fn connections_beyond_the_cap_wait_until_one_frees(app with [
        ("APP_SERVER__MAX_CONNECTIONS", "1"),
        ("APP_SERVER__HEADER_READ_TIMEOUT_SECONDS", "600"),
        ("APP_SERVER__KEEP_ALIVE_IDLE_SECONDS", "600"),
    ]) {
        let mut holder = connect(&app).await;
        holder.write_all(readyz_request()).await.unwrap();
        assert!(read_reply(&mut holder).await.starts_with("HTTP/1.1 200"));

        let mut waiting = connect(&app).await;
        waiting.write_all(readyz_request()).await.unwrap();
        let mut buffer = [0u8; 1024];
        let early = tokio::time::timeout(Duration::from_millis(500), waiting.read(&mut buffer)).await;
        assert!(early.is_err(), "a connection beyond the cap was served while the first was open: {early:?}");

        drop(holder);
        let reply = read_reply(&mut waiting).await;
        assert!(reply.starts_with("HTTP/1.1 200"), "served once the first connection closed: {reply}");
    }

    async fn one_address_over_its_limit_is_told_to_wait_and_others_are_served(app with [
        ("APP_SERVER__PER_ADDRESS_REQUESTS_PER_MINUTE", "2"),
    ]) {
        let flooder = from_address("127.0.0.1");
        for _ in 0..2 {
            let served = Checked::of(flooder.get(app.url("/pany/service/login/login-init")).send().await.unwrap()).await;
            assert_eq!(served.status(), 200);
        }
        let response = flooder.get(app.url("/pany/service/login/login-init")).send().await.unwrap();
        assert_eq!(response.status(), 200, "D7: a rate limit under /pany answers HTTP 200");
        let refused = Checked::of(response).await;
        assert_eq!(refused.status(), 429, "the envelope carries the rate-limit code");
        let wait: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&wait), "Retry-After is within the minute's window: {wait}");
        let envelope: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(envelope["data"]["retryAfterSeconds"].as_u64(), Some(wait), "{envelope}");

        // The payment notifications are not counted with them (decision 054):
        // an unsigned one is refused for its signature, not for the count.
        let callback = flooder.post(app.url("/pany/payments/callback/sandbox")).body("{}").send().await.unwrap();
        assert_eq!(callback.status(), 401);

        let neighbour = from_address("127.0.0.2");
        let served = Checked::of(neighbour.get(app.url("/pany/service/login/login-init")).send().await.unwrap()).await;
        assert_eq!(served.status(), 200, "another address is still served");
        // Calls behind a session are not counted by this limit.
        let health = flooder.get(app.url("/readyz")).send().await.unwrap();
        assert_eq!(health.status(), 200);
    }

    async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_count(app with [
        ("APP_SERVER__PER_ADDRESS_REQUESTS_PER_MINUTE", "2"),
        ("APP_SERVER__TRUSTED_PROXIES", "127.0.0.1"),
    ]) {
        let proxy = from_address("127.0.0.1");
        let call = |client: &'static str| {
            proxy.get(app.url("/pany/service/login/login-init")).header("x-forwarded-for", client).send()
        };
        for _ in 0..2 {
            assert_eq!(Checked::of(call("203.0.113.5").await.unwrap()).await.status(), 200);
        }
        assert_eq!(Checked::of(call("203.0.113.5").await.unwrap()).await.status(), 429, "that client is over its limit");
        assert_eq!(Checked::of(call("203.0.113.6").await.unwrap()).await.status(), 200, "another client behind the same proxy is not");
        // A false first hop written by the client changes nothing: the proxy's own hop is believed.
        assert_eq!(Checked::of(call("198.51.100.1, 203.0.113.5").await.unwrap()).await.status(), 429);
    }

    async fn twenty_five_ipv6_addresses_of_one_network_share_one_addresss_limits(app with [
        ("APP_SERVER__TRUSTED_PROXIES", "127.0.0.1"),
    ]) {
        let proxy = from_address("127.0.0.1");
        let from = |client: String, path: &'static str, form: Vec<(&'static str, String)>| {
            proxy.post(app.url(path)).header("x-forwarded-for", client).form(&form).send()
        };
        // Codes: 20 an hour for one address (otp.per_address_hour), however
        // the subscriber rotates through its /64.
        let mut sent = Vec::new();
        for n in 1..=25 {
            let reply = from(format!("2001:db8:cafe:1:{n:x}::{n:x}"), "/pany/service/login/send-sms-code-new", vec![("phone", format!("0917{n:07}"))]).await.unwrap();
            sent.push(Checked::of(reply).await.status());
        }
        assert_eq!(sent.iter().filter(|status| **status == 200).count(), 20, "{sent:?}");
        assert_eq!(sent[20..], [429; 5], "{sent:?}");
        let neighbour = from("2001:db8:cafe:2::1".into(), "/pany/service/login/send-sms-code-new", vec![("phone", "09180000001".into())]).await.unwrap();
        assert_eq!(Checked::of(neighbour).await.status(), 200, "the next /64 is another subscriber");

        // Passwords: 30 numbers an hour from one address, then 429.
        let mut tries = Vec::new();
        for n in 0..35 {
            let reply = from(format!("2001:db8:beef:7::{n:x}"), "/pany/service/login/login", vec![("phone", format!("0999{n:07}")), ("password", "password1".into())]).await.unwrap();
            tries.push(Checked::of(reply).await.status());
        }
        assert_eq!(tries[..30], [400; 30], "{tries:?}");
        assert_eq!(tries[30..], [429; 5], "{tries:?}");
    }

    async fn a_forwarded_address_from_a_peer_nobody_trusts_is_ignored(app with [
        ("APP_SERVER__PER_ADDRESS_REQUESTS_PER_MINUTE", "2"),
    ]) {
        let stranger = from_address("127.0.0.3");
        for client in ["203.0.113.7", "203.0.113.8"] {
            let reply = stranger.get(app.url("/pany/service/login/login-init")).header("x-forwarded-for", client).send().await.unwrap();
            assert_eq!(Checked::of(reply).await.status(), 200);
        }
        let reply = stranger.get(app.url("/pany/service/login/login-init")).header("x-forwarded-for", "203.0.113.9").send().await.unwrap();
        assert_eq!(Checked::of(reply).await.status(), 429, "the peer's own count, whatever it claims to forward");
    }

    async fn three_hundred_notifications_from_one_address_in_seconds_are_all_posted(app) {
        // The defaults: 120 requests a minute to the counted calls, which
        // notifications that verify never meet.
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let code = repayment_page(&app, &demo.session_id, order).await["defDetail"]["payCode"].as_str().unwrap().to_owned();
        let before = owed(&app, order).await;
        let mut answers = Vec::new();
        for round in 0..300 / AT_ONCE {
            let sends = (0..AT_ONCE).map(|n| {
                let body = json!({ "transactionId": format!("PAYDAY-{round}-{n}"), "payCode": code, "amount": 1, "currency": "PHP" });
                let app = &app;
                async move { callback(app, &body, now(app), SECRET).await }
            });
            answers.extend(join_all(sends.collect()).await);
        }
        let posted = answers.iter().filter(|(status, envelope)| *status == 200 && envelope["data"]["result"] == "posted").count();
        let throttled = answers.iter().filter(|(status, _)| *status == 429).count();
        assert_eq!((posted, throttled), (300, 0), "every notification posted, none throttled: {:?}", answers.iter().find(|(status, _)| *status != 200));
        assert_eq!(owed(&app, order).await, before.checked_sub(Centavos::new(300)).unwrap(), "₱3.00 in 300 payments of one centavo");
    }

    async fn an_address_sending_bad_signatures_is_cut_off_while_a_provider_still_posts(app) {
        let demo = app.demo_session().await;
        let order = order_in(&demo, 174).order_id;
        let code = repayment_page(&app, &demo.session_id, order).await["defDetail"]["payCode"].as_str().unwrap().to_owned();
        let before = owed(&app, order).await;
        let forger = from_address("127.0.0.2");
        // The default limit: ten failed verifications a minute.
        for n in 0..10 {
            assert_eq!(notify_from(&forger, &app, &code, &format!("FORGED-{n}"), "not-the-secret").await, 401, "try {n}");
        }
        let cut_off = forger.post(app.url("/pany/payments/callback/sandbox")).body("{}").send().await.unwrap();
        assert_eq!(cut_off.status(), 429, "the eleventh is refused unread");
        let wait: u64 = cut_off.headers()["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&wait), "Retry-After within the minute: {wait}");
        // Even a rightly signed notification of a real payment from that
        // address waits out the minute.
        let signed = json!({ "transactionId": "FORGER-SIGNED", "payCode": code, "amount": 1, "currency": "PHP" });
        gateway_paid(&app, &signed).await;
        assert_eq!(notify_from(&forger, &app, &code, "FORGER-SIGNED", SECRET).await, 429);
        assert_eq!(owed(&app, order).await, before, "nothing the forger's address sent was posted");

        // The provider, at another address, is not touched by the forger's count.
        let provider = from_address("127.0.0.1");
        for n in 0..30 {
            let body = json!({ "transactionId": format!("PROVIDER-{n}"), "payCode": code, "amount": 1, "currency": "PHP" });
            let (status, envelope) = callback(&app, &body, now(&app), SECRET).await;
            assert_eq!((status, envelope["data"]["result"].as_str()), (200, Some("posted")), "{envelope}");
        }
        assert_eq!(notify_from(&provider, &app, &code, "PROVIDER-BAD", "not-the-secret").await, 401, "its own failures are its own");
        assert_eq!(owed(&app, order).await, before.checked_sub(Centavos::new(30)).unwrap());
    }
}

/// Notifications sent at once from one address, as a provider's server
/// delivers them on a payday.
const AT_ONCE: usize = 20;

/// What is still owed on the order, in centavos.
async fn owed(app: &TestApp, order: i64) -> Centavos {
    hiram::services::loans::owed_today(&app.state, OrderId(order)).await.unwrap()
}

/// A sandbox notification of one centavo to `code`, signed with `secret`,
/// sent from `client`; its HTTP status.
async fn notify_from(client: &reqwest::Client, app: &TestApp, code: &str, id: &str, secret: &str) -> u16 {
    let body = json!({ "transactionId": id, "payCode": code, "amount": 1, "currency": "PHP" }).to_string();
    let timestamp = now(app);
    client
        .post(app.url("/pany/payments/callback/sandbox"))
        .header("content-type", "application/json")
        .header(TIMESTAMP_HEADER, timestamp.to_string())
        .header(SIGNATURE_HEADER, sign(secret, timestamp, body.as_bytes()))
        .body(body)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// A client whose requests come from the given loopback address.
fn from_address(address: &str) -> reqwest::Client {
    reqwest::Client::builder().local_address(address.parse::<std::net::IpAddr>().unwrap()).build().unwrap()
}
