//! Money in: pay codes a borrower pays at a channel, and the rules a
//! channel's callback must pass before a payment posts.

use crate::money::Centavos;
use crate::order::OrderId;
use time::{Duration, OffsetDateTime};

/// Where a borrower can pay, with the channel numbers the pages send.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    GCash,
    Maya,
    SevenEleven,
    Cebuana,
    QrPh,
    /// Pulled from the borrower's bound account (the old repayment store);
    /// never a pay code channel, so not in `ALL`.
    AccountDebit,
}

impl Channel {
    pub const ALL: [Channel; 5] =
        [Channel::GCash, Channel::Maya, Channel::SevenEleven, Channel::Cebuana, Channel::QrPh];

    pub fn number(self) -> i64 {
        match self {
            Channel::GCash => 90011,
            Channel::Maya => 90012,
            Channel::SevenEleven => 90013,
            Channel::Cebuana => 90014,
            Channel::QrPh => 90015,
            Channel::AccountDebit => 90016,
        }
    }

    pub fn from_number(number: i64) -> Option<Channel> {
        Channel::ALL.into_iter().find(|channel| channel.number() == number)
    }

    pub fn key(self) -> &'static str {
        match self {
            Channel::GCash => "gcash",
            Channel::Maya => "maya",
            Channel::SevenEleven => "seven_eleven",
            Channel::Cebuana => "cebuana",
            Channel::QrPh => "qrph",
            Channel::AccountDebit => "account_debit",
        }
    }

    pub fn parse(key: &str) -> Option<Channel> {
        Channel::ALL.into_iter().find(|channel| channel.key() == key)
    }

    pub fn name(self) -> &'static str {
        match self {
            Channel::GCash => "GCash",
            Channel::Maya => "Maya",
            Channel::SevenEleven => "7-Eleven",
            Channel::Cebuana => "Cebuana Lhuillier",
            Channel::QrPh => "QR Ph",
            Channel::AccountDebit => "your linked account",
        }
    }

    /// QR channels show a code to scan; the others a number to type.
    pub fn is_qr(self) -> bool {
        self == Channel::QrPh
    }
}

/// How long a pay code can be paid.
pub const PAY_CODE_LIFETIME: Duration = Duration::hours(48);
/// How old a callback may be when it arrives.
pub const CALLBACK_WINDOW: Duration = Duration::seconds(300);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayCode {
    pub code: String,
    pub order_id: OrderId,
    pub channel: Channel,
    pub amount: Centavos,
    pub created_at: OffsetDateTime,
    pub expires_at: OffsetDateTime,
    /// Set when paying this code extends the loan: the extension fee
    /// included in `amount`.
    pub extension_fee: Option<Centavos>,
}

/// Money received for an order, however it arrived: a paid pay code, or a
/// transfer staff matched from the unposted queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReceivedPayment {
    pub order_id: OrderId,
    pub channel: Channel,
    pub amount: Centavos,
    /// Set when the payment buys an extension (see `PayCode`).
    pub extension_fee: Option<Centavos>,
}

impl From<&PayCode> for ReceivedPayment {
    fn from(code: &PayCode) -> ReceivedPayment {
        ReceivedPayment {
            order_id: code.order_id,
            channel: code.channel,
            amount: code.amount,
            extension_fee: code.extension_fee,
        }
    }
}

/// A payment reference a borrower typed from a receipt (a GCash, Maya or
/// bank transfer made outside the pay codes): 6 to 30 letters, digits or
/// dashes, kept in capitals. `None` when it cannot be a reference.
pub fn payment_reference(text: &str) -> Option<String> {
    let reference: String = text.trim().chars().filter(|c| *c != ' ').collect::<String>().to_ascii_uppercase();
    let valid = (6..=30).contains(&reference.len())
        && reference.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-')
        && reference.bytes().any(|byte| byte.is_ascii_digit());
    valid.then_some(reference)
}

/// Where a payment in the unposted queue stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnpostedStatus {
    /// Waiting for staff to find the money.
    Pending,
    /// Found and posted to an order.
    Matched,
    /// Not found, or not ours.
    Rejected,
}

impl UnpostedStatus {
    pub fn key(self) -> &'static str {
        match self {
            UnpostedStatus::Pending => "pending",
            UnpostedStatus::Matched => "matched",
            UnpostedStatus::Rejected => "rejected",
        }
    }

    pub fn parse(key: &str) -> Option<UnpostedStatus> {
        [UnpostedStatus::Pending, UnpostedStatus::Matched, UnpostedStatus::Rejected]
            .into_iter()
            .find(|status| status.key() == key)
    }
}

