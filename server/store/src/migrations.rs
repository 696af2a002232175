//! Append-only migrations, one list for both backends: a file per dialect
//! under `migrations/sqlite` and `migrations/postgres`, or one file under
//! `migrations/shared` when both read the same. Editing an
//! applied file would make a started database disagree with the code; add
//! a new one instead. They run under the start-up lock (the demo seed
//! takes it too), so several processes starting at once do not race.
//!
//! Each applied migration's checksum (SHA-256 of the file as this dialect
//! ran it) is recorded, and a start whose file no longer matches is refused
//! naming the file: on a ledger's schema an edit that goes unnoticed makes
//! databases that claim the same version and differ. A database made
//! before checksums were kept has its applied files' checksums recorded on
//! its first start with them.

use crate::db::{Dialect, Pool, args};
use crate::{postgres, sqlite};
use hiram_domain::store::{START_UP_LOCK, StoreError, StoreResult};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;

struct Migration {
    version: i64,
    /// The file's name under `migrations/`, for the message that names it.
    name: &'static str,
    /// One file for both dialects, under `migrations/shared`.
    shared: bool,
    sqlite: &'static str,
    postgres: &'static str,
}

impl Migration {
    fn text(&self, dialect: Dialect) -> &'static str {
        match dialect {
            Dialect::Sqlite => self.sqlite,
            Dialect::Postgres => self.postgres,
        }
    }

    fn file(&self, dialect: Dialect) -> String {
        let folder = match dialect {
            _ if self.shared => "shared",
            Dialect::Sqlite => "sqlite",
            Dialect::Postgres => "postgres",
        };
        format!("migrations/{folder}/{}.sql", self.name)
    }
}

/// The checksum of a migration's text, as recorded.
fn checksum(text: &str) -> String {
    hiram_domain::hex::encode(&Sha256::digest(text.as_bytes()))
}

/// The checksums of applied migrations: a table of its own, the same in
/// both dialects, so a database made before it needs no change of
/// `schema_migration`.
const CHECKSUM_TABLE: &str =
    "CREATE TABLE IF NOT EXISTS schema_migration_checksum (version BIGINT PRIMARY KEY, checksum TEXT NOT NULL)";

/// A migration in two dialects, or `shared` when one file reads the same
/// in both.
macro_rules! migration {
    ($version:literal $name:literal) => {
        Migration {
            version: $version,
            name: $name,
            shared: false,
            sqlite: include_str!(concat!("../migrations/sqlite/", $name, ".sql")),
            postgres: include_str!(concat!("../migrations/postgres/", $name, ".sql")),
        }
    };
    ($version:literal shared $name:literal) => {
        Migration {
            version: $version,
            name: $name,
            shared: true,
            sqlite: include_str!(concat!("../migrations/shared/", $name, ".sql")),
            postgres: include_str!(concat!("../migrations/shared/", $name, ".sql")),
        }
    };
}

