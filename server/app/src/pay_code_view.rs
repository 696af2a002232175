//! How an offered pay code is shown to the borrower who asked for it
//! (`generate-vcode`, and the old repayment store's pay-code page): where
//! to go next, and the signed addresses of its pictures; and how a code
//! not offered is told.

use crate::error::{ApiError, ApiResult};
use crate::i18n::Msg;
use crate::services::loans::NotRepayable;
use crate::services::pay_codes::IssueError;
use crate::state::AppState;
use axum::http::{HeaderMap, header};
use hiram_domain::collection_provider::CollectionError;
use hiram_domain::money::Centavos;
use hiram_domain::payment::{ChannelKind, PayCode};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayCodeIssued {
    /// Where the borrower goes next. E-wallets: the provider's checkout page,
    /// an absolute address (Xendit's; in the demo the sandbox's pay page on
    /// the host the caller reached). Stores and QR Ph: the borrower
    /// app's `/repaymentOfCode` with `showType`, `payCode`, `repayAmount`,
    /// `channel` and the picture below (`payCodeImg` or `barcodeImg`) in its
    /// query.
    pub pay_url: String,
    /// What the borrower gives the cashier or types (stores: the provider's
    /// code, which may hold letters; else our 12 digits).
    pub pay_code: String,
    /// RFC 3339.
    pub expires_at: String,
    /// 1: a code to copy; 2: a QR to scan (QR Ph).
    pub show_type: i64,
    /// QR Ph: the address of a PNG of the QR
    /// (`/pany/pay-codes/{code}/qr.png?until=…&sig=…`), which works as given,
    /// with no session, for about a day; "" otherwise.
    pub pay_code_img: String,
    /// Store channels: the address of a PNG Code 128 barcode of `payCode`
    /// (`/pany/pay-codes/{code}/barcode.png?until=…&sig=…`, as `payCodeImg`);
    /// "" otherwise.
    pub barcode_img: String,
    /// The sandbox's test page that pays this code, when the sandbox is on
    /// (a demo, D8); "" otherwise.
    pub sandbox_url: String,
}

impl PayCodeIssued {
    /// The reply for a code just offered; `headers` name the host the
    /// caller reached, where the sandbox's own page is.
    pub async fn of(state: &AppState, code: &PayCode, headers: &HeaderMap) -> ApiResult<PayCodeIssued> {
        let amount = code.amount.unwrap_or(Centavos::ZERO);
        let show_type = code.channel.shown_as().code();
        let (pay_code_img, barcode_img) = (qr_image(state, code).await?, barcode_image(state, code).await?);
        let checkout = code.instruction.as_ref().and_then(|instruction| instruction.checkout_url.clone());
        let pay_url = match checkout {
            // The sandbox's page is this server's, not the app's: an absolute
            // address, so the pages leave the app for it as for a provider's.
            Some(url) if url.starts_with('/') => on_this_host(headers, &url),
            Some(url) => url,
            None => {
                let mut query = vec![
                    ("showType", show_type.to_string()),
                    ("payCode", code.shown_code().to_owned()),
                    ("repayAmount", amount.get().to_string()),
                    ("channel", code.channel.key().to_owned()),
                ];
                if !pay_code_img.is_empty() {
                    query.push(("payCodeImg", pay_code_img.clone()));
                }
                if !barcode_img.is_empty() {
                    query.push(("barcodeImg", barcode_img.clone()));
                }
                let query =
                    serde_urlencoded::to_string(&query).map_err(|error| ApiError::Internal(error.to_string()))?;
                format!("/repaymentOfCode?{query}")
            }
        };
        Ok(PayCodeIssued {
            pay_url,
            pay_code: code.shown_code().to_owned(),
            expires_at: code.expires_at.map(crate::views::timestamp).unwrap_or_default(),
            show_type,
            pay_code_img,
            barcode_img,
            sandbox_url: sandbox_page(state, code),
        })
    }
}

