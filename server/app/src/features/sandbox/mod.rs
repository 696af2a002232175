//! The sandbox payment gateway: a stand-in for the payment aggregator that
//! no machine here can reach. A tester opens the pay code's page and pays;
//! the sandbox then sends the same signed callback a real channel would,
//! over HTTP, to this server's callback endpoint. With no secret configured
//! the sandbox is off.

use crate::error::{ApiError, ApiResult};
use crate::services::callback_signing::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};
use crate::state::AppState;
use axum::Router;
use axum::extract::{Form, Query, State};
use axum::response::Html;
use axum::routing::get;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::payment::GatewayPayment;
use serde::Deserialize;
use std::time::Duration;

pub fn router() -> Router<AppState> {
    Router::new().route("/sandbox/pay", get(page).post(pay))
}

#[derive(Deserialize)]
pub struct CodeParams {
    code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PayParams {
    code: String,
    /// A tester's own transaction id (1–64 letters, digits or dashes), to
    /// pay again under the same one; a new one is made otherwise.
    #[serde(default)]
    transaction_id: String,
}

fn escape(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '&' => "&amp;".to_owned(),
            '<' => "&lt;".to_owned(),
            '>' => "&gt;".to_owned(),
            '"' => "&quot;".to_owned(),
            '\'' => "&#39;".to_owned(),
            other => other.to_string(),
        })
        .collect()
}

fn layout(body: &str) -> Html<String> {
    Html(format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Sandbox payment</title><style>body{{font:16px system-ui,sans-serif;margin:2rem auto;max-width:26rem;padding:0 1rem}}\
         button{{background:#A94AFF;color:#fff;border:0;border-radius:8px;padding:.8rem 1.4rem;font-size:1rem}}\
         .note{{color:#555;font-size:.9rem}}</style><h1>Sandbox payment</h1>\
         <p class=\"note\">A test channel standing in for GCash, Maya, stores and QR Ph. No real money moves.</p>{body}</html>"
    ))
}

/// The page of one pay code, with a button that pays it.
pub async fn page(State(state): State<AppState>, Query(params): Query<CodeParams>) -> ApiResult<Html<String>> {
    if state.settings.payments.sandbox_secret.expose().is_empty() {
        return Ok(layout("<p>The sandbox is off: no callback secret is configured.</p>"));
    }
    let code = state.store.pay_code(&params.code).await?.ok_or(ApiError::NotFound)?;
    let amount = format_amount(code.amount, CurrencySymbol::Peso);
    Ok(layout(&format!(
        "<p>Pay code <strong>{}</strong> at {}</p><p>Amount <strong>{amount}</strong></p>\
         <form method=\"post\" action=\"/sandbox/pay\"><input type=\"hidden\" name=\"code\" value=\"{}\">\
         <button type=\"submit\">Pay {amount}</button></form>",
        escape(&code.code),
        code.channel.name(),
        escape(&code.code),
    )))
}

/// Pays the code: writes the payment to the gateway's statement, sends the
/// signed callback and shows what the server said. Paying again under the
/// same transaction id sends the same callback (a gateway's retry).
pub async fn pay(State(state): State<AppState>, Form(params): Form<PayParams>) -> ApiResult<Html<String>> {
    let secret = state.settings.payments.sandbox_secret.expose();
    if secret.is_empty() {
        return Ok(layout("<p>The sandbox is off: no callback secret is configured.</p>"));
    }
    let code = state.store.pay_code(&params.code).await?.ok_or(ApiError::NotFound)?;
    let transaction_id = if params.transaction_id.is_empty() {
        let mut id = [0u8; 8];
        getrandom::fill(&mut id).map_err(|error| ApiError::Internal(error.to_string()))?;
        format!("SBX-{}", id.iter().map(|byte| format!("{byte:02X}")).collect::<String>())
    } else if params.transaction_id.len() <= 64
        && params.transaction_id.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'-')
    {
        params.transaction_id.clone()
    } else {
        return Err(ApiError::InvalidParameters);
    };
    let recorded = state
        .store
        .record_gateway_payment(&GatewayPayment {
            transaction_id: transaction_id.clone(),
            pay_code: code.code.clone(),
            amount: code.amount,
            paid_at: state.now(),
        })
        .await?;
    if recorded.pay_code != code.code || recorded.amount != code.amount {
        return Err(ApiError::InvalidParameters);
    }
    let body = serde_json::json!({
        "transactionId": transaction_id,
        "payCode": code.code,
        "amount": code.amount.get(),
        "currency": "PHP",
    })
    .to_string();
    let timestamp = state.now().unix_timestamp();
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    let answer = client
        .post(format!("{}/pany/payments/callback/sandbox", state.local_url))
        .header("content-type", "application/json")
        .header(TIMESTAMP_HEADER, timestamp.to_string())
        .header(SIGNATURE_HEADER, sign(secret, timestamp, body.as_bytes()))
        .body(body)
        .send()
        .await
        .map_err(|error| ApiError::Unavailable(error.without_url().to_string()))?;
    let status = answer.status();
    let reply: serde_json::Value = answer.json().await.unwrap_or_default();
    let outcome = reply["data"]["result"].as_str().unwrap_or("refused");
    let amount = format_amount(code.amount, CurrencySymbol::Peso);
    Ok(layout(&format!(
        "<p><strong>Payment sent.</strong> {amount} for pay code {}.</p><p class=\"note\">The lender answered: HTTP {} ({}).</p>",
        escape(&code.code),
        status.as_u16(),
        escape(outcome),
    )))
}
