//! Texts and mail: one-time codes, the SMS provider, mail to staff.

use super::Secret;
use serde::Deserialize;
use std::path::PathBuf;

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
