//! One kept-alive connection serves any sequence of the specification's
//! calls (issue 17): the shells' HTTP clients reuse connections and do not
//! retry POSTs, and on mobile networks a body often arrives in a later
//! packet than its headers. The client here is raw HTTP/1.1 on one socket,
//! so nothing reconnects or retries behind the test's back.

use crate::helpers::{TestApp, order_in};
use serde_json::Value;
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// One reply as read off the socket.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value.as_str())
    }
}

/// A client of one TCP connection that writes each request's headers, waits,
/// then writes its body, and reads the reply by its length or its chunks.
struct RawClient {
    socket: BufReader<TcpStream>,
    host: String,
}

impl RawClient {
    async fn connect(app: &TestApp) -> RawClient {
        let host = app.address.trim_start_matches("http://").to_owned();
        let stream = TcpStream::connect(&host).await.expect("connect to the test server");
        stream.set_nodelay(true).expect("no Nagle delay, so headers and body go out as separate packets");
        RawClient { socket: BufReader::new(stream), host }
    }

    /// Sends one request; `form` is `None` for a call without a body.
    async fn send(&mut self, method: &str, path: &str, form: Option<&str>, pause: Duration) -> Result<Reply, String> {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nX-Requested-With: XMLHttpRequest\r\nAccept: application/json\r\n",
            self.host
        );
        if let Some(form) = form {
            head.push_str(&format!(
                "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n",
                form.len()
            ));
        }
        head.push_str("\r\n");
        let stream = self.socket.get_mut();
        stream.write_all(head.as_bytes()).await.map_err(|error| format!("writing the headers: {error}"))?;
        stream.flush().await.map_err(|error| format!("flushing the headers: {error}"))?;
        if let Some(form) = form {
            tokio::time::sleep(pause).await;
            let stream = self.socket.get_mut();
            stream.write_all(form.as_bytes()).await.map_err(|error| format!("writing the body: {error}"))?;
            stream.flush().await.map_err(|error| format!("flushing the body: {error}"))?;
        }
        tokio::time::timeout(Duration::from_secs(20), self.read_reply())
            .await
            .map_err(|_| "no reply within 20 s".to_owned())?
    }

    async fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        let read = self.socket.read_line(&mut line).await.map_err(|error| format!("reading: {error}"))?;
        if read == 0 {
            return Err("the server closed the connection".to_owned());
        }
        Ok(line.trim_end_matches(['\r', '\n']).to_owned())
    }

    async fn read_reply(&mut self) -> Result<Reply, String> {
        let status_line = self.line().await?;
        let status = status_line
            .strip_prefix("HTTP/1.1 ")
            .and_then(|rest| rest.get(..3))
            .and_then(|code| code.parse().ok())
            .ok_or_else(|| format!("not a status line: {status_line:?}"))?;
        let mut headers = Vec::new();
        loop {
            let line = self.line().await?;
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':').ok_or_else(|| format!("not a header: {line:?}"))?;
            headers.push((name.trim().to_owned(), value.trim().to_owned()));
        }
        let mut reply = Reply { status, headers, body: Vec::new() };
        if let Some(length) = reply.header("content-length") {
            let length: usize = length.parse().map_err(|_| format!("a bad length: {length}"))?;
            reply.body.resize(length, 0);
            self.socket.read_exact(&mut reply.body).await.map_err(|error| format!("reading the body: {error}"))?;
        } else if reply.header("transfer-encoding").is_some_and(|value| value.eq_ignore_ascii_case("chunked")) {
            loop {
                let size_line = self.line().await?;
                let size = usize::from_str_radix(size_line.split(';').next().unwrap_or("").trim(), 16)
                    .map_err(|_| format!("a bad chunk size: {size_line:?}"))?;
                if size == 0 {
                    // Trailers, if any, end with an empty line.
                    while !self.line().await?.is_empty() {}
                    break;
                }
                let start = reply.body.len();
                reply.body.resize(start + size, 0);
                self.socket
                    .read_exact(&mut reply.body[start..])
                    .await
                    .map_err(|error| format!("reading a chunk: {error}"))?;
                if !self.line().await?.is_empty() {
                    return Err("a chunk not followed by CRLF".to_owned());
                }
            }
        } else {
            return Err("a reply with neither a length nor chunks".to_owned());
        }
        Ok(reply)
    }
}

/// One call of the mix: method, path, form body, and the envelope code the
/// reply must carry.
struct Call {
    method: &'static str,
    path: String,
    form: Option<String>,
    code: &'static str,
}

