//! The sandbox collection provider, a demo (D8): it issues pay codes that
//! only its own test page (`/sandbox/pay`, the `sandbox` feature) can pay,
//! a well-formed QR Ph payload for the QR channel, and its own page as the
//! e-wallets' checkout. Its notifications are the page's signed callbacks
//! (HMAC-SHA256 of `timestamp.body`, within 300 s), and what it collected is
//! its statement (`gateway_payment`), which it answers from when asked
//! about a payment, as a real provider's API does.

use crate::config::Secret;
use crate::services::callback_signing::{SIGNATURE_HEADER, TIMESTAMP_HEADER, verify_signature};
use async_trait::async_trait;
use hiram_domain::collection_provider::{
    Claimed, CollectionError, CollectionProvider, InstructionRequest, Notification, NotificationRefusal, Notified,
    PaymentStatus, ProviderPayment,
};
use hiram_domain::general_ledger::statement::StatementLine;
use hiram_domain::money::Centavos;
use hiram_domain::payment::{CALLBACK_WINDOW, Channel, ChannelKind, PaymentInstruction};
use hiram_domain::qr_ph::MerchantQr;
use hiram_domain::store::Store;
use serde::Deserialize;
use std::sync::Arc;
use time::OffsetDateTime;

pub struct SandboxCollector {
    store: Arc<dyn Store>,
    secret: Secret,
}

impl SandboxCollector {
    pub fn new(store: Arc<dyn Store>, secret: Secret) -> SandboxCollector {
        SandboxCollector { store, secret }
    }
}

/// The page the sandbox pays a code on, standing in for an e-wallet's
/// checkout.
pub fn page_url(code: &str) -> String {
    format!("/sandbox/pay?code={code}")
}

/// The sandbox's QR Ph payload: an EMVCo merchant-presented code any QR
/// reader reads back, for a merchant that does not exist.
fn qr_payload(reference: &str, amount: Option<Centavos>) -> Result<String, CollectionError> {
    MerchantQr {
        acquirer: "SANDBOXPH".to_owned(),
        merchant_id: "HIRAM-SANDBOX".to_owned(),
        category: "6012".to_owned(),
        merchant_name: "HIRAM SANDBOX TEST".to_owned(),
        merchant_city: "MAKATI".to_owned(),
        amount,
        reference: reference.to_owned(),
    }
    .payload()
    .map_err(|error| CollectionError::Refused(error.to_string()))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CallbackBody {
    transaction_id: String,
    pay_code: String,
    amount: i64,
    currency: String,
}

#[async_trait]
impl CollectionProvider for SandboxCollector {
    fn name(&self) -> &'static str {
        hiram_domain::collection_provider::PROVIDER_NAMES[0]
    }

    fn supports(&self, channel: Channel, standing: bool) -> bool {
        match channel.kind() {
            ChannelKind::OverTheCounter => true,
            ChannelKind::EWallet | ChannelKind::Qr => !standing,
            ChannelKind::Debit => false,
        }
    }

    async fn create_instruction(&self, request: &InstructionRequest) -> Result<PaymentInstruction, CollectionError> {
        let qr_string = match request.channel.kind() {
            ChannelKind::Qr => Some(qr_payload(&request.reference, request.amount)?),
            _ => None,
        };
        let checkout_url = (request.channel.kind() == ChannelKind::EWallet).then(|| page_url(&request.reference));
        Ok(PaymentInstruction {
            provider_ref: String::new(),
            pay_code: request.reference.clone(),
            qr_string,
            checkout_url,
        })
    }

    fn verify_notification(&self, notification: &Notification<'_>) -> Result<Notified, NotificationRefusal> {
        let secret = self.secret.expose();
        let timestamp: i64 = notification
            .header(TIMESTAMP_HEADER)
            .and_then(|value| value.parse().ok())
            .ok_or(NotificationRefusal::Unauthenticated)?;
        let signature = notification.header(SIGNATURE_HEADER).unwrap_or("");
        if secret.is_empty() || !verify_signature(secret, timestamp, notification.body, signature) {
            return Err(NotificationRefusal::Unauthenticated);
        }
        let sent_at =
            time::OffsetDateTime::from_unix_timestamp(timestamp).map_err(|_| NotificationRefusal::Malformed)?;
        if (notification.received_at - sent_at).abs() > CALLBACK_WINDOW {
            return Err(NotificationRefusal::Stale);
        }
        let body: CallbackBody =
            serde_json::from_slice(notification.body).map_err(|_| NotificationRefusal::Malformed)?;
        if body.transaction_id.is_empty() || body.transaction_id.len() > 64 {
            return Err(NotificationRefusal::Malformed);
        }
        Ok(Notified::Payment {
            payment_id: body.transaction_id,
            claimed: Claimed {
                reference: Some(body.pay_code),
                amount: Some(Centavos::new(body.amount)),
                currency: Some(body.currency),
            },
        })
    }

    async fn payment(&self, payment_id: &str) -> Result<Option<ProviderPayment>, CollectionError> {
        let recorded = self
            .store
            .gateway_payment(payment_id)
            .await
            .map_err(|error| CollectionError::Unavailable(error.to_string()))?;
        Ok(recorded.map(|payment| ProviderPayment {
            payment_id: payment.transaction_id,
            reference: payment.pay_code,
            provider_ref: None,
            status: PaymentStatus::Succeeded,
            amount: payment.amount,
            currency: "PHP".to_owned(),
        }))
    }

    async fn statement(&self, from: OffsetDateTime, to: OffsetDateTime) -> Result<Vec<StatementLine>, CollectionError> {
        let paid = self
            .store
            .gateway_payments_between(from, to)
            .await
            .map_err(|error| CollectionError::Unavailable(error.to_string()))?;
        // The sandbox keeps no fee of what it collects.
        Ok(paid
            .into_iter()
            .map(|payment| StatementLine {
                reference: payment.transaction_id,
                amount: payment.amount,
                fee: Centavos::ZERO,
            })
            .collect())
    }
}
