//! The one SQL layer under every storage trait.
//!
//! A statement is written once, in PostgreSQL's dialect with `$1`
//! placeholders, and runs on either backend. For SQLite the placeholders
//! become `?1` and a closing `FOR UPDATE` clause is dropped: there, every
//! read-then-write runs on the one writer connection under `BEGIN
//! IMMEDIATE`, which already keeps every other writer out. Values go in as
//! [`Arg`]s and come out through [`Row::get`]; each backend stores a domain
//! type its own way (instants: Unix milliseconds or `timestamptz`; business
//! dates: ISO text or `date`; flags: 0/1 or `boolean`; text lists:
//! newline-joined text or `text[]`), and only `sqlite.rs` and `postgres.rs`
//! know how.
//!
//! Reads go through a [`Conn`]; writes through a [`Tx`], committed
//! explicitly and rolled back when dropped uncommitted (an early `?`).
//!
//! A unit of work ([`Pool::unit`]) is a pool over one open transaction:
//! every capability's code runs on it unchanged, its reads see the unit's
//! writes, and its `write()` is a savepoint, so many store calls commit
//! together or not at all.

use crate::failpoints::Failpoints;
use crate::{postgres, sqlite};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::money::Centavos;
use hiram_domain::order::{OrderId, OrderStatus};
use hiram_domain::phone::Phone;
use hiram_domain::product::{LenderId, ProductId};
use hiram_domain::store::{StoreError, StoreResult};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use time::{Date, OffsetDateTime};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard};

/// Ending a transaction reads the same on both backends.
pub(crate) const COMMIT: &str = "COMMIT";
pub(crate) const ROLLBACK: &str = "ROLLBACK";

/// The backends' connection pools, or one open transaction that every
/// statement runs in (a unit of work).
#[derive(Clone)]
pub(crate) enum Pool {
    Sqlite(sqlite::Pool),
    Postgres(postgres::Pool),
    Unit(Unit),
}

/// Which SQL the database speaks, for the few things that are not
/// statements (the migrations' own files and bookkeeping table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

impl Pool {
    pub(crate) fn dialect(&self) -> Dialect {
        match self {
            Pool::Sqlite(_) => Dialect::Sqlite,
            Pool::Postgres(_) => Dialect::Postgres,
            Pool::Unit(unit) => unit.dialect,
        }
    }

    /// Connections handed out and the pool's size (SQLite: its readers; a
    /// unit of work: its one connection).
    pub(crate) fn pool_use(&self) -> hiram_domain::store::PoolUse {
        match self {
            Pool::Sqlite(pool) => pool.readers_in_use(),
            Pool::Postgres(pool) => pool.connections_in_use(),
            Pool::Unit(_) => hiram_domain::store::PoolUse { in_use: 1, max: 1 },
        }
    }

    /// A connection for reads (on SQLite, one of the read-only ones; in a
    /// unit of work, its transaction, which sees the unit's own writes).
    pub(crate) async fn read(&self) -> StoreResult<Conn> {
        Ok(match self {
            Pool::Sqlite(pool) => Conn::Sqlite(pool.reader().await?),
            Pool::Postgres(pool) => Conn::Postgres(pool.connection().await?),
            Pool::Unit(unit) => Conn::Unit(unit.acquire().await?),
        })
    }

    /// A transaction for a read-then-write or several writes; in a unit of
    /// work, a savepoint inside the unit's transaction.
    pub(crate) async fn write(&self) -> StoreResult<Tx> {
        let conn = match self {
            Pool::Sqlite(pool) => Conn::Sqlite(pool.begin().await?),
            Pool::Postgres(pool) => Conn::Postgres(pool.begin().await?),
            Pool::Unit(unit) if !unit.writable => {
                return Err(StoreError::Backend("a read transaction takes no write".into()));
            }
            Pool::Unit(unit) => {
                let mut open = unit.acquire().await?;
                open.savepoints += 1;
                crate::failpoints::hit(&unit.failpoints, &format!("unit:write:{}", open.savepoints))?;
                let name = format!("unit_{}", open.savepoints);
                open.backend()?.batch(&format!("SAVEPOINT {name}")).await?;
                open.savepoint = Some(name);
                Conn::Unit(open)
            }
        };
        Ok(Tx { conn, open: true })
    }