const MIGRATIONS: &[Migration] = &[
    migration!(1 "0001_foundation"),
    migration!(2 "0002_identity"),
    migration!(3 "0003_promotion"),
    migration!(4 "0004_product_terms"),
    migration!(5 "0005_kyc_documents_events"),
    migration!(6 shared "0006_one_open_loan_per_product"),
    migration!(7 "0007_consents_uploads"),
    migration!(8 "0008_ledger"),
    migration!(9 "0009_pay_codes"),
    migration!(10 "0010_images"),
    migration!(11 "0011_extensions"),
    migration!(12 "0012_payouts"),
    migration!(13 "0013_unposted_payments"),
    migration!(14 "0014_direct_debits"),
    migration!(15 "0015_complaints"),
    migration!(16 "0016_sandbox_statement"),
    migration!(17 "0017_staff"),
    migration!(18 "0018_adjustments"),
    migration!(19 "0019_collection_contacts"),
    migration!(20 "0020_marketing"),
    migration!(21 shared "0021_console_reports"),
    migration!(22 "0022_calculator"),
    migration!(23 "0023_book_keeping"),
    migration!(24 "0024_repayment_reminders"),
    migration!(25 shared "0025_unposted_by_order"),
    migration!(26 shared "0026_audit_by_subject"),
    migration!(27 "0027_collection_rails"),
    migration!(28 "0028_ledger_balance_and_queued_texts"),
    migration!(40 "0040_sign_in_tries"),
    migration!(41 "0041_clause_terms"),
    migration!(42 "0042_payment_reversals"),
    migration!(45 shared "0045_readiness_probe"),
    migration!(46 "0046_staff_api_tokens"),
    migration!(47 "0047_idempotency_keys"),
    migration!(48 "0048_demo_seed"),
    migration!(49 shared "0049_borrower_language"),
    migration!(50 "0050_daily_claims"),
    migration!(51 shared "0051_promotion_template_filipino"),
    migration!(52 "0052_payout_claims_and_request_key_age"),
    migration!(53 "0053_contact_by_api_token"),
    migration!(54 "0054_loan_engine"),
    migration!(55 "0055_staff_session_idle"),
    migration!(56 "0056_staff_enrolment"),
    migration!(57 "0057_address_signing_key"),
    migration!(58 shared "0058_general_ledger"),
    migration!(59 "0059_books_close"),
    migration!(60 "0060_portfolio_aging"),
    migration!(61 "0061_gl_journal"),
    migration!(62 "0062_provision_matrix"),
    migration!(63 "0063_write_offs"),
    migration!(64 "0064_provider_statements"),
    migration!(65 "0065_refunds"),
    migration!(66 shared "0066_accruals"),
    migration!(67 "0067_chart_proposals"),
    migration!(68 shared "0068_accrual_key"),
    migration!(69 shared "0069_revised_accruals"),
    migration!(70 "0070_provisions_by_product"),
    migration!(71 "0071_identity_review"),
    migration!(72 "0072_complaint_callbacks"),
];

/// Whether this release has a migration of that version.
pub(crate) fn known(version: i64) -> bool {
    MIGRATIONS.iter().any(|migration| migration.version == version)
}

/// Every migration version this release has.
pub(crate) fn all_known() -> impl Iterator<Item = i64> {
    MIGRATIONS.iter().map(|migration| migration.version)
}

/// The versions a database records as applied (none before its first start).
pub(crate) async fn recorded(pool: &Pool) -> StoreResult<Vec<i64>> {
    let mut db = pool.read().await?;
    let table = match pool.dialect() {
        Dialect::Sqlite => "SELECT COUNT(*) FROM sqlite_master WHERE name = 'schema_migration'",
        Dialect::Postgres => {
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'schema_migration'"
        }
    };
    if db.value::<i64>(table, args![]).await? == 0 {
        return Ok(Vec::new());
    }
    db.all("SELECT version FROM schema_migration ORDER BY version", args![], |row| row.get(0)).await
}

pub(crate) async fn migrate(pool: &Pool) -> StoreResult<()> {
    let dialect = pool.dialect();
    let mut tx = pool.write().await?;
    tx.lock(START_UP_LOCK).await?;
    tx.batch(match dialect {
        Dialect::Sqlite => sqlite::MIGRATION_TABLE,
        Dialect::Postgres => postgres::MIGRATION_TABLE,
    })
    .await?;
    tx.batch(CHECKSUM_TABLE).await?;
    let recorded: Vec<(i64, String)> = tx
        .all("SELECT version, checksum FROM schema_migration_checksum", args![], |row| Ok((row.get(0)?, row.get(1)?)))
        .await?;
    // Every migration not yet recorded, not only those above the newest:
    // one that lands with a lower number than a migration a database has
    // already run (two branches' migrations merged) must still run there.
    let applied: Vec<i64> = tx.all("SELECT version FROM schema_migration", args![], |row| row.get(0)).await?;
    for migration in MIGRATIONS {
        let text = migration.text(dialect);
        let sum = checksum(text);
        let kept = recorded.iter().find(|(version, _)| *version == migration.version).map(|(_, kept)| kept);
        if kept.is_some_and(|kept| *kept != sum) {
            return Err(StoreError::Backend(format!(
                "migration {} ({}) changed after this database applied it: restore the file as it was \
                 and put the change in a new migration",
                migration.version,
                migration.file(dialect)
            )));
        }
        if !applied.contains(&migration.version) {
            tx.batch(text).await?;
            tx.exec(
                "INSERT INTO schema_migration (version, applied_at) VALUES ($1, $2)",
                args![migration.version, OffsetDateTime::now_utc()],
            )
            .await?;
        }
        if kept.is_none() {
            tx.exec(
                "INSERT INTO schema_migration_checksum (version, checksum) VALUES ($1, $2)",
                args![migration.version, &sum],
            )
            .await?;
        }
    }
    tx.commit().await
}

