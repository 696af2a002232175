//! The SMS outbox as staff read it (one-time codes masked for people), and
//! as the `hiram sms-outbox` command prints it for testers.

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::i18n::Lang;
pub use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::phone::Phone;
use hiram_domain::sms::OutboxEntry;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OutboxParams {
    /// Only this number's messages.
    #[param(value_type = Option<crate::wire_values::PhoneNumberOrEmpty>, inline)]
    pub phone: Option<String>,
    /// How many of the newest messages (1–500, default 50).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxMessage {
    pub id: i64,
    /// The last four digits only, `•••• ••• 4567` (decision 087): a staff
    /// list; `phone` in the query finds a number's messages.
    pub phone: String,
    pub delivery: String,
    pub body: String,
    pub provider: String,
    pub status: String,
    pub created_at: String,
}

impl From<OutboxEntry> for OutboxMessage {
    fn from(entry: OutboxEntry) -> OutboxMessage {
        OutboxMessage {
            id: entry.id,
            phone: entry.phone.last_four_only(),
            delivery: entry.delivery.as_str().to_owned(),
            body: entry.body,
            provider: entry.provider,
            status: entry.status.as_str().to_owned(),
            created_at: crate::views::timestamp(entry.created_at),
        }
    }
}

/// The SMS outbox, newest last.
#[utoipa::path(get, path = "/sms-outbox", tag = "staff", params(OutboxParams),
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Vec<OutboxMessage>>), (status = 401), (status = 403)))]
pub async fn sms_outbox(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<crate::extract::Params<OutboxParams>, ApiError>,
) -> ApiResult<Json<Envelope<Vec<OutboxMessage>>>> {
    staff.require(Permission::ViewMessages)?;
    let crate::extract::Params(params) = params?;
    let phone = match params.phone.as_deref().filter(|phone| !phone.is_empty()) {
        Some(text) => Some(crate::one_time_codes::parse_phone(text)?),
        None => None,
    };
    let limit = params.limit.unwrap_or(50);
    if !(1..=500).contains(&limit) {
        return Err(ApiError::InvalidParameters);
    }
    let entries = state.store.outbox(phone.as_ref(), limit).await?;
    let mut messages: Vec<OutboxMessage> = entries.into_iter().map(OutboxMessage::from).collect();
    // People never read borrowers' live codes: a code could sign them in as
    // the borrower. A staff API token (testers, scripts) reads them whole.
    if matches!(staff.caller, crate::staff_access::Caller::Member(_)) {
        for message in &mut messages {
            message.body = mask_codes(&message.body);
        }
    }
    Ok(ok(lang, messages))
}

/// Replaces every run of exactly six digits (a one-time code) with dots.
fn mask_codes(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if digits.len() == 6 {
            out.push_str("••••••");
        } else {
            out.push_str(digits);
        }
        digits.clear();
    };
    for c in body.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// The outbox as the `hiram sms-outbox` command prints it: one JSON object
/// a line, newest last, with the one-time code picked out for testers.
pub async fn outbox_lines(state: &AppState, phone: Option<&Phone>, limit: i64) -> ApiResult<Vec<serde_json::Value>> {
    let entries = state.store.outbox(phone, limit).await?;
    Ok(entries
        .into_iter()
        .map(|entry| {
            let code = one_time_code_in(&entry.body);
            let message = OutboxMessage::from(entry);
            serde_json::json!({
                "phone": message.phone,
                "delivery": message.delivery,
                "body": message.body,
                "code": code,
                "status": message.status,
                "at": message.created_at,
            })
        })
        .collect())
}

/// The first run of exactly six digits in a message.
fn one_time_code_in(body: &str) -> Option<String> {
    body.split(|c: char| !c.is_ascii_digit()).find(|run| run.len() == 6).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_code_is_the_six_digit_run() {
        assert_eq!(
            super::one_time_code_in("Your Hiram code is 042917. It expires in 5 minutes.").as_deref(),
            Some("042917")
        );
        assert_eq!(super::one_time_code_in("Call 02 8123 4567"), None);
    }
}
