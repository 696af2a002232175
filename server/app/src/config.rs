//! Typed configuration: built-in defaults, then an optional file, then
//! environment variables. It fails fast at start-up, never mid-request.

use hiram_domain::payment::{Channel, ChannelKind};
use serde::Deserialize;
use std::fmt;
use std::path::PathBuf;

const DEFAULTS: &str = include_str!("../config/default.toml");

#[derive(Clone, Debug, Deserialize)]
pub struct Settings {
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub web: WebSettings,
    pub session: SessionSettings,
    pub console: ConsoleSettings,
    pub otp: OtpSettings,
    pub sms: SmsSettings,
    pub jobs: JobSettings,
    pub payments: PaymentSettings,
    pub uploads: UploadSettings,
    pub care: CareSettings,
    pub decision: DecisionSettings,
    pub demo: DemoSettings,
    pub log: LogSettings,
    pub company: CompanySettings,
    pub clock: ClockSettings,
    pub mail: MailSettings,
}

#[derive(Clone, Debug, Deserialize)]
pub struct OtpSettings {
    pub validity_seconds: i64,
    pub max_wrong_tries: i64,
    pub resend_after_seconds: i64,
    pub per_phone_hour: i64,
    pub per_phone_day: i64,
    pub per_address_hour: i64,
    pub per_address_day: i64,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SmsProvider {
    Outbox,
    Semaphore,
}

#[derive(Clone, Debug, Deserialize)]
pub struct SmsSettings {
    pub provider: SmsProvider,
    pub semaphore_base_url: String,
    pub semaphore_api_key: Secret,
    pub sender_name: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct JobSettings {
    pub daily_interval_minutes: u64,
    /// Repayable orders a daily run reads, claims and finishes at a time:
    /// runs at once split the day by these pages (decision 050).
    pub daily_page_orders: usize,
    /// How often the server sends the repayment reminders that are due; 0
    /// turns the sending off.
    pub reminder_interval_seconds: u64,
    /// How often the server sends the queued texts whose sender did not
    /// (it crashed); 0 turns it off.
    pub outbox_interval_seconds: u64,
    /// Days a client's request key answers its retries; the daily run
    /// deletes older ones (decision 052). A `u16` (at most about 179 years)
    /// keeps the cut-off a date the clock can name.
    pub request_key_days: u16,
}

/// Where the server's time comes from.
#[derive(Clone, Debug, Deserialize)]
pub struct ClockSettings {
    /// For drills and tests only: a file holding a number of seconds the
    /// server's clock runs ahead (or behind, when negative), read again at
    /// every reading (`crate::clock::FileClock`). Empty: the system clock.
    pub offset_file: String,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum GatewayProvider {
    Sandbox,
    Xendit,
}

/// Who collects repayments (decision 024).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Collector {
    /// Nobody: no pay codes are issued.
    Off,
    /// The built-in sandbox, a demo (D8): its test pay page pays codes with
    /// no money.
    Sandbox,
    /// Xendit's Payments API (payment requests and their webhooks).
    Xendit,
}

#[derive(Clone, Debug, Deserialize)]
pub struct PaymentSettings {
    /// HMAC-SHA256 secret of the sandbox's signed callbacks; made at random
    /// for this process when the sandbox is on and none is given.
    pub sandbox_secret: Secret,
    /// Who sends payouts (and debits): the built-in sandbox or Xendit.
    pub gateway: GatewayProvider,
    /// Who collects repayments.
    pub collections: Collector,
    /// The channels borrowers may pay at, in the order the picker lists them
    /// (a list in a file, comma-separated in `APP_PAYMENTS__CHANNELS`).
    #[serde(deserialize_with = "channel_list")]
    pub channels: Vec<LiveChannel>,
    /// The channel of each loan's standing code (a store channel), or
    /// empty for none.
    pub standing_channel: StandingChannel,
    /// Pay codes with an amount one order may have made in any 24 hours
    /// (each is a payment request at the provider).
    pub pay_codes_per_order_per_day: u16,
    pub xendit_base_url: String,
    pub xendit_secret_key: Secret,
    /// The verification token of the Xendit dashboard's webhook settings,
    /// which Xendit sends as `x-callback-token`.
    pub xendit_callback_token: Secret,
    /// Where an e-wallet's checkout page sends the borrower back (https).
    pub xendit_return_url: String,
}

/// A pay-code channel named by its key (`gcash`); anything else stops the
/// server at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LiveChannel(pub Channel);

impl<'de> Deserialize<'de> for LiveChannel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<LiveChannel, D::Error> {
        let key = String::deserialize(deserializer)?;
        Channel::parse(&key).map(LiveChannel).ok_or_else(|| {
            let known: Vec<&str> = Channel::ALL.iter().map(|channel| channel.key()).collect();
            serde::de::Error::custom(format!("{key:?} is not a payment channel (one of {})", known.join(", ")))
        })
    }
}

fn channel_list<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<LiveChannel>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Listed {
        List(Vec<String>),
        Text(String),
    }
    let keys = match Listed::deserialize(deserializer)? {
        Listed::List(keys) => keys,
        Listed::Text(text) => text.split(',').map(|key| key.trim().to_owned()).filter(|key| !key.is_empty()).collect(),
    };
    keys.iter().map(|key| LiveChannel::deserialize(serde::de::value::StrDeserializer::<D::Error>::new(key))).collect()
}

