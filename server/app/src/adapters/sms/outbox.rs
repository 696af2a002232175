use async_trait::async_trait;
use hiram_domain::sms::{OutboundMessage, SmsError, SmsSender};

/// The built-in provider: the outbox is the delivery. Staff read messages in
/// the console and testers with `hiram sms-outbox`.
pub struct OutboxOnly;

#[async_trait]
impl SmsSender for OutboxOnly {
    fn name(&self) -> &'static str {
        "outbox"
    }

    fn outbox_keeps_codes(&self) -> bool {
        true
    }

    fn sends(&self) -> bool {
        false
    }

    async fn send(&self, _message: &OutboundMessage) -> Result<(), SmsError> {
        Ok(())
    }
}
