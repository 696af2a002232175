//! The PostgreSQL backend, for more than one server process.
//!
//! Nothing lives in process memory that another server process needs, so
//! any number of processes can share one database. Statements are prepared
//! once per connection and kept.

use crate::db::{Arg, ROLLBACK, Row, UNIQUE};
use bytes::BytesMut;
use deadpool_postgres::{Manager, ManagerConfig, Object, RecyclingMethod};
use hiram_domain::store::{StoreError, StoreResult};
use std::error::Error;
use tokio_postgres::error::SqlState;
use tokio_postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};

/// The table that records applied migrations.
pub(crate) const MIGRATION_TABLE: &str =
    "CREATE TABLE IF NOT EXISTS schema_migration (version BIGINT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)";

#[derive(Clone)]
pub(crate) struct Pool {
    pool: deadpool_postgres::Pool,
}

impl Pool {
    /// The URL may set `options=-csearch_path=...` to use another schema,
    /// and `sslmode`/`sslrootcert` as libpq reads them (`postgres_tls`).
    pub(crate) fn connect(url: &str, max_connections: usize) -> StoreResult<Pool> {
        let connection = crate::postgres_tls::connection(url)?;
        let manager = Manager::from_config(
            connection.config,
            connection.tls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let pool = deadpool_postgres::Pool::builder(manager).max_size(max_connections).build().map_err(other)?;
        Ok(Pool { pool })
    }

    /// deadpool's counters: connections open less those idle in the pool.
    pub(crate) fn connections_in_use(&self) -> hiram_domain::store::PoolUse {
        let status = self.pool.status();
        hiram_domain::store::PoolUse { in_use: status.size.saturating_sub(status.available), max: status.max_size }
    }

    pub(crate) async fn connection(&self) -> StoreResult<Conn> {
        Ok(Conn { client: Some(self.pool.get().await.map_err(other)?) })
    }

    pub(crate) async fn begin(&self) -> StoreResult<Conn> {
        let mut conn = self.connection().await?;
        batch(&mut conn, "BEGIN").await?;
        Ok(conn)
    }
}

/// A pooled connection; it goes back to the pool when dropped.
pub(crate) struct Conn {
    /// `None` only while a dropped transaction's rollback takes it away.
    client: Option<Object>,
}

impl Conn {
    fn client(&self) -> StoreResult<&Object> {
        self.client.as_ref().ok_or_else(|| StoreError::Backend("the connection has been released".into()))
    }
}

async fn prepare(conn: &Conn, sql: &str) -> StoreResult<tokio_postgres::Statement> {
    conn.client()?.prepare_cached(sql).await.map_err(error)
}

fn params<'a>(args: &'a [Arg<'a>]) -> Vec<&'a (dyn ToSql + Sync)> {
    args.iter().map(|arg| arg as &(dyn ToSql + Sync)).collect()
}

pub(crate) async fn rows<T>(
    conn: &mut Conn,
    sql: &str,
    args: &[Arg<'_>],
    limit: usize,
    mut map: impl FnMut(&Row<'_>) -> StoreResult<T>,
) -> StoreResult<Vec<T>> {
    let statement = prepare(conn, sql).await?;
    let rows = conn.client()?.query(&statement, &params(args)).await.map_err(error)?;
    rows.iter().take(limit).map(|row| map(&Row::Postgres(row))).collect()
}

pub(crate) async fn execute(conn: &mut Conn, sql: &str, args: &[Arg<'_>]) -> StoreResult<u64> {
    let statement = prepare(conn, sql).await?;
    conn.client()?.execute(&statement, &params(args)).await.map_err(error)
}

pub(crate) async fn batch(conn: &mut Conn, sql: &str) -> StoreResult<()> {
    conn.client()?.batch_execute(sql).await.map_err(error)
}

/// A transaction-scoped advisory lock on the 64-bit hash of the name in
/// the current schema: advisory locks are database-wide, and two
/// installations in two schemas of one database guard their own work.
pub(crate) async fn lock(conn: &mut Conn, name: &str) -> StoreResult<()> {
    let sql = "SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || ':' || $1, 0))";
    execute(conn, sql, &[Arg::Text(name)]).await.map(drop)
}

/// Ends an abandoned transaction before its connection goes back to the
/// pool. Drop cannot wait, so a task does it; without a runtime (shutting
/// down) the connection is closed instead, which ends it too.
pub(crate) fn roll_back(conn: &mut Conn) {
    let Some(client) = conn.client.take() else { return };
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => {
            runtime.spawn(async move {
                if client.batch_execute(ROLLBACK).await.is_err() {
                    // The connection is in an unknown state: close it
                    // rather than hand it to another request.
                    drop(Object::take(client));
                }
            });
        }
        Err(_) => drop(Object::take(client)),
    }
}

impl ToSql for Arg<'_> {
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match *self {
            Arg::Null => Ok(IsNull::Yes),
            // Integers are BIGINT in the schema; a parameter PostgreSQL
            // typed narrower (a literal's type) still takes one that fits.
            Arg::Int(value) => match *ty {
                Type::INT4 => i32::try_from(value)?.to_sql_checked(ty, out),
                Type::INT2 => i16::try_from(value)?.to_sql_checked(ty, out),
                _ => value.to_sql_checked(ty, out),
            },
            Arg::Bool(value) => value.to_sql_checked(ty, out),
            Arg::Text(value) => value.to_sql_checked(ty, out),
            Arg::Bytes(value) => value.to_sql_checked(ty, out),
            Arg::Instant(value) => value.to_sql_checked(ty, out),
            Arg::Date(value) => value.to_sql_checked(ty, out),
            Arg::Lines(value) => value.to_sql_checked(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

/// Reads whether a column of any type holds a value.
struct Present;

impl<'a> FromSql<'a> for Present {
    fn from_sql(_: &Type, _: &'a [u8]) -> Result<Present, Box<dyn Error + Sync + Send>> {
        Ok(Present)
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

pub(crate) fn is_null(row: &tokio_postgres::Row, index: usize) -> StoreResult<bool> {
    Ok(row.try_get::<_, Option<Present>>(index).map_err(error)?.is_none())
}

/// An integer column of any width (a literal `0` is an INTEGER).
pub(crate) fn integer(row: &tokio_postgres::Row, index: usize) -> StoreResult<i64> {
    let column = row.columns().get(index).ok_or_else(|| StoreError::Backend(format!("no column {index}")))?;
    match *column.type_() {
        Type::INT4 => row.try_get::<_, i32>(index).map(i64::from),
        Type::INT2 => row.try_get::<_, i16>(index).map(i64::from),
        _ => row.try_get::<_, i64>(index),
    }
    .map_err(error)
}

/// A broken UNIQUE is a conflict; anything else a failure, with the
/// server's own message (which `Display` of the error leaves out).
pub(crate) fn error(error: tokio_postgres::Error) -> StoreError {
    match error.as_db_error() {
        Some(db) if *db.code() == SqlState::UNIQUE_VIOLATION => StoreError::Conflict(UNIQUE),
        Some(db) => StoreError::Backend(format!("{}: {}", db.code().code(), db.message())),
        None => StoreError::Backend(error.to_string()),
    }
}

/// The error and each cause under it: a pool's error alone says neither
/// what the server refused nor which certificate check failed.
fn other(error: impl Error) -> StoreError {
    let mut message = error.to_string();
    let mut cause = error.source();
    while let Some(inner) = cause {
        let text = inner.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
        cause = inner.source();
    }
    StoreError::Backend(message)
}

/// Runs one of PostgreSQL's client programs (`pg_dump`, `pg_restore`) on
/// the database at `url`, failing with what it printed. The password goes
/// in the program's environment (`PGPASSWORD`), never in its arguments,
/// which every user of the machine can read.
fn client_program(program: &str, url: &str, arguments: &[&str]) -> StoreResult<()> {
    let (address, password) = without_password(url);
    let mut command = std::process::Command::new(program);
    command.args(arguments).arg(format!("--dbname={address}"));
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let output = command.output().map_err(|failure| {
        StoreError::Backend(format!(
            "{program} could not run ({failure}): install PostgreSQL's client programs (Debian: postgresql-client)"
        ))
    })?;
    if output.status.success() {
        Ok(())
    } else {
        Err(StoreError::Backend(format!("{program} failed: {}", String::from_utf8_lossy(&output.stderr).trim())))
    }
}

/// The URL without the password of its user part, and that password
/// (percent-decoded, as libpq reads it).
fn without_password(url: &str) -> (String, Option<String>) {
    let Some((scheme, rest)) = url.split_once("://") else { return (url.to_owned(), None) };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    let Some((user_part, host)) = authority.rsplit_once('@') else { return (url.to_owned(), None) };
    let Some((user, password)) = user_part.split_once(':') else { return (url.to_owned(), None) };
    let password = percent_encoding::percent_decode_str(password).decode_utf8_lossy().into_owned();
    (format!("{scheme}://{user}@{host}{path}"), Some(password))
}

/// A backup of the database at `url` in `pg_dump`'s custom format. The
/// dump reads in one snapshot taken after the returned moment: every
/// commit acknowledged by then is in it.
pub(crate) fn back_up(url: &str, target: &std::path::Path) -> StoreResult<time::OffsetDateTime> {
    let point = time::OffsetDateTime::now_utc();
    let file = format!("--file={}", target.display());
    client_program("pg_dump", url, &["--format=custom", "--no-owner", "--no-privileges", &file])?;
    Ok(point)
}

/// Puts a backup back with `pg_restore`, in one transaction: a restore
/// that fails leaves the database as empty as it was.
pub(crate) fn put_back(url: &str, from: &std::path::Path) -> StoreResult<()> {
    let file = from.display().to_string();
    client_program(
        "pg_restore",
        url,
        &["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", &file],
    )
}

/// How many tables the database's own schema holds (a restore needs none).
pub(crate) const TABLES: &str = "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()";

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn the_password_leaves_the_url_for_the_environment() {
        assert_eq!(
            without_password("postgres://hiram:s%40cret:x@db.internal:5432/hiram?sslmode=verify-full"),
            ("postgres://hiram@db.internal:5432/hiram?sslmode=verify-full".to_owned(), Some("s@cret:x".to_owned()))
        );
        assert_eq!(
            without_password("postgres://postgres@127.0.0.1:5432/test"),
            ("postgres://postgres@127.0.0.1:5432/test".to_owned(), None)
        );
        assert_eq!(without_password("postgresql://db/hiram"), ("postgresql://db/hiram".to_owned(), None));
    }
}
