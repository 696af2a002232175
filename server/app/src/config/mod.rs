//! Typed configuration: built-in defaults, then an optional file, then
//! environment variables. It fails fast at start-up, never mid-request.
//! One file a section of `config/default.toml`; this one loads them.

use hiram_domain::payment::{Channel, ChannelKind};
use serde::Deserialize;
use std::fmt;
use std::path::PathBuf;
use subtle::ConstantTimeEq;

mod jobs;
mod lending;
mod messaging;
mod payments;
mod server;
mod uploads;

pub use jobs::{ClockSettings, JobSettings};
pub use lending::{CalendarDate, CareSettings, DecisionSettings, DemoSettings};
pub use messaging::{MailSettings, OtpSettings, SmsProvider, SmsSettings};
pub use payments::{Collector, GatewayProvider, LiveChannel, PaymentSettings, StandingChannel};
pub use server::{
    ConsoleSettings, DatabaseSettings, Environment, LogFormat, LogSettings, ServerSettings, SessionSettings,
    WebSettings,
};
pub use uploads::{S3Settings, UploadSettings, UploadStore};

const DEFAULTS: &str = include_str!("../../config/default.toml");

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
    /// The lender's details until staff save their own (`crate::company`).
    pub company: hiram_domain::company::CompanyDetails,
    pub clock: ClockSettings,
    pub mail: MailSettings,
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
        !expected.is_empty() && bool::from(expected.ct_eq(presented.as_bytes()))
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
    /// A key no setting has: a misspelling, or a setting that is gone.
    #[error("unknown setting {key} (from {origin}): no such setting; `hiram check-config` lists them all")]
    UnknownKey { key: String, origin: String },
    /// A value of the wrong kind for its setting.
    #[error("setting {key} (from {origin}) takes {expected}, not {found}")]
    WrongType { key: String, origin: String, expected: &'static str, found: String },
}

impl Settings {
    /// Reads the settings of this process: defaults, `APP_CONFIG_FILE`, the
    /// environment.
    pub fn load() -> Result<Settings, ConfigError> {
        Settings::from_sources(std::env::vars())
    }

