//! What every handler can reach.

use crate::config::Settings;
use hiram_domain::session::SessionPolicy;
use hiram_domain::store::Store;
use std::sync::Arc;
use time::{Duration, OffsetDateTime};

#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub settings: Arc<Settings>,
}

impl AppState {
    /// The one clock of the server.
    pub fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }

    pub fn session_policy(&self) -> SessionPolicy {
        SessionPolicy {
            idle: Duration::minutes(self.settings.session.idle_minutes),
            absolute: Duration::days(self.settings.session.absolute_days),
        }
    }
}
