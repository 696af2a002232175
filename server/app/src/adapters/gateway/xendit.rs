//! Xendit (xendit.co), a payment aggregator licensed in the Philippines:
//! payouts through its Payouts API, `POST {base}/v2/payouts` with HTTP
//! basic authentication (the secret key as the user name, no password) and
//! an `Idempotency-key` header, asked again with `GET {base}/v2/payouts/{id}`
//! while it is in flight. A payout is `SUCCEEDED`, failed for good
//! (`FAILED`, `CANCELLED`, `COMPLIANCE_REJECTED`, `REVERSED`) or still on
//! its way (`ACCEPTED`, `REQUESTED`, `PENDING_COMPLIANCE_ASSESSMENT`).
//!
//! Debits of bound accounts are not set up with Xendit: the old repayment
//! store then declines and the borrower pays by pay code.

use crate::config::Secret;
use async_trait::async_trait;
use hiram_domain::payout::{DebitRequest, DebitResult, GatewayError, PaymentGateway, PayoutRequest, PayoutResult};
use serde::Deserialize;
use serde_json::json;
use std::time::Duration;

pub struct Xendit {
    client: reqwest::Client,
    base_url: String,
    secret_key: Secret,
}

#[derive(Deserialize)]
struct Payout {
    id: String,
    status: String,
    #[serde(default)]
    failure_code: Option<String>,
}

/// Xendit's channel code of each destination we offer. Before going live,
/// check these against the channel list of the Xendit dashboard.
fn channel_code(provider: &str) -> Option<&'static str> {
    Some(match provider {
        "BDO" => "PH_BDO",
        "BPI" => "PH_BPI",
        "MBTC" => "PH_MET",
        "LBP" => "PH_LBP",
        "PNB" => "PH_PNB",
        "SECB" => "PH_SEC",
        "UBP" => "PH_UBP",
        "RCBC" => "PH_RCBC",
        "CBC" => "PH_CBC",
        "EWB" => "PH_EWB",
        "DBP" => "PH_DBP",
        "PSB" => "PH_PSB",
        "GCASH" => "PH_GCASH",
        "MAYA" => "PH_PAYMAYA",
        _ => return None,
    })
}

impl Xendit {
    pub fn new(base_url: String, secret_key: Secret) -> Xendit {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .expect("an HTTP client with a timeout always builds");
        Xendit { client, base_url: base_url.trim_end_matches('/').to_owned(), secret_key }
    }

    fn outcome(payout: Payout) -> PayoutResult {
        match payout.status.as_str() {
            "SUCCEEDED" => PayoutResult::Sent { transaction_id: payout.id },
            "FAILED" | "CANCELLED" | "COMPLIANCE_REJECTED" | "REVERSED" => PayoutResult::Refused {
                reason: format!("xendit {} {}", payout.status, payout.failure_code.unwrap_or_default())
                    .trim()
                    .to_owned(),
            },
            _ => PayoutResult::Pending { transaction_id: payout.id },
        }
    }
}

fn unavailable(error: impl std::fmt::Display) -> GatewayError {
    GatewayError::Unavailable(error.to_string())
}

#[async_trait]
impl PaymentGateway for Xendit {
    fn name(&self) -> &'static str {
        "xendit"
    }

    async fn payout(&self, request: &PayoutRequest) -> Result<PayoutResult, GatewayError> {
        let call = match &request.pending_transaction {
            Some(id) => self.client.get(format!("{}/v2/payouts/{id}", self.base_url)),
            None => {
                let Some(channel) = channel_code(&request.account.provider) else {
                    return Ok(PayoutResult::Refused {
                        reason: format!("no Xendit channel for {}", request.account.provider),
                    });
                };
                let pesos = serde_json::Number::from_f64(request.amount.get() as f64 / 100.0)
                    .ok_or_else(|| unavailable("amount out of range"))?;
                self.client
                    .post(format!("{}/v2/payouts", self.base_url))
                    .header("Idempotency-key", &request.reference)
                    .json(&json!({
                        "reference_id": request.reference,
                        "channel_code": channel,
                        "channel_properties": {
                            "account_number": request.account.number,
                            "account_holder_name": request.account_holder,
                        },
                        "amount": pesos,
                        "currency": "PHP",
                        "description": format!("Hiram loan {}", request.reference),
                    }))
            }
        };
        let response = call.basic_auth(self.secret_key.expose(), Some("")).send().await.map_err(unavailable)?;
        let status = response.status();
        if status.is_success() {
            return response.json::<Payout>().await.map(Xendit::outcome).map_err(unavailable);
        }
        // A request Xendit refuses as such (bad channel or account) will not
        // succeed on a retry; anything else might.
        if status.is_client_error() && status.as_u16() != 401 && status.as_u16() != 429 {
            let body = response.text().await.unwrap_or_default();
            let code = serde_json::from_str::<serde_json::Value>(&body)
                .ok()
                .and_then(|value| value["error_code"].as_str().map(str::to_owned))
                .unwrap_or_else(|| status.to_string());
            return Ok(PayoutResult::Refused { reason: format!("xendit {code}") });
        }
        Err(unavailable(format!("xendit answered {status}")))
    }

    async fn debit(&self, _request: &DebitRequest) -> Result<DebitResult, GatewayError> {
        Ok(DebitResult::Declined { reason: "account debits are not set up with Xendit".to_owned() })
    }
}
