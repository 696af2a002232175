//! Opening the database: migrated, its failpoints armed, a read-only disk named.

use super::StartupError;
use crate::config::DatabaseSettings;
use hiram_domain::store::{Store, StoreError};
use hiram_store::{Location, Store as Database};
use std::sync::Arc;

/// A store error that says the database is read-only, told apart from the
/// others so the start-up message names it.
fn read_only_or(error: StoreError) -> StartupError {
    let text = error.to_string().to_lowercase();
    if text.contains("read-only") || text.contains("readonly") {
        StartupError::TakesNoWrite(error)
    } else {
        StartupError::Store(error)
    }
}

/// Opens the database the URL names, creating and migrating it as needed,
/// its failpoints armed.
pub async fn open_store(settings: &DatabaseSettings) -> Result<Arc<dyn Store>, StartupError> {
    let store = open_database(settings).await?;
    arm_failpoints(&store, settings, |_| true)?;
    Ok(store)
}

pub(super) async fn open_database(settings: &DatabaseSettings) -> Result<Arc<Database>, StartupError> {
    let store = match Location::parse(settings.url.expose()) {
        Some(Location::Sqlite(path)) => Database::sqlite(path).await.map_err(read_only_or)?,
        Some(Location::Postgres(url)) => {
            Database::postgres(&url, settings.max_connections).await.map_err(read_only_or)?
        }
        None => return Err(StartupError::UnsupportedDatabase),
    };
    Ok(Arc::new(store))
}

/// Arms the configured failpoints that `now` picks.
pub(super) fn arm_failpoints(
    store: &Database,
    settings: &DatabaseSettings,
    now: fn(&str) -> bool,
) -> Result<(), StartupError> {
    for point in settings.failpoints.split(',').map(str::trim).filter(|point| !point.is_empty() && now(point)) {
        store.arm_failpoint(point)?;
    }
    Ok(())
}

/// Whether a failpoint is in the demo seed itself, armed before it runs;
/// every other is armed once the demo data is in, so that a test's crash
/// point is hit by what the test does, not by the seed's own postings.
pub(super) fn in_the_seed(point: &str) -> bool {
    point.starts_with("seed:")
}

/// The running server's crash points (`hiram_store`'s failpoints), armed
/// by tests while it serves; a build without the `failpoints` feature
/// refuses to arm one.
#[derive(Clone)]
pub struct Failpoints(pub(super) Arc<Database>);

impl Failpoints {
    pub fn arm(&self, name: &str) -> Result<(), StoreError> {
        self.0.arm_failpoint(name)
    }
}
