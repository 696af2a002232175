//! Repaying by pay code (spec §7 `generate-vcode`) and the channels'
//! signed callbacks that post the money.
//!
//! A callback is trusted only when its HMAC-SHA256 signature over
//! "timestamp.body" matches the configured secret, its timestamp is within
//! 300 s, it names a known pay code with the same amount in PHP, and the
//! gateway confirms the transaction from its own statement. Any failure
//! changes nothing; no secret configured refuses everything. The
//! channel's transaction id is the idempotency key, checked in the same
//! transaction as the posting, so a repeated callback posts once.

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::services::callback_signing::{SIGNATURE_HEADER, TIMESTAMP_HEADER, verify_signature};
use crate::state::AppState;
use crate::views::DetailRow;
use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::{Channel, PAY_CODE_LIFETIME, PaidReport, PayCode, check_report};
use hiram_domain::repayment::PlanLine;
use hiram_domain::store::{IdempotencyKey, Posting};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub mod extension;
pub mod reported;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(repayment_info))
        .routes(routes!(extension::extension_info))
        .routes(routes!(extension::plan_info))
        .routes(routes!(extension::money_trail))
        .routes(routes!(reported::pay_types))
        .routes(routes!(reported::report_payment))
        .routes(routes!(generate_pay_code))
        .routes(routes!(sandbox_callback))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PayCodeParams {
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    pub order_id: i64,
    /// Centavos: at most what is owed.
    pub amount: i64,
    /// 90011 GCash, 90012 Maya, 90013 7-Eleven, 90014 Cebuana, 90015 QR Ph.
    pub channel_number: i64,
    /// 1 pays for an extension: `amount` and `delayAmount` must both be
    /// the extension page's `delayAmount`.
    #[serde(default, deserialize_with = "optional_id")]
    pub is_delay: Option<i64>,
    #[serde(default, deserialize_with = "optional_id")]
    pub delay_amount: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayCodeIssued {
    /// The page that shows the code (the borrower app's `/repaymentOfCode`).
    pub pay_url: String,
    pub pay_code: String,
    /// RFC 3339.
    pub expires_at: String,
}

/// The caller's own loan with money owed (174 or 180). Another borrower's
/// order, or a product id that is not the order's, is simply not found.
pub async fn open_loan(
    state: &AppState,
    borrower: hiram_domain::borrower::BorrowerId,
    order_id: i64,
    product_id: Option<i64>,
) -> ApiResult<hiram_domain::order::Order> {
    let order = state.store.order_of(borrower, OrderId(order_id)).await?.ok_or(ApiError::NotFound)?;
    if product_id.is_some_and(|product| product != order.product_id.0) {
        return Err(ApiError::NotFound);
    }
    if !order.status.is_repayable() {
        return Err(ApiError::Conflict { message: Msg::NothingToRepay, data: serde_json::Value::Null });
    }
    Ok(order)
}

fn random_code() -> ApiResult<String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|error| ApiError::Internal(error.to_string()))?;
    Ok(format!("{:012}", u64::from_le_bytes(bytes) % 1_000_000_000_000))
}

/// Issues a pay code for paying part or all of what an open loan owes.
#[utoipa::path(post, path = "/v3/loan-details/generate-vcode", tag = "payments", params(PayCodeParams),
    responses((status = 200, body = Envelope<PayCodeIssued>), (status = 400), (status = 404), (status = 409)))]
