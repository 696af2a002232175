//! Pay codes and the sandbox gateway's statement.

use super::StoreResult;
use crate::payment::{GatewayPayment, PayCode};
use async_trait::async_trait;

#[async_trait]
pub trait PayCodeStore {
    async fn insert_pay_code(&self, code: &PayCode) -> StoreResult<()>;
    async fn pay_code(&self, code: &str) -> StoreResult<Option<PayCode>>;
    /// Writes a payment to the sandbox gateway's statement, once per
    /// transaction id; the payment stored under that id (the earlier one
    /// when it was there already).
    async fn record_gateway_payment(&self, payment: &GatewayPayment) -> StoreResult<GatewayPayment>;
    /// The sandbox gateway's record of a transaction, for re-checking a callback.
    async fn gateway_payment(&self, transaction_id: &str) -> StoreResult<Option<GatewayPayment>>;
}
