//! Pay codes through the configured collection provider (decision 024):
//! issuing a single-use code or a loan's standing code, and receiving the
//! provider's notifications.
//!
//! A notification posts money only after the provider, asked about the
//! payment it names, confirms it: paid, in PHP, for one of our codes, for
//! the code's amount (any amount for a standing code), and agreeing with
//! everything the notification claimed. The provider's payment id is the
//! idempotency key (`{provider}:{payment id}`), so duplicate and
//! out-of-order deliveries post once; a single-use code is claimed by the
//! first payment that pays it, and any other payment of it posts nothing.

use crate::services::ServiceError;
use crate::state::AppState;
use hiram_domain::clock::end_of_manila_day;
use hiram_domain::collection_provider::{
    CollectionError, CollectionProvider, Denial, InstructionRequest, Notification, NotificationRefusal, Notified,
    check_payment,
};
use hiram_domain::money::Centavos;
use hiram_domain::order::Order;
use hiram_domain::payment::{Channel, PAY_CODE_LIFETIME, PayCode, payable};
use hiram_domain::store::{IdempotencyKey, Posting};
use sha2::{Digest, Sha256};
use std::sync::Arc;
use time::OffsetDateTime;

#[derive(Debug, thiserror::Error)]
pub enum IssueError {
    /// Nobody collects, or the channel is not live with the provider.
    #[error("the channel is not live")]
    ChannelOff,
    /// The order has had `payments.pay_codes_per_order_per_day` codes in
    /// the last day.
    #[error("too many pay codes for the order today")]
    TooMany,
    /// Nothing, or more than the loan owes today.
    #[error("the amount is not payable")]
    NotPayable,
    #[error(transparent)]
    Provider(#[from] CollectionError),
    #[error(transparent)]
    Service(#[from] ServiceError),
}

impl From<hiram_domain::store::StoreError> for IssueError {
    fn from(error: hiram_domain::store::StoreError) -> IssueError {
        IssueError::Service(error.into())
    }
}

/// 12 random digits.
fn random_code() -> Result<String, ServiceError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|error| ServiceError::Refused(error.to_string()))?;
    Ok(format!("{:012}", u64::from_le_bytes(bytes) % 1_000_000_000_000))
}

/// The provider, when the channel is live with it.
fn provider_for(state: &AppState, channel: Channel, standing: bool) -> Option<Arc<dyn CollectionProvider>> {
    let provider = state.collector.as_ref()?;
    let live = state.settings.payments.live_channels().contains(&channel) && provider.supports(channel, standing);
    live.then(|| Arc::clone(provider))
}

/// Whether borrowers can get a pay code at the channel now.
pub fn is_live(state: &AppState, channel: Channel) -> bool {
    provider_for(state, channel, false).is_some()
}

async fn payer_name(state: &AppState, order: &Order) -> Result<String, ServiceError> {
    let borrower = state.store.borrower(order.borrower_id).await?;
    Ok(borrower.and_then(|borrower| borrower.full_name).filter(|name| !name.trim().is_empty()).unwrap_or_else(|| {
        // Stores may check the payer's name; a loan always has one from KYC.
        "Hiram borrower".to_owned()
    }))
}

fn request(order: &Order, code: &PayCode, payer_name: String) -> InstructionRequest {
    InstructionRequest {
        reference: code.code.clone(),
        order_id: order.id,
        order_no: order.order_no.clone(),
        channel: code.channel,
        amount: code.amount,
        expires_at: code.expires_at,
        payer_name,
    }
}

/// What a code that pays an extension carries: its fee, and the renewal's
/// disclosure, stored with the code before the provider can take a payment
/// of it (decision 056).
pub struct ExtensionCode<'a> {
    pub fee: Centavos,
    pub offered_on: time::Date,
    /// The disclosure document, as JSON.
    pub disclosure: &'a str,
}

/// Issues a single-use code for `amount`: stored first (so every payment
/// of it can be matched, and an extension's disclosure is kept before it
/// can be paid), then made payable by the provider.
async fn issue(
    state: &AppState,
    order: &Order,
    channel: Channel,
    amount: Centavos,
    expires_at: OffsetDateTime,
    extension: Option<ExtensionCode<'_>>,
) -> Result<PayCode, IssueError> {
    let provider = provider_for(state, channel, false).ok_or(IssueError::ChannelOff)?;
    let code = PayCode {
        code: random_code()?,
        order_id: order.id,
        channel,
        amount: Some(amount),
        created_at: state.now(),
        expires_at: Some(expires_at),
        extension_fee: extension.as_ref().map(|extension| extension.fee),
        provider: provider.name().to_owned(),
        instruction: None,
    };
    // Each code is a payment request at the provider: a borrower (or a
    // script with their session) may not make them without end.
    let most = i64::from(state.settings.payments.pay_codes_per_order_per_day);
    if !state.store.insert_pay_code(&code, code.created_at - time::Duration::days(1), most).await? {
        return Err(IssueError::TooMany);
    }
    if let Some(extension) = &extension {
        state
            .store
            .store_renewal_disclosure(&code.code, order.id, extension.offered_on, extension.disclosure, state.now())
            .await?;
    }
    let instruction = provider.create_instruction(&request(order, &code, payer_name(state, order).await?)).await?;
    state.store.set_instruction(&code.code, &instruction).await?;
    Ok(PayCode { instruction: Some(instruction), ..code })
}

