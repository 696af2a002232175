//! The sandbox gateway's payouts and debits. It pays out to, and collects
//! from, any account at once, except accounts whose number ends in `0000`,
//! which it refuses the way a bank refuses a closed account, so testers can
//! see a failed disbursement or a declined debit. Like a real gateway it
//! handles one reference once: asked again, it answers with the first
//! outcome (kept in memory; a restart forgets, which only the sandbox may
//! do).

use async_trait::async_trait;
use hiram_domain::payout::{DebitRequest, DebitResult, GatewayError, PaymentGateway, PayoutRequest, PayoutResult};
use std::collections::HashMap;
use std::sync::Mutex;

/// Account numbers ending in this are refused.
pub const FAILING_ACCOUNT_SUFFIX: &str = "0000";

#[derive(Default)]
pub struct SandboxGateway {
    paid: Mutex<HashMap<String, PayoutResult>>,
    collected: Mutex<HashMap<String, DebitResult>>,
}

#[async_trait]
impl PaymentGateway for SandboxGateway {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    async fn payout(&self, request: &PayoutRequest) -> Result<PayoutResult, GatewayError> {
        let mut paid = self.paid.lock().map_err(|_| GatewayError::Unavailable("sandbox state poisoned".into()))?;
        let result = paid.entry(request.reference.clone()).or_insert_with(|| {
            if request.account.number.ends_with(FAILING_ACCOUNT_SUFFIX) {
                PayoutResult::Refused { reason: "sandbox: the receiving account is closed".to_owned() }
            } else {
                PayoutResult::Sent { transaction_id: format!("SBX-PO-{}", request.reference) }
            }
        });
        Ok(result.clone())
    }

    async fn debit(&self, request: &DebitRequest) -> Result<DebitResult, GatewayError> {
        let mut collected =
            self.collected.lock().map_err(|_| GatewayError::Unavailable("sandbox state poisoned".into()))?;
        let result = collected.entry(request.reference.clone()).or_insert_with(|| {
            if request.account.number.ends_with(FAILING_ACCOUNT_SUFFIX) {
                DebitResult::Declined { reason: "sandbox: the account is closed".to_owned() }
            } else {
                DebitResult::Collected { transaction_id: format!("SBX-DD-{}", request.reference) }
            }
        });
        Ok(result.clone())
    }
}
