//! Xendit collections through its Payments API (v3), in the same client
//! style as the payout adapter (`adapters/gateway/xendit.rs`): HTTP basic
//! authentication with the secret key as the user name, a 10 s timeout.
//!
//! - A pay code is a payment request, `POST {base}/v3/payment_requests`
//!   with `api-version: 2024-11-11` and our pay code as `reference_id` and
//!   `Idempotency-key`, so asking again returns the same request. A
//!   single-use code is type `PAY` with its `request_amount` in pesos; a
//!   loan's standing code is type `REUSABLE_PAYMENT_CODE` with no amount
//!   (Cebuana and ECPay codes are reusable; 7-Eleven's and QR Ph's are not).
//! - The answer's `actions` say how the borrower pays:
//!   `PRESENT_TO_CUSTOMER` with a `PAYMENT_CODE` (stores) or a `QR_STRING`
//!   (QR Ph), `REDIRECT_CUSTOMER` with a `WEB_URL` (GCash, Maya).
//! - Xendit notifies `payment.capture` (and `payment.failure`, …) to our
//!   webhook with the dashboard's verification token in `x-callback-token`,
//!   compared in constant time. Every notification is then re-checked with
//!   `GET {base}/v3/payments/{payment_id}`; only that answer posts.
//!
//! - A day's statement is Xendit's list of transactions (`GET
//!   {base}/transactions`, types PAYMENT, statuses SUCCESS, currency PHP,
//!   `created[gte]`/`created[lte]`, 50 a page, `after_id` while `has_more`):
//!   each payment's id (`product_id`, the `py-` id our postings are keyed
//!   by), its gross `amount` and what Xendit kept (`amount − net_amount`).
//!
//! Channel codes: GCASH, PAYMAYA, QRPH, 7ELEVEN, CEBUANA, ECPAY (Xendit's
//! channel pages for the Philippines).

use super::same_secret;
use crate::config::Secret;
use async_trait::async_trait;
use hiram_domain::collection_provider::{
    Claimed, CollectionError, CollectionProvider, InstructionRequest, Notification, NotificationRefusal, Notified,
    PaymentStatus, ProviderPayment,
};
use hiram_domain::general_ledger::statement::StatementLine;
use hiram_domain::money::Centavos;
use hiram_domain::payment::{Channel, ChannelKind, PaymentInstruction};
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::Duration;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// The Payments API version this adapter speaks.
const API_VERSION: &str = "2024-11-11";
pub const TOKEN_HEADER: &str = "x-callback-token";

pub struct XenditCollections {
    client: reqwest::Client,
    base_url: String,
    secret_key: Secret,
    callback_token: Secret,
    return_url: String,
}

fn channel_code(channel: Channel) -> Option<&'static str> {
    Some(match channel {
        Channel::GCash => "GCASH",
        Channel::Maya => "PAYMAYA",
        Channel::QrPh => "QRPH",
        Channel::SevenEleven => "7ELEVEN",
        Channel::Cebuana => "CEBUANA",
        Channel::ECPay => "ECPAY",
        Channel::AccountDebit => return None,
    })
}

#[derive(Deserialize)]
struct Action {
    #[serde(default)]
    descriptor: String,
    #[serde(default)]
    value: String,
}

#[derive(Deserialize)]
struct PaymentRequest {
    payment_request_id: String,
    #[serde(default)]
    actions: Vec<Action>,
}

/// An amount as Xendit writes it (a number or a string of pesos), read
/// exactly.
fn pesos(value: &Value) -> Option<Centavos> {
    match value {
        Value::Number(number) => Centavos::parse_decimal(&number.to_string()),
        Value::String(text) => Centavos::parse_decimal(text),
        _ => None,
    }
}

/// What a payment collected: the sum of its captures, or else its
/// requested amount.
fn collected(payment: &Value) -> Option<Centavos> {
    match payment["captures"].as_array().filter(|captures| !captures.is_empty()) {
        Some(captures) => captures
            .iter()
            .map(|capture| pesos(&capture["capture_amount"]))
            .try_fold(Centavos::ZERO, |sum, amount| sum.checked_add(amount?)),
        None => pesos(&payment["request_amount"]),
    }
}