    /// Builds settings from the given environment, so tests can pass their own.
    pub fn from_sources(environment: impl IntoIterator<Item = (String, String)>) -> Result<Settings, ConfigError> {
        let defaults = parse("defaults", DEFAULTS)?;
        let mut table = defaults.clone();
        let environment: Vec<(String, String)> = environment.into_iter().collect();
        if let Some((_, path)) = environment.iter().find(|(key, _)| key == "APP_CONFIG_FILE") {
            let path = PathBuf::from(path);
            let text =
                std::fs::read_to_string(&path).map_err(|source| ConfigError::File { path: path.clone(), source })?;
            let origin = format!("config file {}", path.display());
            let file = parse(&origin, &text)?;
            if file.contains_key("staff") {
                return Err(staff_token_gone());
            }
            known(&defaults, &file, &mut Vec::new(), &origin)?;
            merge(&mut table, file);
        }
        if let Some((_, url)) = environment.iter().find(|(key, _)| key == "DATABASE_URL") {
            set(&mut table, &["database", "url"], toml::Value::String(url.clone()));
        }
        for (key, value) in &environment {
            let Some(path) = key.strip_prefix("APP_") else { continue };
            if key == "APP_CONFIG_FILE" {
                continue;
            }
            if path.starts_with("STAFF__") {
                return Err(staff_token_gone());
            }
            let segments: Vec<String> = path.split("__").map(str::to_lowercase).collect();
            let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
            set(&mut table, &segments, from_environment(&defaults, &segments, key, value)?);
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

/// The old all-powerful staff token, still set: an operator would otherwise
/// see every script refused without knowing why.
fn staff_token_gone() -> ConfigError {
    ConfigError::Refused(
        "staff.api_token (APP_STAFF__API_TOKEN) is gone: scripts use named staff API tokens, made in the \
         console's API tokens section or with `hiram staff-token` (decision 036)"
            .to_owned(),
    )
}

/// What a kind of value is called in a refusal.
fn kind_of(value: &toml::Value) -> &'static str {
    match value {
        toml::Value::String(_) => "text",
        toml::Value::Integer(_) => "a whole number",
        toml::Value::Float(_) => "a number",
        toml::Value::Boolean(_) => "true or false",
        toml::Value::Datetime(_) => "a date",
        toml::Value::Array(_) => "a list",
        toml::Value::Table(_) => "a section of settings",
    }
}

/// Every key of `given` (a config file) is a setting the defaults hold,
/// each value of the kind its default is (a whole number where a number
/// goes is fine): a misspelt or ill-typed key is refused, named with where
/// it came from, instead of being ignored (decision 082).
fn known(defaults: &toml::Table, given: &toml::Table, path: &mut Vec<String>, origin: &str) -> Result<(), ConfigError> {
    for (key, value) in given {
        path.push(key.clone());
        let name = path.join(".");
        let Some(default) = defaults.get(key) else {
            return Err(ConfigError::UnknownKey { key: name, origin: origin.to_owned() });
        };
        let fits = match (default, value) {
            (toml::Value::Table(nested), toml::Value::Table(inner)) => {
                known(nested, inner, path, origin)?;
                true
            }
            (toml::Value::Float(_), toml::Value::Integer(_)) => true,
            (default, value) => std::mem::discriminant(default) == std::mem::discriminant(value),
        };
        if !fits {
            return Err(ConfigError::WrongType {
                key: name,
                origin: origin.to_owned(),
                expected: kind_of(default),
                found: kind_of(value).to_owned(),
            });
        }
        path.pop();
    }
    Ok(())
}

/// An `APP_` variable's value, read as the kind of its setting's default:
/// `APP_SERVER__PORT=9000` a number, `APP_COMPANY__PHONE=0287654321` text
/// (all digits, still text), `APP_DEMO__SEED_ON_EMPTY=false` a boolean; a
/// list is its items separated by commas. A variable naming no setting, or
/// a value that does not read as its kind, is refused naming the variable.
fn from_environment(
    defaults: &toml::Table,
    segments: &[&str],
    variable: &str,
    text: &str,
) -> Result<toml::Value, ConfigError> {
    let key = segments.join(".");
    let origin = format!("environment variable {variable}");
    let unknown = || ConfigError::UnknownKey { key: key.clone(), origin: origin.clone() };
    let (last, parents) = segments.split_last().ok_or_else(unknown)?;
    let mut table = defaults;
    for segment in parents {
        match table.get(*segment) {
            Some(toml::Value::Table(nested)) => table = nested,
            _ => return Err(unknown()),
        }
    }
    let default = table.get(*last).ok_or_else(unknown)?;
    let wrong = || ConfigError::WrongType {
        key: key.clone(),
        origin: origin.clone(),
        expected: kind_of(default),
        found: format!("{text:?}"),
    };
    Ok(match default {
        toml::Value::String(_) => toml::Value::String(text.to_owned()),
        toml::Value::Integer(_) => toml::Value::Integer(text.trim().parse().map_err(|_| wrong())?),
        toml::Value::Float(_) => toml::Value::Float(text.trim().parse().map_err(|_| wrong())?),
        toml::Value::Boolean(_) => toml::Value::Boolean(text.trim().parse().map_err(|_| wrong())?),
        toml::Value::Array(_) => toml::Value::Array(
            text.split(',')
                .map(str::trim)
                .filter(|item| !item.is_empty())
                .map(|item| toml::Value::String(item.to_owned()))
                .collect(),
        ),
        toml::Value::Datetime(_) | toml::Value::Table(_) => return Err(wrong()),
    })
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
    fn a_misspelt_key_is_refused_naming_it_and_where_it_came_from() {
        let file = std::env::temp_dir().join(format!("hiram-check-{}.toml", std::process::id()));
        std::fs::write(&file, "[server]\nprot = 9000\n").unwrap();
        let path = file.display().to_string();
        let refusal = Settings::from_sources(env(&[("APP_CONFIG_FILE", &path)])).err().unwrap().to_string();
        assert!(refusal.contains("unknown setting server.prot") && refusal.contains(&path), "{refusal}");
        std::fs::write(&file, "[servre]\nport = 9000\n").unwrap();
        let refusal = Settings::from_sources(env(&[("APP_CONFIG_FILE", &path)])).err().unwrap().to_string();
        assert!(refusal.contains("unknown setting servre"), "{refusal}");
        std::fs::remove_file(&file).unwrap();
        for variable in ["APP_SERVER__PROT", "APP_SERVER_PORT", "APP_SERVER__PORT__X"] {
            let refusal = Settings::from_sources(env(&[(variable, "9000")])).err().unwrap().to_string();
            assert!(refusal.contains(&format!("environment variable {variable}")), "{variable}: {refusal}");
        }
    }

    #[test]
    fn an_ill_typed_value_is_refused_naming_it_and_all_digit_text_stays_text() {
        let refusal = Settings::from_sources(env(&[("APP_SERVER__PORT", "eighty")])).err().unwrap().to_string();
        assert!(
            refusal.contains("setting server.port (from environment variable APP_SERVER__PORT) takes a whole number"),
            "{refusal}"
        );
        let file = std::env::temp_dir().join(format!("hiram-type-{}.toml", std::process::id()));
        std::fs::write(&file, "[server]\nport = \"9000\"\n").unwrap();
        let path = file.display().to_string();
        let refusal = Settings::from_sources(env(&[("APP_CONFIG_FILE", &path)])).err().unwrap().to_string();
        assert!(
            refusal.contains("server.port") && refusal.contains(&path) && refusal.contains("not text"),
            "{refusal}"
        );
        std::fs::remove_file(&file).unwrap();
        let refusal = Settings::from_sources(env(&[("APP_DEMO__SEED_ON_EMPTY", "yes")])).err().unwrap().to_string();
        assert!(refusal.contains("takes true or false"), "{refusal}");
        // A telephone number of digits is still text, read as its setting's kind.
        let settings = Settings::from_sources(env(&[("APP_COMPANY__PHONE", "0287654321")])).unwrap();
        assert_eq!(settings.company.phone, "0287654321");
    }

    #[test]
    fn secrets_never_print() {
        let settings = Settings::from_sources(env(&[("DATABASE_URL", "postgres://u:hunter2@h/db")])).unwrap();
        assert!(!format!("{settings:?}").contains("hunter2"));
    }
}
