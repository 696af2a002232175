//! Building the server: the store, the router, the listener.

use crate::address_limits::AddressLimits;
use crate::clock::{Clock, SystemClock};
use crate::config::{DatabaseSettings, ServerSettings, Settings};
use crate::error::localize_errors;
use crate::features;
use crate::state::{AppState, Shared};
use crate::telemetry::{self, RandomRequestId};
use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::{HeaderName, StatusCode};
use axum::middleware;
use hiram_domain::store::{Store, StoreError, StoreResult};
use hiram_store::Store as Database;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
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
    #[error(
        "the database takes no write (read-only, full, or held by another process), so the server does not start: {0}"
    )]
    TakesNoWrite(StoreError),
    #[error("pictures' store: {0}")]
    Files(#[from] hiram_domain::files::FileError),
}

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

async fn open_database(settings: &DatabaseSettings) -> Result<Arc<Database>, StartupError> {
    let url = settings.url.expose();
    let store = if let Some(path) = url.strip_prefix("sqlite://") {
        Database::sqlite(path).await.map_err(read_only_or)?
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Database::postgres(url, settings.max_connections).await.map_err(read_only_or)?
    } else {
        return Err(StartupError::UnsupportedDatabase);
    };
    Ok(Arc::new(store))
}

/// Arms the configured failpoints that `now` picks.
fn arm_failpoints(store: &Database, settings: &DatabaseSettings, now: fn(&str) -> bool) -> Result<(), StartupError> {
    for point in settings.failpoints.split(',').map(str::trim).filter(|point| !point.is_empty() && now(point)) {
        store.arm_failpoint(point)?;
    }
    Ok(())
}

/// Whether a failpoint is in the demo seed itself, armed before it runs;
/// every other is armed once the demo data is in, so that a test's crash
/// point is hit by what the test does, not by the seed's own postings.
fn in_the_seed(point: &str) -> bool {
    point.starts_with("seed:")
}

pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
    port: u16,
    grace: Duration,
    failpoints: Failpoints,
}

/// The running server's crash points (`hiram_store`'s failpoints), armed
/// by tests while it serves; a build without the `failpoints` feature
/// refuses to arm one.
#[derive(Clone)]
pub struct Failpoints(Arc<Database>);

impl Failpoints {
    pub fn arm(&self, name: &str) -> Result<(), StoreError> {
        self.0.arm_failpoint(name)
    }
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
        let sms = crate::adapters::sms::sender(&settings.sms);
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
        let gateway = crate::adapters::gateway::gateway(&settings.payments);
        let collector = crate::adapters::collection::collector(&settings.payments, store.clone());
        if settings.payments.sandbox_on() {
            tracing::warn!("the sandbox gateway is on: a demo whose test page pays pay codes with no money (D8)");
        }
        let state = AppState::new(Shared {
            store,
            settings: Arc::new(settings),
            sms,
            gateway,
            collector,
            files,
            clock,
            local_url,
            company: Arc::default(),
            metrics: Arc::default(),
            last_seen: Arc::default(),
            compliance: Arc::default(),
            address_key: Arc::default(),
        });
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

/// What one connection may hold of the server (decision 034).
#[derive(Clone, Copy)]
struct ConnectionLimits {
    header_read: Duration,
    idle: Duration,
    connections: usize,
}

impl ConnectionLimits {
    fn from_settings(settings: &ServerSettings) -> ConnectionLimits {
        ConnectionLimits {
            header_read: Duration::from_secs(settings.header_read_timeout_seconds),
            idle: Duration::from_secs(settings.keep_alive_idle_seconds),
            connections: settings.max_connections.max(1),
        }
    }
}

/// Accepts connections while fewer than the cap are open (the rest wait in
/// the listen queue, costing the server no descriptor) and serves each with
/// the header-read and idle timeouts. Once `stop` turns true it accepts no
/// more, lets each connection finish its request, and returns when all are
/// closed.
async fn serve_connections(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(limits.connections));
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&open).acquire_owned() => permit.map_err(std::io::Error::other)?,
            () = stopping(&mut stop) => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of descriptors or a connection reset before it was
                    // accepted: wait a little rather than spin.
                    tracing::warn!(error.detail = %error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = stopping(&mut stop) => break,
        };
        let router = router.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            serve_connection(stream, peer, router, limits, stop).await;
            drop(permit);
        });
    }
    drop(listener);
    let all = u32::try_from(limits.connections).unwrap_or(u32::MAX);
    let _closed = open.acquire_many(all).await.map_err(std::io::Error::other)?;
    Ok(())
}