    /// Opens a unit of work: a transaction holding the named lock, and a
    /// pool over it. Units do not nest.
    pub(crate) async fn unit(&self, lock: &str, failpoints: Arc<Failpoints>) -> StoreResult<Pool> {
        if let Pool::Unit(_) = self {
            return Err(StoreError::Backend("a unit of work cannot open another inside it".into()));
        }
        let mut tx = self.write().await?;
        tx.lock(lock).await?;
        let open = Open { tx: Some(tx), savepoint: None, undo: None, savepoints: 0 };
        Ok(Pool::Unit(Unit {
            dialect: self.dialect(),
            open: Arc::new(AsyncMutex::new(open)),
            writable: true,
            failpoints,
        }))
    }

    /// Opens a read transaction: one connection, one snapshot (PostgreSQL:
    /// repeatable read, read only; SQLite: a deferred transaction on a
    /// read-only connection, whose first read fixes the snapshot), and a
    /// pool over it that refuses writes. It rolls back when its last handle
    /// is dropped. A unit of work reads in its own transaction already.
    pub(crate) async fn reading(&self) -> StoreResult<Pool> {
        if let Pool::Unit(_) = self {
            return Ok(self.clone());
        }
        let mut conn = self.read().await?;
        conn.batch(match self.dialect() {
            Dialect::Sqlite => "BEGIN",
            Dialect::Postgres => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        })
        .await?;
        let open = Open { tx: Some(Tx { conn, open: true }), savepoint: None, undo: None, savepoints: 0 };
        Ok(Pool::Unit(Unit {
            dialect: self.dialect(),
            open: Arc::new(AsyncMutex::new(open)),
            writable: false,
            failpoints: Arc::default(),
        }))
    }

