//! Semaphore (semaphore.co), a Philippine SMS API: `POST {base}/messages`
//! with a form of `apikey`, `number`, `message`, `sendername`; the answer is
//! a JSON array with one object per message (`message_id`, `status`, ...).

use crate::config::Secret;
use async_trait::async_trait;
use hiram_domain::otp::Delivery;
use hiram_domain::sms::{OutboundMessage, SmsError, SmsSender};
use serde::Deserialize;
use std::time::Duration;

pub struct Semaphore {
    client: reqwest::Client,
    base_url: String,
    api_key: Secret,
    sender_name: String,
}

#[derive(Deserialize)]
struct Accepted {
    message_id: i64,
    status: String,
}

impl Semaphore {
    pub fn new(base_url: String, api_key: Secret, sender_name: String) -> Semaphore {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .expect("an HTTP client with a timeout always builds");
        Semaphore { client, base_url: base_url.trim_end_matches('/').to_owned(), api_key, sender_name }
    }
}

#[async_trait]
impl SmsSender for Semaphore {
    fn name(&self) -> &'static str {
        "semaphore"
    }

    fn outbox_keeps_codes(&self) -> bool {
        false
    }

    fn sends(&self) -> bool {
        true
    }

    async fn send(&self, message: &OutboundMessage) -> Result<(), SmsError> {
        if message.delivery == Delivery::Voice {
            return Err(SmsError::Unsupported("voice"));
        }
        if self.api_key.expose().is_empty() {
            return Err(SmsError::Provider("no API key configured".to_owned()));
        }
        // Semaphore wants the national form of the number.
        let number = format!("0{}", &message.phone.e164()[3..]);
        let form = [
            ("apikey", self.api_key.expose()),
            ("number", number.as_str()),
            ("message", message.body.as_str()),
            ("sendername", self.sender_name.as_str()),
        ];
        let response = self
            .client
            .post(format!("{}/messages", self.base_url))
            .form(&form)
            .send()
            .await
            .map_err(|error| SmsError::Provider(format!("request failed: {}", error.without_url())))?;
        let status = response.status();
        if !status.is_success() {
            return Err(SmsError::Provider(format!("HTTP {status}")));
        }
        let accepted: Vec<Accepted> =
            response.json().await.map_err(|error| SmsError::Provider(format!("unreadable answer: {error}")))?;
        match accepted.first() {
            Some(first) if !first.status.eq_ignore_ascii_case("failed") => {
                tracing::info!(sms.provider_id = first.message_id, sms.status = %first.status, "SMS accepted by Semaphore");
                Ok(())
            }
            Some(first) => Err(SmsError::Provider(format!("message {} failed", first.message_id))),
            None => Err(SmsError::Provider("empty answer".to_owned())),
        }
    }
}
