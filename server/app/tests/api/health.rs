use serde_json::Value;

/// Another connection holding the write lock, as a writer that never lets
/// go (or a database that takes no write) leaves the server.
enum LockHolder {
    Sqlite(rusqlite::Connection),
    Postgres(tokio_postgres::Client),
}

async fn hold_the_write_lock(app: &crate::helpers::TestApp) -> LockHolder {
    match app.database_url.strip_prefix("sqlite://") {
        Some(path) => {
            let connection = rusqlite::Connection::open(path).unwrap();
            connection.execute_batch("BEGIN IMMEDIATE").unwrap();
            LockHolder::Sqlite(connection)
        }
        None => {
            let (client, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls).await.unwrap();
            tokio::spawn(connection);
            client.batch_execute("BEGIN; LOCK TABLE readiness_probe IN ACCESS EXCLUSIVE MODE").await.unwrap();
            LockHolder::Postgres(client)
        }
    }
}

async fn let_go(holder: LockHolder) {
    match holder {
        LockHolder::Sqlite(connection) => connection.execute_batch("ROLLBACK").unwrap(),
        LockHolder::Postgres(client) => client.batch_execute("ROLLBACK").await.unwrap(),
    }
}

crate::on_both_stores! {
    async fn healthz_answers_ok(app) {
        let response = app.get("/healthz").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap()["status"], "ok");
    }

    async fn a_read_answers_while_another_process_holds_the_write_lock(app) {
        let session = app.login("09171234567").await;
        // The session's "last seen" falls due, so the read triggers a write.
        app.clock.advance(time::Duration::minutes(2));
        let holder = match app.database_url.strip_prefix("sqlite://") {
            Some(_) => hold_the_write_lock(&app).await,
            None => {
                let (client, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls).await.unwrap();
                tokio::spawn(connection);
                // Writes to the sessions wait; reads of them do not.
                client.batch_execute("BEGIN; LOCK TABLE session IN EXCLUSIVE MODE").await.unwrap();
                LockHolder::Postgres(client)
            }
        };
        for path in ["/pany/v3/personal-center/user-info", "/pany/book-keeping/get-list"] {
            let reply = app.post_form(&format!("{path}?sessionId={session}"), &[]).await;
            let (status, body) = crate::helpers::outcome(reply).await;
            assert_eq!((status, body["code"].as_str()), (200, Some("00")), "{path}: {body}");
        }
        let_go(holder).await;
    }

    async fn readyz_answers_ok_when_the_database_answers(app) {
        let response = app.get("/readyz").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.json::<Value>().await.unwrap()["status"], "ok");
    }

    async fn readyz_answers_503_while_the_database_takes_no_write_and_200_after(app) {
        let holder = hold_the_write_lock(&app).await;
        // Reads still work: liveness and order pages would answer; readiness must not.
        assert_eq!(app.get("/healthz").await.status(), 200);
        let refused = app.get("/readyz").await;
        assert_eq!(refused.status(), 503);
        assert_eq!(refused.json::<Value>().await.unwrap()["status"], "unavailable", "the documented body");
        let_go(holder).await;
        assert_eq!(app.get("/readyz").await.status(), 200);
    }

    async fn every_response_carries_a_request_id_the_server_made(app) {
        let response = app.get("/healthz").await;
        let id = response.headers().get("x-request-id").expect("a request id").to_str().unwrap().to_owned();
        assert_eq!(id.len(), 16);
        assert!(id.bytes().all(|byte| byte.is_ascii_hexdigit()), "{id}");
        for chosen in ["trace-me", "another request's id; forged", &"x".repeat(500)] {
            let answered = app.client.get(app.url("/healthz")).header("x-request-id", chosen).send().await.unwrap();
            let ours = answered.headers()["x-request-id"].to_str().unwrap();
            assert_ne!(ours, chosen, "a client never chooses our id");
            assert!(ours.len() == 16 && ours != id, "a fresh one of ours: {ours}");
        }
    }
}

