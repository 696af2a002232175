//! Pay codes (single-use and each loan's standing one), what their
//! collection provider made of them, and the sandbox gateway's statement.

use super::StoreResult;
use crate::order::OrderId;
use crate::payment::PaymentInstruction;
use crate::payment::{GatewayPayment, PayCode};
use async_trait::async_trait;
use time::OffsetDateTime;

#[async_trait]
pub trait PayCodeStore {
    /// Stores a code with an amount unless the order has `most` such codes
    /// made since `since` already (false then, and nothing is stored).
    async fn insert_pay_code(&self, code: &PayCode, since: time::OffsetDateTime, most: i64) -> StoreResult<bool>;
    async fn pay_code(&self, code: &str) -> StoreResult<Option<PayCode>>;
    /// The order's standing code (a code with no amount), if it has one.
    async fn standing_code(&self, order: OrderId) -> StoreResult<Option<PayCode>>;
    /// Stores `code` as the order's standing code unless the order has one
    /// already; the order's standing code either way, so concurrent first
    /// requests agree on one.
    async fn insert_standing_code(&self, code: &PayCode) -> StoreResult<PayCode>;
    /// Records how the provider lets the borrower pay the code.
    async fn set_instruction(&self, code: &str, instruction: &PaymentInstruction) -> StoreResult<()>;
    /// Claims a single-use code for one payment, by that payment's
    /// idempotency key: true when this payment holds the code (now or
    /// from an earlier delivery), false when another payment took it.
    async fn claim_pay_code(&self, code: &str, payment_key: &str) -> StoreResult<bool>;
    /// Writes a payment to the sandbox gateway's statement, once per
    /// transaction id; the payment stored under that id (the earlier one
    /// when it was there already).
    async fn record_gateway_payment(&self, payment: &GatewayPayment) -> StoreResult<GatewayPayment>;
    /// The sandbox gateway's record of a transaction, for re-checking a callback.
    async fn gateway_payment(&self, transaction_id: &str) -> StoreResult<Option<GatewayPayment>>;
    /// The sandbox gateway's payments of one pay code, oldest first.
    async fn gateway_payments_of_code(&self, code: &str) -> StoreResult<Vec<GatewayPayment>>;
    /// The sandbox gateway's payments paid from `from` up to `to` (not
    /// included), in order: its statement.
    async fn gateway_payments_between(
        &self,
        from: OffsetDateTime,
        to: OffsetDateTime,
    ) -> StoreResult<Vec<GatewayPayment>>;
}
