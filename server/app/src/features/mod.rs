//! One folder per feature; each owns its router and the root only merges.

pub mod book_keeping;
pub mod calculator;
pub mod complaints;
pub mod confirmation;
pub mod console;
pub mod customer_service;
pub mod device_data;
pub mod health;
pub mod kyc;
pub mod legacy;
pub mod loan_details;
pub mod login;
pub mod login_failure;
pub mod marketplace;
pub mod media;
pub mod metrics;
pub mod payout_account;
pub mod personal_center;
pub mod promotion;
pub mod public_info;
pub mod repayment;
pub mod repayment_reminders;
pub mod repayment_store;
pub mod sandbox;
pub mod tracking;
pub mod uploads;
pub mod web_pages;

use crate::error::ApiError;
use crate::state::AppState;
use utoipa_axum::router::OpenApiRouter;

/// The whole API, routes and OpenAPI document from the same declarations:
/// each handler's `#[utoipa::path]`, registered with `routes!`.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(metrics::router())
        .nest("/pany", borrower_api())
        .nest("/api", staff_api())
}

/// Everything under `/pany`, the borrower API the specification names.
fn borrower_api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(login::router())
        .merge(customer_service::router())
        .merge(loan_details::router())
        .merge(marketplace::router())
        .merge(kyc::router())
        .merge(confirmation::router())
        .merge(personal_center::router())
        .merge(tracking::router())
        .merge(login_failure::router())
        .merge(legacy::router())
        .merge(device_data::router())
        .merge(uploads::router())
        .merge(repayment::router())
        .merge(payout_account::router())
        .merge(complaints::router())
        .merge(calculator::router())
        .merge(book_keeping::router())
        .merge(repayment_reminders::router())
        .merge(repayment_store::router())
        .nest("/api", promotion::router())
        .merge(public_info::router())
        // Unknown API paths answer with the envelope, never a web page.
        .fallback(|| async { ApiError::NotFound })
}

/// Everything under `/api`: the staff API with staff API tokens (`/api/staff`)
/// and, the same calls for the console's signed-in staff (`/api/console`),
/// and the promotion calls at the paths native shells use.
fn staff_api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .nest("/staff", console::staff_api())
        .nest("/console", console::console_only().merge(served_again(console::staff_api())))
        .merge(served_again(promotion::router()))
        .fallback(|| async { ApiError::NotFound })
}

/// The same calls mounted a second time: served, but listed in the document
/// only where they were mounted first (`/api/staff`, `/pany/api`).
fn served_again(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    let (routes, _listed_at_the_first_mount) = router.split_for_parts();
    OpenApiRouter::from(routes)
}
