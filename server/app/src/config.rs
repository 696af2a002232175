//! Typed configuration: built-in defaults, then an optional file, then
//! environment variables. It fails fast at start-up, never mid-request.

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
    pub otp: OtpSettings,
    pub sms: SmsSettings,
    pub jobs: JobSettings,
    pub payments: PaymentSettings,
    pub uploads: UploadSettings,
    pub care: CareSettings,
    pub decision: DecisionSettings,
    pub staff: StaffSettings,
    pub demo: DemoSettings,
    pub log: LogSettings,
    pub company: CompanySettings,
    pub clock: ClockSettings,
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
    /// How often the server sends the repayment reminders that are due; 0
    /// turns the sending off.
    pub reminder_interval_seconds: u64,
    /// How often the server sends the queued texts whose sender did not
    /// (it crashed); 0 turns it off.
    pub outbox_interval_seconds: u64,
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

#[derive(Clone, Debug, Deserialize)]
pub struct PaymentSettings {
    pub sandbox_secret: Secret,
    /// Who sends payouts (and debits): the built-in sandbox or Xendit.
    pub gateway: GatewayProvider,
    pub xendit_base_url: String,
    pub xendit_secret_key: Secret,
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
    /// The folder of the local object store.
    pub dir: PathBuf,
    /// The largest picture accepted, as sent.
    pub max_megabytes: usize,
    /// Pictures one borrower may send in 24 hours.
    pub per_borrower_day: i64,
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

#[derive(Clone, Debug, Deserialize)]
pub struct StaffSettings {
    pub api_token: Secret,
    /// Mark the console's session cookie `Secure` (behind HTTPS).
    pub secure_cookie: bool,
}

#[derive(Clone, Debug, Deserialize)]
pub struct ServerSettings {
    pub host: String,
    /// 0 lets the operating system choose (tests do this).
    pub port: u16,
    pub shutdown_grace_seconds: u64,
    pub request_timeout_seconds: u64,
}

#[derive(Clone, Debug, Deserialize)]
pub struct DatabaseSettings {
    pub url: Secret,
    pub max_connections: usize,
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
        Settings::deserialize(toml::Value::Table(table)).map_err(|error| ConfigError::Invalid(Box::new(error)))
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
    fn secrets_never_print() {
        let settings = Settings::from_sources(env(&[("DATABASE_URL", "postgres://u:hunter2@h/db")])).unwrap();
        assert!(!format!("{settings:?}").contains("hunter2"));
    }
}
