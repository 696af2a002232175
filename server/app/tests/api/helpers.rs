//! `TestApp`: a real server on a random port over a fresh database, on
//! SQLite or PostgreSQL, and typed helpers to call it.

use hiram::config::Settings;
use hiram::seed::DemoSession;
use hiram::startup::Application;
use hiram::state::AppState;
use std::path::Path;

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// The same store the server uses, for arranging and inspecting data.
    pub state: AppState,
    /// The server's clock: `app.clock.advance(..)` moves time for it.
    pub clock: std::sync::Arc<hiram::clock::ShiftedClock>,
    pub database_url: String,
    /// Crash points of the server's store, armed while it serves.
    pub failpoints: hiram::startup::Failpoints,
}

/// Runs each test once on SQLite and once on PostgreSQL, as
/// `<module>::sqlite::<test>` and `<module>::postgres::<test>`.
#[macro_export]
/// `async fn name(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")])` sets
/// configuration for that test's server.
macro_rules! on_both_stores {
    ($(async fn $name:ident($app:ident $(with [$(($key:literal, $value:literal)),* $(,)?])?) $body:block)*) => {
        mod sqlite {
            #[allow(unused_imports)]
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    let overrides: &[(&str, &str)] = &[$($(($key, $value)),*)?];
                    let $app = $crate::helpers::TestApp::spawn_with($crate::helpers::Backend::Sqlite, overrides).await;
                    $body
                }
            )*
        }
        mod postgres {
            #[allow(unused_imports)]
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    let overrides: &[(&str, &str)] = &[$($(($key, $value)),*)?];
                    let $app = $crate::helpers::TestApp::spawn_with($crate::helpers::Backend::Postgres, overrides).await;
                    $body
                }
            )*
        }
    };
}

/// Runs each `async fn name(backend: Backend)` of the module once on SQLite
/// and once on PostgreSQL, as `<module>::sqlite::<name>`: for tests that
/// start their servers themselves (several at once, settings made at run
/// time). `on_both_backends!(multi_thread: a, b)` gives them four worker
/// threads.
#[macro_export]
macro_rules! on_both_backends {
    (multi_thread: $($name:ident),* $(,)?) => {
        $crate::on_both_backends!(@each (flavor = "multi_thread", worker_threads = 4) $($name),*);
    };
    (@each $flavor:tt $($name:ident),*) => {
        mod sqlite {
            $(
                #[tokio::test $flavor]
                async fn $name() {
                    super::$name($crate::helpers::Backend::Sqlite).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test $flavor]
                async fn $name() {
                    super::$name($crate::helpers::Backend::Postgres).await
                }
            )*
        }
    };
    ($($name:ident),* $(,)?) => {
        $crate::on_both_backends!(@each () $($name),*);
    };
}

pub fn random_suffix() -> String {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the OS gives random bytes");
    hiram_domain::hex::encode(&bytes)
}

/// A PostgreSQL URL whose connections use a new, empty schema, so tests run
/// in parallel without seeing each other's rows.
pub async fn postgres_url() -> String {
    let base = std::env::var("TEST_DATABASE_URL")
        .or_else(|_| std::env::var("DATABASE_URL"))
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    let (client, connection) = tokio_postgres::connect(&base, tokio_postgres::NoTls).await.unwrap_or_else(|error| {
        panic!(
            "PostgreSQL is expected at {} for the API tests but cannot be reached: {error}. \
             Start it, or point TEST_DATABASE_URL at one.",
            base.split('@').next_back().unwrap_or("")
        )
    });
    tokio::spawn(connection);
    let schema = format!("test_{}", random_suffix());
    client.batch_execute(&format!("CREATE SCHEMA {schema}")).await.expect("create a test schema");
    let separator = if base.contains('?') { '&' } else { '?' };
    format!("{base}{separator}options=-csearch_path%3D{schema}")
}

/// The URL of a new, empty database: a SQLite file of its own, or a new
/// schema of the test PostgreSQL.
pub async fn new_database(backend: Backend) -> String {
    match backend {
        Backend::Sqlite => {
            let folder = std::env::temp_dir().join(format!("hiram-test-{}", random_suffix()));
            format!("sqlite://{}", folder.join("test.sqlite3").display())
        }
        Backend::Postgres => postgres_url().await,
    }
}

