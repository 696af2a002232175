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
    /// ECPay's counters (pawnshops, stores, payment centres across the
    /// country).
    ECPay,
    QrPh,
    /// Pulled from the borrower's bound account (the old repayment store);
    /// never a pay code channel, so not in `ALL`.
    AccountDebit,
}

impl Channel {
    pub const ALL: [Channel; 6] =
        [Channel::GCash, Channel::Maya, Channel::SevenEleven, Channel::Cebuana, Channel::ECPay, Channel::QrPh];

    pub fn number(self) -> i64 {
        match self {
            Channel::GCash => 90011,
            Channel::Maya => 90012,
            Channel::SevenEleven => 90013,
            Channel::Cebuana => 90014,
            Channel::QrPh => 90015,
            Channel::AccountDebit => 90016,
            Channel::ECPay => 90017,
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
            Channel::ECPay => "ecpay",
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
            Channel::ECPay => "ECPay",
            Channel::QrPh => "QR Ph",
            Channel::AccountDebit => "your linked account",
        }
    }

    /// QR channels show a code to scan; the others a number to type.
    pub fn is_qr(self) -> bool {
        self == Channel::QrPh
    }

    /// How the pay-code page shows this channel's code.
    pub fn shown_as(self) -> PayCodeShown {
        if self.is_qr() { PayCodeShown::Qr } else { PayCodeShown::Code }
    }

    /// How a borrower pays at the channel.
    pub fn kind(self) -> ChannelKind {
        match self {
            Channel::GCash | Channel::Maya => ChannelKind::EWallet,
            Channel::SevenEleven | Channel::Cebuana | Channel::ECPay => ChannelKind::OverTheCounter,
            Channel::QrPh => ChannelKind::Qr,
            Channel::AccountDebit => ChannelKind::Debit,
        }
    }
}

/// The ways a channel takes money.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    /// The borrower approves the payment on the e-wallet's own checkout page.
    EWallet,
    /// The borrower gives a pay code to a cashier, who may scan its barcode.
    OverTheCounter,
    /// The borrower scans a QR Ph code with any bank or e-wallet app.
    Qr,
    /// Pulled from the bound account.
    Debit,
}

/// How long a pay code can be paid.
pub const PAY_CODE_LIFETIME: Duration = Duration::hours(48);
/// How old a signed sandbox callback may be when it arrives.
pub const CALLBACK_WINDOW: Duration = Duration::seconds(300);

/// A pay code: our reference for money a borrower pays at a channel, and
/// what the collection provider made of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PayCode {
    /// Ours, 12 random digits: the provider reports it back with every
    /// payment of the code.
    pub code: String,
    pub order_id: OrderId,
    pub channel: Channel,
    /// A single-use code's amount, paid once. `None` is the loan's
    /// standing code, which takes any amount up to what is owed, any number
    /// of times.
    pub amount: Option<Centavos>,
    pub created_at: OffsetDateTime,
    /// `None` for a standing code, which lasts as long as the loan.
    pub expires_at: Option<OffsetDateTime>,
    /// Set when paying this code extends the loan: the extension fee
    /// included in `amount`.
    pub extension_fee: Option<Centavos>,
    /// The collection provider that issued it (`sandbox`, `xendit`).
    pub provider: String,
    /// How the borrower pays it, once the provider has answered.
    pub instruction: Option<PaymentInstruction>,
}

/// How a borrower pays, as the provider issued it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaymentInstruction {
    /// The provider's id of the request (Xendit's `pr-…`); empty when the
    /// provider has none.
    pub provider_ref: String,
    /// What the borrower gives a cashier or types in an app.
    pub pay_code: String,
    /// The QR Ph payload, on the QR channel.
    pub qr_string: Option<String>,
    /// The e-wallet's checkout page.
    pub checkout_url: Option<String>,
}

impl PayCode {
    pub fn is_standing(&self) -> bool {
        self.amount.is_none()
    }

    /// What the borrower gives the cashier or types: the provider's code
    /// when it issued its own, else ours.
    pub fn shown_code(&self) -> &str {
        self.instruction.as_ref().map_or(&self.code, |instruction| &instruction.pay_code)
    }

    /// Money received for this code.
    pub fn received(&self, amount: Centavos) -> ReceivedPayment {
        ReceivedPayment {
            order_id: self.order_id,
            channel: self.channel,
            amount,
            extension_fee: self.extension_fee,
            pay_code: Some(self.code.clone()),
        }
    }
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
    /// The pay code it paid, when it came through one.
    pub pay_code: Option<String>,
}

/// How a pay-code page shows the code (the specification's `showType`): a
/// number to type or read out at a counter, or a QR Ph picture to scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PayCodeShown {
    Code,
    Qr,
}

impl PayCodeShown {
    /// The wire value the pages read: 1 a code, 2 a QR.
    pub fn code(self) -> i64 {
        match self {
            PayCodeShown::Code => 1,
            PayCodeShown::Qr => 2,
        }
    }
}

/// Whether a borrower may ask for a pay code of `amount` on a loan owing
/// `owed` today: something, and no more than is owed (an overpayment would
/// be money the lender must hand back).
pub fn payable(amount: Centavos, owed: Centavos) -> bool {
    amount.get() > 0 && amount <= owed
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_reference_is_six_to_thirty_letters_and_digits() {
        assert_eq!(payment_reference(" 9012 3456 7890 ").as_deref(), Some("901234567890"));
        assert_eq!(payment_reference("gc-7788aa12").as_deref(), Some("GC-7788AA12"));
        for bad in ["", "12345", "ABCDEFGH", "1234567890123456789012345678901", "12345678<script>", "1234'--"] {
            assert_eq!(payment_reference(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_pay_code_is_for_something_owed_and_never_more_and_qr_ph_shows_a_picture() {
        let owed = Centavos::new(560_666);
        assert!(payable(Centavos::new(1), owed));
        assert!(payable(owed, owed));
        for refused in [Centavos::ZERO, Centavos::new(-100), Centavos::new(560_667)] {
            assert!(!payable(refused, owed), "{refused:?}");
        }
        assert_eq!(Channel::QrPh.shown_as().code(), 2);
        assert_eq!(Channel::GCash.shown_as().code(), 1);
        assert_eq!(Channel::SevenEleven.shown_as(), PayCodeShown::Code);
    }

    #[test]
    fn stores_take_codes_e_wallets_take_approvals_and_qr_ph_is_scanned() {
        assert_eq!(Channel::ECPay.number(), 90017);
        assert_eq!(Channel::ECPay.kind(), ChannelKind::OverTheCounter);
        assert_eq!(Channel::SevenEleven.kind(), ChannelKind::OverTheCounter);
        assert_eq!(Channel::Maya.kind(), ChannelKind::EWallet);
        assert_eq!(Channel::QrPh.kind(), ChannelKind::Qr);
    }

    #[test]
    fn channel_numbers_round_trip() {
        for channel in Channel::ALL {
            assert_eq!(Channel::from_number(channel.number()), Some(channel));
            assert_eq!(Channel::parse(channel.key()), Some(channel));
        }
    }
}
