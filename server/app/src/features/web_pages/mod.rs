//! The built web pages: the borrower app, the marketing site and promotion
//! page, and the staff console, each from its own `dist` folder. The site's
//! two pages are prerendered in English and in Filipino; the visitor's
//! language picks the file (decision 048).
//!
//! A borrower page's address is answered with the page built for its route
//! (`routes/<path>.html`: the shell with the route's own code asked for at
//! once, decision 094), else with the app's index.html.
//!
//! Assets are served precompressed (brotli, then gzip) when the client
//! accepts it (`Vary: Accept-Encoding`). Hashed assets never change, so they are cached for a year;
//! pages and the service worker are revalidated on every load.

use crate::state::AppState;
use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{MethodRouter, get};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

pub fn router(dist_root: &Path) -> Router<AppState> {
    let app = dist_root.join("app/dist");
    let site = dist_root.join("site/dist");
    let console = dist_root.join("console/dist");
    let borrower_page = app.join("index.html");
    let pages_by_route = Arc::new(read_route_pages(&app.join("routes")));
    let console_page = console.join("index.html");
    Router::new()
        .route("/", site_page(site.join("index.html"), site.join("index.fil.html")))
        .route("/promotion", site_page(site.join("promotion.html"), site.join("promotion.fil.html")))
        .route_service("/sw.js", page(app.join("sw.js")))
        .nest_service("/app", assets(&app))
        .nest_service("/site", assets(&site))
        .nest_service("/console/assets", assets(&console.join("assets")))
        .route_service("/console", page(console_page.clone()))
        .route_service("/console/{*route}", page(console_page))
        // Every other path is a borrower page route (/testPreview, /loanDetails ...).
        .fallback(move |request: Request| {
            let route_page = pages_by_route.get(request.uri().path()).cloned();
            client_route(route_page, borrower_page.clone(), request)
        })
        .layer(middleware::from_fn(cache_headers))
}

/// A page of the site in the visitor's language: GET and HEAD only, and
/// caches told that the answer depends on `Accept-Language`.
fn site_page(english: PathBuf, filipino: PathBuf) -> MethodRouter<AppState> {
    get(move |request: Request| {
        let file = if wants_filipino(&request) { filipino.clone() } else { english.clone() };
        async move {
            let mut response = match page(file).oneshot(request).await {
                Ok(response) => response.into_response(),
                Err(infallible) => match infallible {},
            };
            response.headers_mut().insert(header::VARY, HeaderValue::from_static("Accept-Language, Accept-Encoding"));
            response
        }
    })
}

/// The page's own rule (web/shared i18n `detectLocale`), so the language
/// painted is the one the script goes on in: `lang` in the query (`fil` or
/// `tl`, `en`), else the browser's first language.
fn wants_filipino(request: &Request) -> bool {
    let filipino = |tag: &str| {
        let tag = tag.trim().to_ascii_lowercase();
        tag.starts_with("fil") || tag.starts_with("tl")
    };
    let chosen = serde_urlencoded::from_str::<Vec<(String, String)>>(request.uri().query().unwrap_or(""))
        .unwrap_or_default()
        .into_iter()
        .find(|(name, _)| name == "lang")
        .map(|(_, value)| value.to_ascii_lowercase());
    match chosen.as_deref() {
        Some("fil" | "tl") => true,
        Some("en") => false,
        _ => request
            .headers()
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|value| value.to_str().ok())
            .and_then(|languages| languages.split(',').next())
            .is_some_and(|first| filipino(first.split(';').next().unwrap_or(""))),
    }
}

fn page(file: PathBuf) -> ServeFile {
    ServeFile::new(file).precompressed_br().precompressed_gzip()
}

fn assets(folder: &Path) -> ServeDir {
    ServeDir::new(folder).precompressed_br().precompressed_gzip()
}

/// The pages the app's build made for its routes, by the path each answers
/// (`routes/calculator/saved.html` answers `/calculator/saved`). Read once
/// at start-up: no request's path ever names a file. Empty when the build
/// made none (every page then comes from index.html).
fn read_route_pages(folder: &Path) -> HashMap<String, PathBuf> {
    fn collect(folder: &Path, prefix: &str, pages: &mut HashMap<String, PathBuf>) {
        let Ok(entries) = std::fs::read_dir(folder) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            let Some(name) = path.file_name().and_then(|name| name.to_str()).map(str::to_owned) else { continue };
            // A folder as such, not through a link: the walk cannot loop.
            if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
                collect(&path, &format!("{prefix}/{name}"), pages);
            } else if let Some(route) = name.strip_suffix(".html") {
                pages.insert(format!("{prefix}/{route}"), path);
            }
        }
    }
    let mut pages = HashMap::new();
    collect(folder, "", &mut pages);
    pages
}

/// The route's own page, else index.html: also when the route's page has
/// gone since the start-up (a new build of the pages beside a running
/// server, an upgrade between its files and its restart).
async fn client_route(route_page: Option<PathBuf>, index: PathBuf, request: Request) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return StatusCode::NOT_FOUND.into_response();
    }
    let file = match route_page {
        Some(file) if tokio::fs::try_exists(&file).await.unwrap_or(false) => file,
        _ => index,
    };
    match page(file).oneshot(request).await {
        Ok(response) => response.into_response(),
        Err(infallible) => match infallible {},
    }
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().contains("/assets/");
    let mut response = next.run(request).await;
    if response.status().is_success() {
        let policy = if hashed { IMMUTABLE } else { REVALIDATE };
        let headers = response.headers_mut();
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
        // The same address answers brotli, gzip or plain by what the client
        // accepts: a cache in front (nginx, a CDN) must key on it, or it
        // hands the first client's encoding to everyone.
        headers.entry(header::VARY).or_insert(HeaderValue::from_static("Accept-Encoding"));
    }
    response
}
