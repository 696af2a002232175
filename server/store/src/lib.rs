//! Hiram's storage: every trait of `hiram_domain::store`, implemented once
//! over the SQL layer in `db.rs`, on an embedded SQLite file (the default)
//! or on PostgreSQL (`postgres://`), for more than one server process.
//!
//! Each file implements the trait of the same name in
//! `server/domain/src/store/`; only `sqlite.rs` and `postgres.rs` know a
//! backend (decision 023).

mod backup;
mod db;
mod failpoints;
mod migrations;
mod postgres;
mod postgres_tls;
mod rows;
mod sqlite;

mod adjustments;
mod back_office;
mod book_keeping;
mod borrowers;
mod calculator;
mod cap_rule_sets;
mod captcha;
mod collections;
mod complaints;
mod consents;
mod direct_debits;
mod disbursements;
mod general_ledger;
mod health;
mod idempotency;
mod kyc;
mod ledger;
mod loan_details;
mod marketing;
mod one_time_codes;
mod orders;
mod pay_codes;
mod payout_account;
mod products;
mod promotion;
mod refunds;
mod repayment_reminders;
mod reversals;
mod seed;
mod sessions;
mod sign_in_tries;
mod sms_outbox;
mod staff;
mod statements;
mod tracking;
mod unit_of_work;
mod unposted_payments;
mod uploads;
mod write_offs;

pub use backup::{BackupMade, BooksCheck, Restored, backup, restore};
use db::Pool;
use failpoints::Failpoints;
use hiram_domain::store::StoreResult;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Where the database is, read off its URL: `sqlite://<path>` or
/// `postgres://...` (`postgresql://` too).
#[derive(Debug, Clone)]
pub enum Location {
    Sqlite(PathBuf),
    Postgres(String),
}

impl Location {
    pub fn parse(url: &str) -> Option<Location> {
        if let Some(path) = url.strip_prefix("sqlite://") {
            Some(Location::Sqlite(PathBuf::from(path)))
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Location::Postgres(url.to_owned()))
        } else {
            None
        }
    }
}

/// The database, cheap to clone and shared by every request.
#[derive(Clone)]
pub struct Store {
    db: Pool,
    failpoints: Arc<Failpoints>,
}

impl Store {
    /// Opens (creating if needed) the SQLite file and brings its schema up
    /// to date.
    pub async fn sqlite(path: impl AsRef<Path>) -> StoreResult<Store> {
        Store::migrated(Pool::Sqlite(sqlite::Pool::open(path.as_ref())?)).await
    }

    /// Connects to PostgreSQL at `url` and brings its schema up to date.
    pub async fn postgres(url: &str, max_connections: usize) -> StoreResult<Store> {
        Store::migrated(Pool::Postgres(postgres::Pool::connect(url, max_connections)?)).await
    }

    async fn migrated(db: Pool) -> StoreResult<Store> {
        migrations::migrate(&db).await?;
        Ok(Store { db, failpoints: Arc::default() })
    }

    /// Makes the store fail once at the named point, as a crash there
    /// would (`src/failpoints.rs`); refused unless the build has them.
    pub fn arm_failpoint(&self, name: &str) -> StoreResult<()> {
        self.failpoints.arm(name)
    }
}