/// Minimal built pages, so static serving is tested without an npm build.
fn write_web_fixture(root: &Path) {
    let files: &[(&str, &[u8])] = &[
        ("app/dist/index.html", b"<!doctype html><title>borrower app</title>"),
        ("app/dist/routes/loanConfirm.html", b"<!doctype html><title>borrower app: confirmation</title>"),
        ("app/dist/routes/calculator/saved.html", b"<!doctype html><title>borrower app: saved</title>"),
        ("app/dist/routes/calculator/saved.html.br", b"brotli page"),
        ("app/dist/sw.js", b"self.addEventListener('fetch', () => {});"),
        ("app/dist/assets/main-abc123.js", b"console.log('borrower app');"),
        ("app/dist/assets/main-abc123.js.br", b"brotli bytes"),
        ("site/dist/index.html", b"<!doctype html><title>marketing site</title>"),
        ("site/dist/index.fil.html", b"<!doctype html><html lang=\"fil\"><title>marketing site</title>"),
        ("site/dist/promotion.html", b"<!doctype html><title>promotion</title>"),
        ("site/dist/promotion.fil.html", b"<!doctype html><html lang=\"fil\"><title>promotion</title>"),
        ("console/dist/index.html", b"<!doctype html><title>console</title>"),
        ("console/dist/assets/console-def456.js", b"console.log('console');"),
    ];
    for (path, contents) in files {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().expect("fixture files sit in folders")).expect("create fixture folder");
        std::fs::write(path, contents).expect("write fixture file");
    }
}

impl TestApp {
    pub async fn spawn_with(backend: Backend, overrides: &[(&str, &str)]) -> TestApp {
        let database_url = new_database(backend).await;
        TestApp::start(&database_url, overrides).await.expect("build the server")
    }

    /// Starts a server on the given database (several may share one); the
    /// start-up error when it does not start.
    pub async fn start(
        database_url: &str,
        overrides: &[(&str, &str)],
    ) -> Result<TestApp, hiram::startup::StartupError> {
        let root = std::env::temp_dir().join(format!("hiram-test-{}", random_suffix()));
        let web_root = root.join("web");
        write_web_fixture(&web_root);
        let mut environment = vec![
            ("APP_SERVER__PORT".to_owned(), "0".to_owned()),
            ("APP_DATABASE__URL".to_owned(), database_url.to_owned()),
            ("APP_DATABASE__MAX_CONNECTIONS".to_owned(), "4".to_owned()),
            ("APP_WEB__DIST_ROOT".to_owned(), web_root.display().to_string()),
            ("APP_LOG__FILTER".to_owned(), "warn".to_owned()),
            ("APP_UPLOADS__DIR".to_owned(), root.join("uploads").display().to_string()),
            // Staff mail lands here, each message a file, as a member's
            // mailbox would hold it (`console::mailed_link`).
            ("APP_MAIL__DROP_DIR".to_owned(), root.join("mail").display().to_string()),
            // Tests collect through the sandbox, a demo (D8), with a known
            // secret so they can sign its callbacks; a test may override both.
            ("APP_PAYMENTS__COLLECTIONS".to_owned(), "sandbox".to_owned()),
            ("APP_PAYMENTS__SANDBOX_SECRET".to_owned(), "sandbox-secret-for-tests".to_owned()),
        ];
        environment.extend(overrides.iter().map(|(key, value)| ((*key).to_owned(), (*value).to_owned())));
        let settings = Settings::from_sources(environment).expect("test settings are valid");
        let database_url = settings.database.url.expose().to_owned();
        let clock = std::sync::Arc::new(hiram::clock::ShiftedClock::default());
        let application = Application::build_with_clock(settings, clock.clone()).await?;
        let state = application.state();
        let failpoints = application.failpoints();
        let address = format!("http://127.0.0.1:{}", application.port());
        tokio::spawn(application.run_until_stopped());
        Ok(TestApp { address, client: reqwest::Client::new(), state, database_url, clock, failpoints })
    }

    /// The secret of a new staff API token of the role, made as `hiram
    /// staff-token` makes one, for `Authorization: Bearer`. It lasts the
    /// longest a token may, so tests that move the clock keep it.
    pub async fn staff_token(&self, role: hiram_domain::staff::Role) -> String {
        let longest = hiram_domain::staff::MAX_API_TOKEN_DAYS.to_string();
        hiram::features::console::api_tokens::issue(&self.state, "tests", role.key(), &longest, None)
            .await
            .expect("make a staff API token")
            .secret
    }

