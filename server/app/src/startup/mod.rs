//! Building the server: the store, the router, the listener.

mod connections;
mod router;
mod store;

use crate::clock::{Clock, SystemClock};
use crate::config::Settings;
use crate::features;
use crate::state::{AppState, Shared};
use axum::Router;
use connections::{ConnectionLimits, serve_connections};
use hiram_domain::files::FileStore;
use hiram_domain::store::{Store, StoreError, StoreResult};
pub use router::router;
use std::sync::Arc;
use std::time::Duration;
pub use store::{Failpoints, open_store};
use store::{arm_failpoints, in_the_seed, open_database};
use tokio::net::TcpListener;

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("database: {0}")]
    Store(#[from] StoreError),
    #[error("unsupported database URL (expected sqlite://PATH or postgres://...)")]
    UnsupportedDatabase,
    #[error("cannot listen: {0}")]
    Listen(#[from] std::io::Error),
    #[error(
        "the database takes no write (read-only, full, or held by another process), so the server does not start: {0}"
    )]
    TakesNoWrite(StoreError),
    #[error("pictures' store: {0}")]
    Files(#[from] hiram_domain::files::FileError),
}

pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
    port: u16,
    grace: Duration,
    failpoints: Failpoints,
}

impl Application {
    /// Opens the store, fills demo data into an empty database when
    /// configured, and binds the listener (port 0 picks a free port).
    pub async fn build(settings: Settings) -> Result<Application, StartupError> {
        let clock = configured_clock(&settings);
        Application::build_with_clock(settings, clock).await
    }

    /// Builds the server on the given clock (tests move days with it).
    pub async fn build_with_clock(settings: Settings, clock: Arc<dyn Clock>) -> Result<Application, StartupError> {
        let database = open_database(&settings.database).await?;
        arm_failpoints(&database, &settings.database, in_the_seed)?;
        let store: Arc<dyn Store> = database.clone();
        // Serving needs writes (sessions, codes, postings): a database that
        // answers but takes none must stop the start, not fail every call.
        store.take_a_write(clock.now().unix_timestamp()).await.map_err(StartupError::TakesNoWrite)?;
        let address = format!("{}:{}", settings.server.host, settings.server.port);
        let listener = TcpListener::bind(&address).await?;
        let port = listener.local_addr()?.port();
        let local_url = Arc::new(format!("http://127.0.0.1:{port}"));
        let files = crate::adapters::files::store(&settings.uploads)?;
        // The start goes on: the service may come up after this process,
        // and readiness reports the store until it answers.
        if let Err(error) = files.ready().await {
            tracing::warn!(error.detail = %error, "the pictures' store cannot be used");
        }
        if settings.payments.sandbox_on() {
            tracing::warn!("the sandbox gateway is on: a demo whose test page pays pay codes with no money (D8)");
        }
        let state = state_around(settings, store, files, clock, local_url);
        if state.settings.demo.seed_on_empty {
            crate::seed::seed_once(&state).await?;
        }
        // Loans made before the loan engine, open when an upgrade brought
        // it, are restated before this process serves them (decision 056).
        crate::services::loans::restate_legacy_loans(&state)
            .await
            .map_err(|error| StoreError::Backend(error.to_string()))?;
        arm_failpoints(&database, &state.settings.database, |point| !in_the_seed(point))?;
        let grace = Duration::from_secs(state.settings.server.shutdown_grace_seconds);
        Ok(Application {
            listener,
            router: router(state.clone()),
            state,
            port,
            grace,
            failpoints: Failpoints(database),
        })
    }

    /// The state the server runs on, for commands and tests that need the
    /// same store and clock.
    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    pub fn failpoints(&self) -> Failpoints {
        self.failpoints.clone()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until SIGTERM or Ctrl-C, then lets in-flight requests finish
    /// for at most the grace period.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let minutes = self.state.settings.jobs.daily_interval_minutes;
        if minutes > 0 {
            tokio::spawn(daily_loop(self.state.clone(), Duration::from_secs(minutes * 60)));
        }
        let seconds = self.state.settings.jobs.reminder_interval_seconds;
        if seconds > 0 {
            tokio::spawn(features::repayment_reminders::scheduler::run_forever(
                self.state.clone(),
                Duration::from_secs(seconds),
            ));
        }
        let seconds = self.state.settings.jobs.outbox_interval_seconds;
        if seconds > 0 {
            tokio::spawn(crate::adapters::sms::send_queued_forever(self.state.clone(), Duration::from_secs(seconds)));
        }
        let limits = ConnectionLimits::from_settings(&self.state.settings.server);
        let (stop, stopped) = tokio::sync::watch::channel(false);
        let serve = serve_connections(self.listener, self.router, limits, stopped);
        tokio::pin!(serve);
        tokio::select! {
            result = &mut serve => return result,
            () = shutdown_signal() => {
                tracing::info!(grace_seconds = self.grace.as_secs(), "shutting down");
                stop.send_replace(true);
            }
        }
        match tokio::time::timeout(self.grace, serve).await {
            Ok(result) => result,
            Err(_) => {
                tracing::warn!("grace period over; closing remaining connections");
                Ok(())
            }
        }
    }
}

/// The system clock, unless the settings name a clock-offset file (drills
/// and tests that move the time of whole server processes).
fn configured_clock(settings: &Settings) -> Arc<dyn Clock> {
    match settings.clock.offset_file.trim() {
        "" => Arc::new(SystemClock),
        path => {
            tracing::warn!(clock.file = path, "the clock follows an offset file: for drills and tests only");
            Arc::new(crate::clock::FileClock::new(path.into()))
        }
    }
}

/// Repeats the daily run; the first run waits one period, so a server that
/// restarts often does not run it at every start. Every run is safe to
/// repeat, from any number of processes.
async fn daily_loop(state: AppState, period: Duration) {
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
    loop {
        ticks.tick().await;
        match crate::services::daily::run(&state).await {
            Ok(report) => report.log(),
            Err(error) => tracing::warn!(error.detail = %error, "daily run stopped early"),
        }
    }
}

async fn shutdown_signal() {
    let interrupt = async {
        // If the handler cannot be installed the server still stops on SIGTERM.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}

/// Used by commands that need the store without serving HTTP.
pub async fn state_for_command(settings: Settings) -> StoreResult<AppState> {
    let store = open_store(&settings.database).await.map_err(|error| StoreError::Backend(error.to_string()))?;
    let local_url = Arc::new(format!("http://127.0.0.1:{}", settings.server.port));
    let files =
        crate::adapters::files::store(&settings.uploads).map_err(|error| StoreError::Backend(error.to_string()))?;
    let clock = configured_clock(&settings);
    Ok(state_around(settings, store, files, clock, local_url))
}

/// What every handler, job and command reaches, around an open store: the
/// adapters the settings choose, and empty per-process caches.
fn state_around(
    settings: Settings,
    store: Arc<dyn Store>,
    files: Arc<dyn FileStore>,
    clock: Arc<dyn Clock>,
    local_url: Arc<String>,
) -> AppState {
    AppState::new(Shared {
        sms: crate::adapters::sms::sender(&settings.sms),
        gateway: crate::adapters::gateway::gateway(&settings.payments),
        collector: crate::adapters::collection::collector(&settings.payments, store.clone()),
        store,
        settings: Arc::new(settings),
        files,
        clock,
        local_url,
        company: Arc::default(),
        metrics: Arc::default(),
        last_seen: Arc::default(),
        compliance: Arc::default(),
        address_key: Arc::default(),
    })
}