/// Xendit's payment ids are `py-` and a UUID; anything else is not asked
/// about (and never reaches a URL).
fn is_payment_id(id: &str) -> bool {
    id.len() <= 64
        && id.strip_prefix("py-").is_some_and(|rest| {
            !rest.is_empty() && rest.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-')
        })
}

/// Pages of 50 a day's statement may take: 50,000 payments, far beyond a
/// lender's day; a list that never ends is an error, not a statement.
const STATEMENT_PAGES: usize = 1_000;

/// A line of the statement from one of Xendit's transactions: its payment
/// id, gross amount, and the fee Xendit kept (the gross less the net).
fn statement_line(transaction: &Value) -> Option<StatementLine> {
    let amount = pesos(&transaction["amount"])?;
    let net = pesos(&transaction["net_amount"])?;
    let fee = amount.get().checked_sub(net.get()).filter(|fee| *fee >= 0)?;
    let reference = transaction["product_id"].as_str().filter(|id| !id.is_empty())?;
    Some(StatementLine { reference: reference.to_owned(), amount, fee: Centavos::new(fee) })
}

fn unavailable(error: impl std::fmt::Display) -> CollectionError {
    CollectionError::Unavailable(error.to_string())
}

impl XenditCollections {
    pub fn new(base_url: String, secret_key: Secret, callback_token: Secret, return_url: String) -> XenditCollections {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .expect("an HTTP client with a timeout always builds");
        XenditCollections {
            client,
            base_url: base_url.trim_end_matches('/').to_owned(),
            secret_key,
            callback_token,
            return_url,
        }
    }

    fn request_body(&self, request: &InstructionRequest, channel: &str) -> Result<Value, CollectionError> {
        let channel_properties = match request.channel.kind() {
            ChannelKind::EWallet => json!({
                "success_return_url": self.return_url,
                "failure_return_url": self.return_url,
            }),
            ChannelKind::OverTheCounter => {
                let mut properties = json!({ "payer_name": request.payer_name });
                if let Some(expires_at) = request.expires_at {
                    let at = expires_at.format(&time::format_description::well_known::Rfc3339).map_err(unavailable)?;
                    properties["expires_at"] = json!(at);
                }
                properties
            }
            ChannelKind::Qr | ChannelKind::Debit => json!({}),
        };
        let mut body = json!({
            "reference_id": request.reference,
            "type": if request.amount.is_some() { "PAY" } else { "REUSABLE_PAYMENT_CODE" },
            "country": "PH",
            "currency": "PHP",
            "channel_code": channel,
            "channel_properties": channel_properties,
            "description": format!("Hiram loan {}", request.order_no),
            "metadata": { "order_no": request.order_no },
        });
        if let Some(amount) = request.amount {
            // Pesos at the provider's edge only; two decimals are exact here.
            let pesos: serde_json::Number = amount.to_decimal_string().parse().map_err(unavailable)?;
            body["request_amount"] = Value::Number(pesos);
            body["capture_method"] = json!("AUTOMATIC");
        }
        Ok(body)
    }

    /// Reads Xendit's refusal of a request: a refusal as such (a bad channel
    /// or amount) will not succeed on a retry; 401, 429 and 5xx might.
    async fn refusal(response: reqwest::Response) -> CollectionError {
        let status = response.status();
        if status.is_client_error() && status.as_u16() != 401 && status.as_u16() != 429 {
            let body = response.text().await.unwrap_or_default();
            let code = serde_json::from_str::<Value>(&body)
                .ok()
                .and_then(|value| value["error_code"].as_str().map(str::to_owned))
                .unwrap_or_else(|| status.to_string());
            return CollectionError::Refused(format!("xendit {code}"));
        }
        unavailable(format!("xendit answered {status}"))
    }
}

