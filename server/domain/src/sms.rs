//! Text messages and voice calls to borrowers, through a provider behind a
//! trait. Every message is also kept in the outbox that staff (and testers)
//! can read.

use crate::otp::Delivery;
use crate::phone::Phone;
use async_trait::async_trait;
use time::OffsetDateTime;

#[derive(Clone, Debug)]
pub struct OutboundMessage {
    pub phone: Phone,
    pub delivery: Delivery,
    pub body: String,
}

#[derive(Debug, thiserror::Error)]
pub enum SmsError {
    #[error("the provider cannot place {0} messages")]
    Unsupported(&'static str),
    #[error("the provider refused or failed: {0}")]
    Provider(String),
}

/// A way to reach a borrower's phone.
#[async_trait]
pub trait SmsSender: Send + Sync {
    /// The provider's name, recorded with each outbox entry.
    fn name(&self) -> &'static str;
    /// Whether the outbox may keep the message text as sent. The built-in
    /// outbox is the delivery itself; with a real provider the outbox keeps
    /// the text with one-time codes masked.
    fn outbox_keeps_codes(&self) -> bool;
    /// Whether messages leave through the provider. The built-in outbox
    /// is the delivery itself: its entries are sent once stored.
    fn sends(&self) -> bool;
    async fn send(&self, message: &OutboundMessage) -> Result<(), SmsError>;
}

/// How long the process that stored a queued text holds it for sending;
/// a text still queued after that (its sender crashed) is taken by the next
/// process that looks.
pub const SEND_CLAIM: time::Duration = time::Duration::seconds(60);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutboxStatus {
    /// Stored with the change it reports, waiting for the provider.
    Queued,
    Sent,
    Failed,
}

impl OutboxStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            OutboxStatus::Queued => "queued",
            OutboxStatus::Sent => "sent",
            OutboxStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<OutboxStatus> {
        match text {
            "queued" => Some(OutboxStatus::Queued),
            "sent" => Some(OutboxStatus::Sent),
            "failed" => Some(OutboxStatus::Failed),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutboxEntry {
    pub id: i64,
    pub phone: Phone,
    pub delivery: Delivery,
    pub body: String,
    pub provider: String,
    pub status: OutboxStatus,
    pub created_at: OffsetDateTime,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NewOutboxEntry {
    pub phone: Phone,
    pub delivery: Delivery,
    pub body: String,
    pub provider: String,
    pub status: OutboxStatus,
    pub created_at: OffsetDateTime,
}
