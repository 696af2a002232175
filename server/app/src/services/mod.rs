//! What several features (and the jobs) share, with no routes of their own:
//! features import services, never each other (a test in
//! `tests/api/architecture.rs` holds them to it).

pub mod callback_signing;
pub mod complaint_types;
pub mod documents;
pub mod exchange_rates;
pub mod images;