pub async fn generate_pay_code(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<PayCodeParams>,
) -> ApiResult<Json<Envelope<PayCodeIssued>>> {
    let order = open_loan(&state, borrower, params.order_id, params.product_id).await?;
    let channel = Channel::from_number(params.channel_number).ok_or(ApiError::rejected(Msg::UnknownChannel))?;
    let balances = crate::services::money_in::balances(&state, order.id).await?;
    let now = state.now();
    let mut expires_at = now + PAY_CODE_LIFETIME;
    let extension_fee = match params.is_delay {
        None | Some(0) => None,
        Some(1) => {
            let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
            let (quote, due) = hiram_domain::repayment::extension_offer(&order, &product, &balances, state.today())
                .ok_or(ApiError::Conflict { message: Msg::NotExtendable, data: serde_json::Value::Null })?;
            if params.delay_amount != Some(quote.amount.get()) || params.amount != quote.amount.get() {
                return Err(ApiError::rejected(Msg::ExtensionAmountChanged));
            }
            // The offer holds until the due date ends, not a minute later.
            expires_at = expires_at.min(hiram_domain::clock::end_of_manila_day(due));
            Some(quote.fee)
        }
        Some(_) => return Err(ApiError::InvalidParameters),
    };
    if extension_fee.is_none() && (params.amount <= 0 || params.amount > balances.dues().total().get()) {
        return Err(ApiError::rejected(Msg::PayAmountInvalid));
    }
    let code = PayCode {
        code: random_code()?,
        order_id: order.id,
        channel,
        amount: Centavos::new(params.amount),
        created_at: now,
        expires_at,
        extension_fee,
    };
    state.store.insert_pay_code(&code).await?;
    let show_type = if channel.is_qr() { 2 } else { 1 };
    let pay_url = format!(
        "/repaymentOfCode?showType={show_type}&payCode={}&repayAmount={}&channel={}",
        code.code,
        code.amount.get(),
        channel.key()
    );
    let expires_at = crate::views::timestamp(code.expires_at);
    Ok(ok(lang, PayCodeIssued { pay_url, pay_code: code.code.clone(), expires_at }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RepaymentParams {
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    pub order_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PlanItem {
    /// Paid, due or overdue.
    pub remark: String,
    pub title: String,
    /// Centavos.
    pub amount: i64,
    pub time: String,
}

#[derive(Serialize, ToSchema)]
pub struct ChannelItem {
    pub name: String,
    pub logo: String,
    pub channel_number: i64,
}

#[derive(Serialize, ToSchema)]
pub struct NoticeItem {
    pub name: String,
    pub steps: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct NoticeGroup {
    pub title: String,
    pub items: Vec<NoticeItem>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DefaultPayCode {
    /// Empty until the borrower picks a channel.
    pub pay_code: String,
    pub logo: String,
    pub title: String,
    pub pay_notice: Vec<NoticeGroup>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DelayInfo {
    pub title: String,
    /// Centavos; 0 when the loan cannot be extended now.
    pub delay_amount: i64,
}

/// What the repayment page shows (spec §3 "Repayment info").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepaymentInfo {
    /// Centavos owed now.
    pub repay_amount: i64,
    pub repay_date: String,
    pub product_name: String,
    pub product_logo: String,
    pub detail: Vec<DetailRow>,
    pub repay_plan: Vec<PlanItem>,
    pub repay_list: Vec<ChannelItem>,
    pub notice_msg: String,
    pub def_detail: DefaultPayCode,
    pub delay_info: DelayInfo,
    pub is_show_rey_top: i64,
}

fn channel_logo(channel: Channel) -> String {
    format!("/media/logos/channel-{}.svg", channel.key().replace('_', "-"))
}

/// Every channel a borrower can pay at, for the Payment Method picker.
fn channel_list() -> Vec<ChannelItem> {
    Channel::ALL
        .into_iter()
        .map(|channel| ChannelItem {
            name: channel.name().to_owned(),
            logo: channel_logo(channel),
            channel_number: channel.number(),
        })
        .collect()
}

/// The plan as the pages list it: each payment with its date and whether
/// it is paid, due or overdue.
/// A paid payment shows what it was; an unpaid one what is left of it.
fn plan_items(plan: &[PlanLine], today: time::Date, lang: Lang) -> Vec<PlanItem> {
    plan.iter()
        .map(|line| {
            let remark = if line.covered {
                Msg::PlanPaid
            } else if line.date < today {
                Msg::PlanOverdue
            } else {
                Msg::PlanDue
            };
            PlanItem {
                remark: remark.text(lang).to_owned(),
                title: Msg::PaymentOf.text(lang).replace("{n}", &line.instalment.number.to_string()),
                amount: if line.covered { line.instalment.amount().get() } else { line.remaining.get() },
                time: line.date.to_string(),
            }
        })
        .collect()
}

/// How much is owed on an open loan, its plan, and where to pay.
#[utoipa::path(post, path = "/v3/installment/loan-play-detail", tag = "payments", params(RepaymentParams),
    responses((status = 200, body = Envelope<RepaymentInfo>), (status = 404), (status = 409)))]
pub async fn repayment_info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<RepaymentParams>,
) -> ApiResult<Json<Envelope<RepaymentInfo>>> {
    use hiram_domain::money::{CurrencySymbol, format_amount};
    let order = open_loan(&state, borrower, params.order_id, params.product_id).await?;
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    let balances = crate::services::money_in::balances(&state, order.id).await?;
    let dues = balances.dues();
    let owed = dues.total();
    let repayable = order.total_repayable().unwrap_or(Centavos::ZERO);
    let paid = Centavos::new(repayable.get() - dues.principal.get() - dues.interest.get());
    let money = |amount: Centavos| format_amount(amount, CurrencySymbol::Peso);
    let today = state.today();
    let plan = hiram_domain::repayment::plan_status(&order, &product, &balances, today);
    let next_due = hiram_domain::repayment::next_unpaid_due(&plan).or(order.due_date);
    let repay_plan = plan_items(&plan, today, lang);
    let delay_info = match hiram_domain::repayment::extension_offer(&order, &product, &balances, today) {
        Some((quote, _)) => DelayInfo {
            title: Msg::ExtensionTitle.text(lang).replace("{n}", &quote.added_days.to_string()),
            delay_amount: quote.amount.get(),
        },
        None => DelayInfo { title: String::new(), delay_amount: 0 },
    };
    let row = |text: Msg, value: String| DetailRow { text: text.text(lang).to_owned(), value };
    let detail = vec![
        row(Msg::RowOrderNumber, order.order_no.clone()),
        row(Msg::RowLoanAmount, money(order.principal)),
        row(Msg::RowInterest, money(order.interest)),
        row(Msg::RowPenalties, money(dues.penalties)),
        row(Msg::RowPaidSoFar, money(paid)),
        row(Msg::RowOwedNow, money(owed)),
    ];
    let steps = |msg: Msg| msg.text(lang).split(" → ").map(str::to_owned).collect::<Vec<_>>();
    let pay_notice = vec![
        NoticeGroup {
            title: Msg::NoticeEwallets.text(lang).to_owned(),
            items: vec![
                NoticeItem { name: "GCash".to_owned(), steps: steps(Msg::StepsGcash) },
                NoticeItem { name: "Maya".to_owned(), steps: steps(Msg::StepsMaya) },
            ],
        },
        NoticeGroup {
            title: Msg::NoticeStores.text(lang).to_owned(),
            items: vec![
                NoticeItem { name: "7-Eleven".to_owned(), steps: steps(Msg::StepsStore) },
                NoticeItem { name: "Cebuana Lhuillier".to_owned(), steps: steps(Msg::StepsStore) },
            ],
        },
    ];
    Ok(ok(
        lang,
        RepaymentInfo {
            repay_amount: owed.get(),
            repay_date: next_due.map(|date| date.to_string()).unwrap_or_default(),
            product_name: product.name.clone(),
            product_logo: product.logo_url.clone(),
            detail,
            repay_plan,
            repay_list: channel_list(),
            notice_msg: Msg::KindTips.text(lang).to_owned(),
            def_detail: DefaultPayCode {
                pay_code: String::new(),
                logo: channel_logo(Channel::GCash),
                title: Msg::PickChannel.text(lang).to_owned(),
                pay_notice,
            },
            delay_info,
            is_show_rey_top: 1,
        },
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CallbackBody {
    transaction_id: String,
    pay_code: String,
    amount: i64,
    currency: String,
}

#[derive(Serialize, ToSchema)]
pub struct CallbackAnswer {
    /// `posted`, or `duplicate` for a callback already posted.
    pub result: String,
}

/// The sandbox gateway's callback: a pay code was paid.
#[utoipa::path(post, path = "/payments/callback/sandbox", tag = "payments",
    responses(
        (status = 200, body = Envelope<CallbackAnswer>, description = "Posted, or a duplicate of a posted callback"),
        (status = 400, description = "Refused: stale, wrong amount or currency, unknown pay code; nothing posted"),
        (status = 401, description = "Missing or wrong signature, or no secret configured; nothing posted"),
    ))]
pub async fn sandbox_callback(
    State(state): State<AppState>,
    lang: Lang,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<Envelope<CallbackAnswer>>> {
    let secret = state.settings.payments.sandbox_secret.expose();
    let header = |name: &str| headers.get(name).and_then(|value| value.to_str().ok()).unwrap_or("");
    let timestamp: i64 = header(TIMESTAMP_HEADER).parse().map_err(|_| ApiError::SessionRequired)?;
    if secret.is_empty() || !verify_signature(secret, timestamp, &body, header(SIGNATURE_HEADER)) {
        tracing::warn!("payment callback refused: signature");
        return Err(ApiError::SessionRequired);
    }
    let parsed: CallbackBody = serde_json::from_slice(&body).map_err(|_| ApiError::InvalidParameters)?;
    let report = PaidReport {
        transaction_id: parsed.transaction_id,
        pay_code: parsed.pay_code,
        amount: Centavos::new(parsed.amount),
        currency: parsed.currency,
        sent_at: time::OffsetDateTime::from_unix_timestamp(timestamp).map_err(|_| ApiError::InvalidParameters)?,
    };
    let code = state.store.pay_code(&report.pay_code).await?;
    let code = check_report(&report, code.as_ref(), state.now()).map_err(|refusal| {
        tracing::warn!(refusal = %refusal, "payment callback refused");
        ApiError::InvalidParameters
    })?;
    // Re-checked with the gateway: a signed callback for a payment the
    // gateway has no record of (a leaked secret, a replay from elsewhere)
    // posts nothing.
    let confirmed = state.store.gateway_payment(&report.transaction_id).await?;
    if !confirmed.is_some_and(|payment| payment.pay_code == code.code && payment.amount == report.amount) {
        tracing::warn!("payment callback refused: not in the gateway's statement");
        return Err(ApiError::InvalidParameters);
    }
    let key = IdempotencyKey {
        key: format!("sandbox:{}", report.transaction_id),
        fingerprint: Sha256::digest(format!("{}:{}", code.code, code.amount.get()).as_bytes()).into(),
    };
    let result = match crate::services::money_in::post_payment(&state, &(&code).into(), &key).await? {
        Posting::Posted(_) => "posted",
        Posting::Replayed(_) => "duplicate",
        Posting::KeyReused => {
            return Err(ApiError::Conflict { message: Msg::InvalidParameters, data: serde_json::Value::Null });
        }
    };
    Ok(ok(lang, CallbackAnswer { result: result.to_owned() }))
}
