//! Hiram's storage on PostgreSQL, chosen by a `postgres://` database URL.
//!
//! Nothing lives in process memory that another server process needs, so any
//! number of processes can share one database.

mod back_office;
mod book_keeping;
mod calculator;
mod collections;
mod complaints;
mod identity;
mod images;
mod kyc;
mod ledger;
mod marketing;
mod migrations;
mod payouts;
mod promotion;
mod reminders;
mod rows;
mod staff;
mod stores;

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use hiram_domain::store::{StoreError, StoreResult};
use tokio_postgres::NoTls;

#[derive(Clone)]
pub struct PostgresStore {
    pool: Pool,
}

impl PostgresStore {
    /// Connects to the database at `url` and brings its schema up to date.
    /// The URL may set `options=-csearch_path=...` to use another schema.
    pub async fn connect(url: &str, max_connections: usize) -> StoreResult<PostgresStore> {
        let config: tokio_postgres::Config = url.parse().map_err(backend)?;
        let manager = Manager::from_config(config, NoTls, ManagerConfig { recycling_method: RecyclingMethod::Fast });
        let pool = Pool::builder(manager).max_size(max_connections).build().map_err(backend)?;
        let store = PostgresStore { pool };
        let mut client = store.client().await?;
        migrations::migrate(&mut client).await?;
        Ok(store)
    }

    pub(crate) async fn client(&self) -> StoreResult<deadpool_postgres::Object> {
        self.pool.get().await.map_err(backend)
    }
}

pub(crate) fn backend(error: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(error.to_string())
}

/// A database error with the server's own message, which `Display` of
/// `tokio_postgres::Error` leaves out ("db error").
pub(crate) fn database(error: tokio_postgres::Error) -> StoreError {
    match error.as_db_error() {
        Some(db) => StoreError::Backend(format!("{}: {}", db.code().code(), db.message())),
        None => backend(error),
    }
}