/// The standing code's channel, or none (`""`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandingChannel(pub Option<Channel>);

impl<'de> Deserialize<'de> for StandingChannel {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<StandingChannel, D::Error> {
        let key = String::deserialize(deserializer)?;
        if key.is_empty() {
            return Ok(StandingChannel(None));
        }
        Channel::parse(&key)
            .map(|channel| StandingChannel(Some(channel)))
            .ok_or_else(|| serde::de::Error::custom(format!("{key:?} is not a payment channel")))
    }
}

impl PaymentSettings {
    /// The channels borrowers can pay at now: none when nobody collects.
    pub fn live_channels(&self) -> Vec<Channel> {
        if self.collections == Collector::Off {
            return Vec::new();
        }
        self.channels.iter().map(|live| live.0).collect()
    }

    pub fn sandbox_on(&self) -> bool {
        self.collections == Collector::Sandbox
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct CareSettings {
    /// Working days within which a complaint is answered (spec §9: 3).
    pub reply_working_days: u32,
    /// Filings at or after this hour (Manila) count from the next working day.
    pub cutoff_hour: u8,
    /// Manila dates customer care does not work.
    pub holidays: Vec<CalendarDate>,
}

/// A date written `YYYY-MM-DD`; anything else stops the server at start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CalendarDate(pub time::Date);

impl<'de> Deserialize<'de> for CalendarDate {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CalendarDate, D::Error> {
        let text = String::deserialize(deserializer)?;
        let format = time::macros::format_description!("[year]-[month]-[day]");
        time::Date::parse(&text, &format)
            .map(CalendarDate)
            .map_err(|_| serde::de::Error::custom(format!("{text:?} is not a YYYY-MM-DD date")))
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct UploadSettings {
    /// Where pictures are kept (decision 043).
    pub store: UploadStore,
    /// The folder of the local store.
    pub dir: PathBuf,
    /// The bucket of the S3 store.
    pub s3: S3Settings,
    /// The largest picture accepted, as sent.
    pub max_megabytes: usize,
    /// Pictures one borrower may send in 24 hours.
    pub per_borrower_day: i64,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum UploadStore {
    /// A folder on this machine's disk: one server only.
    Local,
    /// A bucket of an S3-compatible service, which every server of a fleet
    /// reads and writes.
    S3,
}

/// A bucket of an S3-compatible service, addressed by path
/// (`{endpoint}/{bucket}/{name}`), which AWS, SeaweedFS, MinIO and the
/// like all serve.
#[derive(Clone, Debug, Deserialize)]
pub struct S3Settings {
    /// The service's address, scheme and host (and port) only:
    /// `https://s3.ap-southeast-1.amazonaws.com`.
    pub endpoint: String,
    pub bucket: String,
    /// The region requests are signed for (any for most non-AWS services).
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: Secret,
    /// Whether an `http://` endpoint is accepted: pictures and signed
    /// requests then cross the network in the clear, so only for a service
    /// on the same machine or a private network (tests, a fleet on one host).
    pub allow_http: bool,
}

impl S3Settings {
    /// What stops a server from using this bucket, if anything.
    fn refusal(&self) -> Option<String> {
        let endpoint = match reqwest::Url::parse(self.endpoint.trim()) {
            Ok(endpoint) => endpoint,
            Err(_) => return Some(format!("uploads.s3.endpoint {:?} is not an address", self.endpoint)),
        };
        match endpoint.scheme() {
            "https" => {}
            "http" if self.allow_http => {}
            "http" => {
                return Some(
                    "uploads.s3.endpoint is http://: pictures and signed requests would cross the network in the \
                     clear; use https://, or set uploads.s3.allow_http = true for a service on this machine or a \
                     private network"
                        .to_owned(),
                );
            }
            other => return Some(format!("uploads.s3.endpoint: {other}:// is neither https:// nor http://")),
        }
        if endpoint.host_str().is_none()
            || endpoint.path() != "/"
            || endpoint.query().is_some()
            || !endpoint.username().is_empty()
        {
            return Some(format!(
                "uploads.s3.endpoint {:?}: give the scheme and host (and port) only; the bucket is uploads.s3.bucket",
                self.endpoint
            ));
        }
        if !is_bucket_name(&self.bucket) {
            return Some(format!(
                "uploads.s3.bucket {:?} is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens, \
                 starting and ending with a letter or digit)",
                self.bucket
            ));
        }
        if self.region.trim().is_empty() {
            return Some("uploads.s3.region is empty (us-east-1 suits most services other than AWS)".to_owned());
        }
        if self.access_key_id.trim().is_empty() || self.secret_access_key.expose().is_empty() {
            return Some(
                "uploads.store = \"s3\" needs uploads.s3.access_key_id and uploads.s3.secret_access_key".to_owned(),
            );
        }
        None
    }
}

/// S3's rule for bucket names, which also makes them safe in a URL path
/// and a signed request unescaped.
fn is_bucket_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    let edge = |byte: &u8| byte.is_ascii_lowercase() || byte.is_ascii_digit();
    (3..=63).contains(&bytes.len())
        && bytes.first().is_some_and(edge)
        && bytes.last().is_some_and(edge)
        && bytes.iter().all(|byte| edge(byte) || *byte == b'.' || *byte == b'-')
}

#[derive(Clone, Debug, Deserialize)]
pub struct DecisionSettings {
    pub min_age: i64,
    pub max_age: i64,
    pub min_monthly_income_pesos: i64,
    pub first_limit_pesos: i64,
    pub limit_step_pesos: i64,
    pub max_limit_pesos: i64,
}

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

/// Mail to staff (their enrolment links, decision 058).
#[derive(Clone, Debug, Deserialize)]
pub struct MailSettings {
    /// The host's mail submission program and its arguments, split at
    /// spaces (`/usr/sbin/sendmail -t -i`, as postfix, exim and msmtp
    /// install it): it reads the message, with its `To:`, on standard input
    /// and queues it. Empty: each message is written to `drop_dir` instead,
    /// for a developer or a demo; production refuses that.
    pub sendmail: String,
    pub drop_dir: PathBuf,
    /// The `From:` of staff mail.
    pub from: String,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DemoSettings {
    pub seed_on_empty: bool,
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

#[derive(Clone, Debug, Deserialize)]
pub struct CompanySettings {
    pub corporate_name: String,
    pub trade_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
    pub address: String,
    pub phone: String,
    pub email: String,
    pub service_hours: String,
    pub whatsapp: String,
}

/// A value that must never reach a log: `Debug` and `Display` print a
/// placeholder; `expose` is the one way to read it.
#[derive(Clone, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Secret {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether `presented` is this secret, compared in constant time so the
    /// answer's timing tells a guesser nothing of how much was right. An
    /// empty secret matches nothing.
    pub fn matches(&self, presented: &str) -> bool {
        let expected = self.0.as_bytes();
        !expected.is_empty()
            && expected.len() == presented.len()
            && expected.iter().zip(presented.bytes()).fold(0u8, |difference, (a, b)| difference | (a ^ b)) == 0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[secret]")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    File { path: PathBuf, source: std::io::Error },
    #[error("config file {path} is not valid TOML: {source}")]
    Syntax { path: String, source: Box<toml::de::Error> },
    #[error("invalid configuration: {0}")]
    Invalid(Box<toml::de::Error>),
    #[error("refused configuration: {0}")]
    Refused(String),
}

impl Settings {
    /// Reads the settings of this process: defaults, `APP_CONFIG_FILE`, the
    /// environment.
    pub fn load() -> Result<Settings, ConfigError> {
        Settings::from_sources(std::env::vars())
    }

    /// Builds settings from the given environment, so tests can pass their own.
    pub fn from_sources(environment: impl IntoIterator<Item = (String, String)>) -> Result<Settings, ConfigError> {
        let mut table = parse("defaults", DEFAULTS)?;
        let environment: Vec<(String, String)> = environment.into_iter().collect();
        if let Some((_, path)) = environment.iter().find(|(key, _)| key == "APP_CONFIG_FILE") {
            let path = PathBuf::from(path);
            let text =
                std::fs::read_to_string(&path).map_err(|source| ConfigError::File { path: path.clone(), source })?;
            merge(&mut table, parse(&path.display().to_string(), &text)?);
        }
        if let Some((_, url)) = environment.iter().find(|(key, _)| key == "DATABASE_URL") {
            set(&mut table, &["database", "url"], toml::Value::String(url.clone()));
        }
        for (key, value) in &environment {
            let Some(path) = key.strip_prefix("APP_").filter(|path| path.contains("__")) else { continue };
            let segments: Vec<String> = path.split("__").map(str::to_lowercase).collect();
            let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
            set(&mut table, &segments, scalar(value));
        }
        // An operator who still sets the old all-powerful token would
        // otherwise see every script refused without knowing why.
        if table.contains_key("staff") {
            return Err(ConfigError::Refused(
                "staff.api_token (APP_STAFF__API_TOKEN) is gone: scripts use named staff API tokens, made in the \
                 console's API tokens section or with `hiram staff-token` (decision 036)"
                    .to_owned(),
            ));
        }
        let mut settings =
            Settings::deserialize(toml::Value::Table(table)).map_err(|error| ConfigError::Invalid(Box::new(error)))?;
        settings.check()?;
        if settings.payments.sandbox_on() && settings.payments.sandbox_secret.expose().is_empty() {
            // The sandbox's page signs what this same process checks.
            let mut bytes = [0u8; 16];
            getrandom::fill(&mut bytes).map_err(|error| ConfigError::Refused(error.to_string()))?;
            settings.payments.sandbox_secret = Secret::new(hiram_domain::hex::encode(&bytes));
        }
        Ok(settings)
    }

    /// Combinations no server may start with.
    fn check(&self) -> Result<(), ConfigError> {
        if let Some(wrong) = self
            .server
            .trusted_proxies
            .split(',')
            .map(str::trim)
            .find(|address| !address.is_empty() && address.parse::<std::net::IpAddr>().is_err())
        {
            return Err(ConfigError::Refused(format!("server.trusted_proxies: {wrong:?} is not an IP address")));
        }
        if self.jobs.daily_page_orders == 0 {
            return Err(ConfigError::Refused(
                "jobs.daily_page_orders: a daily run needs at least 1 order a page".into(),
            ));
        }
        if !(32..=128).contains(&self.server.ipv6_limit_prefix) {
            return Err(ConfigError::Refused(
                "server.ipv6_limit_prefix: IPv6 clients are counted by a network of 32 to 128 bits (64 is one \
                 subscriber's)"
                    .into(),
            ));
        }
        if !(1..=3650).contains(&self.console.four_eyes_days) {
            return Err(ConfigError::Refused(
                "console.four_eyes_days: maker-checker looks back 1 to 3,650 days for who made an account".into(),
            ));
        }
        if !(1..=12 * 60).contains(&self.session.staff_idle_minutes) {
            return Err(ConfigError::Refused(
                "session.staff_idle_minutes: a console session idles out after 1 to 720 minutes".into(),
            ));
        }
        if self.jobs.request_key_days == 0 {
            return Err(ConfigError::Refused(
                "jobs.request_key_days: a request key must answer its retries for at least 1 day".into(),
            ));
        }
        if self.uploads.store == UploadStore::S3
            && let Some(refusal) = self.uploads.s3.refusal()
        {
            return Err(ConfigError::Refused(refusal));
        }
        let payments = &self.payments;
        if self.server.environment == Environment::Production {
            if payments.sandbox_on() {
                return Err(ConfigError::Refused(
                    "APP_SERVER__ENVIRONMENT=production refuses the sandbox: payments.collections = \"sandbox\" \
                     is a demo whose test page pays pay codes with no money (decision D8). Collect through a real \
                     provider (payments.collections = \"xendit\") or \"off\"."
                        .to_owned(),
                ));
            }
            if self.demo.seed_on_empty {
                return Err(ConfigError::Refused(
                    "APP_SERVER__ENVIRONMENT=production refuses demo.seed_on_empty = true: an empty database would be \
                     filled with a demo borrower, products and loans with ledger entries. Set \
                     APP_DEMO__SEED_ON_EMPTY=false."
                        .to_owned(),
                ));
            }
            if self.server.public_url.trim().is_empty() {
                return Err(ConfigError::Refused(
                    "APP_SERVER__ENVIRONMENT=production needs server.public_url (APP_SERVER__PUBLIC_URL, e.g. \
                     https://hiram.example): left empty, each request's Host header would decide the console's \
                     origin and the addresses in texts."
                        .to_owned(),
                ));
            }
            if payments.gateway == GatewayProvider::Sandbox {
                return Err(ConfigError::Refused(
                    "APP_SERVER__ENVIRONMENT=production refuses the sandbox: payments.gateway = \"sandbox\" marks \
                     loans as sent without sending money. Send payouts through payments.gateway = \"xendit\"."
                        .to_owned(),
                ));
            }
            if self.mail.sendmail.trim().is_empty() {
                return Err(ConfigError::Refused(
                    "APP_SERVER__ENVIRONMENT=production needs mail.sendmail (APP_MAIL__SENDMAIL, e.g. \
                     \"/usr/sbin/sendmail -t -i\"): staff enrolment links would otherwise be written to \
                     mail.drop_dir and reach nobody."
                        .to_owned(),
                ));
            }
        }
        if payments.collections == Collector::Xendit
            && (payments.xendit_secret_key.expose().is_empty() || payments.xendit_callback_token.expose().is_empty())
        {
            return Err(ConfigError::Refused(
                "payments.collections = \"xendit\" needs payments.xendit_secret_key and \
                 payments.xendit_callback_token (the webhook verification token)"
                    .to_owned(),
            ));
        }
        if let Some(channel) = payments.standing_channel.0 {
            if channel.kind() != ChannelKind::OverTheCounter {
                return Err(ConfigError::Refused(format!(
                    "payments.standing_channel {:?} is not a store channel (seven_eleven, cebuana or ecpay)",
                    channel.key()
                )));
            }
            if payments.collections == Collector::Xendit && channel == Channel::SevenEleven {
                return Err(ConfigError::Refused(
                    "payments.standing_channel: Xendit's 7-Eleven codes are single-use; use cebuana or ecpay"
                        .to_owned(),
                ));
            }
            if !payments.channels.contains(&LiveChannel(channel)) {
                return Err(ConfigError::Refused(format!(
                    "payments.standing_channel {:?} is not one of payments.channels",
                    channel.key()
                )));
            }
        }
        Ok(())
    }
}

fn parse(origin: &str, text: &str) -> Result<toml::Table, ConfigError> {
    text.parse::<toml::Table>()
        .map_err(|source| ConfigError::Syntax { path: origin.to_owned(), source: Box::new(source) })
}

fn merge(base: &mut toml::Table, overlay: toml::Table) {
    for (key, value) in overlay {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(existing)), toml::Value::Table(nested)) => merge(existing, nested),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

fn set(table: &mut toml::Table, path: &[&str], value: toml::Value) {
    match path {
        [] => {}
        [last] => {
            table.insert((*last).to_owned(), value);
        }
        [first, rest @ ..] => {
            let entry = table.entry((*first).to_owned()).or_insert_with(|| toml::Value::Table(toml::Table::new()));
            if let toml::Value::Table(nested) = entry {
                set(nested, rest, value);
            }
        }
    }
}

/// Environment values are text; numbers and booleans are read as such so that
/// `APP_SERVER__PORT=9000` fills a `u16`.
fn scalar(text: &str) -> toml::Value {
    if let Ok(integer) = text.parse::<i64>() {
        toml::Value::Integer(integer)
    } else if let Ok(boolean) = text.parse::<bool>() {
        toml::Value::Boolean(boolean)
    } else {
        toml::Value::String(text.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect()
    }

    #[test]
    fn defaults_alone_make_valid_settings() {
        let settings = Settings::from_sources(env(&[])).unwrap();
        assert_eq!(settings.server.port, 8080);
        assert_eq!(settings.database.url.expose(), "sqlite://data/hiram.sqlite3");
    }

    #[test]
    fn environment_variables_override_nested_keys_with_typed_values() {
        let settings =
            Settings::from_sources(env(&[("APP_SERVER__PORT", "9000"), ("APP_DEMO__SEED_ON_EMPTY", "false")])).unwrap();
        assert_eq!(settings.server.port, 9000);
        assert!(!settings.demo.seed_on_empty);
    }

    #[test]
    fn database_url_selects_the_database_and_app_variables_win_over_it() {
        let settings = Settings::from_sources(env(&[("DATABASE_URL", "postgres://a@h/db")])).unwrap();
        assert_eq!(settings.database.url.expose(), "postgres://a@h/db");
        let settings = Settings::from_sources(env(&[
            ("DATABASE_URL", "postgres://a@h/db"),
            ("APP_DATABASE__URL", "sqlite://x.sqlite3"),
        ]))
        .unwrap();
        assert_eq!(settings.database.url.expose(), "sqlite://x.sqlite3");
    }

    #[test]
    fn a_wrongly_typed_value_fails_at_start_up() {
        assert!(Settings::from_sources(env(&[("APP_SERVER__PORT", "eighty")])).is_err());
    }

    #[test]
    fn the_sandbox_is_off_unless_configuration_turns_it_on() {
        let settings = Settings::from_sources(env(&[])).unwrap();
        assert_eq!(settings.payments.collections, Collector::Off);
        assert!(settings.payments.live_channels().is_empty());
        let on = Settings::from_sources(env(&[("APP_PAYMENTS__COLLECTIONS", "sandbox")])).unwrap();
        assert!(on.payments.sandbox_on());
        assert_eq!(on.payments.live_channels().len(), 6);
        assert_eq!(on.payments.sandbox_secret.expose().len(), 32, "a random secret of its own");
        let two = Settings::from_sources(env(&[
            ("APP_PAYMENTS__COLLECTIONS", "sandbox"),
            ("APP_PAYMENTS__CHANNELS", "qrph, cebuana"),
        ]))
        .unwrap();
        assert_eq!(two.payments.live_channels(), [Channel::QrPh, Channel::Cebuana]);
    }

    #[test]
    fn production_refuses_the_sandbox_demo_seeding_and_no_public_address() {
        let refused = |pairs: &[(&str, &str)]| match Settings::from_sources(env(pairs)) {
            Err(ConfigError::Refused(message)) => message,
            other => panic!("expected a refusal, got {other:?}"),
        };
        let production = [
            ("APP_SERVER__ENVIRONMENT", "production"),
            ("APP_DEMO__SEED_ON_EMPTY", "false"),
            ("APP_SERVER__PUBLIC_URL", "https://hiram.example"),
        ];
        let message = refused(&[production[0], production[1], production[2], ("APP_PAYMENTS__COLLECTIONS", "sandbox")]);
        assert!(message.contains("production refuses the sandbox"), "{message}");
        let message = refused(&production);
        assert!(message.contains("payments.gateway"), "{message}");
        let live = [
            ("APP_PAYMENTS__GATEWAY", "xendit"),
            ("APP_PAYMENTS__COLLECTIONS", "xendit"),
            ("APP_PAYMENTS__XENDIT_SECRET_KEY", "xnd_production_x"),
            ("APP_PAYMENTS__XENDIT_CALLBACK_TOKEN", "token"),
        ];
        let message = refused(&[production[0], production[2], live[0], live[1], live[2], live[3]]);
        assert!(message.contains("demo.seed_on_empty"), "{message}");
        let message = refused(&[production[0], production[1], live[0], live[1], live[2], live[3]]);
        assert!(message.contains("server.public_url"), "{message}");
        let message = refused(&[production[0], production[1], production[2], live[0], live[1], live[2], live[3]]);
        assert!(message.contains("mail.sendmail"), "{message}");
        let settings = Settings::from_sources(env(&[
            production[0],
            production[1],
            production[2],
            live[0],
            live[1],
            live[2],
            live[3],
            ("APP_MAIL__SENDMAIL", "/usr/sbin/sendmail -t -i"),
        ]));
        assert!(settings.is_ok());
    }

    #[test]
    fn a_daily_run_page_holds_at_least_one_order() {
        assert!(matches!(
            Settings::from_sources(env(&[("APP_JOBS__DAILY_PAGE_ORDERS", "0")])),
            Err(ConfigError::Refused(_))
        ));
        let one = Settings::from_sources(env(&[("APP_JOBS__DAILY_PAGE_ORDERS", "1")]));
        assert_eq!(one.map(|settings| settings.jobs.daily_page_orders).ok(), Some(1));
    }

    #[test]
    fn request_keys_are_kept_at_least_a_day() {
        assert!(matches!(
            Settings::from_sources(env(&[("APP_JOBS__REQUEST_KEY_DAYS", "0")])),
            Err(ConfigError::Refused(_))
        ));
        let one = Settings::from_sources(env(&[("APP_JOBS__REQUEST_KEY_DAYS", "1")]));
        assert_eq!(one.map(|settings| settings.jobs.request_key_days).ok(), Some(1));
        assert_eq!(Settings::from_sources(env(&[])).map(|settings| settings.jobs.request_key_days).ok(), Some(30));
    }

    #[test]
    fn xendit_collections_need_a_key_and_a_webhook_token_and_a_reusable_standing_channel() {
        assert!(matches!(
            Settings::from_sources(env(&[("APP_PAYMENTS__COLLECTIONS", "xendit")])),
            Err(ConfigError::Refused(_))
        ));
        let base = [
            ("APP_PAYMENTS__COLLECTIONS", "xendit"),
            ("APP_PAYMENTS__XENDIT_SECRET_KEY", "k"),
            ("APP_PAYMENTS__XENDIT_CALLBACK_TOKEN", "t"),
        ];
        assert!(Settings::from_sources(env(&base)).is_ok());
        let mut seven = base.to_vec();
        seven.push(("APP_PAYMENTS__STANDING_CHANNEL", "seven_eleven"));
        assert!(matches!(Settings::from_sources(env(&seven)), Err(ConfigError::Refused(_))));
        assert!(matches!(
            Settings::from_sources(env(&[("APP_PAYMENTS__STANDING_CHANNEL", "gcash")])),
            Err(ConfigError::Refused(_))
        ));
        assert!(matches!(
            Settings::from_sources(env(&[("APP_PAYMENTS__STANDING_CHANNEL", "bitcoin")])),
            Err(ConfigError::Invalid(_))
        ));
    }

    #[test]
    fn pictures_go_to_a_bucket_only_when_it_is_fully_and_safely_configured() {
        let local = Settings::from_sources(env(&[])).unwrap();
        assert_eq!(local.uploads.store, UploadStore::Local);
        let bucket = [
            ("APP_UPLOADS__STORE", "s3"),
            ("APP_UPLOADS__S3__ENDPOINT", "https://s3.ap-southeast-1.amazonaws.com"),
            ("APP_UPLOADS__S3__BUCKET", "hiram-pictures"),
            ("APP_UPLOADS__S3__REGION", "ap-southeast-1"),
            ("APP_UPLOADS__S3__ACCESS_KEY_ID", "AKIAEXAMPLE"),
            ("APP_UPLOADS__S3__SECRET_ACCESS_KEY", "hunter2hunter2"),
        ];
        let s3 = Settings::from_sources(env(&bucket)).unwrap();
        assert_eq!(s3.uploads.store, UploadStore::S3);
        assert_eq!(s3.uploads.s3.bucket, "hiram-pictures");
        assert!(!format!("{s3:?}").contains("hunter2"), "the secret key never prints");

        let refused = |changes: &[(&str, &str)]| {
            let mut pairs = bucket.to_vec();
            pairs.extend_from_slice(changes);
            match Settings::from_sources(env(&pairs)) {
                Err(ConfigError::Refused(message)) => message,
                other => panic!("{changes:?} expected a refusal, got {other:?}"),
            }
        };
        let plain = [("APP_UPLOADS__S3__ENDPOINT", "http://127.0.0.1:8333")];
        assert!(refused(&plain).contains("allow_http"));
        let mut allowed = plain.to_vec();
        allowed.push(("APP_UPLOADS__S3__ALLOW_HTTP", "true"));
        let mut pairs = bucket.to_vec();
        pairs.extend_from_slice(&allowed);
        assert!(Settings::from_sources(env(&pairs)).is_ok(), "http:// once allowed");
        assert!(refused(&[("APP_UPLOADS__S3__ENDPOINT", "https://s3.example/hiram-pictures")]).contains("host"));
        assert!(refused(&[("APP_UPLOADS__S3__ENDPOINT", "")]).contains("not an address"));
        for name in ["Hiram", "ab", "-hiram", "hiram-", "hiram/pictures", "hiram pictures"] {
            assert!(refused(&[("APP_UPLOADS__S3__BUCKET", name)]).contains("bucket name"), "{name}");
        }
        assert!(refused(&[("APP_UPLOADS__S3__SECRET_ACCESS_KEY", "")]).contains("secret_access_key"));
        assert!(refused(&[("APP_UPLOADS__S3__ACCESS_KEY_ID", "")]).contains("access_key_id"));
        assert!(refused(&[("APP_UPLOADS__S3__REGION", "")]).contains("region"));
        // A local store ignores an unfinished bucket.
        assert!(Settings::from_sources(env(&[("APP_UPLOADS__S3__BUCKET", "Not A Bucket")])).is_ok());
    }

    #[test]
    fn secrets_never_print() {
        let settings = Settings::from_sources(env(&[("DATABASE_URL", "postgres://u:hunter2@h/db")])).unwrap();
        assert!(!format!("{settings:?}").contains("hunter2"));
    }
}
