//! Money out: the account a borrower binds to receive a loan (a bank
//! account over InstaPay or an e-wallet), and the payout a gateway makes
//! to it. Account numbers leave the server only masked.

use crate::borrower::BorrowerId;
use crate::money::Centavos;
use crate::order::OrderId;
use crate::phone::Phone;
use async_trait::async_trait;
use time::OffsetDateTime;

/// The card types of the bind form (spec §4 "Bind bank": default 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountKind {
    /// A bank account, paid over InstaPay (channel 90006).
    Bank,
    /// A GCash or Maya wallet, paid to its mobile number.
    EWallet,
}

impl AccountKind {
    pub fn card_type(self) -> i64 {
        match self {
            AccountKind::Bank => 1,
            AccountKind::EWallet => 2,
        }
    }

    pub fn from_card_type(card_type: i64) -> Option<AccountKind> {
        [AccountKind::Bank, AccountKind::EWallet].into_iter().find(|kind| kind.card_type() == card_type)
    }
}

/// The payout rail of bank accounts, the form's default channel.
pub const INSTAPAY_CHANNEL: i64 = 90006;

/// Where a payout can go: banks reachable over InstaPay, then e-wallets.
/// Codes are ours; a gateway adapter maps them to its own.
pub const BANKS: [(&str, &str); 12] = [
    ("BDO", "BDO Unibank"),
    ("BPI", "Bank of the Philippine Islands"),
    ("MBTC", "Metrobank"),
    ("LBP", "Land Bank of the Philippines"),
    ("PNB", "Philippine National Bank"),
    ("SECB", "Security Bank"),
    ("UBP", "UnionBank"),
    ("RCBC", "RCBC"),
    ("CBC", "China Bank"),
    ("EWB", "EastWest Bank"),
    ("DBP", "Development Bank of the Philippines"),
    ("PSB", "PSBank"),
];
pub const WALLETS: [(&str, &str); 2] = [("GCASH", "GCash"), ("MAYA", "Maya")];

/// What a borrower asked to bind, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountDetails {
    pub kind: AccountKind,
    /// A code of [`BANKS`] or [`WALLETS`].
    pub provider: String,
    /// Digits only: a bank account number, or the wallet's mobile number in
    /// its national form (09…).
    pub number: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AccountError {
    #[error("unknown account type")]
    Kind,
    #[error("unknown bank or e-wallet")]
    Provider,
    #[error("the account number is not valid")]
    Number,
}

impl AccountDetails {
    /// Checks what the form sent: a known type and provider, and a number
    /// of the right shape (bank accounts 10 to 16 digits; wallets a
    /// Philippine mobile number).
    pub fn parse(card_type: i64, provider: &str, number: &str) -> Result<AccountDetails, AccountError> {
        let kind = AccountKind::from_card_type(card_type).ok_or(AccountError::Kind)?;
        let providers: &[(&str, &str)] = match kind {
            AccountKind::Bank => &BANKS,
            AccountKind::EWallet => &WALLETS,
        };
        let provider = providers.iter().find(|(code, _)| *code == provider).ok_or(AccountError::Provider)?.0;
        let number = match kind {
            AccountKind::Bank => {
                if !(10..=16).contains(&number.len()) || !number.bytes().all(|byte| byte.is_ascii_digit()) {
                    return Err(AccountError::Number);
                }
                number.to_owned()
            }
            AccountKind::EWallet => Phone::parse(number).map_err(|_| AccountError::Number)?.national(),
        };
        Ok(AccountDetails { kind, provider: provider.to_owned(), number })
    }

    pub fn provider_name(&self) -> &'static str {
        BANKS.iter().chain(WALLETS.iter()).find(|(code, _)| *code == self.provider).map_or("", |(_, name)| name)
    }

    /// The number as every page and message shows it: only its last four
    /// digits.
    pub fn masked(&self) -> String {
        mask(&self.number)
    }
}

/// `•••• 1234`: the last four digits, never more.
pub fn mask(number: &str) -> String {
    let tail: String = number.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
    format!("•••• {tail}")
}

/// A bound account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoutAccount {
    pub id: i64,
    pub borrower_id: BorrowerId,
    pub details: AccountDetails,
    pub bound_at: OffsetDateTime,
}

/// What the lender sends for an order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayoutRequest {
    pub order_id: OrderId,
    /// The order number: a gateway pays one reference once.
    pub reference: String,
    /// The net proceeds (principal less the deducted fee).
    pub amount: Centavos,
    pub account: AccountDetails,
    pub account_holder: String,
    /// The gateway's id of an earlier try still in flight, to ask about it
    /// rather than pay again.
    pub pending_transaction: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PayoutResult {
    /// The money left; the gateway's transaction id.
    Sent { transaction_id: String },
    /// The gateway took the payout but has not sent it yet (a destination
    /// offline, a compliance review): ask again later under this id.
    Pending { transaction_id: String },
    /// The gateway or the receiving bank refused; the reason is for staff.
    Refused { reason: String },
}

#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    /// The gateway could not be reached or answered nonsense: the outcome
    /// is unknown, so the payout is asked again later with the same
    /// reference.
    #[error("gateway unavailable: {0}")]
    Unavailable(String),
}

/// Money pulled from a borrower's bound account, which the borrower
/// authorised with a one-time code (the old repayment store).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebitRequest {
    /// Ours, unique per debit: a gateway collects one reference once.
    pub reference: String,
    pub amount: Centavos,
    pub account: AccountDetails,
    pub account_holder: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DebitResult {
    Collected {
        transaction_id: String,
    },
    /// Insufficient funds, a closed account; the reason is for staff.
    Declined {
        reason: String,
    },
}

/// A payment gateway: money out to borrowers, and money pulled from their
/// accounts when they ask. (Pay codes paid at a channel come back as signed
/// callbacks.)
#[async_trait]
pub trait PaymentGateway: Send + Sync {
    fn name(&self) -> &'static str;
    async fn payout(&self, request: &PayoutRequest) -> Result<PayoutResult, GatewayError>;
    async fn debit(&self, request: &DebitRequest) -> Result<DebitResult, GatewayError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bank_account_needs_a_known_bank_and_ten_to_sixteen_digits() {
        let account = AccountDetails::parse(1, "BPI", "001234567890").unwrap();
        assert_eq!(account.masked(), "•••• 7890");
        assert_eq!(account.provider_name(), "Bank of the Philippine Islands");
        assert_eq!(AccountDetails::parse(1, "GCASH", "001234567890"), Err(AccountError::Provider));
        assert_eq!(AccountDetails::parse(1, "BPI", "123456789"), Err(AccountError::Number));
        assert_eq!(AccountDetails::parse(1, "BPI", "12345678901234567"), Err(AccountError::Number));
        assert_eq!(AccountDetails::parse(1, "BPI", "0012-3456-7890"), Err(AccountError::Number));
        assert_eq!(AccountDetails::parse(3, "BPI", "001234567890"), Err(AccountError::Kind));
    }

    #[test]
    fn a_wallet_is_a_philippine_mobile_number() {
        let wallet = AccountDetails::parse(2, "GCASH", "+639171234567").unwrap();
        assert_eq!(wallet.number, "09171234567");
        assert_eq!(wallet.masked(), "•••• 4567");
        assert_eq!(AccountDetails::parse(2, "MAYA", "12345"), Err(AccountError::Number));
    }

    #[test]
    fn masking_shows_at_most_four_digits() {
        assert_eq!(mask("12"), "•••• 12");
        assert_eq!(mask("1234567890123456"), "•••• 3456");
    }
}