    /// The newest one-time code sent to the number, read from the outbox.
    pub async fn last_code(&self, phone: &str) -> String {
        let phone = hiram_domain::phone::Phone::parse(phone).expect("a valid test number");
        let entries = self.state.store.outbox(Some(&phone), 1).await.expect("read the outbox");
        let body = &entries.last().expect("a message was sent").body;
        body.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).expect("a six-digit code").to_owned()
    }

    /// The answer of the captcha image last drawn for `sid`, found the way an
    /// attacker with the database would: trying all 10 000 answers against
    /// the stored digest. Tests use it to play the visitor who can read.
    pub async fn captcha_answer(&self, sid: &str) -> String {
        use sha2::{Digest, Sha256};
        let sid_digest: [u8; 32] = Sha256::digest(sid.as_bytes()).into();
        let stored: Vec<u8> = if let Some(path) = self.database_url.strip_prefix("sqlite://") {
            let connection = rusqlite::Connection::open(path).expect("open the test database");
            connection
                .query_row("SELECT answer_digest FROM captcha WHERE sid_digest = ?1", [&sid_digest[..]], |row| {
                    row.get(0)
                })
                .expect("a drawn captcha")
        } else {
            let (client, connection) =
                tokio_postgres::connect(&self.database_url, tokio_postgres::NoTls).await.unwrap();
            tokio::spawn(connection);
            client
                .query_one("SELECT answer_digest FROM captcha WHERE sid_digest = $1", &[&&sid_digest[..]])
                .await
                .expect("a drawn captcha")
                .get(0)
        };
        (0..10_000)
            .map(|n| format!("{n:04}"))
            .find(|answer| {
                let mut hasher = Sha256::new();
                hasher.update(sid_digest);
                hasher.update(answer.as_bytes());
                hasher.finalize()[..] == stored[..]
            })
            .expect("one of the 10 000 answers")
    }

    /// Runs one SQL statement directly on the test database, as an operator
    /// with database access would; the error text when the database refuses.
    pub async fn execute_sql(&self, sql: &str) -> Result<(), String> {
        if let Some(path) = self.database_url.strip_prefix("sqlite://") {
            let connection = rusqlite::Connection::open(path).map_err(|error| error.to_string())?;
            connection.execute_batch(sql).map_err(|error| error.to_string())
        } else {
            let (client, connection) = tokio_postgres::connect(&self.database_url, tokio_postgres::NoTls)
                .await
                .map_err(|error| error.to_string())?;
            tokio::spawn(connection);
            client.batch_execute(sql).await.map_err(|error| format!("{error:?}"))
        }
    }

    /// How many messages the number received.
    pub async fn messages_to(&self, phone: &str) -> usize {
        let phone = hiram_domain::phone::Phone::parse(phone).expect("a valid test number");
        self.state.store.outbox(Some(&phone), 500).await.expect("read the outbox").len()
    }

    /// Asks for a login code and logs in with it; returns the session token.
    pub async fn login(&self, phone: &str) -> String {
        let sent = self.post_form("/pany/service/login/send-sms-code-new", &[("phone", phone)]).await;
        assert_eq!(sent.status(), 200, "the code is sent");
        let code = self.last_code(phone).await;
        let body: serde_json::Value = self
            .post_form("/pany/service/login/sms-code-login", &[("phone", phone), ("code", &code)])
            .await
            .json()
            .await
            .expect("an envelope");
        assert_eq!(body["code"], "00", "{body}");
        body["data"]["sessionId"].as_str().expect("a session id").to_owned()
    }

    /// A new session for the demo borrower and the demo orders.
    pub async fn demo_session(&self) -> DemoSession {
        hiram::seed::demo_session(&self.state).await.expect("demo session")
    }

    pub fn url(&self, path_and_query: &str) -> String {
        format!("{}{}", self.address, path_and_query)
    }

    pub async fn get(&self, path_and_query: &str) -> reqwest::Response {
        self.client.get(self.url(path_and_query)).send().await.expect("GET reaches the server")
    }

    /// A borrower call: a form POST under `/pany` with the session in the
    /// query (D5), read as [`outcome`] reads it.
    pub async fn call(&self, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, serde_json::Value) {
        let separator = if path.contains('?') { '&' } else { '?' };
        outcome(self.post_form(&format!("/pany{path}{separator}sessionId={session}"), form).await).await
    }

    /// A borrower call's reply as text, to compare refusals byte for byte.
    pub async fn call_raw(&self, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, String) {
        let separator = if path.contains('?') { '&' } else { '?' };
        let response = self.post_form(&format!("/pany{path}{separator}sessionId={session}"), form).await;
        let response = Checked::of(response).await;
        (response.status(), response.text().await.expect("a reply body"))
    }

    /// A form-encoded POST, the way the borrower pages call the API.
    pub async fn post_form(&self, path_and_query: &str, form: &[(&str, &str)]) -> reqwest::Response {
        let body = form.iter().map(|(key, value)| format!("{key}={}", encode(value))).collect::<Vec<_>>().join("&");
        self.client
            .post(self.url(path_and_query))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .expect("POST reaches the server")
    }

    /// A multipart POST of one file, built by hand so tests control every
    /// byte: the field, the file name and the declared type.
    pub async fn post_file(
        &self,
        path_and_query: &str,
        field: &str,
        file_name: &str,
        content_type: &str,
        bytes: &[u8],
    ) -> reqwest::Response {
        let boundary = "hiram-test-boundary-7d1f";
        let mut body = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\nContent-Type: {content_type}\r\n\r\n"
        )
        .into_bytes();
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        self.client
            .post(self.url(path_and_query))
            .header("content-type", format!("multipart/form-data; boundary={boundary}"))
            .body(body)
            .send()
            .await
            .expect("POST reaches the server")
    }

    /// Sends a small PNG of one `shade` as `field` to an upload call of the
    /// borrower's; the address the server answers for it.
    pub async fn upload_png(&self, path: &str, field: &str, session: &str, shade: u8) -> String {
        let response =
            self.post_file(&format!("{path}?sessionId={session}"), field, "photo.png", "image/png", &png(shade)).await;
        assert_eq!(response.status(), 200, "{path}");
        let body: serde_json::Value = response.json().await.expect("an envelope");
        body["data"]["url"].as_str().expect("the picture's address").to_owned()
    }

    pub async fn post_json(&self, path_and_query: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path_and_query)).json(body).send().await.expect("POST reaches the server")
    }

    /// Calls loan details for one order with the given session.
    pub async fn loan_details(&self, session_id: &str, order_id: i64) -> (u16, serde_json::Value) {
        let response = self
            .post_form(
                &format!("/pany/v3/loan-details/loan-details?sessionId={session_id}"),
                &[("orderId", &order_id.to_string())],
            )
            .await;
        crate::helpers::outcome(response).await
    }
}

fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (byte as char).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}

/// The demo order in the given status.
pub fn order_in(session: &DemoSession, status: i64) -> &hiram::seed::DemoOrder {
    session.orders.iter().find(|order| order.status == status).expect("the demo data has every status")
}

/// A small PNG of one colour; `shade` tells the pictures of a test apart.
pub fn png(shade: u8) -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(20, 30, image::Rgb([shade, 120, 40]));
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).expect("encode a test picture");
    bytes
}

/// The outcome of a call as `(status, envelope)`. Under `/pany` a handled
/// outcome answers HTTP 200 with its code in the envelope (D7), so the
/// status given is the envelope's code when that is an HTTP failure code
/// ("400", "401", "429"…), and the reply is checked to be HTTP 200; other
/// replies (success, the legacy codes, a body over the limit, a server
/// failure, a path or method no route serves) give their HTTP status.
pub async fn outcome(response: reqwest::Response) -> (u16, serde_json::Value) {
    let checked = Checked::of(response).await;
    let status = checked.status();
    (status, checked.json().await.expect("an envelope"))
}

/// A reply read whole, whose `status()` is the outcome [`outcome`] gives
/// (the envelope's failure code under `/pany`, checked to be HTTP 200 by
/// D7), with the reply's headers and body as reqwest gives them.
pub struct Checked {
    status: u16,
    headers: reqwest::header::HeaderMap,
    body: Vec<u8>,
}

impl Checked {
    pub async fn of(response: reqwest::Response) -> Checked {
        let status = response.status().as_u16();
        // The payment providers' callbacks keep HTTP statuses (decision 002).
        let path = response.url().path().to_owned();
        let borrower_api = path.starts_with("/pany/") && !path.starts_with("/pany/payments/");
        let headers = response.headers().clone();
        let body = response.bytes().await.expect("a whole reply").to_vec();
        let mut checked = Checked { status, headers, body };
        if borrower_api {
            let envelope: serde_json::Value = serde_json::from_slice(&checked.body).unwrap_or_default();
            assert!(
                !(400..500).contains(&status) || [404, 405, 413].contains(&status),
                "D7: {path} answered HTTP {status} for a handled outcome: {envelope}"
            );
            if let Some(code) = envelope["code"].as_str().and_then(|code| code.parse::<u16>().ok())
                && status == 200
                && (400..500).contains(&code)
            {
                checked.status = code;
            }
        }
        checked
    }

