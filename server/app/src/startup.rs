//! Building the server: the store, the router, the listener.

use crate::adapters::files::LocalFolder;
use crate::clock::{Clock, SystemClock};
use crate::config::{DatabaseSettings, Settings};
use crate::error::localize_errors;
use crate::features;
use crate::state::AppState;
use crate::telemetry::{self, RandomRequestId};
use axum::Router;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware;
use hiram_domain::store::{Store, StoreError, StoreResult};
use hiram_store::Store as Database;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("database: {0}")]
    Store(#[from] StoreError),
    #[error("unsupported database URL (expected sqlite://PATH or postgres://...)")]
    UnsupportedDatabase,
    #[error("cannot listen: {0}")]
    Listen(#[from] std::io::Error),
}

/// Opens the database the URL names, creating and migrating it as needed.
pub async fn open_store(settings: &DatabaseSettings) -> Result<Arc<dyn Store>, StartupError> {
    let url = settings.url.expose();
    let store = if let Some(path) = url.strip_prefix("sqlite://") {
        Database::sqlite(path).await?
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Database::postgres(url, settings.max_connections).await?
    } else {
        return Err(StartupError::UnsupportedDatabase);
    };
    for point in settings.failpoints.split(',').map(str::trim).filter(|point| !point.is_empty()) {
        store.arm_failpoint(point)?;
    }
    Ok(Arc::new(store))
}

pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
    port: u16,
    grace: Duration,
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
        let store = open_store(&settings.database).await?;
        let sms = crate::adapters::sms::sender(&settings.sms);
        let address = format!("{}:{}", settings.server.host, settings.server.port);
        let listener = TcpListener::bind(&address).await?;
        let port = listener.local_addr()?.port();
        let local_url = Arc::new(format!("http://127.0.0.1:{port}"));
        let files = Arc::new(LocalFolder::new(settings.uploads.dir.clone()));
        let gateway = crate::adapters::gateway::gateway(&settings.payments);
        let collector = crate::adapters::collection::collector(&settings.payments, store.clone());
        if settings.payments.sandbox_on() {
            tracing::warn!("the sandbox gateway is on: a demo whose test page pays pay codes with no money (D8)");
        }
        let state = AppState {
            store,
            settings: Arc::new(settings),
            sms,
            gateway,
            collector,
            files,
            clock,
            local_url,
            company: Arc::default(),
        };
        if state.settings.demo.seed_on_empty {
            crate::seed::seed_if_empty(&state).await?;
        }
        let grace = Duration::from_secs(state.settings.server.shutdown_grace_seconds);
        Ok(Application { listener, router: router(state.clone()), state, port, grace })
    }

    /// The state the server runs on, for commands and tests that need the
    /// same store and clock.
    pub fn state(&self) -> AppState {
        self.state.clone()
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
        let stop = Arc::new(tokio::sync::Notify::new());
        let stopped = Arc::clone(&stop);
        let service = self.router.into_make_service_with_connect_info::<SocketAddr>();
        let serve = axum::serve(self.listener, service)
            .with_graceful_shutdown(async move { stopped.notified().await })
            .into_future();
        tokio::pin!(serve);
        tokio::select! {
            result = &mut serve => return result,
            () = shutdown_signal() => {
                tracing::info!(grace_seconds = self.grace.as_secs(), "shutting down");
                stop.notify_one();
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
            Ok(report) => tracing::info!(
                payouts = report.payouts_finished,
                overdue = report.became_overdue,
                penalty_days = report.penalty_days_posted,
                skipped = report.orders_skipped,
                failed = report.orders_failed,
                "daily run finished"
            ),
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

/// The whole HTTP surface. Each feature owns its routes; this only merges
/// them and adds the layers every request passes through.
pub fn router(state: AppState) -> Router {
    let timeout = Duration::from_secs(state.settings.server.request_timeout_seconds);
    let request_id = HeaderName::from_static("x-request-id");
    Router::new()
        .merge(Router::from(features::api()))
        .merge(crate::openapi::router())
        .merge(features::media::router())
        .merge(features::sandbox::router())
        .merge(features::web_pages::router(&state.settings.web.dist_root))
        .layer(middleware::from_fn(localize_errors))
        .layer(CatchPanicLayer::new())
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, timeout))
        // Outside the timeout, so a reply that timed out still drains the body.
        .layer(middleware::from_fn(crate::keep_alive::drain_request_body))
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(telemetry::request_span)
                .on_request(())
                .on_response(telemetry::log_response),
        )
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, RandomRequestId))
        .with_state(state)
}

/// Used by commands that need the store without serving HTTP.
pub async fn state_for_command(settings: Settings) -> StoreResult<AppState> {
    let store = open_store(&settings.database).await.map_err(|error| StoreError::Backend(error.to_string()))?;
    let sms = crate::adapters::sms::sender(&settings.sms);
    let local_url = Arc::new(format!("http://127.0.0.1:{}", settings.server.port));
    let files = Arc::new(LocalFolder::new(settings.uploads.dir.clone()));
    let gateway = crate::adapters::gateway::gateway(&settings.payments);
    let collector = crate::adapters::collection::collector(&settings.payments, store.clone());
    let clock = configured_clock(&settings);
    Ok(AppState {
        store,
        settings: Arc::new(settings),
        sms,
        gateway,
        collector,
        files,
        clock,
        local_url,
        company: Arc::default(),
    })
}