#[cfg(test)]
mod tests {
    use super::{MIGRATIONS, migrate};
    use crate::db::{Pool, args};
    use crate::sqlite;

    #[tokio::test]
    async fn a_migration_missing_below_the_newest_one_applied_still_runs() {
        let path = std::env::temp_dir().join(format!("hiram-migrations-{}.sqlite3", std::process::id()));
        let pool = Pool::Sqlite(sqlite::Pool::open(&path).unwrap());
        migrate(&pool).await.unwrap();
        // A database that ran 0053 before 0052 reached it.
        let mut tx = pool.write().await.unwrap();
        tx.batch("DROP TABLE payout_claim; DROP INDEX idempotent_request_created").await.unwrap();
        tx.exec("DELETE FROM schema_migration WHERE version = 52", args![]).await.unwrap();
        tx.commit().await.unwrap();

        migrate(&pool).await.unwrap();
        let mut db = pool.read().await.unwrap();
        let recorded: i64 = db.value("SELECT COUNT(*) FROM schema_migration", args![]).await.unwrap();
        assert_eq!(recorded, MIGRATIONS.len() as i64);
        let claims: i64 = db.value("SELECT COUNT(*) FROM payout_claim", args![]).await.unwrap();
        assert_eq!(claims, 0, "0052's table is back");
        drop(db);
        drop(pool);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }

    #[tokio::test]
    async fn a_start_on_a_database_whose_applied_migration_changed_is_refused_naming_the_file() {
        let path = std::env::temp_dir().join(format!("hiram-checksums-{}.sqlite3", std::process::id()));
        let pool = Pool::Sqlite(sqlite::Pool::open(&path).unwrap());
        migrate(&pool).await.unwrap();
        migrate(&pool).await.expect("an unchanged start starts");
        let recorded: i64 =
            pool.read().await.unwrap().value("SELECT COUNT(*) FROM schema_migration_checksum", args![]).await.unwrap();
        assert_eq!(recorded, MIGRATIONS.len() as i64, "every applied migration has its checksum");

        // What the database saw of 0008 is not what the file says now: as if
        // the file had been edited after it ran.
        let mut tx = pool.write().await.unwrap();
        tx.exec("UPDATE schema_migration_checksum SET checksum = 'edited' WHERE version = 8", args![]).await.unwrap();
        tx.commit().await.unwrap();
        let refused = migrate(&pool).await.expect_err("a changed migration stops the start");
        assert!(refused.to_string().contains("migration 8 (migrations/sqlite/0008_ledger.sql) changed"), "{refused}");

        // A database made before checksums were kept records them on its
        // first start with them, and starts.
        let mut tx = pool.write().await.unwrap();
        tx.batch("DROP TABLE schema_migration_checksum").await.unwrap();
        tx.commit().await.unwrap();
        migrate(&pool).await.expect("checksums are recorded for a database without them");
        let recorded: i64 =
            pool.read().await.unwrap().value("SELECT COUNT(*) FROM schema_migration_checksum", args![]).await.unwrap();
        assert_eq!(recorded, MIGRATIONS.len() as i64);
        drop(pool);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
