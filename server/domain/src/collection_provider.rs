//! Money in through a collection provider: the trait every provider
//! implements (the built-in sandbox, Xendit), beside the payout trait of
//! `payout.rs`, and the rules a provider's payment must pass before it
//! posts.
//!
//! A provider turns our pay code into something a borrower can pay (a
//! code for a store cashier, a QR Ph payload, an e-wallet's checkout page),
//! tells us about payments by notifications, and answers when asked about
//! one payment. A notification is never believed by itself: it names a
//! payment, the provider is asked about that payment, and only what the
//! provider answers is checked and posted.

use crate::general_ledger::statement::StatementLine;
use crate::money::Centavos;
use crate::order::OrderId;
use crate::payment::{Channel, PayCode, PaymentInstruction, ReceivedPayment};
use async_trait::async_trait;
use time::OffsetDateTime;

/// What the lender asks a provider to collect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstructionRequest {
    /// Our pay code: the provider reports it back with every payment.
    pub reference: String,
    pub order_id: OrderId,
    /// The order number, for the provider's description.
    pub order_no: String,
    pub channel: Channel,
    /// `None` asks for a standing code: any amount, any number of payments.
    pub amount: Option<Centavos>,
    pub expires_at: Option<OffsetDateTime>,
    /// The borrower's name, which store cashiers may check.
    pub payer_name: String,
}

/// A notification as it arrived: headers (names in lower case) and the
/// body, no HTTP types.
#[derive(Clone, Copy, Debug)]
pub struct Notification<'a> {
    pub headers: &'a [(String, String)],
    pub body: &'a [u8],
    pub received_at: OffsetDateTime,
}

impl Notification<'_> {
    /// The first value of a header, by its lower-case name.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }
}

/// What an authentic notification says happened, still to be checked
/// with the provider.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notified {
    /// A payment was collected: the provider's id, and what the
    /// notification claims about it.
    Payment { payment_id: String, claimed: Claimed },
    /// An event that moves no money (a failed payment, an expiry); its name.
    Other(String),
}

/// What a notification claims about a payment. The provider's own answer
/// must agree with every claim made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Claimed {
    pub reference: Option<String>,
    pub amount: Option<Centavos>,
    pub currency: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotificationRefusal {
    /// Not from the provider: a missing or wrong token or signature, or no
    /// secret configured to check it with.
    #[error("the notification is not authentic")]
    Unauthenticated,
    /// Signed, but older than the provider's window.
    #[error("the notification is stale")]
    Stale,
    #[error("the notification cannot be read")]
    Malformed,
}

/// Where a payment stands, as its provider says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentStatus {
    Succeeded,
    /// Still on its way (authorised, pending).
    Pending,
    /// Failed, cancelled or expired.
    Failed,
}

/// One payment as the provider reports it when asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderPayment {
    pub payment_id: String,
    /// Our pay code, as sent when the request was created.
    pub reference: String,
    /// The provider's request the payment belongs to, when it has such.
    pub provider_ref: Option<String>,
    pub status: PaymentStatus,
    pub amount: Centavos,
    pub currency: String,
}

#[derive(Debug, thiserror::Error)]
pub enum CollectionError {
    /// The provider could not be reached or answered nonsense; try again.
    #[error("collection provider unavailable: {0}")]
    Unavailable(String),
    /// The provider refused the request as such (a channel it does not
    /// offer, an amount out of its range).
    #[error("collection provider refused: {0}")]
    Refused(String),
}

/// The names of every collection provider the product has had, so a
/// posting made under one that is no longer configured is still found.
pub const PROVIDER_NAMES: [&str; 2] = ["sandbox", "xendit"];

/// The idempotency keys a provider's posting of transaction `reference`
/// would carry, whichever provider and however the transaction id was
/// cased (a borrower's reported reference is upper-cased).
pub fn posting_keys(reference: &str) -> Vec<String> {
    let spellings = [reference.to_owned(), reference.to_lowercase()];
    PROVIDER_NAMES.iter().flat_map(|name| spellings.iter().map(move |id| format!("{name}:{id}"))).collect()
}

/// A collection provider: money in from borrowers.
#[async_trait]
pub trait CollectionProvider: Send + Sync {
    /// Its name, the prefix of its payments' idempotency keys.
    fn name(&self) -> &'static str;
    /// Whether it can issue a code at the channel: a single-use one, or a
    /// standing one (`standing`) that takes any amount many times.
    fn supports(&self, channel: Channel, standing: bool) -> bool;
    /// Creates how the borrower pays `request`. Asked again with the same
    /// reference, it answers with the same instruction.
    async fn create_instruction(&self, request: &InstructionRequest) -> Result<PaymentInstruction, CollectionError>;
    /// Checks that a notification comes from the provider, the way the
    /// provider documents, and reads what it says.
    fn verify_notification(&self, notification: &Notification<'_>) -> Result<Notified, NotificationRefusal>;
    /// The payment as the provider has it; `None` when it knows no such
    /// payment.
    async fn payment(&self, payment_id: &str) -> Result<Option<ProviderPayment>, CollectionError>;
    /// The provider's own list of the payments it collected from `from`
    /// up to `to` (not included), each with the fee it kept: the statement
    /// the books are matched against (decisions 074, 080). All of it or an
    /// error, never part of it.
    async fn statement(&self, from: OffsetDateTime, to: OffsetDateTime) -> Result<Vec<StatementLine>, CollectionError>;
}

/// Why a payment the provider reported posts nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Denial {
    #[error("the provider knows no such payment")]
    Unknown,
    #[error("the provider says the payment is not paid")]
    NotPaid,
    #[error("the currency is not PHP")]
    Currency,
    #[error("the notification's claims differ from the provider's answer")]
    ClaimDiffers,
    #[error("no pay code has this reference")]
    UnknownCode,
    #[error("the payment belongs to another request of the provider")]
    OtherRequest,
    #[error("the amount differs from the pay code's")]
    Amount,
}

