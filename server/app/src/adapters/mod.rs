//! Outbound adapters: the services outside this process, each behind a
//! domain trait with a built-in implementation that works offline.

pub mod collection;
pub mod files;
pub mod gateway;
pub mod mail;
pub mod sms;