/// How long a picture address works: a day, ending on the hour, so that
/// the pages' loads within one hour share one address (and the picture in
/// the browser's cache).
fn picture_address_end(now: time::OffsetDateTime) -> time::OffsetDateTime {
    let in_a_day = now + time::Duration::hours(25);
    in_a_day
        .replace_minute(0)
        .and_then(|at| at.replace_second(0))
        .and_then(|at| at.replace_nanosecond(0))
        .unwrap_or(in_a_day)
}

/// The signed address of the PNG of a code's QR (QR Ph), or "": it works
/// as given, with no session, for about a day (decision 059).
async fn qr_image(state: &AppState, code: &PayCode) -> ApiResult<String> {
    match code.instruction.as_ref().and_then(|instruction| instruction.qr_string.as_ref()) {
        Some(_) => {
            let path = format!("/pany/pay-codes/{}/qr.png", code.code);
            crate::signed_addresses::sign(state, &path, picture_address_end(state.now())).await
        }
        None => Ok(String::new()),
    }
}

/// The signed address of the PNG barcode of a store code, or "".
pub async fn barcode_image(state: &AppState, code: &PayCode) -> ApiResult<String> {
    if code.channel.kind() == ChannelKind::OverTheCounter && code.instruction.is_some() {
        let path = format!("/pany/pay-codes/{}/barcode.png", code.code);
        crate::signed_addresses::sign(state, &path, picture_address_end(state.now())).await
    } else {
        Ok(String::new())
    }
}

/// The sandbox's page for a code when the sandbox is on, or "".
pub fn sandbox_page(state: &AppState, code: &PayCode) -> String {
    if state.settings.payments.sandbox_on() && code.provider == "sandbox" {
        crate::adapters::collection::sandbox_page(&code.code)
    } else {
        String::new()
    }
}

/// `path` on the host the caller reached (the sandbox's page, in the demo):
/// `Host`, and `X-Forwarded-Proto` behind a proxy. The path alone when the
/// host is missing or not a plain host name.
fn on_this_host(headers: &HeaderMap, path: &str) -> String {
    let header = |name: header::HeaderName| headers.get(name).and_then(|value| value.to_str().ok());
    let host = header(header::HOST).filter(|host| {
        !host.is_empty()
            && host.len() <= 255
            && host.bytes().all(|byte| byte.is_ascii_alphanumeric() || b".-:[]".contains(&byte))
    });
    let scheme = match header(header::HeaderName::from_static("x-forwarded-proto")) {
        Some("https") => "https",
        _ => "http",
    };
    match host {
        Some(host) => format!("{scheme}://{host}{path}"),
        None => path.to_owned(),
    }
}

/// A loan that takes no payment: not the caller's (404), or owing nothing
/// (409).
impl From<NotRepayable> for ApiError {
    fn from(error: NotRepayable) -> ApiError {
        match error {
            NotRepayable::NotFound => ApiError::NotFound,
            NotRepayable::NothingOwed => {
                ApiError::Conflict { message: Msg::NothingToRepay, data: serde_json::Value::Null }
            }
            NotRepayable::Service(error) => error.into(),
        }
    }
}

/// A pay code not offered, in the borrower's words; the provider's own
/// reasons are logged, not shown.
impl From<IssueError> for ApiError {
    fn from(error: IssueError) -> ApiError {
        match error {
            IssueError::ChannelOff => ApiError::rejected(Msg::UnknownChannel),
            IssueError::NotPayable => ApiError::rejected(Msg::PayAmountInvalid),
            IssueError::TooMany => {
                ApiError::TooManyRequests { retry_after_seconds: 3600, message: Msg::TooManyPayCodes }
            }
            IssueError::Provider(CollectionError::Refused(detail)) => {
                tracing::warn!(error.detail = %detail, "the collection provider refused a pay code");
                ApiError::rejected(Msg::ChannelRefused)
            }
            IssueError::Provider(CollectionError::Unavailable(detail)) => {
                tracing::warn!(error.detail = %detail, "the collection provider is unavailable");
                ApiError::Conflict { message: Msg::PayCodeUnavailable, data: serde_json::Value::Null }
            }
            IssueError::Service(error) => error.into(),
        }
    }
}
