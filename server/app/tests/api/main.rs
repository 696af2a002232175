//! Black-box API tests: one binary, a module per feature, every test run on
//! SQLite and on PostgreSQL.

mod helpers;

mod access_matrix;
mod architecture;
mod book_keeping;
mod browser_policy;
mod calculator;
mod clauses;
mod complaints;
mod console;
mod daily;
mod database_tls;
mod demo_mode;
mod device_data;
mod disbursement;
mod envelope;
mod extension;
mod fleet_start;
mod health;
mod idempotency;
mod journey;
mod keep_alive;
mod language;
mod ledger;
mod loan_details;
mod loan_engine;
mod login;
mod logs;
mod mass_assignment;
mod metrics;
mod object_store;
mod openapi;
mod products_and_transitions;
mod promotion;
mod repayment;
mod repayment_reminders;
mod repayment_store;
mod server_limits;
mod shell_replies;
mod sms_provider;
mod stores;
mod uploads;
mod web_pages;
mod xendit;
mod xendit_collections;