/// A PostgreSQL server that takes no write (a read-only standby, or
/// `default_transaction_read_only`): the server refuses to start and says why.
#[tokio::test]
async fn the_server_refuses_to_start_on_a_database_it_cannot_write() {
    let url = crate::helpers::postgres_url().await;
    let run = |command: &str, url: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hiram"))
            .arg(command)
            .env("APP_SERVER__PORT", "0")
            .env("APP_DATABASE__URL", url)
            .env("APP_LOG__FILTER", "warn")
            .env("APP_DEMO__SEED_ON_EMPTY", "false")
            .output()
            .unwrap()
    };
    assert!(run("migrate", &url).status.success(), "the schema is made while the database takes writes");
    let read_only = format!("{url}%20-cdefault_transaction_read_only%3Don");
    let refused = run("serve", &read_only);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{stderr}");
    assert!(stderr.contains("takes no write"), "{stderr}");
}

/// A small disk of one test's own (a tmpfs, as root may mount in CI and
/// here), unmounted when dropped.
struct SmallDisk {
    folder: std::path::PathBuf,
}

impl SmallDisk {
    fn mount(megabytes: u32) -> SmallDisk {
        let folder = std::env::temp_dir().join(format!("hiram-disk-{}", crate::helpers::random_suffix()));
        std::fs::create_dir_all(&folder).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(&folder)
            .status()
            .expect("run mount");
        assert!(mounted.success(), "mounting a tmpfs takes root, as the test machines give");
        SmallDisk { folder }
    }

    /// Writes a file until the disk refuses another byte.
    fn fill(&self) -> std::path::PathBuf {
        use std::io::Write;
        let filler = self.folder.join("filler");
        let mut file = std::fs::File::create(&filler).unwrap();
        let chunk = vec![0u8; 64 * 1024];
        loop {
            match file.write_all(&chunk).and_then(|()| file.sync_all()) {
                Ok(()) => {}
                Err(full) if full.raw_os_error() == Some(28) => return filler, // ENOSPC
                Err(other) => panic!("filling the disk: {other}"),
            }
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg("-l").arg(&self.folder).status();
        let _ = std::fs::remove_dir(&self.folder);
    }
}

/// A full disk: readiness says so on the first probe after it fills (not
/// once some write happens to need a new page), while reads, the "last
/// seen" they trigger included, still answer; room again, ready again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_answers_503_as_soon_as_the_sqlite_disk_is_full_and_reads_still_answer() {
    let disk = SmallDisk::mount(48);
    let url = format!("sqlite://{}", disk.folder.join("hiram.sqlite3").display());
    let app = crate::helpers::TestApp::start(&url, &[("APP_DATABASE__MIN_FREE_MEGABYTES", "4")]).await.unwrap();
    let session = app.login("09171234567").await;
    assert_eq!(app.get("/readyz").await.status(), 200, "room to grow: ready");

    let filler = disk.fill();
    let full = app.get("/readyz").await;
    assert_eq!(full.status(), 503);
    let body = full.text().await.unwrap();
    assert_eq!(serde_json::from_str::<Value>(&body).unwrap()["status"], "unavailable", "the documented body: {body}");
    assert_eq!(app.get("/healthz").await.status(), 200, "the process itself is alive");
    app.clock.advance(time::Duration::minutes(2));
    for path in ["/pany/v3/personal-center/user-info", "/pany/book-keeping/get-list"] {
        let reply = app.post_form(&format!("{path}?sessionId={session}"), &[]).await;
        let (status, body) = crate::helpers::outcome(reply).await;
        assert_eq!((status, body["code"].as_str()), (200, Some("00")), "{path} on a full disk: {body}");
    }

    std::fs::remove_file(filler).unwrap();
    assert_eq!(app.get("/readyz").await.status(), 200, "room again: ready again");
}