    /// [`Conn::all`] on a read connection of its own.
    pub(crate) async fn all<T>(
        &self,
        sql: &str,
        args: &[Arg<'_>],
        map: impl FnMut(&Row<'_>) -> StoreResult<T> + Send,
    ) -> StoreResult<Vec<T>> {
        self.read().await?.all(sql, args, map).await
    }

    /// [`Conn::opt`] on a read connection of its own.
    pub(crate) async fn opt<T>(
        &self,
        sql: &str,
        args: &[Arg<'_>],
        map: impl FnMut(&Row<'_>) -> StoreResult<T> + Send,
    ) -> StoreResult<Option<T>> {
        self.read().await?.opt(sql, args, map).await
    }

    /// [`Conn::value`] on a read connection of its own.
    pub(crate) async fn value<T: Column>(&self, sql: &str, args: &[Arg<'_>]) -> StoreResult<T> {
        self.read().await?.value(sql, args).await
    }

    /// [`Conn::opt_value`] on a read connection of its own.
    pub(crate) async fn opt_value<T: Column>(&self, sql: &str, args: &[Arg<'_>]) -> StoreResult<Option<T>> {
        self.read().await?.opt_value(sql, args).await
    }

    /// Runs one writing statement on its own and answers how many rows it
    /// changed. PostgreSQL runs it as a statement of its own; SQLite in a
    /// transaction on its one writer, whose commit waits for the disk off
    /// the async threads; a unit of work in a savepoint, so a statement
    /// that fails (a broken uniqueness rule) undoes only itself.
    pub(crate) async fn exec(&self, sql: &str, args: &[Arg<'_>]) -> StoreResult<u64> {
        match self {
            Pool::Postgres(_) => self.read().await?.exec(sql, args).await,
            Pool::Sqlite(_) | Pool::Unit(_) => {
                let mut tx = self.write().await?;
                let changed = tx.exec(sql, args).await?;
                tx.commit().await?;
                Ok(changed)
            }
        }
    }

    /// Rewrites one row with one value, the way readiness does: on SQLite
    /// the whole transaction runs off the runtime threads
    /// ([`sqlite::Pool::probe_write`]); PostgreSQL's statement is network
    /// I/O, which never holds a thread.
    pub(crate) async fn probe_write(&self, sql: &'static str, value: i64) -> StoreResult<()> {
        match self {
            Pool::Sqlite(pool) => pool.probe_write(sql, value).await,
            Pool::Postgres(_) | Pool::Unit(_) => self.exec(sql, &[Arg::Int(value)]).await.map(drop),
        }
    }

    /// The bytes left on the SQLite file's disk; `None` for a database
    /// server (or a unit of work, which has no disk of its own).
    pub(crate) async fn room_to_grow(&self) -> StoreResult<Option<u64>> {
        match self {
            Pool::Sqlite(pool) => pool.room_to_grow().await.map(Some),
            Pool::Postgres(_) | Pool::Unit(_) => Ok(None),
        }
    }

    /// Runs one `INSERT ... RETURNING id` on its own: the new row's id.
    pub(crate) async fn insert(&self, sql: &str, args: &[Arg<'_>]) -> StoreResult<i64> {
        match self {
            Pool::Postgres(_) => self.read().await?.value(sql, args).await,
            Pool::Sqlite(_) | Pool::Unit(_) => {
                let mut tx = self.write().await?;
                let id = tx.value(sql, args).await?;
                tx.commit().await?;
                Ok(id)
            }
        }
    }

    /// Takes the lease on `key` in a claim table (`key_column` its primary
    /// key, `claimed_until` its end): a new row, or a held one whose lease
    /// has run out (its process stopped); false while another holds it. The
    /// condition is checked on the row itself, after any other claimer's
    /// transaction, on both stores (decisions 050, 052).
    pub(crate) async fn take_lease(
        &self,
        table: &str,
        key_column: &str,
        key: OrderId,
        now: OffsetDateTime,
        until: OffsetDateTime,
    ) -> StoreResult<bool> {
        let sql = format!(
            "INSERT INTO {table} ({key_column}, claimed_until) VALUES ($1, $2) \
             ON CONFLICT ({key_column}) DO UPDATE SET claimed_until = excluded.claimed_until \
             WHERE {table}.claimed_until <= $3"
        );
        Ok(self.exec(&sql, args![key, until, now]).await? == 1)
    }
}

/// Runs after a transaction the database aborted for contention, at most.
const CONTENTION_RETRIES: u32 = 4;

/// The first retry's longest wait; each later one doubles it.
const CONTENTION_BACKOFF: std::time::Duration = std::time::Duration::from_millis(20);

impl Pool {
    /// Runs `work`, one whole transaction from its `write()` to its commit,
    /// and runs it again from the start when the database aborted it for
    /// contention (SQLSTATE 40001, a serialization failure, or 40P01, a
    /// deadlock: what PostgreSQL under SERIALIZABLE, CockroachDB and
    /// YugabyteDB answer when transactions collide), at most
    /// [`CONTENTION_RETRIES`] more times after a jittered, doubling wait
    /// (decision 042). An aborted transaction wrote nothing, so running it
    /// again is safe. In a unit of work it runs once: only the whole unit
    /// could be run again.
    pub(crate) async fn retrying<T, F, Fut>(&self, mut work: F) -> StoreResult<T>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = StoreResult<T>>,
    {
        let mut retries = 0;
        loop {
            match work().await {
                Err(error) if retries < CONTENTION_RETRIES && contention(&error) && !matches!(self, Pool::Unit(_)) => {
                    retries += 1;
                    tokio::time::sleep(jittered(CONTENTION_BACKOFF * 2u32.pow(retries - 1))).await;
                }
                done => return done,
            }
        }
    }
}

/// Whether the database aborted the transaction for contention; the
/// backends write SQLSTATE first in their error text (`postgres::error`).
fn contention(error: &StoreError) -> bool {
    matches!(error, StoreError::Backend(text) if text.starts_with("40001:") || text.starts_with("40P01:"))
}

/// A wait between none and `longest` ("full jitter"), so transactions that
/// collided do not collide again in step. The randomness is the standard
/// library's per-hasher keys: enough to spread retries, no crate for it.
fn jittered(longest: std::time::Duration) -> std::time::Duration {
    use std::hash::{BuildHasher, Hasher};
    let random = std::collections::hash_map::RandomState::new().build_hasher().finish();
    longest.mul_f64((random % 1_000) as f64 / 1_000.0)
}

/// A unit of work's transaction, shared by the store handles bound to it;
/// or a read transaction's, which takes no write.
#[derive(Clone)]
pub(crate) struct Unit {
    dialect: Dialect,
    open: Arc<AsyncMutex<Open>>,
    writable: bool,
    /// The store's crash points: `unit:write:N` fails the unit's Nth write
    /// before it starts, `unit:commit` its commit (tests crash an action
    /// between each pair of its writes with them).
    failpoints: Arc<Failpoints>,
}

pub(crate) struct Open {
    /// `None` once the unit committed or was abandoned.
    tx: Option<Tx>,
    /// The savepoint of the write under way.
    savepoint: Option<String>,
    /// A savepoint its write abandoned (an early return): Drop cannot
    /// wait, so the next call rolls it back before anything else.
    undo: Option<String>,
    savepoints: u64,
}

impl Open {
    fn backend(&mut self) -> StoreResult<Backend<'_>> {
        match self.tx.as_mut().map(|tx| &mut tx.conn) {
            Some(Conn::Sqlite(conn)) => Ok(Backend::Sqlite(conn)),
            Some(Conn::Postgres(conn)) => Ok(Backend::Postgres(conn)),
            Some(Conn::Unit(_)) => Err(StoreError::Backend("a unit of work inside another".into())),
            None => Err(StoreError::Backend("the unit of work has ended".into())),
        }
    }
}

impl Unit {
    /// The unit's connection, after undoing an abandoned savepoint. A unit
    /// serves one call at a time: a second call while one holds it (a read
    /// inside a write of the same unit) is refused rather than left to
    /// wait for ever.
    async fn acquire(&self) -> StoreResult<OwnedMutexGuard<Open>> {
        let mut open = Arc::clone(&self.open)
            .try_lock_owned()
            .map_err(|_| StoreError::Backend("a unit of work serves one call at a time".into()))?;
        if let Some(name) = open.undo.take() {
            open.backend()?.batch(&format!("ROLLBACK TO SAVEPOINT {name}; RELEASE SAVEPOINT {name}")).await?;
        }
        Ok(open)
    }

    /// Commits the unit's transaction.
    pub(crate) async fn commit(&self) -> StoreResult<()> {
        let mut open = self.acquire().await?;
        crate::failpoints::hit(&self.failpoints, "unit:commit")?;
        let tx = open.tx.take().ok_or_else(|| StoreError::Backend("the unit of work has ended".into()))?;
        tx.commit().await
    }

    /// Rolls the unit back now (its handles may outlive it); a call under
    /// way keeps the transaction until it ends, and dropping it rolls back.
    pub(crate) fn abandon(&self) {
        if let Ok(mut open) = self.open.try_lock() {
            open.tx = None;
        }
    }
}

/// A connection of either backend, or a unit of work's.
pub(crate) enum Conn {
    Sqlite(sqlite::Conn),
    Postgres(postgres::Conn),
    Unit(OwnedMutexGuard<Open>),
}

/// The backend connection a statement runs on.
enum Backend<'a> {
    Sqlite(&'a mut sqlite::Conn),
    Postgres(&'a mut postgres::Conn),
}

impl Backend<'_> {
    async fn batch(self, sql: &str) -> StoreResult<()> {
        match self {
            Backend::Sqlite(conn) => sqlite::batch(conn.connection()?, sql),
            Backend::Postgres(conn) => postgres::batch(conn, sql).await,
        }
    }
}

impl Conn {
    fn backend(&mut self) -> StoreResult<Backend<'_>> {
        match self {
            Conn::Sqlite(conn) => Ok(Backend::Sqlite(conn)),
            Conn::Postgres(conn) => Ok(Backend::Postgres(conn)),
            Conn::Unit(open) => open.backend(),
        }
    }

    /// Every row the statement answers, each through `map`.
    pub(crate) async fn all<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        map: impl FnMut(&Row<'_>) -> StoreResult<T> + Send,
    ) -> StoreResult<Vec<T>> {
        self.rows(sql, args, usize::MAX, map).await
    }

    /// The first row, if any.
    pub(crate) async fn opt<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        map: impl FnMut(&Row<'_>) -> StoreResult<T> + Send,
    ) -> StoreResult<Option<T>> {
        Ok(self.rows(sql, args, 1, map).await?.pop())
    }

    /// The first row, which must be there.
    pub(crate) async fn one<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        map: impl FnMut(&Row<'_>) -> StoreResult<T> + Send,
    ) -> StoreResult<T> {
        self.opt(sql, args, map).await?.ok_or_else(|| StoreError::Backend(format!("no row for: {sql}")))
    }

    /// The first column of the one row the statement answers.
    pub(crate) async fn value<T: Column>(&mut self, sql: &str, args: &[Arg<'_>]) -> StoreResult<T> {
        self.one(sql, args, |row| row.get(0)).await
    }

    /// The first column of the first row, if there is a row.
    pub(crate) async fn opt_value<T: Column>(&mut self, sql: &str, args: &[Arg<'_>]) -> StoreResult<Option<T>> {
        self.opt(sql, args, |row| row.get(0)).await
    }

    /// Runs a statement that answers no rows: how many rows it changed.
    pub(crate) async fn exec(&mut self, sql: &str, args: &[Arg<'_>]) -> StoreResult<u64> {
        match self.backend()? {
            Backend::Sqlite(conn) => sqlite::execute(conn.connection()?, sql, args),
            Backend::Postgres(conn) => postgres::execute(conn, sql, args).await,
        }
    }

    /// Runs several statements of the backend's own dialect (migrations).
    pub(crate) async fn batch(&mut self, sql: &str) -> StoreResult<()> {
        self.backend()?.batch(sql).await
    }

    async fn rows<T>(
        &mut self,
        sql: &str,
        args: &[Arg<'_>],
        limit: usize,
        map: impl FnMut(&Row<'_>) -> StoreResult<T> + Send,
    ) -> StoreResult<Vec<T>> {
        match self.backend()? {
            Backend::Sqlite(conn) => sqlite::rows(conn.connection()?, sql, args, limit, map),
            Backend::Postgres(conn) => postgres::rows(conn, sql, args, limit, map).await,
        }
    }
}

/// A write transaction: `commit` makes it durable; dropped uncommitted (an
/// early return), it rolls back. In a unit of work it is a savepoint:
/// committed, it is released into the unit; dropped, it is undone.
pub(crate) struct Tx {
    conn: Conn,
    open: bool,
}

impl Tx {
    pub(crate) async fn commit(mut self) -> StoreResult<()> {
        self.open = false;
        match &mut self.conn {
            Conn::Sqlite(conn) => sqlite::commit(conn).await,
            Conn::Postgres(conn) => postgres::batch(conn, COMMIT).await,
            Conn::Unit(open) => {
                let name =
                    open.savepoint.take().ok_or_else(|| StoreError::Backend("no savepoint to release".into()))?;
                match open.backend()?.batch(&format!("RELEASE SAVEPOINT {name}")).await {
                    Ok(()) => Ok(()),
                    Err(error) => {
                        open.undo = Some(name);
                        Err(error)
                    }
                }
            }
        }
    }

    /// What a failpoint raises in place of a serialization failure: the
    /// real error on PostgreSQL; nothing on SQLite, whose caller answers
    /// the same text.
    pub(crate) async fn raise_serialization_failure(&mut self, name: &str) -> StoreResult<()> {
        match self.conn.backend()? {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(conn) => {
                let raise = format!(
                    "DO $$ BEGIN RAISE EXCEPTION 'failpoint {name}' USING ERRCODE = 'serialization_failure'; END $$"
                );
                postgres::batch(conn, &raise).await
            }
        }
    }

    /// Holds the named lock until the transaction ends, so two processes
    /// never run the same guarded work at once. SQLite needs none: its one
    /// writer already runs one transaction at a time.
    pub(crate) async fn lock(&mut self, name: &str) -> StoreResult<()> {
        match self.conn.backend()? {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(conn) => postgres::lock(conn, name).await,
        }
    }
}

impl Deref for Tx {
    type Target = Conn;

    fn deref(&self) -> &Conn {
        &self.conn
    }
}

impl DerefMut for Tx {
    fn deref_mut(&mut self) -> &mut Conn {
        &mut self.conn
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        if self.open {
            match &mut self.conn {
                Conn::Sqlite(conn) => sqlite::roll_back(conn),
                Conn::Postgres(conn) => postgres::roll_back(conn),
                Conn::Unit(open) => open.undo = open.savepoint.take(),
            }
        }
    }
}

/// A value bound to a statement's placeholder.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Arg<'a> {
    Null,
    Int(i64),
    Bool(bool),
    Text(&'a str),
    Bytes(&'a [u8]),
    Instant(OffsetDateTime),
    Date(Date),
    /// A short list of text without line breaks (a product's tags).
    Lines(&'a [String]),
}

/// The arguments of a statement, each turned into an [`Arg`]:
/// `args![order, "open", at]`.
macro_rules! args {
    ($($value:expr),* $(,)?) => {
        &[$($crate::db::Arg::from($value)),*]
    };
}
pub(crate) use args;

macro_rules! arg_from {
    ($($type:ty => |$value:ident| $arg:expr;)*) => {
        $(impl<'a> From<$type> for Arg<'a> {
            fn from($value: $type) -> Arg<'a> {
                $arg
            }
        })*
    };
}

arg_from! {
    i64 => |value| Arg::Int(value);
    bool => |value| Arg::Bool(value);
    &'a str => |value| Arg::Text(value);
    &'a String => |value| Arg::Text(value);
    &'a [u8] => |value| Arg::Bytes(value);
    &'a Vec<u8> => |value| Arg::Bytes(value);
    OffsetDateTime => |value| Arg::Instant(value);
    Date => |value| Arg::Date(value);
    &'a [String] => |value| Arg::Lines(value);
    &'a Vec<String> => |value| Arg::Lines(value);
    BorrowerId => |value| Arg::Int(value.0);
    OrderId => |value| Arg::Int(value.0);
    ProductId => |value| Arg::Int(value.0);
    LenderId => |value| Arg::Int(value.0);
    Centavos => |value| Arg::Int(value.get());
    OrderStatus => |value| Arg::Int(value.code());
    &'a Phone => |value| Arg::Text(value.e164());
}

impl<'a, const N: usize> From<&'a [u8; N]> for Arg<'a> {
    fn from(value: &'a [u8; N]) -> Arg<'a> {
        Arg::Bytes(value)
    }
}

impl<'a, T: Into<Arg<'a>>> From<Option<T>> for Arg<'a> {
    fn from(value: Option<T>) -> Arg<'a> {
        value.map_or(Arg::Null, Into::into)
    }
}

/// A row of either backend.
pub(crate) enum Row<'a> {
    Sqlite(&'a rusqlite::Row<'a>),
    Postgres(&'a tokio_postgres::Row),
}

impl Row<'_> {
    /// The value of column `index` (from 0) as `T`.
    pub(crate) fn get<T: Column>(&self, index: usize) -> StoreResult<T> {
        T::read(self, index)
    }

    /// A text column the domain parses (`row.parse(2, CodePurpose::parse)`).
    pub(crate) fn parse<T>(&self, index: usize, parse: impl FnOnce(&str) -> Option<T>) -> StoreResult<T> {
        let text: String = self.get(index)?;
        parse(&text).ok_or_else(|| stored_value(format!("column {index} holds {text:?}")))
    }

    fn is_null(&self, index: usize) -> StoreResult<bool> {
        match self {
            Row::Sqlite(row) => sqlite::is_null(row, index),
            Row::Postgres(row) => postgres::is_null(row, index),
        }
    }
}

/// A type a column can be read as.
pub(crate) trait Column: Sized {
    fn read(row: &Row<'_>, index: usize) -> StoreResult<Self>;
}

impl<T: Column> Column for Option<T> {
    fn read(row: &Row<'_>, index: usize) -> StoreResult<Option<T>> {
        if row.is_null(index)? { Ok(None) } else { T::read(row, index).map(Some) }
    }
}

/// Columns both drivers read the same way.
macro_rules! native_column {
    ($($type:ty),*) => {
        $(impl Column for $type {
            fn read(row: &Row<'_>, index: usize) -> StoreResult<$type> {
                match row {
                    Row::Sqlite(row) => row.get(index).map_err(sqlite::error),
                    Row::Postgres(row) => row.try_get(index).map_err(postgres::error),
                }
            }
        })*
    };
}

native_column!(String, bool, Vec<u8>);

impl Column for i64 {
    fn read(row: &Row<'_>, index: usize) -> StoreResult<i64> {
        match row {
            Row::Sqlite(row) => row.get(index).map_err(sqlite::error),
            Row::Postgres(row) => postgres::integer(row, index),
        }
    }
}

impl Column for OffsetDateTime {
    fn read(row: &Row<'_>, index: usize) -> StoreResult<OffsetDateTime> {
        match row {
            Row::Sqlite(row) => sqlite::instant(row, index),
            Row::Postgres(row) => row.try_get(index).map_err(postgres::error),
        }
    }
}

impl Column for Date {
    fn read(row: &Row<'_>, index: usize) -> StoreResult<Date> {
        match row {
            Row::Sqlite(row) => sqlite::date(row, index),
            Row::Postgres(row) => row.try_get(index).map_err(postgres::error),
        }
    }
}

/// A text list ([`Arg::Lines`]).
impl Column for Vec<String> {
    fn read(row: &Row<'_>, index: usize) -> StoreResult<Vec<String>> {
        match row {
            Row::Sqlite(row) => sqlite::lines(row, index),
            Row::Postgres(row) => row.try_get(index).map_err(postgres::error),
        }
    }
}

impl<const N: usize> Column for [u8; N] {
    fn read(row: &Row<'_>, index: usize) -> StoreResult<[u8; N]> {
        let bytes: Vec<u8> = row.get(index)?;
        bytes.try_into().map_err(|_| stored_value(format!("column {index} is not {N} bytes")))
    }
}

/// Domain values stored as a number or text and checked when read back.
macro_rules! domain_column {
    ($($type:ty => |$value:ident: $stored:ty| $parse:expr;)*) => {
        $(impl Column for $type {
            fn read(row: &Row<'_>, index: usize) -> StoreResult<$type> {
                let $value: $stored = row.get(index)?;
                $parse
            }
        })*
    };
}

domain_column! {
    BorrowerId => |id: i64| Ok(BorrowerId(id));
    OrderId => |id: i64| Ok(OrderId(id));
    ProductId => |id: i64| Ok(ProductId(id));
    LenderId => |id: i64| Ok(LenderId(id));
    Centavos => |amount: i64| Ok(Centavos::new(amount));
    OrderStatus => |code: i64| OrderStatus::from_code(code).map_err(stored_value);
    Phone => |phone: String| Phone::parse(&phone).map_err(stored_value);
}

/// A stored value the domain does not accept (a corrupt row).
pub(crate) fn stored_value(error: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(format!("unexpected stored value: {error}"))
}

/// The name every broken uniqueness rule carries until a caller names it.
pub(crate) const UNIQUE: &str = "unique";

/// Names a broken uniqueness rule for the caller: `Conflict("loan_order_no")`.
pub(crate) fn conflict(name: &'static str) -> impl Fn(StoreError) -> StoreError {
    move |error| match error {
        StoreError::Conflict(_) => StoreError::Conflict(name),
        other => other,
    }
}

/// `$2, $3, $4` for `count` arguments after the first `after`: the list of
/// an `IN (...)`.
pub(crate) fn placeholders(after: usize, count: usize) -> String {
    (after + 1..=after + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}
