//! What every handler can reach.

use crate::config::Settings;
use hiram_domain::otp::OtpPolicy;
use hiram_domain::session::SessionPolicy;
use hiram_domain::sms::SmsSender;
use hiram_domain::store::Store;
use std::sync::Arc;
use time::{Duration, OffsetDateTime};

#[derive(Clone)]
pub struct AppState {
    pub store: Arc<dyn Store>,
    pub settings: Arc<Settings>,
    pub sms: Arc<dyn SmsSender>,
}

impl AppState {
    /// The one clock of the server.
    pub fn now(&self) -> OffsetDateTime {
        OffsetDateTime::now_utc()
    }

    pub fn otp_policy(&self) -> OtpPolicy {
        let otp = &self.settings.otp;
        OtpPolicy {
            validity: Duration::seconds(otp.validity_seconds),
            max_wrong_tries: otp.max_wrong_tries,
            resend_after: Duration::seconds(otp.resend_after_seconds),
            per_phone_hour: otp.per_phone_hour,
            per_phone_day: otp.per_phone_day,
            per_address_hour: otp.per_address_hour,
            per_address_day: otp.per_address_day,
        }
    }

    pub fn session_policy(&self) -> SessionPolicy {
        SessionPolicy {
            idle: Duration::minutes(self.settings.session.idle_minutes),
            absolute: Duration::days(self.settings.session.absolute_days),
        }
    }
}
