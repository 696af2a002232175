//! Kept-alive connections survive calls whose handler ignores the body.
//!
//! When a handler answers without reading the whole request body, hyper
//! makes one attempt to read the rest (`poll_drain_or_close_read`); if that
//! part has not arrived yet, as happens when a phone sends the headers and
//! the body in separate packets, it closes the connection after the reply,
//! without a `Connection: close` header, and the client's next request on
//! that socket fails. [`drain_request_body`] keeps a hold on the body the
//! handler is given and reads what the handler left before the reply goes
//! out, so the connection stays usable for any sequence of calls. A body
//! that cannot be drained (larger than any route accepts, too slow, broken)
//! gets `Connection: close` on the reply: the server then says it closes.

use crate::services::images::HARD_BODY_LIMIT;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;

/// What is read after the handler at most: the largest body any route
/// accepts, so a refused upload still leaves the connection usable.
const DRAIN_LIMIT: usize = HARD_BODY_LIMIT;
/// How long the rest of a body may take to arrive after the handler has
/// answered; a slower client gets its reply with `Connection: close`.
const DRAIN_TIME: Duration = Duration::from_secs(10);

/// The request body, shared between the handler (which reads it through
/// [`SharedBody`]) and the middleware (which drains what is left).
type Slot = Arc<Mutex<Option<Body>>>;

fn lock(slot: &Slot) -> std::sync::MutexGuard<'_, Option<Body>> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The body a handler sees: the request's own, read through the slot the
/// middleware keeps.
struct SharedBody(Slot);

impl HttpBody for SharedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        match lock(&self.0).as_mut() {
            Some(body) => Pin::new(body).poll_frame(cx),
            None => Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        lock(&self.0).as_ref().is_none_or(HttpBody::is_end_stream)
    }

    fn size_hint(&self) -> http_body::SizeHint {
        lock(&self.0).as_ref().map(HttpBody::size_hint).unwrap_or_else(|| http_body::SizeHint::with_exact(0))
    }
}

/// Serves the request, then reads whatever of its body the handler left,
/// before the reply is sent.
pub async fn drain_request_body(request: Request, next: Next) -> Response {
    if request.body().is_end_stream() {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let slot: Slot = Arc::new(Mutex::new(Some(body)));
    let mut response = next.run(Request::from_parts(parts, Body::new(SharedBody(Arc::clone(&slot))))).await;
    let rest = lock(&slot).take();
    if let Some(rest) = rest {
        let too_large = usize::try_from(rest.size_hint().lower()).map_or(true, |length| length > DRAIN_LIMIT);
        let drained = !too_large && matches!(tokio::time::timeout(DRAIN_TIME, drain(rest)).await, Ok(true));
        if !drained {
            response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
    }
    response
}

/// Reads the body to its end; false when it breaks or passes the limit.
async fn drain(mut body: Body) -> bool {
    let mut read = 0usize;
    loop {
        match std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await {
            None => return true,
            Some(Err(_)) => return false,
            Some(Ok(frame)) => {
                read = read.saturating_add(frame.data_ref().map_or(0, Bytes::len));
                if read > DRAIN_LIMIT {
                    return false;
                }
            }
        }
    }
}