    pub fn status(&self) -> u16 {
        self.status
    }

    pub fn headers(&self) -> &reqwest::header::HeaderMap {
        &self.headers
    }

    pub async fn json<T: serde::de::DeserializeOwned>(self) -> serde_json::Result<T> {
        serde_json::from_slice(&self.body)
    }

    pub async fn text(self) -> Result<String, std::string::FromUtf8Error> {
        String::from_utf8(self.body)
    }
}

/// Polls every future together (the test binary avoids a futures crate).
pub async fn join_all<F: std::future::Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut pinned: Vec<std::pin::Pin<Box<F>>> = futures.into_iter().map(Box::pin).collect();
    let mut outputs: Vec<Option<F::Output>> = pinned.iter().map(|_| None).collect();
    std::future::poll_fn(|context| {
        let mut pending = false;
        for (future, output) in pinned.iter_mut().zip(outputs.iter_mut()) {
            if output.is_none() {
                match future.as_mut().poll(context) {
                    std::task::Poll::Ready(value) => *output = Some(value),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending { std::task::Poll::Pending } else { std::task::Poll::Ready(()) }
    })
    .await;
    outputs.into_iter().map(|output| output.expect("every future finished")).collect()
}

/// A loan of `pesos` on the demo product `product` (by name), applied for
/// `days_ago` days ago by a new borrower on `phone` and taken to `status`
/// through the product's own flows (acceptance with its proof, payout;
/// for 200 a payoff). Seeds the demo data first.
pub async fn loan_made(
    app: &TestApp,
    product: &str,
    pesos: i64,
    days_ago: i64,
    phone: &str,
    status: hiram_domain::order::OrderStatus,
) -> hiram_domain::order::OrderId {
    app.demo_session().await;
    let state = &app.state;
    let product =
        state.store.products().await.unwrap().into_iter().find(|p| p.name == product).expect("a demo product");
    let now = state.now();
    let phone = hiram_domain::phone::Phone::parse(phone).unwrap();
    let borrower = state.store.ensure_borrower(&phone, Some("Test Borrower"), now).await.unwrap();
    let applied_at =
        hiram_domain::clock::start_of_manila_day(now - time::Duration::days(days_ago)) + time::Duration::hours(1);
    let order_no = format!("HRT{}{}", phone.display().replace(' ', ""), days_ago);
    let principal = hiram_domain::money::Centavos::from_pesos(pesos);
    hiram::seed::make_order(state, borrower.id, &product, principal, order_no, status, applied_at.min(now))
        .await
        .expect("a loan made through the product's flows")
}

/// The loan's account as stored, and that its ledger stands where the
/// account says: receivables, income and the borrower's credit.
pub async fn account_matching_ledger(
    app: &TestApp,
    order: hiram_domain::order::OrderId,
) -> hiram_domain::servicing::LoanAccount {
    let account = app.state.store.loan_account(order).await.unwrap().expect("the loan has an account");
    let entries: Vec<_> =
        app.state.store.ledger_entries(order).await.unwrap().into_iter().map(|stored| stored.entry).collect();
    let ledger = hiram_domain::ledger::Balances::of(&entries);
    let paid_in = account.paid_in(&ledger);
    assert_eq!(account.ledger_balances(paid_in), ledger, "order {}: the ledger is where the account says", order.0);
    assert_eq!(
        app.state.store.balances(order).await.unwrap(),
        ledger,
        "order {}: the balance row is the ledger",
        order.0
    );
    account
}

/// What paying the order's loan off costs today, in centavos, and as the
/// pages write it.
pub async fn owed_today(app: &TestApp, order: i64) -> (i64, String) {
    let owed = hiram::services::loans::owed_today(&app.state, hiram_domain::order::OrderId(order)).await.unwrap();
    (owed.get(), hiram_domain::money::format_amount(owed, hiram_domain::money::CurrencySymbol::Peso))
}

/// The payments posted to the order: each posting of money received holds
/// one, with the interest and penalties it brought onto the ledger in
/// entries of their own.
pub async fn payments_posted(app: &TestApp, order: i64) -> usize {
    let entries = app.state.store.ledger_entries(hiram_domain::order::OrderId(order)).await.unwrap();
    entries.iter().filter(|stored| stored.entry.kind == hiram_domain::ledger::EntryKind::Repayment).count()
}
