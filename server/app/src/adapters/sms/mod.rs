//! Messages to borrowers' phones. Every message lands in the outbox; a real
//! provider, when configured, also sends it.

mod outbox;
mod semaphore;

use crate::config::{SmsProvider, SmsSettings};
use crate::error::ApiError;
use crate::state::AppState;
use hiram_domain::otp::{Delivery, OtpCode};
use hiram_domain::phone::Phone;
use hiram_domain::sms::{NewOutboxEntry, OutboundMessage, OutboxStatus, SmsSender};
use std::sync::Arc;

pub use outbox::OutboxOnly;
pub use semaphore::Semaphore;

pub fn sender(settings: &SmsSettings) -> Arc<dyn SmsSender> {
    match settings.provider {
        SmsProvider::Outbox => Arc::new(OutboxOnly),
        SmsProvider::Semaphore => Arc::new(Semaphore::new(
            settings.semaphore_base_url.clone(),
            settings.semaphore_api_key.clone(),
            settings.sender_name.clone(),
        )),
    }
}

/// Sends a one-time code: records it in the outbox (with the code masked
/// when a real provider carries the real text) and hands it to the provider.
pub async fn deliver_code(
    state: &AppState,
    phone: &Phone,
    delivery: Delivery,
    template: &str,
    code: &OtpCode,
) -> Result<(), ApiError> {
    let message = OutboundMessage { phone: phone.clone(), delivery, body: template.replace("{code}", code.expose()) };
    let kept_body =
        if state.sms.outbox_keeps_codes() { message.body.clone() } else { template.replace("{code}", "******") };
    let outcome = state.sms.send(&message).await;
    let entry = NewOutboxEntry {
        phone: phone.clone(),
        delivery,
        body: kept_body,
        provider: state.sms.name().to_owned(),
        status: if outcome.is_ok() { OutboxStatus::Sent } else { OutboxStatus::Failed },
        created_at: state.now(),
    };
    state.store.record_outbox(&entry).await?;
    outcome.map_err(|error| ApiError::Unavailable(error.to_string()))
}

/// A text about the borrower's loan (a receipt, a payout). A failed SMS is
/// recorded in the outbox as failed for staff to see, never an error: it
/// must not undo the money movement it reports.
pub async fn notify(state: &AppState, phone: &Phone, body: String) {
    let message = OutboundMessage { phone: phone.clone(), delivery: Delivery::Sms, body: body.clone() };
    let outcome = state.sms.send(&message).await;
    let entry = NewOutboxEntry {
        phone: phone.clone(),
        delivery: Delivery::Sms,
        body,
        provider: state.sms.name().to_owned(),
        status: if outcome.is_ok() { OutboxStatus::Sent } else { OutboxStatus::Failed },
        created_at: state.now(),
    };
    if let Err(error) = state.store.record_outbox(&entry).await {
        tracing::warn!(error.detail = %error, "text to borrower not recorded");
    }
}
