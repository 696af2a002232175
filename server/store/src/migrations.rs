//! Append-only migrations, one list for both backends: a file per dialect
//! under `migrations/sqlite` and `migrations/postgres`, or one file under
//! `migrations/shared` when both read the same. Editing an
//! applied file would make a started database disagree with the code; add
//! a new one instead. They run under the start-up lock (the demo seed
//! takes it too), so several processes starting at once do not race.

use crate::db::{Dialect, Pool, args};
use crate::{postgres, sqlite};
use hiram_domain::store::{START_UP_LOCK, StoreResult};
use time::OffsetDateTime;

struct Migration {
    version: i64,
    sqlite: &'static str,
    postgres: &'static str,
}

/// A migration in two dialects, or `shared` when one file reads the same
/// in both.
macro_rules! migration {
    ($version:literal $name:literal) => {
        Migration {
            version: $version,
            sqlite: include_str!(concat!("../migrations/sqlite/", $name, ".sql")),
            postgres: include_str!(concat!("../migrations/postgres/", $name, ".sql")),
        }
    };
    ($version:literal shared $name:literal) => {
        Migration {
            version: $version,
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
];

pub(crate) async fn migrate(pool: &Pool) -> StoreResult<()> {
    let dialect = pool.dialect();
    let mut tx = pool.write().await?;
    tx.lock(START_UP_LOCK).await?;
    tx.batch(match dialect {
        Dialect::Sqlite => sqlite::MIGRATION_TABLE,
        Dialect::Postgres => postgres::MIGRATION_TABLE,
    })
    .await?;
    // Every migration not yet recorded, not only those above the newest:
    // one that lands with a lower number than a migration a database has
    // already run (two branches' migrations merged) must still run there.
    let applied: Vec<i64> = tx.all("SELECT version FROM schema_migration", args![], |row| row.get(0)).await?;
    for migration in MIGRATIONS.iter().filter(|migration| !applied.contains(&migration.version)) {
        tx.batch(match dialect {
            Dialect::Sqlite => migration.sqlite,
            Dialect::Postgres => migration.postgres,
        })
        .await?;
        tx.exec(
            "INSERT INTO schema_migration (version, applied_at) VALUES ($1, $2)",
            args![migration.version, OffsetDateTime::now_utc()],
        )
        .await?;
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
}
