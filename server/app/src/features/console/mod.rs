//! The operator console: the staff API it calls, one module per console
//! section, and the console's own sign-in, staff accounts and audit log.
//! The sections' calls are served at `/api/console` to signed-in staff and
//! at `/api/staff` to the configured API token (`staff_access`); sign-in,
//! staff accounts and the audit log only at `/api/console`. Every call
//! checks its permission; every change is audited.

pub mod adjustments;
pub mod audit;
pub mod borrowers;
pub mod collections;
pub mod complaints;
pub mod dashboard;
pub mod exchange_rates;
pub mod listing;
pub mod marketing;
pub mod money;
pub mod orders;
pub mod products;
pub mod sign_in;
pub mod sms_outbox;
pub mod staff_accounts;
pub mod unposted_payments;

use crate::error::ApiError;
pub use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Router;
use axum::routing::{get, post};

/// The sections' calls, mounted at `/api/staff` and `/api/console`.
pub fn staff_api() -> Router<AppState> {
    Router::new()
        .route("/sms-outbox", get(sms_outbox::sms_outbox))
        .route("/products", get(products::catalogue).post(products::create_product))
        .route("/products/check", post(products::check))
        .route("/products/listing", post(products::update_listing))
        .route("/orders", get(orders::list))
        .route("/orders/record", get(orders::record))
        .route("/orders/decide", post(orders::decide))
        .route("/borrowers", get(borrowers::search))
        .route("/borrowers/profile", get(borrowers::profile))
        .route("/borrowers/reveal", post(borrowers::reveal))
        .route("/payouts/failed", get(money::failed_payouts))
        .route("/reconciliation", get(money::reconciliation))
        .route("/dashboard", get(dashboard::dashboard))
        .route("/uploads/{name}", get(borrowers::staff_image))
        .route("/unposted-payments", get(unposted_payments::queue))
        .route("/unposted-payments/match", post(unposted_payments::match_payment))
        .route("/unposted-payments/reject", post(unposted_payments::reject_payment))
        .route("/adjustments", get(adjustments::list))
        .route("/adjustments/propose", post(adjustments::propose))
        .route("/adjustments/approve", post(adjustments::approve))
        .route("/adjustments/reject", post(adjustments::reject))
        .merge(complaints::router())
        .merge(marketing::router())
        .merge(collections::router())
        .route("/exchange-rates", get(exchange_rates::list))
        .route("/exchange-rates/add", post(exchange_rates::add))
        .route("/calculator-views", get(exchange_rates::calculator_views))
}

/// The console's own calls, mounted at `/api/console` only: they need a
/// signed-in staff member, never the API token.
pub fn console_only() -> Router<AppState> {
    Router::new()
        .route("/login", post(sign_in::login))
        .route("/logout", post(sign_in::logout))
        .route("/me", get(sign_in::me))
        .route("/audit", get(audit::audit_log))
        .route("/staff-accounts", get(staff_accounts::staff_accounts).post(staff_accounts::create_account))
        .route("/staff-accounts/deactivate", post(staff_accounts::deactivate_account))
        .route("/staff-accounts/reactivate", post(staff_accounts::reactivate_account))
        .route("/staff-accounts/reset", post(staff_accounts::reset_account))
}

/// A 400 naming the field that does not fit (`data.field`), so the console
/// can point at it.
pub(crate) fn refused(hiram_domain::fields::InvalidField(field): hiram_domain::fields::InvalidField) -> ApiError {
    ApiError::Rejected {
        message: crate::i18n::Msg::FieldInvalid,
        detail: Some(field.to_owned()),
        data: serde_json::json!({ "field": field }),
    }
}
