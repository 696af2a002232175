//! The connection loop (decision 034): a cap on open connections, header-read and idle timeouts, and a drain on stop.

use crate::config::ServerSettings;
use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceExt;

/// What one connection may hold of the server (decision 034).
#[derive(Clone, Copy)]
pub(super) struct ConnectionLimits {
    header_read: Duration,
    idle: Duration,
    connections: usize,
}

impl ConnectionLimits {
    pub(super) fn from_settings(settings: &ServerSettings) -> ConnectionLimits {
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
pub(super) async fn serve_connections(
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