/// Offers a borrower a code paying `amount` of an open loan at `channel`:
/// part or all of what it owes today, or, with `extension`, the price of an
/// extension, which is interest to the day and so holds for today only.
pub async fn offer(
    state: &AppState,
    order: &Order,
    channel: Channel,
    amount: Centavos,
    extension: Option<ExtensionCode<'_>>,
) -> Result<PayCode, IssueError> {
    let mut expires_at = state.now() + PAY_CODE_LIFETIME;
    match &extension {
        Some(extension) => expires_at = expires_at.min(end_of_manila_day(extension.offered_on)),
        None => {
            if !payable(amount, crate::services::loans::owed_today(state, order.id).await?) {
                return Err(IssueError::NotPayable);
            }
        }
    }
    issue(state, order, channel, amount, expires_at, extension).await
}

/// The loan's standing code, made on first use: one per order, taking any
/// amount for as long as the loan is open. `None` when no standing channel
/// is configured or live.
pub async fn standing(state: &AppState, order: &Order) -> Result<Option<PayCode>, IssueError> {
    let Some(channel) = state.settings.payments.standing_channel.0 else { return Ok(None) };
    let Some(provider) = provider_for(state, channel, true) else { return Ok(None) };
    let code = match state.store.standing_code(order.id).await? {
        Some(code) if code.instruction.is_some() => return Ok(Some(code)),
        Some(code) => code,
        None => {
            let candidate = PayCode {
                code: random_code()?,
                order_id: order.id,
                channel,
                amount: None,
                created_at: state.now(),
                expires_at: None,
                extension_fee: None,
                provider: provider.name().to_owned(),
                instruction: None,
            };
            // Concurrent first loads agree on the first stored code.
            state.store.insert_standing_code(&candidate).await?
        }
    };
    if code.provider != provider.name() {
        // Made by a provider no longer configured, and never issued.
        return Ok(None);
    }
    // The provider answers the same reference with the same instruction,
    // so two first loads asking at once get one standing code.
    let instruction = provider.create_instruction(&request(order, &code, payer_name(state, order).await?)).await?;
    state.store.set_instruction(&code.code, &instruction).await?;
    Ok(Some(PayCode { instruction: Some(instruction), ..code }))
}

/// What became of a notification that passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Received {
    Posted,
    /// The payment was posted by an earlier delivery.
    Duplicate,
    /// An event that moves no money (a failed payment, an expiry).
    Ignored,
}

impl Received {
    pub fn key(self) -> &'static str {
        match self {
            Received::Posted => "posted",
            Received::Duplicate => "duplicate",
            Received::Ignored => "ignored",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ReceiveError {
    /// This provider does not collect here.
    #[error("the provider is off")]
    Off,
    #[error(transparent)]
    Notification(#[from] NotificationRefusal),
    /// The provider could not be asked; the notification should come again.
    #[error("the provider could not be asked: {0}")]
    Unavailable(String),
    #[error("denied: {0}")]
    Denied(Denial),
    /// Another payment already paid this single-use code.
    #[error("the single-use code was paid by another payment")]
    AlreadyPaid,
    /// The idempotency key was used with another payment.
    #[error("the payment key was used for another payment")]
    KeyReused,
    #[error(transparent)]
    Service(#[from] ServiceError),
}

/// Receives a notification for `provider_name` (the endpoint it came to):
/// verifies it, asks the provider about the payment, checks and posts.
pub async fn receive(
    state: &AppState,
    provider_name: &str,
    notification: &Notification<'_>,
) -> Result<Received, ReceiveError> {
    let provider =
        state.collector.as_ref().filter(|provider| provider.name() == provider_name).ok_or(ReceiveError::Off)?;
    let (payment_id, claimed) = match provider.verify_notification(notification)? {
        Notified::Payment { payment_id, claimed } => (payment_id, claimed),
        Notified::Other(event) => {
            tracing::info!(payment.event = event, "payment notification moves no money");
            return Ok(Received::Ignored);
        }
    };
    // Never believed as sent: only the provider's own answer posts.
    let payment = provider.payment(&payment_id).await.map_err(|error| ReceiveError::Unavailable(error.to_string()))?;
    let code = match payment.as_ref() {
        Some(payment) => state.store.pay_code(&payment.reference).await.map_err(ServiceError::from)?,
        None => None,
    };
    let code = code.filter(|code| code.provider == provider.name());
    let received = check_payment(&claimed, payment.as_ref(), code.as_ref()).map_err(ReceiveError::Denied)?;
    let code = code.ok_or(ReceiveError::Denied(Denial::UnknownCode))?;
    let key = format!("{}:{payment_id}", provider.name());
    if !code.is_standing() && !state.store.claim_pay_code(&code.code, &key).await.map_err(ServiceError::from)? {
        return Err(ReceiveError::AlreadyPaid);
    }
    let key = IdempotencyKey {
        fingerprint: Sha256::digest(format!("{}:{}", code.code, received.amount.get()).as_bytes()).into(),
        key,
    };
    match crate::services::money_in::post_payment(state, &received, &key).await? {
        Posting::Posted(_) => Ok(Received::Posted),
        Posting::Replayed(_) => Ok(Received::Duplicate),
        Posting::KeyReused => Err(ReceiveError::KeyReused),
    }
}
