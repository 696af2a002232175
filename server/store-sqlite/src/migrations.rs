//! Append-only migrations. Editing an applied file would make a started
//! database disagree with the code; add a new file instead.

use rusqlite::Connection;

const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../migrations/0001_foundation.sql")),
    (2, include_str!("../migrations/0002_identity.sql")),
    (3, include_str!("../migrations/0003_promotion.sql")),
    (4, include_str!("../migrations/0004_product_terms.sql")),
    (5, include_str!("../migrations/0005_kyc_documents_events.sql")),
    (6, include_str!("../migrations/0006_one_open_loan_per_product.sql")),
    (7, include_str!("../migrations/0007_consents_uploads.sql")),
    (8, include_str!("../migrations/0008_ledger.sql")),
    (9, include_str!("../migrations/0009_pay_codes.sql")),
    (10, include_str!("../migrations/0010_images.sql")),
    (11, include_str!("../migrations/0011_extensions.sql")),
    (12, include_str!("../migrations/0012_payouts.sql")),
    (13, include_str!("../migrations/0013_unposted_payments.sql")),
    (14, include_str!("../migrations/0014_direct_debits.sql")),
    (15, include_str!("../migrations/0015_complaints.sql")),
    (16, include_str!("../migrations/0016_sandbox_statement.sql")),
    (17, include_str!("../migrations/0017_staff.sql")),
    (18, include_str!("../migrations/0018_adjustments.sql")),
    (19, include_str!("../migrations/0019_collection_contacts.sql")),
    (20, include_str!("../migrations/0020_marketing.sql")),
    (21, include_str!("../migrations/0021_console_reports.sql")),
    (22, include_str!("../migrations/0022_calculator.sql")),
    (23, include_str!("../migrations/0023_book_keeping.sql")),
    (24, include_str!("../migrations/0024_repayment_reminders.sql")),
    (25, include_str!("../migrations/0025_unposted_by_order.sql")),
    (26, include_str!("../migrations/0026_audit_by_subject.sql")),
];

pub(crate) fn migrate(connection: &mut Connection) -> rusqlite::Result<()> {
    connection.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migration (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)",
    )?;
    let transaction = connection.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let applied: i64 =
        transaction.query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migration", [], |row| row.get(0))?;
    for (version, sql) in MIGRATIONS.iter().filter(|(version, _)| *version > applied) {
        transaction.execute_batch(sql)?;
        transaction
            .execute("INSERT INTO schema_migration (version, applied_at) VALUES (?1, unixepoch() * 1000)", [version])?;
    }
    transaction.commit()
}
