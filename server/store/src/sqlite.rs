//! The SQLite backend: an embedded file, the default.
//!
//! One writer connection (SQLite allows one writer at a time; queuing in
//! process beats "database is locked"), a few read-only connections for the
//! many reads, WAL so readers never wait for the writer, `synchronous=FULL`
//! so an acknowledged write survives power loss, and `BEGIN IMMEDIATE` for
//! every write transaction.
//!
//! Statements run on the calling task: they are answered from the page
//! cache in microseconds, and handing each to another thread cost more
//! than the query (docs/benchmarks.md; `block_in_place` on the writer's
//! alone cost money in a quarter of its postings, decision 061). A commit
//! waits for the disk, and a `BEGIN` may wait for another process's lock,
//! so those run on the blocking pool; the writer is one connection behind
//! a mutex, so a write stuck on the disk holds at most one worker thread,
//! and readiness (`probe_write`) waits for it off the runtime threads.

use crate::db::{Arg, COMMIT, ROLLBACK, Row, UNIQUE};
use hiram_domain::store::{StoreError, StoreResult};
use rusqlite::types::{ToSqlOutput, Type, Value, ValueRef};
use rusqlite::{Connection, OpenFlags};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use time::{Date, OffsetDateTime};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard, OwnedSemaphorePermit, Semaphore};

/// How long a connection waits for a lock held by another process (the
/// `demo-session` command, a backup) before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// Prepared statements kept per connection: more than the product has.
const STATEMENT_CACHE: usize = 256;

/// The table that records applied migrations.
pub(crate) const MIGRATION_TABLE: &str =
    "CREATE TABLE IF NOT EXISTS schema_migration (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)";

#[derive(Clone)]
pub(crate) struct Pool {
    inner: Arc<Inner>,
}

struct Inner {
    /// The folder holding the file, whose disk it grows into.
    folder: PathBuf,
    writer: Arc<AsyncMutex<Connection>>,
    readers: Mutex<Vec<Connection>>,
    /// One permit per idle reader, so `readers` is never empty when a
    /// permit is held.
    reader_permits: Arc<Semaphore>,
    reader_count: usize,
}

impl Pool {
    /// Opens (creating if needed) the database file.
    pub(crate) fn open(path: &Path) -> StoreResult<Pool> {
        if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|error| StoreError::Backend(format!("create {parent:?}: {error}")))?;
        }
        let writer = open_connection(path, false).map_err(error)?;
        // The writer waits for another process's lock only in `begin`, off the runtime threads.
        writer.busy_timeout(Duration::ZERO).map_err(error)?;
        let reader_count = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 8);
        let readers = (0..reader_count)
            .map(|_| open_connection(path, true))
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(error)?;
        Ok(Pool {
            inner: Arc::new(Inner {
                folder: std::path::absolute(path)
                    .ok()
                    .and_then(|path| path.parent().map(Path::to_path_buf))
                    .unwrap_or_else(|| PathBuf::from(".")),
                writer: Arc::new(AsyncMutex::new(writer)),
                readers: Mutex::new(readers),
                reader_permits: Arc::new(Semaphore::new(reader_count)),
                reader_count,
            }),
        })
    }

    /// A reader is in use while its permit is held.
    pub(crate) fn readers_in_use(&self) -> hiram_domain::store::PoolUse {
        let max = self.inner.reader_count;
        hiram_domain::store::PoolUse { in_use: max.saturating_sub(self.inner.reader_permits.available_permits()), max }
    }

    pub(crate) async fn reader(&self) -> StoreResult<Conn> {
        let permit = Arc::clone(&self.inner.reader_permits).acquire_owned().await.map_err(error)?;
        let connection = self.inner.idle_readers().pop().expect("a reader permit guarantees an idle reader connection");
        Ok(Conn::Reader(Lease { inner: Arc::clone(&self.inner), connection: Some(connection), _permit: permit }))
    }

    /// The writer, inside `BEGIN IMMEDIATE`.
    ///
    /// This process's writers queue on the mutex, so the file's lock is
    /// almost always free and the statement returns at once on the calling
    /// task. Only when another process holds it (`demo-session`, a backup,
    /// a stuck writer) does it wait, and that wait runs on the blocking pool:
    /// waiting on a runtime thread would stall every request on that thread,
    /// and a caller's timeout (readiness) could not fire.
    pub(crate) async fn begin(&self) -> StoreResult<Conn> {
        let writer = Arc::clone(&self.inner.writer).lock_owned().await;
        if !writer.is_autocommit() {
            // A begin whose caller stopped waiting for it left this open.
            run(&writer, ROLLBACK).map_err(error)?;
        }
        match run(&writer, "BEGIN IMMEDIATE") {
            Ok(()) => Ok(Conn::Writer(Some(writer))),
            Err(busy) if busy.sqlite_error_code() == Some(rusqlite::ErrorCode::DatabaseBusy) => {
                tokio::task::spawn_blocking(move || {
                    writer.busy_timeout(BUSY_TIMEOUT).map_err(error)?;
                    let begun = run(&writer, "BEGIN IMMEDIATE").map_err(error);
                    writer.busy_timeout(Duration::ZERO).map_err(error)?;
                    begun.map(|()| Conn::Writer(Some(writer)))
                })
                .await
                .map_err(error)?
            }
            Err(other) => Err(error(other)),
        }
    }
}

