//! Copies of the database an operator keeps (`hiram backup`), putting one
//! back into a new database (`hiram restore`), and the check a restored
//! database must pass before anyone lends from it: its schema is this
//! release's and its ledgers balance (decision 085).

use crate::db::{Pool, args};
use crate::{Location, Store, migrations, postgres, sqlite};
use hiram_domain::ledger::Account;
use hiram_domain::store::{StoreError, StoreResult};
use std::path::{Path, PathBuf};
use time::OffsetDateTime;

/// A backup written.
#[derive(Debug)]
pub struct BackupMade {
    pub file: PathBuf,
    /// Every commit acknowledged before this moment is in the backup.
    pub point: OffsetDateTime,
    pub bytes: u64,
}

/// A restore done: the migrations it had to apply (a backup of an earlier
/// release) and what the check found.
#[derive(Debug)]
pub struct Restored {
    pub migrated: Vec<i64>,
    pub check: BooksCheck,
}

/// What a database's books look like to the restore check.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BooksCheck {
    /// The newest migration applied, and whether every migration this
    /// release knows is applied.
    pub schema_version: i64,
    pub schema_current: bool,
    pub ledger_entries: i64,
    /// Entries whose debits and credits differ, or that have no lines.
    pub unbalanced_entries: i64,
    /// Loans whose kept balances differ from the sum of their ledger lines.
    pub balances_off_the_ledger: i64,
    pub posted_journals: i64,
    pub unbalanced_journals: i64,
}

impl BooksCheck {
    pub fn holds(&self) -> bool {
        self.schema_current
            && self.unbalanced_entries == 0
            && self.balances_off_the_ledger == 0
            && self.unbalanced_journals == 0
    }
}