fn post(path: &str, session: &str, form: &str, code: &'static str) -> Call {
    Call { method: "POST", path: format!("/pany{path}?sessionId={session}"), form: Some(form.to_owned()), code }
}

crate::on_both_stores! {
    async fn a_kept_alive_connection_serves_a_thousand_calls_with_late_bodies(app) {
        let session = app.demo_session().await;
        let sid = session.session_id.as_str();
        let open = order_in(&session, 174);
        let approved = order_in(&session, 151);
        let (open_order, open_product) = (open.order_id, open.product_id);
        let (approved_order, approved_product) = (approved.order_id, approved.product_id);
        let calls = [
            // The four whose handlers ignore (part of) the body.
            post("/v3/bind-card/card-init", sid, &format!("product_id={approved_product}"), "00"),
            post("/v3/personal-center/contact-kf-info", sid, "overall=30", "00"),
            post("/v3/contract/contract", sid, &format!("productId={approved_product}&scene=3"), "00"),
            post("/user-problem/problem-list", sid, "page=1", "00"),
            post("/v3/loan-details/loan-details", sid, &format!("productId={open_product}&orderId={open_order}"), "00"),
            post("/user-problem/problem-init", sid, &format!("orderId={open_order}"), "00"),
            post(
                "/v3/loan-confirm/loan-detail-confirm",
                sid,
                &format!("productId={approved_product}&orderId={approved_order}"),
                "00",
            ),
            post("/v3/installment/loan-play-detail", sid, &format!("productId={open_product}&orderId={open_order}"), "00"),
            post("/service/event/save", sid, &format!("productId={open_product}&moduleId=30&positionId=0"), "00"),
            post("/calc/emi", sid, "amount=500000&monthlyRateBp=400&payments=3&frequency=monthly&method=flat", "00"),
            post("/v3/personal-center/user-info", sid, "overall=30", "00"),
            // Refusals keep the connection too: bad input, an unknown path.
            post("/user-problem/problem-save", sid, "problemType=1&problemSonType=&problemDetail=&problemImage=&orderNo=", "400"),
            post("/v3/no-such-call", sid, "productId=1&scene=3", "404"),
            Call { method: "GET", path: format!("/pany/v4/index/home-page?sessionId={sid}"), form: None, code: "00" },
        ];
        let mut client = RawClient::connect(&app).await;
        let mut failures = Vec::new();
        for round in 0..1_000usize {
            let call = &calls[round % calls.len()];
            let pause = Duration::from_millis(2 + (round % 3) as u64);
            let outcome = client.send(call.method, &call.path, call.form.as_deref(), pause).await;
            let reply = match outcome {
                Ok(reply) => reply,
                Err(error) => {
                    failures.push(format!("call {round} {}: {error}", call.path));
                    // The socket is unusable; go on on a new one, so the count says how many failed.
                    client = RawClient::connect(&app).await;
                    continue;
                }
            };
            if reply.header("connection").is_some_and(|value| value.eq_ignore_ascii_case("close")) {
                failures.push(format!("call {round} {}: the server asked to close", call.path));
                client = RawClient::connect(&app).await;
                continue;
            }
            let envelope: Value = match serde_json::from_slice(&reply.body) {
                Ok(envelope) => envelope,
                Err(error) => {
                    failures.push(format!("call {round} {}: {} not an envelope: {error}", call.path, reply.status));
                    continue;
                }
            };
            if envelope["code"] != call.code {
                failures.push(format!("call {round} {}: HTTP {} {envelope}", call.path, reply.status));
            }
        }
        assert!(failures.is_empty(), "{} of 1000 calls failed; the first: {:?}", failures.len(), &failures[..failures.len().min(5)]);
    }

    async fn a_body_larger_than_any_route_takes_gets_a_reply_that_says_it_closes(app) {
        // A body declared larger than any route accepts is not read on: the
        // call that ignores it is answered, with `Connection: close`.
        let mut client = RawClient::connect(&app).await;
        let head = format!(
            "POST /pany/v3/personal-center/contact-kf-info HTTP/1.1\r\nHost: {}\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\noverall=30",
            client.host,
            40 * 1024 * 1024
        );
        client.socket.get_mut().write_all(head.as_bytes()).await.unwrap();
        let reply = tokio::time::timeout(Duration::from_secs(20), client.read_reply()).await.expect("a reply in time");
        let reply = reply.expect("a reply before the connection closes");
        assert_eq!(reply.status, 200, "the call itself is answered");
        assert_eq!(reply.header("connection"), Some("close"), "the server says it closes the connection");
    }
}
