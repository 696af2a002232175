//! Messages to borrowers' phones. Every message lands in the outbox; a real
//! provider, when configured, also sends it.

mod outbox;
mod semaphore;

use crate::config::{SmsProvider, SmsSettings};
use crate::error::ApiError;
use crate::state::AppState;
use hiram_domain::otp::{Delivery, OtpCode};
use hiram_domain::phone::Phone;
use hiram_domain::sms::{NewOutboxEntry, OutboundMessage, OutboxEntry, OutboxStatus, SEND_CLAIM, SmsSender};
use std::sync::Arc;
use std::time::Duration;
use time::OffsetDateTime;

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

/// A text to store with the change it reports, in the same transaction:
/// queued for the provider when one sends, already delivered when the
/// outbox is the delivery.
pub fn queued(state: &AppState, phone: &Phone, body: String, at: OffsetDateTime) -> NewOutboxEntry {
    NewOutboxEntry {
        phone: phone.clone(),
        delivery: Delivery::Sms,
        body,
        provider: state.sms.name().to_owned(),
        status: if state.sms.sends() { OutboxStatus::Queued } else { OutboxStatus::Sent },
        created_at: at,
    }
}

/// Texts stored with a change, to hand to the provider once the change has
/// committed: a text never reports a change that did not stand, and one
/// left unsent goes out with the outbox's next sweep.
#[derive(Debug, Clone, Default)]
pub struct StoredTexts(pub Vec<(i64, NewOutboxEntry)>);

impl StoredTexts {
    pub async fn send(&self, state: &AppState) {
        for (id, text) in &self.0 {
            if text.status == OutboxStatus::Queued {
                send_stored(state, *id, &text.phone, text.delivery, &text.body).await;
            }
        }
    }
}

/// Hands stored texts to the provider and records how each went; the ones
/// stored as sent need nothing. A text this process does not finish (it
/// crashed) is sent by `send_queued_forever` once its claim runs out.
pub async fn dispatch(state: &AppState, stored: impl IntoIterator<Item = (i64, &NewOutboxEntry)>) {
    for (id, entry) in stored {
        if entry.status == OutboxStatus::Queued {
            send_stored(state, id, &entry.phone, entry.delivery, &entry.body).await;
        }
    }
}

async fn send_stored(state: &AppState, id: i64, phone: &Phone, delivery: Delivery, body: &str) {
    let message = OutboundMessage { phone: phone.clone(), delivery, body: body.to_owned() };
    let status = match state.sms.send(&message).await {
        Ok(()) => OutboxStatus::Sent,
        Err(error) => {
            tracing::warn!(outbox.id = id, error.detail = %error, "text refused by the provider");
            OutboxStatus::Failed
        }
    };
    if let Err(error) = state.store.finish_outbox(id, status).await {
        tracing::warn!(outbox.id = id, error.detail = %error, "text sent, but its outcome not recorded");
    }
}

/// Texts sent in one round; more wait for the next.
const SWEEP_BATCH: i64 = 100;

/// Runs `send_queued` every `period`, in every server process.
pub async fn send_queued_forever(state: AppState, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match send_queued(&state).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(outbox.sent = sent, "queued texts claimed and handed to the provider"),
            Err(error) => tracing::warn!(error.detail = %error, "queued texts not claimed"),
        }
    }
}

/// Sends the queued texts whose sender did not finish them (it crashed
/// after storing them): each is claimed first, so two processes never send
/// one at once. How many this round handed to the provider.
pub async fn send_queued(state: &AppState) -> Result<usize, hiram_domain::store::StoreError> {
    let now = state.now();
    let claimed = state.store.claim_queued_outbox(now, now + SEND_CLAIM, SWEEP_BATCH).await?;
    let count = claimed.len();
    for OutboxEntry { id, phone, delivery, body, .. } in claimed {
        send_stored(state, id, &phone, delivery, &body).await;
    }
    Ok(count)
}
