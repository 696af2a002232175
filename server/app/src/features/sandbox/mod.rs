//! The sandbox's test pay page, a demo (decision D8): it exists only when
//! `payments.collections = "sandbox"` (`make run` turns it on) and says on
//! every page that it is a test. A tester opens a pay code's page and pays;
//! the sandbox writes the payment to its statement and sends the signed
//! callback a real channel would, over HTTP, to this server's callback
//! endpoint. A single-use code takes one payment; the loan's standing code
//! takes any amount up to what is owed. Elsewhere it answers not found.

use crate::error::{ApiError, ApiResult};
use crate::services::callback_signing::{SIGNATURE_HEADER, TIMESTAMP_HEADER, sign};
use crate::state::AppState;
use axum::Router;
use axum::extract::{Form, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use hiram_domain::money::{Centavos, CurrencySymbol, format_amount};
use hiram_domain::payment::{GatewayPayment, PayCode};
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
    /// send the same payment again (a gateway's retry); a new one is made
    /// otherwise.
    #[serde(default)]
    transaction_id: String,
    /// Pesos, for a standing code (`1234.50`); a single-use code's amount is
    /// its own.
    #[serde(default)]
    amount: String,
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

/// The test page's one inline style; the page's CSP allows it by digest.
const STYLE: &str = "body{font:16px system-ui,sans-serif;margin:0 auto;max-width:26rem;padding:0 1rem 2rem}\
     .test{background:#B00020;color:#fff;font-weight:700;padding:.7rem 1rem;margin:0 -1rem 1rem;text-align:center}\
     button{background:#A94AFF;color:#fff;border:0;border-radius:8px;padding:.8rem 1.4rem;font-size:1rem}\
     input{font-size:1rem;padding:.5rem;width:9rem}.note{color:#555;font-size:.9rem}";

fn layout(body: &str) -> Response {
    let page = Html(format!(
        "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>TEST · Sandbox payment</title><style>{STYLE}</style>\
         <p class=\"test\" role=\"alert\">TEST PAGE · No real money moves</p><h1>Sandbox payment</h1>\
         <p class=\"note\">This is the sandbox, a demo standing in for GCash, Maya, stores and QR Ph. \
         It exists only in demo mode; nothing paid here is real.</p>{body}\
         <p><a href=\"/home\">Back to Hiram</a></p></html>"
    ));
    let policy = crate::browser_policy::policy_with_inline_style(STYLE);
    ([(header::CONTENT_SECURITY_POLICY, policy)], page).into_response()
}

/// The code, when the sandbox is on and issued it.
async fn sandbox_code(state: &AppState, code: &str) -> ApiResult<PayCode> {
    if !state.settings.payments.sandbox_on() {
        return Err(ApiError::NotFound);
    }
    state.store.pay_code(code).await?.filter(|code| code.provider == "sandbox").ok_or(ApiError::NotFound)
}

/// Why the code cannot be paid now, if it cannot.
async fn unpayable(state: &AppState, code: &PayCode) -> ApiResult<Option<&'static str>> {
    let order = state.store.order(code.order_id).await?.ok_or(ApiError::NotFound)?;
    if !order.status.is_repayable() {
        return Ok(Some("Nothing is owed on this loan."));
    }
    if code.expires_at.is_some_and(|expires_at| expires_at <= state.now()) {
        return Ok(Some("This pay code has expired."));
    }
    if !code.is_standing() && !state.store.gateway_payments_of_code(&code.code).await?.is_empty() {
        return Ok(Some("This pay code has been paid already. A pay code takes one payment."));
    }
    Ok(None)
}

async fn owed(state: &AppState, code: &PayCode) -> ApiResult<Centavos> {
    Ok(crate::services::loans::owed_today(state, code.order_id).await?)
}

/// The page of one pay code, with a button that pays it.
pub async fn page(State(state): State<AppState>, Query(params): Query<CodeParams>) -> ApiResult<Response> {
    let code = sandbox_code(&state, &params.code).await?;
    let heading = format!("<p>Pay code <strong>{}</strong> at {}</p>", escape(code.shown_code()), code.channel.name());
    if let Some(reason) = unpayable(&state, &code).await? {
        return Ok(layout(&format!("{heading}<p><strong>{reason}</strong></p>")));
    }
    let form = match code.amount {
        Some(amount) => {
            let amount = format_amount(amount, CurrencySymbol::Peso);
            format!("<p>Amount <strong>{amount}</strong></p><button type=\"submit\">Pay {amount}</button>")
        }
        None => {
            let owed = owed(&state, &code).await?;
            format!(
                "<p>The loan's standing code takes any amount up to what is owed, {}.</p>\
                 <p><label>Amount in pesos <input name=\"amount\" inputmode=\"decimal\" value=\"{}\"></label></p>\
                 <button type=\"submit\">Pay</button>",
                format_amount(owed, CurrencySymbol::Peso),
                owed.to_decimal_string(),
            )
        }
    };
    Ok(layout(&format!(
        "{heading}<form method=\"post\" action=\"/sandbox/pay\"><input type=\"hidden\" name=\"code\" value=\"{}\">{form}</form>",
        escape(&code.code),
    )))
}

/// Pays the code: writes the payment to the sandbox's statement, sends the
/// signed callback and shows what the server said. Paying again under the
/// same transaction id sends the same callback (a gateway's retry); a
/// single-use code takes no other payment.
pub async fn pay(State(state): State<AppState>, Form(params): Form<PayParams>) -> ApiResult<Response> {
    let code = sandbox_code(&state, &params.code).await?;
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
    let retry = state.store.gateway_payment(&transaction_id).await?;
    if retry.is_none()
        && let Some(reason) = unpayable(&state, &code).await?
    {
        return Ok(layout(&format!("<p><strong>Not paid.</strong> {reason}</p>")));
    }
    let amount = match (code.amount, &retry) {
        (_, Some(earlier)) => earlier.amount,
        (Some(amount), None) => amount,
        (None, None) => {
            let amount = Centavos::parse_decimal(params.amount.trim()).ok_or(ApiError::InvalidParameters)?;
            if amount.get() <= 0 || amount > owed(&state, &code).await? {
                // The channel refuses more than is owed, as a real one may.
                return Ok(layout("<p><strong>Not paid.</strong> Enter an amount from ₱0.01 up to what is owed.</p>"));
            }
            amount
        }
    };
    let recorded = state
        .store
        .record_gateway_payment(&GatewayPayment {
            transaction_id: transaction_id.clone(),
            pay_code: code.code.clone(),
            amount,
            paid_at: state.now(),
        })
        .await?;
    if recorded.pay_code != code.code {
        return Err(ApiError::InvalidParameters);
    }
    let body = serde_json::json!({
        "transactionId": transaction_id,
        "payCode": code.code,
        "amount": recorded.amount.get(),
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
        .header(SIGNATURE_HEADER, sign(state.settings.payments.sandbox_secret.expose(), timestamp, body.as_bytes()))
        .body(body)
        .send()
        .await
        .map_err(|error| ApiError::Unavailable(error.without_url().to_string()))?;
    let status = answer.status();
    let reply: serde_json::Value = answer.json().await.unwrap_or_default();
    let outcome = reply["data"]["result"].as_str().unwrap_or("refused");
    let amount = format_amount(recorded.amount, CurrencySymbol::Peso);
    Ok(layout(&format!(
        "<p><strong>Payment sent.</strong> {amount} for pay code {}.</p><p class=\"note\">The lender answered: HTTP {} ({}).</p>",
        escape(code.shown_code()),
        status.as_u16(),
        escape(outcome),
    )))
}
