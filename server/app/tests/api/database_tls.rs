//! PostgreSQL over TLS, as the database URL asks for it (decision 039),
//! against a private server that `scripts/with-test-database.sh` starts with
//! a certificate for `localhost` signed by an authority made for the run.
//! That server refuses every connection without TLS to this database, so a
//! store that migrates and writes there has spoken TLS.

use hiram_domain::store::{HealthStore, StoreError};
use hiram_store::Store;

struct TlsServer {
    /// `postgres://...@localhost:PORT/tls_only?hostaddr=127.0.0.1`
    url: String,
    root: String,
    other_root: String,
}

fn tls_server() -> TlsServer {
    let variable = |name: &str| {
        std::env::var(name).unwrap_or_else(|_| {
            panic!("{name} is unset: run the API tests through scripts/with-test-database.sh, which starts a TLS-only PostgreSQL")
        })
    };
    TlsServer {
        url: variable("TEST_TLS_DATABASE_URL"),
        root: variable("TEST_TLS_ROOT_CERT"),
        other_root: variable("TEST_TLS_OTHER_ROOT_CERT"),
    }
}

async fn connect_and_write(url: &str) -> Result<(), StoreError> {
    let store = Store::postgres(url, 1).await?;
    store.take_a_write(1).await
}

fn refusal(outcome: Result<(), StoreError>) -> String {
    match outcome {
        Ok(()) => panic!("the connection was expected to be refused"),
        Err(error) => error.to_string(),
    }
}

/// One test, the cases in turn: they share the server's one database.
#[tokio::test]
async fn tls_is_used_and_checked_as_the_url_asks() {
    let server = tls_server();
    let by_address = server.url.replacen("@localhost:", "@127.0.0.1:", 1);

    // The server takes no plain connection here, so the successes below were TLS.
    let plain = refusal(connect_and_write(&format!("{}&sslmode=disable", server.url)).await);
    assert!(plain.contains("no encryption"), "{plain}");

    connect_and_write(&format!("{}&sslmode=verify-full&sslrootcert={}", server.url, server.root))
        .await
        .expect("verify-full: the chain and the name `localhost` check out");
    connect_and_write(&format!("{}&sslmode=require", server.url)).await.expect("require: encrypted, unchecked");
    connect_and_write(&format!("{}&sslmode=prefer", server.url)).await.expect("prefer: TLS when the server takes it");
    connect_and_write(&format!("{by_address}&sslmode=verify-ca&sslrootcert={}", server.root))
        .await
        .expect("verify-ca: the chain checks out; the certificate does not name 127.0.0.1, which verify-ca allows");

    let wrong_name =
        refusal(connect_and_write(&format!("{by_address}&sslmode=verify-full&sslrootcert={}", server.root)).await);
    assert!(wrong_name.contains("certificate"), "{wrong_name}");
    for mode in ["verify-full", "verify-ca", "require"] {
        let untrusted = refusal(
            connect_and_write(&format!("{}&sslmode={mode}&sslrootcert={}", server.url, server.other_root)).await,
        );
        assert!(untrusted.contains("certificate"), "{mode}: {untrusted}");
    }
    let public_roots = refusal(connect_and_write(&format!("{}&sslmode=verify-full", server.url)).await);
    assert!(public_roots.contains("certificate"), "a test authority is no public one: {public_roots}");
}

/// The server started on a URL whose certificate check fails says so and
/// stops, rather than serving without its database.
#[tokio::test]
async fn the_server_refuses_to_start_when_the_certificate_does_not_check_out() {
    let server = tls_server();
    let url = format!("{}&sslmode=verify-full&sslrootcert={}", server.url, server.other_root);
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_hiram"))
        .arg("migrate")
        .env("APP_DATABASE__URL", &url)
        .env("APP_LOG__FILTER", "warn")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{stderr}");
    assert!(stderr.contains("certificate"), "{stderr}");
}
