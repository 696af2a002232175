//! The sandbox is a demo (D8): a server in the production setting refuses
//! to start with it, with demo seeding or with no public address, on either
//! database, and says why, naming the setting.

use std::process::Stdio;
use tokio::process::Command;

async fn start(database_url: &str, settings: &[(&str, &str)]) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_hiram"));
    command
        .arg("serve")
        .env("APP_SERVER__PORT", "0")
        .env("APP_DATABASE__URL", database_url)
        .env("APP_LOG__FILTER", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    for (key, value) in settings {
        command.env(key, value);
    }
    let output = tokio::time::timeout(std::time::Duration::from_secs(30), command.output())
        .await
        .expect("a refused server stops at once")
        .expect("run the server binary");
    (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[tokio::test]
async fn a_production_server_refuses_to_start_with_the_sandbox_on_either_database() {
    let sqlite = format!(
        "sqlite://{}",
        std::env::temp_dir().join(format!("hiram-demo-{}.sqlite3", std::process::id())).display()
    );
    let postgres = crate::helpers::postgres_url().await;
    for database in [sqlite.as_str(), postgres.as_str()] {
        // Everything else a production server needs is set, so each refusal
        // below is the one setting's.
        let production = [
            ("APP_SERVER__ENVIRONMENT", "production"),
            ("APP_DEMO__SEED_ON_EMPTY", "false"),
            ("APP_SERVER__PUBLIC_URL", "https://hiram.example"),
        ];
        let (started, stderr) = start(
            database,
            &[
                production[0],
                production[1],
                production[2],
                ("APP_PAYMENTS__COLLECTIONS", "sandbox"),
                ("APP_PAYMENTS__GATEWAY", "xendit"),
                ("APP_PAYMENTS__SANDBOX_SECRET", "demo-secret-canary"),
            ],
        )
        .await;
        assert!(!started, "{database}");
        assert!(stderr.contains("production refuses the sandbox") && stderr.contains("D8"), "{stderr}");
        assert!(!stderr.contains("demo-secret-canary"), "no secret in the message");
        let (started, stderr) =
            start(database, &[production[0], production[1], production[2], ("APP_PAYMENTS__COLLECTIONS", "off")]).await;
        assert!(!started);
        assert!(stderr.contains("payments.gateway"), "the sandbox payout gateway too: {stderr}");
        let xendit = [
            ("APP_PAYMENTS__COLLECTIONS", "off"),
            ("APP_PAYMENTS__GATEWAY", "xendit"),
            ("APP_PAYMENTS__XENDIT_SECRET_KEY", "xnd_development_canary"),
        ];
        let (started, stderr) = start(database, &[production[0], production[2], xendit[0], xendit[1], xendit[2]]).await;
        assert!(!started, "demo seeding is on by default");
        assert!(stderr.contains("demo.seed_on_empty") && stderr.contains("APP_DEMO__SEED_ON_EMPTY"), "{stderr}");
        let (started, stderr) = start(database, &[production[0], production[1], xendit[0], xendit[1], xendit[2]]).await;
        assert!(!started, "an empty public_url");
        assert!(stderr.contains("server.public_url"), "{stderr}");
        assert!(!stderr.contains("canary"), "no secret in the messages");
    }
}