/// Checks the provider's answer about a payment against what the
/// notification claimed and against the pay code it names; the money to
/// post when every rule holds (fail closed).
pub fn check_payment(
    claimed: &Claimed,
    payment: Option<&ProviderPayment>,
    code: Option<&PayCode>,
) -> Result<ReceivedPayment, Denial> {
    let payment = payment.ok_or(Denial::Unknown)?;
    if payment.status != PaymentStatus::Succeeded {
        return Err(Denial::NotPaid);
    }
    if payment.currency != "PHP" {
        return Err(Denial::Currency);
    }
    let differs = claimed.reference.as_ref().is_some_and(|reference| *reference != payment.reference)
        || claimed.amount.is_some_and(|amount| amount != payment.amount)
        || claimed.currency.as_ref().is_some_and(|currency| *currency != payment.currency);
    if differs {
        return Err(Denial::ClaimDiffers);
    }
    let code = code.filter(|code| code.code == payment.reference).ok_or(Denial::UnknownCode)?;
    let issued_by = code.instruction.as_ref().map(|instruction| instruction.provider_ref.as_str()).unwrap_or("");
    if let Some(request) = payment.provider_ref.as_deref()
        && !issued_by.is_empty()
        && request != issued_by
    {
        return Err(Denial::OtherRequest);
    }
    let acceptable = match code.amount {
        Some(amount) => payment.amount == amount,
        None => payment.amount.get() > 0,
    };
    if !acceptable {
        return Err(Denial::Amount);
    }
    Ok(code.received(payment.amount))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    const NOW: OffsetDateTime = datetime!(2026-11-22 10:00 UTC);

    fn code(amount: Option<i64>) -> PayCode {
        PayCode {
            code: "123456789012".into(),
            order_id: OrderId(4),
            channel: Channel::Cebuana,
            amount: amount.map(Centavos::new),
            created_at: NOW,
            expires_at: None,
            extension_fee: None,
            provider: "xendit".into(),
            instruction: Some(PaymentInstruction {
                provider_ref: "pr-1".into(),
                pay_code: "HIRAM1234".into(),
                qr_string: None,
                checkout_url: None,
            }),
        }
    }

    fn paid(amount: i64) -> ProviderPayment {
        ProviderPayment {
            payment_id: "py-1".into(),
            reference: "123456789012".into(),
            provider_ref: Some("pr-1".into()),
            status: PaymentStatus::Succeeded,
            amount: Centavos::new(amount),
            currency: "PHP".into(),
        }
    }

    #[test]
    fn a_paid_single_use_code_posts_its_amount() {
        let received = check_payment(&Claimed::default(), Some(&paid(50_000)), Some(&code(Some(50_000)))).unwrap();
        assert_eq!(received.amount, Centavos::new(50_000));
        assert_eq!(received.order_id, OrderId(4));
        assert_eq!(received.channel, Channel::Cebuana);
    }

    #[test]
    fn a_standing_code_takes_any_positive_amount() {
        let received = check_payment(&Claimed::default(), Some(&paid(1_234)), Some(&code(None))).unwrap();
        assert_eq!(received.amount, Centavos::new(1_234));
        assert_eq!(check_payment(&Claimed::default(), Some(&paid(0)), Some(&code(None))), Err(Denial::Amount));
    }

    #[test]
    fn what_the_provider_denies_posts_nothing() {
        let single = code(Some(50_000));
        let none = Claimed::default();
        assert_eq!(check_payment(&none, None, Some(&single)), Err(Denial::Unknown));
        let pending = ProviderPayment { status: PaymentStatus::Pending, ..paid(50_000) };
        assert_eq!(check_payment(&none, Some(&pending), Some(&single)), Err(Denial::NotPaid));
        let dollars = ProviderPayment { currency: "USD".into(), ..paid(50_000) };
        assert_eq!(check_payment(&none, Some(&dollars), Some(&single)), Err(Denial::Currency));
        assert_eq!(check_payment(&none, Some(&paid(49_999)), Some(&single)), Err(Denial::Amount));
        assert_eq!(check_payment(&none, Some(&paid(50_000)), None), Err(Denial::UnknownCode));
        let elsewhere = ProviderPayment { provider_ref: Some("pr-2".into()), ..paid(50_000) };
        assert_eq!(check_payment(&none, Some(&elsewhere), Some(&single)), Err(Denial::OtherRequest));
        let other_code = ProviderPayment { reference: "999999999999".into(), ..paid(50_000) };
        assert_eq!(check_payment(&none, Some(&other_code), Some(&single)), Err(Denial::UnknownCode));
    }

    #[test]
    fn a_notification_whose_claims_differ_from_the_provider_posts_nothing() {
        let single = code(Some(50_000));
        let more = Claimed { amount: Some(Centavos::new(90_000)), ..Claimed::default() };
        assert_eq!(check_payment(&more, Some(&paid(50_000)), Some(&single)), Err(Denial::ClaimDiffers));
        let other = Claimed { reference: Some("000000000000".into()), ..Claimed::default() };
        assert_eq!(check_payment(&other, Some(&paid(50_000)), Some(&single)), Err(Denial::ClaimDiffers));
        let agreeing = Claimed {
            reference: Some("123456789012".into()),
            amount: Some(Centavos::new(50_000)),
            currency: Some("PHP".into()),
        };
        assert!(check_payment(&agreeing, Some(&paid(50_000)), Some(&single)).is_ok());
    }
}
