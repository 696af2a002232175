//! The old repayment store (spec §3, §4, §7 "Old repayment store"; D6),
//! still called by older shells: pay from the bound account with a one-time
//! code, or get a pay-code page (`repayment-huichao`).
//!
//! `repayment-way` offers the bound account under a one-time token;
//! `repayment-commit` fixes the amount once per token and texts a code;
//! `repayment-confirm` checks the code and collects the money through the
//! gateway once, posting it like any payment. Legacy answers: 800005 for a
//! second submission of the same payment, 800006 for a wrong code, both
//! with HTTP 200 as the old pages expect. The `alipay` field is always
//! empty in this market (D6); a `userId` is never trusted (D5).

use crate::error::{ApiError, ApiResult, Envelope, RetryLater, coded, ok};
use crate::extract::{CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::pay_code_view::PayCodeIssued;
use crate::services::{loans, pay_codes};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::otp::{CodePurpose, Delivery};
use hiram_domain::payment::{Channel, ReceivedPayment};
use hiram_domain::payout::{DebitRequest, DebitResult};
use hiram_domain::store::{DebitCommit, IdempotencyKey, Posting};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// A second submission of the same payment.
pub const CODE_DUPLICATE: &str = "800005";
/// A wrong one-time code.
pub const CODE_WRONG_CODE: &str = "800006";
/// How long the offered token stays usable.
const TOKEN_LIFETIME: time::Duration = time::Duration::minutes(30);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(repayment_way))
        .routes(routes!(repayment_commit))
        .routes(routes!(repayment_confirm))
        .routes(routes!(repayment_page))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WayParams {
    pub order_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankCard {
    pub id: i64,
    pub bank_name: String,
    /// Masked: `•••• 7890`.
    pub card_no: String,
    pub bank_code: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepaymentWay {
    /// Always empty in the Philippines (D6).
    pub alipay: String,
    pub repay_token: String,
    pub bank_cards: Vec<BankCard>,
}

/// The bound account to pay from, under a new one-time token.
#[utoipa::path(post, path = "/repayment/repayment-way", tag = "legacy", params(WayParams),
    responses((status = 200, body = Envelope<RepaymentWay>), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn repayment_way(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<WayParams>,
) -> ApiResult<Json<Envelope<RepaymentWay>>> {
    let order = loans::open_loan(&state, borrower, OrderId(params.order_id), None).await?;
    let account = state.store.payout_account(borrower).await?;
    let mut bits = [0u8; 16];
    getrandom::fill(&mut bits).map_err(|error| ApiError::Internal(error.to_string()))?;
    let repay_token = hiram_domain::hex::encode(&bits);
    if let Some(account) = &account {
        let now = state.now();
        state.store.offer_debit(order.id, borrower, account.id, &repay_token, now + TOKEN_LIFETIME, now).await?;
    }
    let bank_cards = account
        .map(|account| BankCard {
            id: account.id,
            bank_name: account.details.provider_name().to_owned(),
            card_no: account.details.masked(),
            bank_code: account.details.provider.clone(),
        })
        .into_iter()
        .collect();
    Ok(ok(lang, RepaymentWay { alipay: String::new(), repay_token, bank_cards }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CommitParams {
    pub order_id: i64,
    /// Centavos, at most what is owed.
    pub amount: i64,
    /// The `id` of the card from `repayment-way`.
    pub card_id: i64,
    pub repay_token: String,
    /// The page sends 0 (a code by SMS).
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub send_msg: Option<i64>,
    /// Not offered in this market; anything but empty or 0 is refused.
    #[serde(default)]
    pub coupon_id: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Committed {
    pub repay_record_id: i64,
    /// 1: a code was texted and must be confirmed.
    pub need_valid: i64,
}

/// Fixes the amount of the offered payment (once per token) and texts the
/// borrower a code to authorise it. The card's name and number the page
/// echoes back are not used: the server pays from the account it offered.
#[utoipa::path(post, path = "/repayment/repayment-commit", tag = "legacy", params(CommitParams),
    responses((status = 200, body = Envelope<Committed>, description = "00, or 800005 for a second submission"),
        (status = 400), (status = 401), (status = 404), (status = 409),
        (status = 429, body = Envelope<RetryLater>, description = "Too often; `data.retryAfterSeconds` (and `Retry-After`) says how long to wait")), security(("borrower_session" = [])))]
pub async fn repayment_commit(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<CommitParams>,
) -> ApiResult<Json<Envelope<Option<Committed>>>> {
    let order = loans::open_loan(&state, borrower, OrderId(params.order_id), None).await?;
    if !matches!(params.coupon_id.trim(), "" | "0") || params.send_msg.is_some_and(|value| value != 0) {
        return Err(ApiError::InvalidParameters);
    }
    let account = state.store.payout_account(borrower).await?;
    if account.as_ref().map(|account| account.id) != Some(params.card_id) {
        return Err(ApiError::rejected(Msg::ChooseCardFirst));
    }
    let owed = crate::services::loans::owed_today(&state, order.id).await?;
    if params.amount <= 0 || params.amount > owed.get() {
        return Err(ApiError::rejected(Msg::PayAmountInvalid));
    }
    let committed = state
        .store
        .commit_debit(&params.repay_token, order.id, borrower, Centavos::new(params.amount), state.now())
        .await?;
    let id = match committed {
        DebitCommit::Committed(id) => id,
        DebitCommit::AlreadyUsed => return Ok(coded(CODE_DUPLICATE, Msg::PaymentSubmittedTwice, lang, None)),
        DebitCommit::Unknown => return Err(ApiError::rejected(Msg::PaymentPageExpired)),
    };
    let phone = state
        .store
        .borrower(borrower)
        .await?
        .ok_or_else(|| ApiError::Internal("session of a missing borrower".into()))?
        .phone;
    crate::one_time_codes::issue_code(&state, &phone, CodePurpose::Repayment, Delivery::Sms, "repayment", lang).await?;
    Ok(ok(lang, Some(Committed { repay_record_id: id, need_valid: 1 })))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConfirmParams {
    pub order_id: i64,
    pub verify_code: String,
    pub repayment_record_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Collected {
    /// `collected`.
    pub status: String,
}

/// Checks the texted code and collects the payment from the account, once.
#[utoipa::path(post, path = "/repayment/repayment-confirm", tag = "legacy", params(ConfirmParams),
    responses((status = 200, body = Envelope<Collected>, description = "00; 800006 wrong code; 800005 already submitted"),
        (status = 400), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn repayment_confirm(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<ConfirmParams>,
) -> ApiResult<Json<Envelope<Option<Collected>>>> {
    if params.verify_code.trim().chars().count() < 6 {
        return Err(ApiError::rejected(Msg::InvalidCodeFormat));
    }
    let order = loans::open_loan(&state, borrower, OrderId(params.order_id), None).await?;
    let customer = state
        .store
        .borrower(borrower)
        .await?
        .ok_or_else(|| ApiError::Internal("session of a missing borrower".into()))?;
    match crate::one_time_codes::verify_code(&state, &customer.phone, CodePurpose::Repayment, params.verify_code.trim())
        .await
    {
        Ok(()) => {}
        Err(ApiError::Rejected { .. }) => return Ok(coded(CODE_WRONG_CODE, Msg::CodeWrongRepayment, lang, None)),
        Err(other) => return Err(other),
    }
    let Some(debit) = state.store.claim_debit(params.repayment_record_id, order.id, borrower).await? else {
        return Ok(coded(CODE_DUPLICATE, Msg::PaymentSubmittedTwice, lang, None));
    };
    let account = state.store.payout_account(borrower).await?.filter(|account| account.id == debit.account_id);
    let outcome = match &account {
        Some(account) => {
            let request = DebitRequest {
                reference: format!("debit-{}", debit.id),
                amount: debit.amount,
                account: account.details.clone(),
                account_holder: customer.full_name.clone().unwrap_or_default(),
            };
            state.gateway.debit(&request).await.ok()
        }
        None => Some(DebitResult::Declined { reason: "the account was changed".to_owned() }),
    };
    let Some(DebitResult::Collected { transaction_id }) = outcome else {
        state.store.finish_debit(debit.id, "declined", state.now()).await?;
        tracing::info!(order.id = order.id.0, debit.id = debit.id, "account debit not collected");
        return Err(ApiError::rejected(Msg::DebitDeclined));
    };
    let key = IdempotencyKey {
        key: format!("debit:{}", debit.id),
        fingerprint: Sha256::digest(format!("{}:{}", transaction_id, debit.amount.get()).as_bytes()).into(),
    };
    let received = ReceivedPayment {
        order_id: order.id,
        channel: Channel::AccountDebit,
        amount: debit.amount,
        extension_fee: None,
        pay_code: None,
    };
    if matches!(crate::services::money_in::post_payment(&state, &received, &key).await?, Posting::KeyReused) {
        return Err(ApiError::Internal(format!("debit {} posted under another fingerprint", debit.id)));
    }
    state.store.finish_debit(debit.id, "collected", state.now()).await?;
    Ok(ok(lang, Some(Collected { status: "collected".to_owned() })))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// Sent by old shells and ignored: the session says who pays (D5).
    #[serde(default)]
    pub user_id: Option<String>,
    pub order_id: i64,
    /// Centavos.
    pub amount: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PaymentPage {
    /// The page to open: a GCash pay code for the amount.
    pub url: String,
}

/// A pay-code page for the amount (GCash), like `generate-vcode`.
#[utoipa::path(post, path = "/repayment/repayment-huichao", tag = "legacy", params(PageParams),
    responses((status = 200, body = Envelope<PaymentPage>), (status = 400), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn repayment_page(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    headers: axum::http::HeaderMap,
    Params(params): Params<PageParams>,
) -> ApiResult<Json<Envelope<PaymentPage>>> {
    let order = loans::open_loan(&state, borrower, OrderId(params.order_id), None).await?;
    let code = pay_codes::offer(&state, &order, Channel::GCash, Centavos::new(params.amount), None).await?;
    let issued = PayCodeIssued::of(&state, &code, &headers).await?;
    Ok(ok(lang, PaymentPage { url: issued.pay_url }))
}