impl Pool {
    /// Rewrites one row on the writer with the whole transaction (begin,
    /// statement, commit) on the blocking pool: a readiness probe whose
    /// disk is frozen or full must leave the runtime threads free, so that
    /// its caller's timeout fires and the probe answers.
    pub(crate) async fn probe_write(&self, sql: &'static str, value: i64) -> StoreResult<()> {
        let writer = Arc::clone(&self.inner.writer).lock_owned().await;
        tokio::task::spawn_blocking(move || {
            if !writer.is_autocommit() {
                run(&writer, ROLLBACK).map_err(error)?;
            }
            // Another process's write (a second server starting beside this
            // one, `demo-session`) is waited for as `begin` waits, not
            // taken for a database that takes no write; the caller's own
            // timeout bounds the wait.
            writer.busy_timeout(BUSY_TIMEOUT).map_err(error)?;
            let begun = run(&writer, "BEGIN IMMEDIATE").map_err(error);
            writer.busy_timeout(Duration::ZERO).map_err(error)?;
            begun?;
            let written = execute(&writer, sql, &[Arg::Int(value)]).and_then(|_| run(&writer, COMMIT).map_err(error));
            if written.is_err() && !writer.is_autocommit() {
                let _ = run(&writer, ROLLBACK);
            }
            written
        })
        .await
        .map_err(error)?
    }

    /// The bytes an unprivileged writer may still add to the file's disk,
    /// read on the blocking pool (a hung disk hangs `statvfs` too).
    pub(crate) async fn room_to_grow(&self) -> StoreResult<u64> {
        let folder = self.inner.folder.clone();
        tokio::task::spawn_blocking(move || {
            let disk = rustix::fs::statvfs(&folder)
                .map_err(|failure| StoreError::Backend(format!("statvfs {folder:?}: {failure}")))?;
            Ok(disk.f_bavail.saturating_mul(disk.f_frsize))
        })
        .await
        .map_err(error)?
    }
}

