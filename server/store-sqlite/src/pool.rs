use crate::migrations::migrate;
use hiram_domain::store::{StoreError, StoreResult};
use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{Mutex as AsyncMutex, Semaphore};

/// How long a connection waits for a lock held by another process (the
/// `demo-session` command, a backup) before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The SQLite store: cheap to clone, shared by every request.
#[derive(Clone)]
pub struct SqliteStore {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    writer: Arc<AsyncMutex<Connection>>,
    readers: Mutex<Vec<Connection>>,
    /// One permit per idle reader, so `readers` is never empty when a
    /// permit is held.
    reader_permits: Semaphore,
}

impl SqliteStore {
    /// Opens (creating if needed) the database file and brings its schema up
    /// to date.
    pub fn open(path: impl AsRef<Path>) -> StoreResult<SqliteStore> {
        let path = path.as_ref().to_path_buf();
        if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|error| StoreError::Backend(format!("create {parent:?}: {error}")))?;
        }
        let mut writer = open_connection(&path, false).map_err(backend)?;
        migrate(&mut writer).map_err(backend)?;
        let reader_count = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(2, 8);
        let readers = (0..reader_count)
            .map(|_| open_connection(&path, true))
            .collect::<rusqlite::Result<Vec<_>>>()
            .map_err(backend)?;
        Ok(SqliteStore {
            inner: Arc::new(Inner {
                path,
                writer: Arc::new(AsyncMutex::new(writer)),
                readers: Mutex::new(readers),
                reader_permits: Semaphore::new(reader_count),
            }),
        })
    }

    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Runs a read on one of the read-only connections, on the calling task.
    ///
    /// Reads here are indexed lookups answered from the page cache in tens of
    /// microseconds; handing them to the blocking pool cost more than the
    /// query itself (measured in docs/benchmarks.md). Writes, which wait for
    /// an fsync, still go to the blocking pool.
    pub(crate) async fn read<T, F>(&self, work: F) -> StoreResult<T>
    where
        F: FnOnce(&Connection) -> StoreResult<T>,
    {
        let _permit = self.inner.reader_permits.acquire().await.map_err(backend)?;
        let reader = Reader { inner: &self.inner, connection: Some(self.inner.take_reader()) };
        work(reader.connection.as_ref().expect("a reader holds its connection until dropped"))
    }

    /// Runs `work` in a `BEGIN IMMEDIATE` transaction on the one writer
    /// connection and commits it when `work` succeeds.
    pub(crate) async fn write<T, F>(&self, work: F) -> StoreResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&Transaction<'_>) -> StoreResult<T> + Send + 'static,
    {
        let mut writer = Arc::clone(&self.inner.writer).lock_owned().await;
        tokio::task::spawn_blocking(move || {
            let transaction = writer.transaction_with_behavior(TransactionBehavior::Immediate).map_err(backend)?;
            let value = work(&transaction)?;
            transaction.commit().map_err(backend)?;
            Ok(value)
        })
        .await
        .map_err(backend)?
    }
}

impl Inner {
    fn take_reader(&self) -> Connection {
        self.idle_readers().pop().expect("a reader permit guarantees an idle reader connection")
    }

    fn idle_readers(&self) -> std::sync::MutexGuard<'_, Vec<Connection>> {
        self.readers.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A borrowed read connection; it goes back to the pool when dropped, even
/// if the read panics.
struct Reader<'a> {
    inner: &'a Inner,
    connection: Option<Connection>,
}

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        if let Some(connection) = self.connection.take() {
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
    connection.set_prepared_statement_cache_capacity(64);
    Ok(connection)
}

pub(crate) fn backend(error: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(error.to_string())
}
