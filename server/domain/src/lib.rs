//! Hiram's domain: the rules of the lending business with no I/O.
//!
//! Everything here is pure: money arithmetic, parsing of user input into
//! validated types, the order state machine, and the storage traits that the
//! SQLite and PostgreSQL crates implement.

pub mod back_office;
pub mod book_keeping;
pub mod borrower;
pub mod calculator;
pub mod cap_proof;
pub mod caps;
pub mod clock;
pub mod collection_provider;
pub mod collections;
pub mod company;
pub mod complaint;
pub mod decision;
pub mod eir;
#[cfg(test)]
mod exact_eir;
pub mod exchange;
pub mod fields;
pub mod files;
pub mod general_ledger;
pub mod hex;
pub mod idempotency;
pub mod kyc;
pub mod ledger;
pub mod money;
pub mod order;
pub mod otp;
pub mod password;
pub mod payment;
pub mod payout;
pub mod phone;
pub mod posting;
pub mod pricing;
pub mod product;
pub mod promotion;
pub mod qr_ph;
pub mod refund;
pub mod reminder;
pub mod reversal;
pub mod servicing;
pub mod session;
pub mod sign_in;
pub mod site_banner;
pub mod sms;
pub mod staff;
pub mod store;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod worked_examples;