impl Inner {
    fn idle_readers(&self) -> std::sync::MutexGuard<'_, Vec<Connection>> {
        self.readers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

pub(crate) enum Conn {
    Reader(Lease),
    /// The writer while a transaction is open; `None` once it committed.
    Writer(Option<OwnedMutexGuard<Connection>>),
}

impl Conn {
    pub(crate) fn connection(&self) -> StoreResult<&Connection> {
        match self {
            Conn::Reader(lease) => Ok(lease.connection.as_ref().expect("a lease holds its connection until dropped")),
            Conn::Writer(Some(writer)) => Ok(writer),
            Conn::Writer(None) => Err(StoreError::Backend("the transaction has ended".into())),
        }
    }
}

/// A borrowed read connection; it goes back to the pool when dropped, even
/// if the read panicked, before its permit is released.
pub(crate) struct Lease {
    inner: Arc<Inner>,
    connection: Option<Connection>,
    _permit: OwnedSemaphorePermit,
}

impl Drop for Lease {
    fn drop(&mut self) {
        if let Some(connection) = self.connection.take() {
            if !connection.is_autocommit() {
                // A read transaction left open would hold its snapshot, and
                // keep the WAL from being checkpointed, for ever.
                let _ = run(&connection, ROLLBACK);
            }
            self.inner.idle_readers().push(connection);
        }
    }
}

fn open_connection(path: &Path, read_only: bool) -> rusqlite::Result<Connection> {
    let flags = if read_only {
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
    } else {
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX
    };
    let connection = Connection::open_with_flags(path, flags)?;
    connection.busy_timeout(BUSY_TIMEOUT)?;
    if !read_only {
        connection.pragma_update(None, "journal_mode", "WAL")?;
    }
    connection.pragma_update(None, "synchronous", "FULL")?;
    connection.pragma_update(None, "foreign_keys", "ON")?;
    connection.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    Ok(connection)
}

/// Commits on the blocking pool (the commit waits for the disk); a failed
/// commit leaves no transaction open behind it.
pub(crate) async fn commit(conn: &mut Conn) -> StoreResult<()> {
    let Conn::Writer(writer) = conn else {
        return Err(StoreError::Backend("a read connection has nothing to commit".into()));
    };
    let writer = writer.take().ok_or_else(|| StoreError::Backend("the transaction has ended".into()))?;
    tokio::task::spawn_blocking(move || {
        let committed = run(&writer, COMMIT).map_err(error);
        if committed.is_err() && !writer.is_autocommit() {
            let _ = run(&writer, ROLLBACK);
        }
        committed
    })
    .await
    .map_err(error)?
}

/// Rolls back an open transaction, a write or a read one; rolling back
/// discards the pending pages and writes nothing, so it runs in place.
pub(crate) fn roll_back(conn: &mut Conn) {
    if let Ok(connection) = conn.connection()
        && !connection.is_autocommit()
    {
        // It fails only when SQLite already rolled the transaction back
        // itself (after a full disk), which leaves nothing to undo.
        let _ = run(connection, ROLLBACK);
    }
}

/// The statement in SQLite's dialect: a closing `FOR UPDATE` clause goes
/// (the writer already holds the database). The `$1` placeholders stay:
/// SQLite reads `$1` as a parameter named `$1` ([`prepare`] binds by name),
/// so a statement is neither copied nor rewritten on the way to the
/// statement cache, which a busy read (order details) paid for on every
/// statement.
fn dialect(sql: &str) -> &str {
    sql.rfind(" FOR UPDATE").map_or(sql, |at| &sql[..at])
}

/// The names of the placeholders, by number: `$1` is `PLACEHOLDERS[1]`.
const PLACEHOLDERS: [&str; 33] = [
    "$0", "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15", "$16", "$17",
    "$18", "$19", "$20", "$21", "$22", "$23", "$24", "$25", "$26", "$27", "$28", "$29", "$30", "$31", "$32",
];

fn prepare<'c>(connection: &'c Connection, sql: &str, args: &[Arg<'_>]) -> StoreResult<rusqlite::CachedStatement<'c>> {
    let mut statement = connection.prepare_cached(dialect(sql)).map_err(error)?;
    if statement.parameter_count() != args.len() {
        return Err(StoreError::Backend(format!(
            "the statement takes {} arguments, given {}: {sql}",
            statement.parameter_count(),
            args.len()
        )));
    }
    for (number, arg) in (1..).zip(args) {
        let name: Cow<'static, str> =
            PLACEHOLDERS.get(number).map_or_else(|| Cow::Owned(format!("${number}")), |name| Cow::Borrowed(*name));
        let index = statement
            .parameter_index(&name)
            .map_err(error)?
            .ok_or_else(|| StoreError::Backend(format!("no placeholder {name} in: {sql}")))?;
        statement.raw_bind_parameter(index, arg).map_err(error)?;
    }
    Ok(statement)
}

pub(crate) fn rows<T>(
    connection: &Connection,
    sql: &str,
    args: &[Arg<'_>],
    limit: usize,
    mut map: impl FnMut(&Row<'_>) -> StoreResult<T>,
) -> StoreResult<Vec<T>> {
    let mut statement = prepare(connection, sql, args)?;
    let mut rows = statement.raw_query();
    let mut mapped = Vec::new();
    while mapped.len() < limit
        && let Some(row) = rows.next().map_err(error)?
    {
        mapped.push(map(&Row::Sqlite(row))?);
    }
    Ok(mapped)
}

pub(crate) fn execute(connection: &Connection, sql: &str, args: &[Arg<'_>]) -> StoreResult<u64> {
    let changed = prepare(connection, sql, args)?.raw_execute().map_err(error)?;
    Ok(changed as u64)
}

/// A script; one statement (`BEGIN`, `ROLLBACK`, a savepoint) runs from the
/// statement cache: every page's read transaction is framed by two, and
/// preparing them afresh each time was a tenth of a cached page's reads.
pub(crate) fn batch(connection: &Connection, sql: &str) -> StoreResult<()> {
    match sql.contains(';') {
        true => connection.execute_batch(sql),
        false => run(connection, sql),
    }
    .map_err(error)
}

/// One statement that returns no rows, from the statement cache.
fn run(connection: &Connection, sql: &str) -> rusqlite::Result<()> {
    connection.prepare_cached(sql)?.raw_execute().map(drop)
}

impl rusqlite::ToSql for Arg<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match *self {
            Arg::Null => ToSqlOutput::Owned(Value::Null),
            Arg::Int(value) => ToSqlOutput::Owned(Value::Integer(value)),
            Arg::Bool(value) => ToSqlOutput::Owned(Value::Integer(i64::from(value))),
            Arg::Text(value) => ToSqlOutput::Borrowed(ValueRef::Text(value.as_bytes())),
            Arg::Bytes(value) => ToSqlOutput::Borrowed(ValueRef::Blob(value)),
            Arg::Instant(at) => ToSqlOutput::Owned(Value::Integer(millis(at))),
            Arg::Date(date) => ToSqlOutput::Owned(Value::Text(date.format(DATE_FORMAT).expect("a date formats"))),
            Arg::Lines(lines) => ToSqlOutput::Owned(Value::Text(lines.join("\n"))),
        })
    }
}

/// Instants are Unix milliseconds, far inside an i64.
fn millis(at: OffsetDateTime) -> i64 {
    (at.unix_timestamp_nanos() / 1_000_000) as i64
}

/// Business dates are ISO text (`2026-11-24`), which sorts as dates do.
const DATE_FORMAT: &[time::format_description::BorrowedFormatItem<'static>] =
    time::macros::format_description!("[year]-[month]-[day]");

pub(crate) fn is_null(row: &rusqlite::Row<'_>, index: usize) -> StoreResult<bool> {
    Ok(row.get_ref(index).map_err(error)?.data_type() == Type::Null)
}

pub(crate) fn instant(row: &rusqlite::Row<'_>, index: usize) -> StoreResult<OffsetDateTime> {
    let millis: i64 = row.get(index).map_err(error)?;
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000).map_err(error)
}

pub(crate) fn date(row: &rusqlite::Row<'_>, index: usize) -> StoreResult<Date> {
    let text: String = row.get(index).map_err(error)?;
    Date::parse(&text, DATE_FORMAT).map_err(error)
}

pub(crate) fn lines(row: &rusqlite::Row<'_>, index: usize) -> StoreResult<Vec<String>> {
    let text: String = row.get(index).map_err(error)?;
    Ok(text.split('\n').filter(|line| !line.is_empty()).map(str::to_owned).collect())
}

/// A broken UNIQUE or primary key is a conflict; anything else a failure.
pub(crate) fn error(error: impl Into<SqliteError>) -> StoreError {
    match error.into() {
        SqliteError::Driver(rusqlite::Error::SqliteFailure(failure, _))
            if failure.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || failure.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY =>
        {
            StoreError::Conflict(UNIQUE)
        }
        SqliteError::Driver(error) => StoreError::Backend(error.to_string()),
        SqliteError::Other(text) => StoreError::Backend(text),
    }
}

/// What can fail around SQLite: the driver, or the work around it (a task,
/// a permit, a stored value that does not parse).
pub(crate) enum SqliteError {
    Driver(rusqlite::Error),
    Other(String),
}

impl From<rusqlite::Error> for SqliteError {
    fn from(error: rusqlite::Error) -> SqliteError {
        SqliteError::Driver(error)
    }
}

macro_rules! other_errors {
    ($($type:ty),*) => {
        $(impl From<$type> for SqliteError {
            fn from(error: $type) -> SqliteError {
                SqliteError::Other(error.to_string())
            }
        })*
    };
}

other_errors!(
    tokio::task::JoinError,
    tokio::sync::AcquireError,
    time::error::ComponentRange,
    time::error::Parse,
    std::io::Error
);

/// Copies the database at `source` into the new file `target` with SQLite's
/// online backup API, every page in one step: one read transaction, so the
/// copy is the database as one commit left it while the server's writers go
/// on (WAL lets them). Returns the moment before that read began: every
/// commit acknowledged by then is in the copy.
pub(crate) fn back_up(source: &Path, target: &Path) -> StoreResult<OffsetDateTime> {
    use rusqlite::backup::{Backup, StepResult};
    if !source.exists() {
        return Err(StoreError::Backend(format!("there is no database at {source:?}")));
    }
    // Read-write without create: a read-only open of a WAL file needs its
    // shared-memory file to exist already. Nothing is written through it.
    let from = Connection::open_with_flags(source, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(error)?;
    from.busy_timeout(BUSY_TIMEOUT).map_err(error)?;
    let mut to = Connection::open(target).map_err(error)?;
    for _ in 0..100 {
        let point = OffsetDateTime::now_utc();
        let step = Backup::new(&from, &mut to).map_err(error)?.step(-1).map_err(error)?;
        match step {
            StepResult::Done => {
                // The copy took the source's WAL mode with its first page: a
                // backup is one file, read where it lies.
                to.pragma_update(None, "journal_mode", "DELETE").map_err(error)?;
                let integrity: String = to.query_row("PRAGMA integrity_check", [], |row| row.get(0)).map_err(error)?;
                return if integrity == "ok" {
                    Ok(point)
                } else {
                    Err(StoreError::Backend(format!("the copy fails SQLite's integrity check: {integrity}")))
                };
            }
            // Another connection held a lock the copy's first read needed
            // (a checkpoint truncating the WAL): try again shortly.
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    Err(StoreError::Backend("the database stayed locked for five seconds; try again".into()))
}

/// The files SQLite keeps beside a database while it is open or after a
/// crash; a database file means nothing without them.
const SIDECARS: [&str; 3] = ["-wal", "-shm", "-journal"];

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Removes a file of ours and its sidecars, if there.
pub(crate) fn remove_with_sidecars(path: &Path) {
    for suffix in std::iter::once("").chain(SIDECARS) {
        let _ = std::fs::remove_file(with_suffix(path, suffix));
    }
}

/// A restore goes into a new database: no file there (an empty one is
/// allowed), nor the sidecars a crashed one left, which SQLite would
/// replay into the restored copy.
pub(crate) fn refuse_a_database_at(path: &Path) -> StoreResult<()> {
    if path.exists() && std::fs::metadata(path).map_err(error)?.len() > 0 {
        return Err(StoreError::Backend(format!(
            "{path:?} already holds a database: a restore goes into a new one (move it aside first)"
        )));
    }
    if let Some(sidecar) = SIDECARS.iter().map(|suffix| with_suffix(path, suffix)).find(|sidecar| sidecar.exists()) {
        return Err(StoreError::Backend(format!(
            "{sidecar:?} is left from a database that was there: move it aside with the database before a restore"
        )));
    }
    Ok(())
}

/// Puts the backup `from` into the new file `target`, page by page
/// through the same API, reading the backup without writing to it.
pub(crate) fn put_back(from: &Path, target: &Path) -> StoreResult<()> {
    use rusqlite::backup::{Backup, StepResult};
    if let Some(parent) = target.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|failure| StoreError::Backend(format!("create {parent:?}: {failure}")))?;
    }
    let source = Connection::open_with_flags(from, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(error)?;
    let mut to = Connection::open(target).map_err(error)?;
    match Backup::new(&source, &mut to).map_err(error)?.step(-1).map_err(error)? {
        StepResult::Done => Ok(()),
        _ => Err(StoreError::Backend(format!("{from:?} could not be read whole; is something writing to it?"))),
    }
}

/// Folds a closed database's WAL into its file and leaves it in rollback
/// mode, so that the file alone can be moved; the server sets WAL again
/// when it opens it.
pub(crate) fn settle(path: &Path) -> StoreResult<()> {
    let connection = Connection::open(path).map_err(error)?;
    connection.pragma_update(None, "journal_mode", "DELETE").map_err(error)
}

#[cfg(test)]
mod tests {
    use super::{dialect, prepare};
    use crate::db::Arg;
    use rusqlite::Connection;

    fn answer(sql: &str, args: &[Arg<'_>]) -> String {
        let connection = Connection::open_in_memory().unwrap();
        let mut statement = prepare(&connection, sql, args).unwrap();
        let mut rows = statement.raw_query();
        rows.next().unwrap().unwrap().get(0).unwrap()
    }

    #[test]
    fn placeholders_are_bound_by_their_number_wherever_they_stand() {
        let args = [Arg::Text("a"), Arg::Text("b"), Arg::Text("c")];
        assert_eq!(answer("SELECT $3 || $1 || $2 || $1", &args), "caba");
    }

    #[test]
    fn a_dollar_inside_text_stays() {
        assert_eq!(answer("SELECT '$1' || $1", &[Arg::Text("x")]), "$1x");
    }

    #[test]
    fn more_placeholders_than_the_named_table_still_bind() {
        let args: Vec<Arg<'_>> = (1..=40).map(Arg::Int).collect();
        let sql = format!("SELECT CAST({} AS TEXT)", (1..=40).map(|n| format!("${n}")).collect::<Vec<_>>().join(" + "));
        assert_eq!(answer(&sql, &args), "820");
    }

    #[test]
    fn a_statement_given_the_wrong_number_of_arguments_is_refused() {
        let connection = Connection::open_in_memory().unwrap();
        assert!(prepare(&connection, "SELECT $1, $2", &[Arg::Int(1)]).is_err());
        assert!(prepare(&connection, "SELECT $1", &[Arg::Int(1), Arg::Int(2)]).is_err());
        assert!(prepare(&connection, "SELECT $2", &[Arg::Int(1)]).is_err(), "no $1 in it");
    }

    #[test]
    fn a_closing_for_update_clause_goes() {
        assert_eq!(
            dialect("SELECT id FROM loan_order WHERE id = $1 FOR UPDATE"),
            "SELECT id FROM loan_order WHERE id = $1"
        );
        assert_eq!(dialect("SELECT id FROM r WHERE id = $1 FOR UPDATE SKIP LOCKED"), "SELECT id FROM r WHERE id = $1");
    }
}