#[async_trait]
impl CollectionProvider for XenditCollections {
    fn name(&self) -> &'static str {
        hiram_domain::collection_provider::PROVIDER_NAMES[1]
    }

    fn supports(&self, channel: Channel, standing: bool) -> bool {
        match channel {
            Channel::Cebuana | Channel::ECPay => true,
            Channel::GCash | Channel::Maya | Channel::QrPh | Channel::SevenEleven => !standing,
            Channel::AccountDebit => false,
        }
    }

    async fn create_instruction(&self, request: &InstructionRequest) -> Result<PaymentInstruction, CollectionError> {
        let channel = channel_code(request.channel)
            .ok_or_else(|| CollectionError::Refused(format!("no Xendit channel for {}", request.channel.key())))?;
        let body = self.request_body(request, channel)?;
        let response = self
            .client
            .post(format!("{}/v3/payment_requests", self.base_url))
            .basic_auth(self.secret_key.expose(), Some(""))
            .header("api-version", API_VERSION)
            .header("Idempotency-key", &request.reference)
            .json(&body)
            .send()
            .await
            .map_err(|error| unavailable(error.without_url()))?;
        if !response.status().is_success() {
            return Err(XenditCollections::refusal(response).await);
        }
        let created: PaymentRequest = response.json().await.map_err(unavailable)?;
        let action = |descriptors: &[&str]| {
            descriptors.iter().find_map(|descriptor| {
                created
                    .actions
                    .iter()
                    .find(|action| action.descriptor == *descriptor && !action.value.is_empty())
                    .map(|action| action.value.clone())
            })
        };
        let mut instruction = PaymentInstruction {
            provider_ref: created.payment_request_id.clone(),
            pay_code: request.reference.clone(),
            qr_string: None,
            checkout_url: None,
        };
        match request.channel.kind() {
            ChannelKind::OverTheCounter => {
                instruction.pay_code =
                    action(&["PAYMENT_CODE"]).ok_or_else(|| unavailable("xendit gave no payment code"))?;
            }
            ChannelKind::Qr => {
                instruction.qr_string = Some(action(&["QR_STRING"]).ok_or_else(|| unavailable("xendit gave no QR"))?);
            }
            ChannelKind::EWallet => {
                let url =
                    action(&["WEB_URL", "DEEPLINK_URL"]).ok_or_else(|| unavailable("xendit gave no checkout page"))?;
                if !url.starts_with("https://") {
                    return Err(unavailable("xendit's checkout page is not https"));
                }
                instruction.checkout_url = Some(url);
            }
            ChannelKind::Debit => {}
        }
        if instruction.pay_code.is_empty() || instruction.pay_code.len() > 40 {
            return Err(unavailable("xendit's payment code is empty or too long"));
        }
        Ok(instruction)
    }

    fn verify_notification(&self, notification: &Notification<'_>) -> Result<Notified, NotificationRefusal> {
        let expected = self.callback_token.expose();
        let presented = notification.header(TOKEN_HEADER).unwrap_or("");
        if expected.is_empty() || !same_secret(presented, expected) {
            return Err(NotificationRefusal::Unauthenticated);
        }
        let body: Value = serde_json::from_slice(notification.body).map_err(|_| NotificationRefusal::Malformed)?;
        let event = body["event"].as_str().ok_or(NotificationRefusal::Malformed)?;
        if event != "payment.capture" {
            return Ok(Notified::Other(event.to_owned()));
        }
        let data = &body["data"];
        let payment_id =
            data["payment_id"].as_str().filter(|id| is_payment_id(id)).ok_or(NotificationRefusal::Malformed)?;
        let amount = match (&data["captures"], &data["request_amount"]) {
            (Value::Null, Value::Null) => None,
            _ => Some(collected(data).ok_or(NotificationRefusal::Malformed)?),
        };
        Ok(Notified::Payment {
            payment_id: payment_id.to_owned(),
            claimed: Claimed {
                reference: data["reference_id"].as_str().map(str::to_owned),
                amount,
                currency: data["currency"].as_str().map(str::to_owned),
            },
        })
    }

    async fn payment(&self, payment_id: &str) -> Result<Option<ProviderPayment>, CollectionError> {
        if !is_payment_id(payment_id) {
            return Ok(None);
        }
        let response = self
            .client
            .get(format!("{}/v3/payments/{payment_id}", self.base_url))
            .basic_auth(self.secret_key.expose(), Some(""))
            .header("api-version", API_VERSION)
            .send()
            .await
            .map_err(|error| unavailable(error.without_url()))?;
        if response.status().as_u16() == 404 {
            return Ok(None);
        }
        if !response.status().is_success() {
            return Err(unavailable(format!("xendit answered {}", response.status())));
        }
        let payment: Value = response.json().await.map_err(unavailable)?;
        let status = match payment["status"].as_str().unwrap_or("") {
            "SUCCEEDED" => PaymentStatus::Succeeded,
            "PENDING" | "AUTHORIZED" => PaymentStatus::Pending,
            _ => PaymentStatus::Failed,
        };
        Ok(Some(ProviderPayment {
            payment_id: payment["payment_id"].as_str().unwrap_or(payment_id).to_owned(),
            reference: payment["reference_id"].as_str().unwrap_or("").to_owned(),
            provider_ref: payment["payment_request_id"].as_str().map(str::to_owned),
            status,
            amount: collected(&payment).ok_or_else(|| unavailable("xendit's payment has no readable amount"))?,
            currency: payment["currency"].as_str().unwrap_or("").to_owned(),
        }))
    }

    async fn statement(&self, from: OffsetDateTime, to: OffsetDateTime) -> Result<Vec<StatementLine>, CollectionError> {
        let stamp = |at: OffsetDateTime| at.format(&Rfc3339).map_err(unavailable);
        // `created[lte]` is inclusive: the last millisecond before `to`.
        let (from, until) = (stamp(from)?, stamp(to - time::Duration::milliseconds(1))?);
        let mut lines = Vec::new();
        let mut after: Option<String> = None;
        for _ in 0..STATEMENT_PAGES {
            let mut query = vec![
                ("types", "PAYMENT"),
                ("statuses", "SUCCESS"),
                ("currency", "PHP"),
                ("limit", "50"),
                ("created[gte]", from.as_str()),
                ("created[lte]", until.as_str()),
            ];
            query.extend(after.as_deref().map(|id| ("after_id", id)));
            let response = self
                .client
                .get(format!("{}/transactions", self.base_url))
                .basic_auth(self.secret_key.expose(), Some(""))
                .query(&query)
                .send()
                .await
                .map_err(|error| unavailable(error.without_url()))?;
            if !response.status().is_success() {
                return Err(unavailable(format!("xendit answered {} to the transactions list", response.status())));
            }
            let page: Value = response.json().await.map_err(unavailable)?;
            let transactions = page["data"].as_array().ok_or_else(|| unavailable("xendit's list has no data"))?;
            for transaction in transactions {
                lines.push(
                    statement_line(transaction).ok_or_else(|| {
                        unavailable(format!("xendit's transaction {} does not read", transaction["id"]))
                    })?,
                );
            }
            match (page["has_more"].as_bool(), transactions.last()) {
                (Some(true), Some(last)) => {
                    after = Some(last["id"].as_str().ok_or_else(|| unavailable("a transaction has no id"))?.to_owned());
                }
                _ => return Ok(lines),
            }
        }
        Err(unavailable(format!("xendit's statement runs past {STATEMENT_PAGES} pages")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_read_exactly_from_numbers_and_strings() {
        assert_eq!(pesos(&json!(1999.01)), Some(Centavos::new(199_901)));
        assert_eq!(pesos(&json!("3273.00")), Some(Centavos::new(327_300)));
        assert_eq!(pesos(&json!(50)), Some(Centavos::new(5_000)));
        assert_eq!(pesos(&json!(-1)), None);
        let captured =
            json!({ "request_amount": 10, "captures": [{ "capture_amount": 4.5 }, { "capture_amount": "5.50" }] });
        assert_eq!(collected(&captured), Some(Centavos::new(1_000)));
    }

    #[test]
    fn a_statement_line_is_a_payment_id_its_gross_and_the_fee_kept() {
        let paid = json!({ "id": "txn_1", "product_id": "py-1", "amount": 1500, "net_amount": "1477.50" });
        assert_eq!(
            statement_line(&paid),
            Some(StatementLine { reference: "py-1".into(), amount: Centavos::new(150_000), fee: Centavos::new(2_250) })
        );
        for broken in [
            json!({ "product_id": "py-1", "amount": 1500 }),
            json!({ "product_id": "", "amount": 1500, "net_amount": 1500 }),
            json!({ "product_id": "py-1", "amount": 1500, "net_amount": 1600 }),
        ] {
            assert_eq!(statement_line(&broken), None, "{broken}");
        }
    }

    #[test]
    fn only_xendits_payment_ids_are_asked_about() {
        assert!(is_payment_id("py-1402feb0-bb79-47ae-9d1e-e69394d3949c"));
        for bad in ["", "py-", "pr-1402feb0", "py-../../v2/payouts", "py-1?x=1", "py-1/2"] {
            assert!(!is_payment_id(bad), "{bad}");
        }
    }
}
