//! Pictures in a bucket of an S3-compatible service (decision 043), against
//! the real one (SeaweedFS) that `scripts/object-store.sh` starts for the
//! Makefile's test-rust: what one server stores another serves, the bytes
//! are in the bucket, a missing object answers as a missing file does, and
//! a wrong secret fails readiness and uploads clearly without showing it.

use crate::helpers::{Backend, Checked, TestApp};
use hiram::config::{S3Settings, Secret};
use hiram_domain::files::FileStore;
use std::process::Stdio;
use tokio::io::{AsyncBufReadExt, BufReader};

/// The bucket made for this run, read from `TEST_S3_*`.
struct TestBucket {
    endpoint: String,
    bucket: String,
    region: String,
    access_key_id: String,
    secret_access_key: String,
}

impl TestBucket {
    fn from_environment() -> TestBucket {
        let variable = |name: &str| {
            std::env::var(name).unwrap_or_else(|_| {
                panic!(
                    "{name} is unset: run the API tests through scripts/with-object-store.sh (as `make test-rust` \
                     does), which starts an S3-compatible store with scripts/object-store.sh and exports TEST_S3_*"
                )
            })
        };
        TestBucket {
            endpoint: variable("TEST_S3_ENDPOINT"),
            bucket: variable("TEST_S3_BUCKET"),
            region: variable("TEST_S3_REGION"),
            access_key_id: variable("TEST_S3_ACCESS_KEY_ID"),
            secret_access_key: variable("TEST_S3_SECRET_ACCESS_KEY"),
        }
    }

    /// A server's settings for this bucket, signing with `secret`.
    fn settings(&self, secret: &str) -> Vec<(&'static str, String)> {
        vec![
            ("APP_UPLOADS__STORE", "s3".to_owned()),
            ("APP_UPLOADS__S3__ENDPOINT", self.endpoint.clone()),
            ("APP_UPLOADS__S3__BUCKET", self.bucket.clone()),
            ("APP_UPLOADS__S3__REGION", self.region.clone()),
            ("APP_UPLOADS__S3__ACCESS_KEY_ID", self.access_key_id.clone()),
            ("APP_UPLOADS__S3__SECRET_ACCESS_KEY", secret.to_owned()),
            // The test service listens on loopback only.
            ("APP_UPLOADS__S3__ALLOW_HTTP", "true".to_owned()),
        ]
    }

    /// The bucket read directly, as an operator's client would.
    fn client(&self, secret: &str) -> impl FileStore {
        hiram::adapters::files::S3Bucket::new(&S3Settings {
            endpoint: self.endpoint.clone(),
            bucket: self.bucket.clone(),
            region: self.region.clone(),
            access_key_id: self.access_key_id.clone(),
            secret_access_key: Secret::new(secret),
            session_token: Secret::new(""),
            allow_http: true,
        })
        .expect("a client of the test bucket")
    }

    fn wrong_secret(&self) -> String {
        format!("{}-but-wrong", self.secret_access_key)
    }
}

