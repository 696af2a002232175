//! Hiram's storage on an embedded SQLite file.
//!
//! One writer connection (SQLite allows one writer at a time; queuing in
//! process beats "database is locked"), a few read-only connections for the
//! many reads, WAL so readers never wait for the writer, `synchronous=FULL`
//! so an acknowledged write survives power loss, and `BEGIN IMMEDIATE` for
//! every read-then-write transaction.

mod back_office;
mod book_keeping;
mod calculator;
mod collections;
mod complaints;
mod identity;
mod images;
mod kyc;
mod ledger;
mod marketing;
mod migrations;
mod payouts;
mod pool;
mod promotion;
mod reminders;
mod rows;
mod staff;
mod stores;

pub use pool::SqliteStore;
