//! Images the server itself owns: the lender logos of the demo catalogue
//! and the payment channels' marks, drawn for this product (not the
//! brands' own logos) and compiled into the binary.

use crate::error::ApiError;
use crate::state::AppState;
use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

const LOGOS: &[(&str, &str)] = &[
    ("bayanihan.svg", include_str!("../../../assets/logos/bayanihan.svg")),
    ("sampaguita.svg", include_str!("../../../assets/logos/sampaguita.svg")),
    ("kalesa.svg", include_str!("../../../assets/logos/kalesa.svg")),
    ("bangka.svg", include_str!("../../../assets/logos/bangka.svg")),
    ("channel-gcash.svg", include_str!("../../../assets/logos/channel-gcash.svg")),
    ("channel-maya.svg", include_str!("../../../assets/logos/channel-maya.svg")),
    ("channel-seven-eleven.svg", include_str!("../../../assets/logos/channel-seven-eleven.svg")),
    ("channel-cebuana.svg", include_str!("../../../assets/logos/channel-cebuana.svg")),
    ("channel-ecpay.svg", include_str!("../../../assets/logos/channel-ecpay.svg")),
    ("channel-qrph.svg", include_str!("../../../assets/logos/channel-qrph.svg")),
];

pub fn router() -> Router<AppState> {
    Router::new().route("/media/logos/{name}", get(logo))
}

async fn logo(Path(name): Path<String>) -> Result<Response, ApiError> {
    let (_, svg) = LOGOS.iter().find(|(file, _)| *file == name).ok_or(ApiError::NotFound)?;
    let mut response = (*svg).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    // An SVG is a document: forbid scripts in it even though we wrote it.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"),
    );
    Ok(response)
}

/// The URL of a bundled logo, for the demo catalogue.
pub fn logo_url(file: &str) -> String {
    format!("/media/logos/{file}")
}