async fn spawn(backend: Backend, settings: &[(&'static str, String)]) -> TestApp {
    let overrides: Vec<(&str, &str)> = settings.iter().map(|(key, value)| (*key, value.as_str())).collect();
    TestApp::spawn_with(backend, &overrides).await
}

/// A borrower allowed to send identity photos; their session.
async fn photographer(app: &TestApp, phone: &str) -> String {
    let session = app.login(phone).await;
    let granted = app
        .post_form(&format!("/pany/v3/consent/grant?sessionId={session}"), &[("kind", "photos"), ("granted", "1")])
        .await;
    assert_eq!(granted.status(), 200);
    session
}

/// Sends a photo; the outcome and, on success, the picture's address.
async fn send_photo(app: &TestApp, session: &str, shade: u8) -> (u16, serde_json::Value) {
    let response = app
        .post_file(
            &format!("/pany/credit-info/upload-image?sessionId={session}"),
            "image",
            "id.png",
            "image/png",
            &crate::helpers::png(shade),
        )
        .await;
    crate::helpers::outcome(response).await
}

fn files_in(folder: &std::path::Path) -> usize {
    std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| if entry.path().is_dir() { files_in(&entry.path()) } else { 1 })
        .sum()
}

async fn a_picture_sent_through_one_server_is_served_by_another_from_the_bucket(backend: Backend) {
    let bucket = TestBucket::from_environment();
    let first = spawn(backend, &bucket.settings(&bucket.secret_access_key)).await;
    let mut second_settings = bucket.settings(&bucket.secret_access_key);
    second_settings.push(("APP_DATABASE__URL", first.database_url.clone()));
    let second = spawn(backend, &second_settings).await;
    assert_ne!(first.state.settings.uploads.dir, second.state.settings.uploads.dir, "two machines' disks");

    let session = photographer(&first, "09271234567").await;
    let (status, body) = send_photo(&first, &session, 30).await;
    assert_eq!(status, 200, "{body}");
    let url = body["data"]["url"].as_str().expect("the picture's address").to_owned();
    let name = url.strip_prefix("/pany/uploads/").expect("served under /pany/uploads");
    assert_eq!(files_in(&first.state.settings.uploads.dir), 0, "nothing is kept on the first server's disk");

    let stored = bucket.client(&bucket.secret_access_key).get(name).await.expect("the bucket answers");
    let stored = stored.expect("the picture is an object of the bucket, under its name");
    assert!(stored.starts_with(&[0xFF, 0xD8]), "the server's re-encoded JPEG, not what was sent");

    let served = second.get(&format!("{url}?sessionId={session}")).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/jpeg");
    assert_eq!(served.bytes().await.unwrap().to_vec(), stored, "the second server serves the bucket's bytes");
    assert_eq!(files_in(&second.state.settings.uploads.dir), 0, "nor on the second's");
    assert_eq!(second.get("/readyz").await.status(), 200, "the bucket answers readiness");
}

async fn a_missing_object_answers_as_a_missing_local_file_does(backend: Backend) {
    let bucket = TestBucket::from_environment();
    let in_bucket = spawn(backend, &bucket.settings(&bucket.secret_access_key)).await;
    let on_disk = TestApp::spawn_with(backend, &[]).await;

    let mut replies = Vec::new();
    for app in [&in_bucket, &on_disk] {
        let session = photographer(app, "09281234567").await;
        let (status, body) = send_photo(app, &session, 60).await;
        assert_eq!(status, 200, "{body}");
        let url = body["data"]["url"].as_str().unwrap().to_owned();
        let name = url.strip_prefix("/pany/uploads/").unwrap().to_owned();
        // The bytes go, the record stays: an operator's mistake, or a
        // bucket restored from an older copy.
        app.state.files.delete(&name).await.expect("the picture's bytes are deleted");
        let reply = Checked::of(app.get(&format!("{url}?sessionId={session}")).await).await;
        replies.push((reply.status(), reply.json::<serde_json::Value>().await.expect("an envelope")));
    }
    assert_eq!(replies[0].0, 404, "{:?}", replies[0].1);
    assert_eq!(replies[0], replies[1], "the bucket's missing object looks exactly like a missing file");
    let gone = bucket.client(&bucket.secret_access_key).get(&"0".repeat(32)).await.expect("the bucket answers");
    assert_eq!(gone, None, "a name the bucket never held reads as none, not as an error");
}

async fn a_wrong_secret_fails_readiness_and_uploads_clearly_without_showing_it(backend: Backend) {
    let bucket = TestBucket::from_environment();
    let wrong = bucket.wrong_secret();
    let app = spawn(backend, &bucket.settings(&wrong)).await;

    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 503);
    let ready = ready.text().await.unwrap();
    assert!(!ready.contains(&wrong), "{ready}");

    let session = photographer(&app, "09291234567").await;
    let (status, body) = send_photo(&app, &session, 90).await;
    assert_eq!(status, 500, "{body}");
    assert!(!body.to_string().contains(&wrong), "{body}");

    // What the server logs is the store's error: it names the cause, with
    // the service's own code where the answer has a body (not a HEAD's).
    let client = bucket.client(&wrong);
    let refused = client.ready().await.expect_err("the bucket refuses a wrong secret").to_string();
    assert!(refused.contains("refused the credentials") && refused.contains("HTTP 403"), "{refused}");
    assert!(!refused.contains(&wrong), "{refused}");
    let refused = client.put(&"1".repeat(32), b"bytes").await.expect_err("the bucket refuses a wrong secret");
    let refused = refused.to_string();
    assert!(refused.contains("refused the credentials") && refused.contains("SignatureDoesNotMatch"), "{refused}");
    assert!(!refused.contains(&wrong), "{refused}");
}

/// The real binary, started with a wrong secret: it starts (the service
/// may be fixed later), and its log says why pictures cannot be stored
/// without writing the secret anywhere.
async fn the_start_up_log_names_a_refused_secret_and_not_the_secret(backend: Backend) {
    let bucket = TestBucket::from_environment();
    let wrong = bucket.wrong_secret();
    let folder = std::env::temp_dir().join(format!("hiram-object-store-{}-{backend:?}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let database_url = match backend {
        Backend::Sqlite => format!("sqlite://{}", folder.join("start.sqlite3").display()),
        Backend::Postgres => crate::helpers::postgres_url().await,
    };
    let mut server = tokio::process::Command::new(env!("CARGO_BIN_EXE_hiram"));
    server
        .arg("serve")
        .env("APP_SERVER__PORT", "0")
        .env("APP_DATABASE__URL", database_url)
        .env("APP_WEB__DIST_ROOT", folder.display().to_string())
        .env("APP_UPLOADS__DIR", folder.join("uploads").display().to_string())
        .env("APP_LOG__FILTER", "debug")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .kill_on_drop(true);
    for (key, value) in bucket.settings(&wrong) {
        server.env(key, value);
    }
    let mut server = server.spawn().expect("start the server binary");
    let mut stderr = BufReader::new(server.stderr.take().unwrap());
    let mut log = String::new();
    loop {
        let mut line = String::new();
        assert!(stderr.read_line(&mut line).await.unwrap() > 0, "the server stopped early:\n{log}");
        log.push_str(&line);
        if line.contains("listening") {
            break;
        }
    }
    server.kill().await.unwrap();
    let warning = log.lines().find(|line| line.contains("pictures' store")).unwrap_or_else(|| panic!("{log}"));
    assert!(warning.contains("refused the credentials") && warning.contains(&bucket.bucket), "{warning}");
    assert!(!log.contains(&wrong), "the secret was logged:\n{log}");
    std::fs::remove_dir_all(&folder).ok();
}

crate::on_both_backends!(
    a_picture_sent_through_one_server_is_served_by_another_from_the_bucket,
    a_missing_object_answers_as_a_missing_local_file_does,
    a_wrong_secret_fails_readiness_and_uploads_clearly_without_showing_it,
    the_start_up_log_names_a_refused_secret_and_not_the_secret,
);
