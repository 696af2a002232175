//! The built web pages: the borrower app, the marketing site and promotion
//! page, and the staff console, each from its own `dist` folder.
//!
//! Assets are served precompressed (brotli, then gzip) when the client
//! accepts it. Hashed assets never change, so they are cached for a year;
//! pages and the service worker are revalidated on every load.

use crate::state::AppState;
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use std::path::{Path, PathBuf};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

pub fn router(dist_root: &Path) -> Router<AppState> {
    let app = dist_root.join("app/dist");
    let site = dist_root.join("site/dist");
    let console = dist_root.join("console/dist");
    let borrower_page = app.join("index.html");
    let console_page = console.join("index.html");
    Router::new()
        .route_service("/", page(site.join("index.html")))
        .route_service("/promotion", page(site.join("promotion.html")))
        .route_service("/sw.js", page(app.join("sw.js")))
        .nest_service("/app", assets(&app))
        .nest_service("/site", assets(&site))
        .nest_service("/console/assets", assets(&console.join("assets")))
        .route_service("/console", page(console_page.clone()))
        .route_service("/console/{*route}", page(console_page))
        // Every other path is a borrower page route (/testPreview, /loanDetails ...).
        .fallback(move |request: Request| client_route(borrower_page.clone(), request))
        .layer(middleware::from_fn(cache_headers))
}

fn page(file: PathBuf) -> ServeFile {
    ServeFile::new(file).precompressed_br().precompressed_gzip()
}

fn assets(folder: &Path) -> ServeDir {
    ServeDir::new(folder).precompressed_br().precompressed_gzip()
}

async fn client_route(index: PathBuf, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return StatusCode::NOT_FOUND.into_response();
    }
    match page(index).oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(infallible) => match infallible {},
    }
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().contains("/assets/");
    let mut response = next.run(request).await;
    if response.status().is_success() {
        let policy = if hashed { IMMUTABLE } else { REVALIDATE };
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    response
}
