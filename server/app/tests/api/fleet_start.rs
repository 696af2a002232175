//! Several servers started at once on one empty database (decision 041):
//! all start, the demo data is there exactly once, and a seed that fails
//! midway leaves nothing behind, so the next start seeds.

use crate::helpers::{Backend, TestApp, new_database};

/// How many rows the statement counts, read straight from the database.
async fn count(database_url: &str, sql: &str) -> i64 {
    if let Some(path) = database_url.strip_prefix("sqlite://") {
        let connection = rusqlite::Connection::open(path).expect("open the test database");
        connection.query_row(sql, [], |row| row.get(0)).expect("count")
    } else {
        let (client, connection) =
            tokio_postgres::connect(database_url, tokio_postgres::NoTls).await.expect("connect to the test database");
        tokio::spawn(connection);
        client.query_one(sql, &[]).await.expect("count").get(0)
    }
}

/// Products, borrowers, orders, status changes, ledger entries, and
/// whether the database is marked seeded.
async fn demo_rows(database_url: &str) -> [i64; 6] {
    let mut counts = [0; 6];
    let tables = ["product", "borrower", "loan_order", "order_status_change", "ledger_entry", "demo_seed"];
    for (count_of, table) in counts.iter_mut().zip(tables) {
        *count_of = count(database_url, &format!("SELECT COUNT(*) FROM {table}")).await;
    }
    counts
}

/// What one seed writes: 6 products, the demo borrower, 9 orders, their
/// recorded transitions and ledger entries, and the marker.
async fn seeded_once_counts(backend: Backend) -> [i64; 6] {
    let database_url = new_database(backend).await;
    TestApp::start(&database_url, &[]).await.expect("a lone server starts");
    demo_rows(&database_url).await
}

async fn three_servers_started_at_once_all_start_and_seed_once(backend: Backend) {
    let database_url = new_database(backend).await;
    let starts: Vec<_> = (0..3)
        .map(|_| {
            let database_url = database_url.clone();
            tokio::spawn(async move { TestApp::start(&database_url, &[]).await.map(|app| app.address) })
        })
        .collect();
    let mut addresses = Vec::new();
    for start in starts {
        addresses.push(start.await.expect("the start ran").expect("every server starts"));
    }
    addresses.dedup();
    assert_eq!(addresses.len(), 3);
    let rows = demo_rows(&database_url).await;
    assert_eq!(&rows[..3], &[6, 1, 9], "products, borrowers and orders of one seed");
    assert_eq!(rows, seeded_once_counts(backend).await, "every row of one seed, and one marker");
}

async fn a_seed_that_fails_midway_leaves_nothing_and_the_next_start_seeds(backend: Backend) {
    let database_url = new_database(backend).await;
    // The seed fails after writing every product, order and entry, just
    // before its marker: the whole of it must go.
    let failed = TestApp::start(&database_url, &[("APP_DATABASE__FAILPOINTS", "seed:before_marker")]).await;
    let error = failed.err().expect("the start fails with its seed").to_string();
    assert!(error.contains("failpoint seed:before_marker"), "{error}");
    assert_eq!(demo_rows(&database_url).await, [0; 6]);
    let app = TestApp::start(&database_url, &[]).await.expect("the next start");
    assert_eq!(&demo_rows(&database_url).await[..3], &[6, 1, 9]);
    assert!(!hiram::seed::seed_once(&app.state).await.expect("seed again"), "a seeded database is left");
    assert_eq!(&demo_rows(&database_url).await[..3], &[6, 1, 9]);
}

crate::on_both_backends!(multi_thread:
    three_servers_started_at_once_all_start_and_seed_once,
    a_seed_that_fails_midway_leaves_nothing_and_the_next_start_seeds,
);
