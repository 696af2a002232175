//! The process: where it listens and runs, its database, pages, sessions, console and log.

use super::Secret;
use serde::Deserialize;
use std::path::PathBuf;

/// Where the server runs. Production refuses what only a demo may do.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    Development,
    Production,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ServerSettings {
    /// `production` refuses to start with the sandbox (D8), demo seeding or
    /// an empty `public_url`.
    pub environment: Environment,
    pub host: String,
    /// 0 lets the operating system choose (tests do this).
    pub port: u16,
    pub shutdown_grace_seconds: u64,
    pub request_timeout_seconds: u64,
    /// How long a client has to send a request's headers once the server
    /// waits for them; a slower client (slowloris) is disconnected.
    pub header_read_timeout_seconds: u64,
    /// How long a connection may sit with no request before it is closed.
    pub keep_alive_idle_seconds: u64,
    /// Connections served at once; further ones wait in the listen queue,
    /// holding no file descriptor of the server's.
    pub max_connections: usize,
    /// Requests one address may make per minute to the calls open without
    /// a session (sign-in, promotion page); 0: no limit.
    pub per_address_requests_per_minute: u32,
    /// Payment notifications from one address that may fail verification
    /// (a wrong signature or token) in a minute before its notifications are
    /// refused until the minute ends; 0: no limit. Notifications that verify
    /// are never limited (decision 054).
    pub per_address_failed_notifications_per_minute: u32,
    /// Addresses of the proxies (load balancers) whose `X-Forwarded-For`
    /// is believed, separated by commas; empty: every peer is the client
    /// (decision 035).
    pub trusted_proxies: String,
    /// The bits of an IPv6 client's address its per-address limits count
    /// (64: its subscriber network; 128: each address alone).
    pub ipv6_limit_prefix: u8,
    /// The address borrowers and staff reach the product at
    /// (`https://hiram.example`), behind any proxy. https turns on HSTS and
    /// the console cookie's `Secure`; the console's calls must come from its
    /// origin. Empty: the address each request was sent to.
    pub public_url: String,
    /// The bearer token Prometheus presents to `/metrics`; empty: `/metrics`
    /// answers 404 (decision 040).
    pub metrics_token: Secret,
}

impl ServerSettings {
    /// `trusted_proxies` as addresses (checked at start: none is unreadable).
    pub fn trusted_proxies(&self) -> Vec<std::net::IpAddr> {
        self.trusted_proxies.split(',').filter_map(|address| address.trim().parse().ok()).collect()
    }

    pub fn served_over_https(&self) -> bool {
        self.public_url.trim().starts_with("https://")
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct DatabaseSettings {
    pub url: Secret,
    pub max_connections: usize,
    /// Readiness fails while the SQLite file's disk has less than this
    /// free, so a load balancer drains the process before writes fail.
    pub min_free_megabytes: u64,
    /// For the API tests only: crash points, separated by commas, that the
    /// store fails at once (`hiram_store::Store::arm_failpoint`). A build
    /// without them refuses to start when any is set.
    #[serde(default)]
    pub failpoints: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct WebSettings {
    pub dist_root: PathBuf,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SessionSettings {
    pub idle_minutes: i64,
    pub absolute_days: i64,
    /// A console session ends after this many minutes without use (it ends
    /// after 12 hours in any case).
    pub staff_idle_minutes: i64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ConsoleSettings {
    /// How far back maker-checker looks for who made or reset an approver's
    /// and a proposer's accounts (decision 057).
    pub four_eyes_days: i64,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Json,
    Text,
}

#[derive(Clone, Debug, Deserialize)]
pub struct LogSettings {
    pub format: LogFormat,
    pub filter: String,
}