/// Serves one connection's requests until the client leaves, a timeout
/// closes it, or the server stops.
async fn serve_connection(
    stream: tokio::net::TcpStream,
    peer: SocketAddr,
    router: Router,
    limits: ConnectionLimits,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let activity = Arc::new(Activity::new());
    let seen = Arc::clone(&activity);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<hyper::body::Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let router = router.clone();
        let seen = Arc::clone(&seen);
        seen.request_started();
        async move {
            let response = router.oneshot(request.map(axum::body::Body::new)).await;
            seen.request_finished();
            response
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read);
    let connection = builder.serve_connection(TokioIo::new(stream), service);
    tokio::pin!(connection);
    let mut closing = false;
    loop {
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    tracing::debug!(error.detail = %error, "connection ended with an error");
                }
                return;
            }
            () = stopping(&mut stop), if !closing => {
                closing = true;
                connection.as_mut().graceful_shutdown();
            }
            () = activity.idle_for(limits.idle), if !closing => {
                // Closes an idle connection at once; a request under way
                // (none, when idle) would finish first.
                closing = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Resolves once the server is stopping (or its sender is gone).
async fn stopping(stop: &mut tokio::sync::watch::Receiver<bool>) {
    // An error means the sender is gone: nothing can stop us later either.
    if stop.wait_for(|stopping| *stopping).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// When a connection last finished a request, and whether one is under way.
struct Activity {
    in_flight: AtomicUsize,
    last_finished: Mutex<tokio::time::Instant>,
}

impl Activity {
    fn new() -> Activity {
        Activity { in_flight: AtomicUsize::new(0), last_finished: Mutex::new(tokio::time::Instant::now()) }
    }

    fn request_started(&self) {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
    }

    fn request_finished(&self) {
        *self.last_finished.lock().unwrap_or_else(PoisonError::into_inner) = tokio::time::Instant::now();
        self.in_flight.fetch_sub(1, Ordering::SeqCst);
    }

    /// Resolves once the connection has had no request under way for `idle`.
    async fn idle_for(&self, idle: Duration) {
        loop {
            let last = *self.last_finished.lock().unwrap_or_else(PoisonError::into_inner);
            let deadline = last + idle;
            if self.in_flight.load(Ordering::SeqCst) == 0 && tokio::time::Instant::now() >= deadline {
                return;
            }
            tokio::time::sleep_until(deadline.max(tokio::time::Instant::now() + Duration::from_millis(100))).await;
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
                loans_posted = report.loans_posted,
                skipped = report.orders_skipped,
                failed = report.orders_failed,
                pages = report.pages_finished,
                left_to_others = report.pages_left_to_others,
                request_keys_purged = report.request_keys_purged,
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
        // Inside the localising layer, which writes the refusal's message.
        .layer(middleware::from_fn_with_state(state.clone(), crate::browser_policy::console_same_origin))
        .layer(middleware::from_fn_with_state(
            AddressLimits::new(
                state.settings.server.per_address_requests_per_minute,
                state.settings.server.per_address_failed_notifications_per_minute,
            ),
            crate::address_limits::limit_open_calls,
        ))
        // Outside every layer and handler that counts per address.
        .layer(middleware::from_fn_with_state(state.clone(), crate::client_address::resolve))
        .layer(middleware::from_fn(localize_errors))
        .layer(CatchPanicLayer::new())
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, timeout))
        // Outside the timeout, so a reply that timed out still drains the body.
        .layer(middleware::from_fn(crate::keep_alive::drain_request_body))
        .layer(middleware::from_fn_with_state(state.clone(), crate::browser_policy::set_headers))
        // Outside every other layer, so the time and status counted are
        // what the client gets.
        .layer(middleware::from_fn_with_state(state.metrics.clone(), crate::metrics::count_request))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(telemetry::request_span)
                .on_request(())
                .on_response(telemetry::log_response),
        )
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(SetRequestIdLayer::new(request_id, RandomRequestId))
        // Outermost: the id every layer inside sees is the server's own.
        .layer(middleware::from_fn(telemetry::server_request_id))
        .with_state(state)
}

/// Used by commands that need the store without serving HTTP.
pub async fn state_for_command(settings: Settings) -> StoreResult<AppState> {
    let store = open_store(&settings.database).await.map_err(|error| StoreError::Backend(error.to_string()))?;
    let sms = crate::adapters::sms::sender(&settings.sms);
    let local_url = Arc::new(format!("http://127.0.0.1:{}", settings.server.port));
    let files =
        crate::adapters::files::store(&settings.uploads).map_err(|error| StoreError::Backend(error.to_string()))?;
    let gateway = crate::adapters::gateway::gateway(&settings.payments);
    let collector = crate::adapters::collection::collector(&settings.payments, store.clone());
    let clock = configured_clock(&settings);
    Ok(AppState::new(Shared {
        store,
        settings: Arc::new(settings),
        sms,
        gateway,
        collector,
        files,
        clock,
        local_url,
        company: Arc::default(),
        metrics: Arc::default(),
        last_seen: Arc::default(),
        compliance: Arc::default(),
        address_key: Arc::default(),
    }))
}
