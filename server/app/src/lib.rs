//! The Hiram server. `main.rs` only parses the command line; everything it
//! runs lives here so that tests start the same server on a random port.

pub mod adapters;
pub mod address_limits;
pub mod browser_policy;
pub mod caches;
pub mod client_address;
pub mod clock;
pub mod company;
pub mod config;
pub mod error;
pub mod extract;
pub mod features;
pub mod i18n;
pub mod idempotency;
pub mod keep_alive;
pub mod last_seen;
pub mod metrics;
pub mod one_time_codes;
pub mod openapi;
pub mod passwords;
pub mod pay_code_view;
pub mod seed;
pub mod services;
pub mod session;
pub mod sign_in_limits;
pub mod signed_addresses;
pub mod staff_access;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod totp;
pub mod views;
pub mod wire_values;