/// A payment nobody has posted yet: a borrower says they paid, with the
/// reference of their receipt, and staff check it against the channel's
/// statement before any money posts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnpostedPayment {
    pub id: i64,
    pub borrower_id: crate::borrower::BorrowerId,
    /// The order the borrower says it was for.
    pub order_id: OrderId,
    pub channel: Channel,
    pub reference: String,
    pub amount: Centavos,
    pub status: UnpostedStatus,
    /// Staff's note when resolving.
    pub note: String,
    pub created_at: OffsetDateTime,
    pub resolved_at: Option<OffsetDateTime>,
}

/// A payment in the sandbox gateway's own statement: what it collected,
/// as a real gateway's API would report it when asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GatewayPayment {
    pub transaction_id: String,
    pub pay_code: String,
    pub amount: Centavos,
    pub paid_at: OffsetDateTime,
}

/// A channel's report that a pay code was paid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaidReport {
    pub transaction_id: String,
    pub pay_code: String,
    pub amount: Centavos,
    pub currency: String,
    pub sent_at: OffsetDateTime,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CallbackRefusal {
    #[error("the callback is older than the window or from the future")]
    Stale,
    #[error("the currency is not PHP")]
    Currency,
    #[error("no such pay code")]
    UnknownCode,
    #[error("the amount differs from the pay code's")]
    Amount,
    #[error("the transaction id is empty or too long")]
    Transaction,
}

/// Checks a signature-verified report against its pay code. Nothing posts
/// unless every rule holds (fail closed).
pub fn check_report(
    report: &PaidReport,
    code: Option<&PayCode>,
    now: OffsetDateTime,
) -> Result<PayCode, CallbackRefusal> {
    if (now - report.sent_at).abs() > CALLBACK_WINDOW {
        return Err(CallbackRefusal::Stale);
    }
    if report.currency != "PHP" {
        return Err(CallbackRefusal::Currency);
    }
    if report.transaction_id.is_empty() || report.transaction_id.len() > 64 {
        return Err(CallbackRefusal::Transaction);
    }
    let code = code.ok_or(CallbackRefusal::UnknownCode)?;
    if code.amount != report.amount {
        return Err(CallbackRefusal::Amount);
    }
    Ok(code.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_payment_reference_is_six_to_thirty_letters_and_digits() {
        assert_eq!(payment_reference(" 9012 3456 7890 ").as_deref(), Some("901234567890"));
        assert_eq!(payment_reference("gc-7788aa12").as_deref(), Some("GC-7788AA12"));
        for bad in ["", "12345", "ABCDEFGH", "1234567890123456789012345678901", "12345678<script>", "1234'--"] {
            assert_eq!(payment_reference(bad), None, "{bad}");
        }
    }

    const NOW: OffsetDateTime = datetime!(2026-11-22 10:00 UTC);

    fn code() -> PayCode {
        PayCode {
            code: "123456789012".into(),
            order_id: OrderId(4),
            channel: Channel::GCash,
            amount: Centavos::from_pesos(500),
            created_at: NOW,
            expires_at: NOW + PAY_CODE_LIFETIME,
            extension_fee: None,
        }
    }

    fn report() -> PaidReport {
        PaidReport {
            transaction_id: "TX-1".into(),
            pay_code: "123456789012".into(),
            amount: Centavos::from_pesos(500),
            currency: "PHP".into(),
            sent_at: NOW - Duration::seconds(10),
        }
    }

    #[test]
    fn a_fresh_matching_report_passes() {
        assert_eq!(check_report(&report(), Some(&code()), NOW), Ok(code()));
    }

    #[test]
    fn stale_foreign_unknown_or_mismatched_reports_are_refused() {
        let old = PaidReport { sent_at: NOW - Duration::seconds(301), ..report() };
        assert_eq!(check_report(&old, Some(&code()), NOW), Err(CallbackRefusal::Stale));
        let dollars = PaidReport { currency: "USD".into(), ..report() };
        assert_eq!(check_report(&dollars, Some(&code()), NOW), Err(CallbackRefusal::Currency));
        assert_eq!(check_report(&report(), None, NOW), Err(CallbackRefusal::UnknownCode));
        let short = PaidReport { amount: Centavos::from_pesos(499), ..report() };
        assert_eq!(check_report(&short, Some(&code()), NOW), Err(CallbackRefusal::Amount));
    }

    #[test]
    fn channel_numbers_round_trip() {
        for channel in Channel::ALL {
            assert_eq!(Channel::from_number(channel.number()), Some(channel));
            assert_eq!(Channel::parse(channel.key()), Some(channel));
        }
    }
}