/// Where a backup or a restored SQLite file is written before it gets its
/// name: beside it, so that the rename stays on one disk.
fn partial_of(target: &Path) -> PathBuf {
    let mut name = target.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

fn failed(failure: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(failure.to_string())
}

/// Writes a backup of the database at `location` to `target`, a file that
/// must not exist yet; it appears only once complete.
pub async fn backup(location: &Location, target: &Path) -> StoreResult<BackupMade> {
    if target.exists() {
        return Err(StoreError::Backend(format!("{target:?} exists: a backup never overwrites a file")));
    }
    let partial = partial_of(target);
    // Left by a backup that was killed: ours by its name.
    sqlite::remove_with_sidecars(&partial);
    let location = location.clone();
    let writing = partial.clone();
    let written = tokio::task::spawn_blocking(move || match &location {
        Location::Sqlite(path) => sqlite::back_up(path, &writing),
        Location::Postgres(url) => postgres::back_up(url, &writing),
    })
    .await
    .map_err(failed)
    .and_then(|point| point)
    // A hard link, unlike a rename, fails when the name was taken meanwhile.
    .and_then(|point| {
        std::fs::hard_link(&partial, target).map(|()| point).map_err(|error| failed(format!("{target:?}: {error}")))
    });
    sqlite::remove_with_sidecars(&partial);
    let point = written?;
    let bytes = std::fs::metadata(target).map_err(failed)?.len();
    Ok(BackupMade { file: target.to_path_buf(), point, bytes })
}

/// Puts the backup `from` into the empty database at `location`, brings
/// its schema up to this release's as a start would, and checks its books.
/// A file that is no backup of Hiram's, and one made by a newer release
/// (this one cannot read it), are refused. A SQLite copy is restored and
/// checked beside its place and takes it only when the check holds; a
/// PostgreSQL restore that fails after `pg_restore` leaves its tables,
/// and the message says so.
pub async fn restore(location: &Location, from: &Path) -> StoreResult<Restored> {
    if !from.is_file() {
        return Err(StoreError::Backend(format!("there is no backup at {from:?}")));
    }
    match location {
        Location::Sqlite(path) => {
            sqlite::refuse_a_database_at(path)?;
            let partial = partial_of(path);
            sqlite::remove_with_sidecars(&partial);
            let (writing, from) = (partial.clone(), from.to_path_buf());
            let restored =
                match tokio::task::spawn_blocking(move || sqlite::put_back(&from, &writing)).await.map_err(failed) {
                    Ok(Ok(())) => migrated_and_checked(Pool::Sqlite(sqlite::Pool::open(&partial)?)).await,
                    Ok(Err(error)) | Err(error) => Err(error),
                };
            // Every connection to the copy is closed by now: its WAL is
            // folded in, so the file alone is the whole database.
            let placed = restored.and_then(|restored| {
                if restored.check.holds() {
                    sqlite::settle(&partial)?;
                    std::fs::rename(&partial, path).map_err(|error| failed(format!("{path:?}: {error}")))?;
                }
                Ok(restored)
            });
            sqlite::remove_with_sidecars(&partial);
            placed
        }
        Location::Postgres(url) => {
            let pool = Pool::Postgres(postgres::Pool::connect(url, 2)?);
            let tables: i64 = pool.read().await?.value(postgres::TABLES, args![]).await?;
            if tables > 0 {
                return Err(StoreError::Backend(format!(
                    "the database holds {tables} tables: a restore goes into an empty database"
                )));
            }
            let (url, from) = (url.clone(), from.to_path_buf());
            tokio::task::spawn_blocking(move || postgres::put_back(&url, &from)).await.map_err(failed)??;
            migrated_and_checked(pool).await.map_err(|error| {
                failed(format!(
                    "{error}; the database now holds the backup's tables: drop it and create it again before another restore"
                ))
            })
        }
    }
}

/// A restored database brought up to this release's schema, and its check.
async fn migrated_and_checked(pool: Pool) -> StoreResult<Restored> {
    let recorded = migrations::recorded(&pool).await?;
    if recorded.is_empty() {
        return Err(StoreError::Backend("the file is no backup of Hiram's: it records no migration".into()));
    }
    let unknown: Vec<i64> = recorded.iter().copied().filter(|version| !migrations::known(*version)).collect();
    if !unknown.is_empty() {
        return Err(StoreError::Backend(format!(
            "the backup was made by a newer release (migrations {unknown:?} are unknown to this one): restore it with that release"
        )));
    }
    migrations::migrate(&pool).await?;
    let migrated =
        migrations::recorded(&pool).await?.into_iter().filter(|version| !recorded.contains(version)).collect();
    let store = Store { db: pool, failpoints: std::sync::Arc::default() };
    Ok(Restored { migrated, check: store.books_check().await? })
}

impl Store {
    /// The restore check, on any database: the schema is this release's,
    /// every ledger entry and posted journal balances, and every loan's
    /// kept balances are the sums of its ledger lines.
    pub async fn books_check(&self) -> StoreResult<BooksCheck> {
        let recorded = migrations::recorded(&self.db).await?;
        let schema_current = migrations::all_known().all(|version| recorded.contains(&version));
        let mut db = self.db.read().await?;
        let ledger_entries: i64 = db.value("SELECT COUNT(*) FROM ledger_entry", args![]).await?;
        let unbalanced_entries: i64 = db.value(UNBALANCED_ENTRIES, args![]).await?;
        let balances_off_the_ledger: i64 = db.value(&balances_off_the_ledger(), args![]).await?;
        let posted_journals: i64 = db.value("SELECT COUNT(*) FROM gl_journal WHERE status = 'posted'", args![]).await?;
        let unbalanced_journals: i64 = db.value(UNBALANCED_JOURNALS, args![]).await?;
        Ok(BooksCheck {
            schema_version: recorded.iter().copied().max().unwrap_or(0),
            schema_current,
            ledger_entries,
            unbalanced_entries,
            balances_off_the_ledger,
            posted_journals,
            unbalanced_journals,
        })
    }
}

const UNBALANCED_ENTRIES: &str = "SELECT COUNT(*) FROM ledger_entry e
    WHERE NOT EXISTS (SELECT 1 FROM ledger_line l WHERE l.entry_id = e.id)
       OR (SELECT SUM(CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END) FROM ledger_line l WHERE l.entry_id = e.id) <> 0";

const UNBALANCED_JOURNALS: &str = "SELECT COUNT(*) FROM gl_journal j
    WHERE j.status = 'posted'
      AND (NOT EXISTS (SELECT 1 FROM gl_journal_line l WHERE l.journal_id = j.id)
       OR (SELECT SUM(CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END) FROM gl_journal_line l WHERE l.journal_id = j.id) <> 0)";

/// Loans whose `ledger_balance` row disagrees with their lines in any
/// account, that have lines and no row, or a row holding money and no lines.
fn balances_off_the_ledger() -> String {
    let sums = Account::ALL
        .map(|account| {
            format!(
                "SUM(CASE WHEN l.account = '{0}' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END) AS {0}",
                account.key()
            )
        })
        .join(", ");
    let differs = Account::ALL.map(|account| format!("b.{0} IS NULL OR b.{0} <> s.{0}", account.key())).join(" OR ");
    let held = Account::ALL.map(|account| format!("b.{0} <> 0", account.key())).join(" OR ");
    format!(
        "WITH s AS (SELECT e.order_id, {sums} FROM ledger_entry e JOIN ledger_line l ON l.entry_id = e.id GROUP BY e.order_id)
         SELECT (SELECT COUNT(*) FROM s LEFT JOIN ledger_balance b ON b.order_id = s.order_id WHERE {differs})
              + (SELECT COUNT(*) FROM ledger_balance b WHERE ({held}) AND NOT EXISTS (SELECT 1 FROM s WHERE s.order_id = b.order_id))"
    )
}

#[cfg(test)]
mod tests {
    use super::{backup, restore};
    use crate::{Location, Store};
    use rusqlite::Connection;
    use std::path::{Path, PathBuf};

    /// A scratch folder of the test's own, emptied first.
    fn folder(name: &str) -> PathBuf {
        let folder = std::env::temp_dir().join(format!("hiram-backup-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).unwrap();
        folder
    }

    /// A migrated database with one loan's balanced entry and its kept
    /// balances, written beneath the store (no loan engine here).
    async fn books(path: &Path) {
        drop(Store::sqlite(path).await.unwrap());
        let db = Connection::open(path).unwrap();
        db.execute_batch(
            "PRAGMA foreign_keys = OFF;
             INSERT INTO ledger_entry (id, order_id, kind, idempotency_key, fingerprint, created_at)
                 VALUES (1, 7, 'disbursement', 'k1', x'00', 0);
             INSERT INTO ledger_line (entry_id, position, account, side, amount) VALUES
                 (1, 0, 'principal_receivable', 'debit', 500000), (1, 1, 'cash', 'credit', 500000);
             INSERT INTO ledger_balance (order_id, cash, principal_receivable, interest_receivable, fees_receivable,
                 penalties_receivable, interest_income, fee_income, penalty_income, borrower_credit)
                 VALUES (7, -500000, 500000, 0, 0, 0, 0, 0, 0, 0);",
        )
        .unwrap();
    }

    #[tokio::test]
    async fn a_backup_restores_into_a_new_file_and_its_books_check() {
        let folder = folder("round-trip");
        let live = folder.join("live.sqlite3");
        books(&live).await;
        let made = backup(&Location::Sqlite(live.clone()), &folder.join("copy.sqlite3")).await.unwrap();
        assert!(made.bytes > 0);
        let refused = backup(&Location::Sqlite(live.clone()), &made.file).await.unwrap_err();
        assert!(refused.to_string().contains("never overwrites"), "{refused}");

        let restored = restore(&Location::Sqlite(folder.join("new.sqlite3")), &made.file).await.unwrap();
        assert!(restored.migrated.is_empty());
        assert!(restored.check.holds(), "{:?}", restored.check);
        assert_eq!(restored.check.ledger_entries, 1);
        let again = restore(&Location::Sqlite(folder.join("new.sqlite3")), &made.file).await.unwrap_err();
        assert!(again.to_string().contains("already holds a database"), "{again}");
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[tokio::test]
    async fn a_restore_whose_ledger_does_not_balance_fails_its_check_naming_it() {
        let folder = folder("unbalanced");
        let live = folder.join("live.sqlite3");
        books(&live).await;
        // A line too many: the entry no longer balances, nor do the kept balances match.
        Connection::open(&live)
            .unwrap()
            .execute(
                "INSERT INTO ledger_line (entry_id, position, account, side, amount) VALUES (1, 2, 'cash', 'debit', 1)",
                [],
            )
            .unwrap();
        let made = backup(&Location::Sqlite(live), &folder.join("copy.sqlite3")).await.unwrap();
        let restored = restore(&Location::Sqlite(folder.join("new.sqlite3")), &made.file).await.unwrap();
        assert!(!restored.check.holds());
        assert_eq!((restored.check.unbalanced_entries, restored.check.balances_off_the_ledger), (1, 1));
        assert!(!folder.join("new.sqlite3").exists(), "a copy that fails its check never takes the database's place");

        // Money kept on a loan that has no ledger line at all.
        Connection::open(&made.file)
            .unwrap()
            .execute_batch("PRAGMA foreign_keys = OFF; INSERT INTO ledger_balance (order_id, cash, principal_receivable, interest_receivable, fees_receivable, penalties_receivable, interest_income, fee_income, penalty_income, borrower_credit) VALUES (8, 0, 100, 0, 0, 0, 0, 0, 0, 0);")
            .unwrap();
        let restored = restore(&Location::Sqlite(folder.join("other.sqlite3")), &made.file).await.unwrap();
        assert_eq!(restored.check.balances_off_the_ledger, 2, "the orphan row is counted too");
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[tokio::test]
    async fn a_file_that_is_no_backup_and_a_place_a_crash_left_files_in_are_refused() {
        let folder = folder("refusals");
        let stranger = folder.join("stranger.sqlite3");
        Connection::open(&stranger).unwrap().execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);").unwrap();
        let refused = restore(&Location::Sqlite(folder.join("a.sqlite3")), &stranger).await.unwrap_err();
        assert!(refused.to_string().contains("no backup of Hiram's"), "{refused}");
        assert!(!folder.join("a.sqlite3").exists());

        let live = folder.join("live.sqlite3");
        books(&live).await;
        let made = backup(&Location::Sqlite(live), &folder.join("copy.sqlite3")).await.unwrap();
        std::fs::write(folder.join("b.sqlite3-wal"), b"left by a crash").unwrap();
        let refused = restore(&Location::Sqlite(folder.join("b.sqlite3")), &made.file).await.unwrap_err();
        assert!(refused.to_string().contains("b.sqlite3-wal"), "{refused}");
        let _ = std::fs::remove_dir_all(&folder);
    }

    #[tokio::test]
    async fn a_backup_made_by_a_newer_release_is_refused() {
        let folder = folder("releases");
        let live = folder.join("live.sqlite3");
        books(&live).await;
        Connection::open(&live)
            .unwrap()
            .execute("INSERT INTO schema_migration (version, applied_at) VALUES (9999, 0)", [])
            .unwrap();
        let newer = backup(&Location::Sqlite(live), &folder.join("newer.sqlite3")).await.unwrap();
        let refused = restore(&Location::Sqlite(folder.join("a.sqlite3")), &newer.file).await.unwrap_err();
        assert!(refused.to_string().contains("newer release (migrations [9999]"), "{refused}");

        let _ = std::fs::remove_dir_all(&folder);
    }
}
