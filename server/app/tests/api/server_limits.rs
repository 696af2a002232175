//! The server's limits against clients that hold it (decision 034): a slow
//! header is cut off, an idle connection is closed, connections beyond the
//! cap wait until one frees, and one address flooding the calls open without
//! a session is told to retry later while others are served. The clients are
//! raw sockets where the test needs to see the connection itself.

use crate::helpers::{Checked, TestApp};
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

        // The payment callbacks share the address's count and keep HTTP statuses.
        let callback = flooder.post(app.url("/pany/payments/callback/sandbox")).body("{}").send().await.unwrap();
        assert_eq!(callback.status(), 429);
        assert!(callback.headers().contains_key("retry-after"));

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
}

/// A client whose requests come from the given loopback address.
fn from_address(address: &str) -> reqwest::Client {
    reqwest::Client::builder().local_address(address.parse::<std::net::IpAddr>().unwrap()).build().unwrap()
}
