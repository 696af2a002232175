//! The payment account a loan is sent to (spec §2 "Bind bank", §3 "Bank
//! form item" and "Bank submission", §7 bind-card family): a server-driven
//! form with card-type tabs (1 bank account over InstaPay, channel 90006;
//! 2 e-wallet), checked on the server. Binding again replaces the account;
//! the old one is kept for the record. A loan waiting for an account (170)
//! is sent as soon as one is bound. Account numbers are shown masked
//! everywhere but the box the borrower types them in.

use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::{CurrentBorrower, Params};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use crate::views::FormOption;
use axum::Json;
use axum::extract::State;
use hiram_domain::payout::{AccountDetails, AccountError, AccountKind, BANKS, INSTAPAY_CHANNEL, WALLETS};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(form)).routes(routes!(bind))

    // From order details (source=loanDetail); its original path is not shown.
}

/// One field of the bind form (spec §3 "Bank form item").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankFormItem {
    /// `text` or `enum` here (`city` and `day` exist in the shape).
    pub cate: String,
    pub code: String,
    /// Prefilled for choices; never an account number.
    pub value: String,
    pub title: String,
    pub subtitle: String,
    pub note: Vec<FormOption>,
    /// 0 shows the field for every card type, else only for that type.
    pub card_type_mi: i64,
    /// For card type 1: shown only when it is the current channel.
    pub channel_number: i64,
    /// `bankCard` (digits, grouped in fours), `phone` (digits, shown 4-3-4 as
    /// decisions.md D1 says) or `text`.
    pub input_type: String,
    pub max_length: usize,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankForm {
    pub items: Vec<BankFormItem>,
    /// The account loans go to now, masked (`BPI •••• 7890`); empty if none.
    pub current: String,
}

fn options(list: &[(&str, &str)]) -> Vec<FormOption> {
    list.iter().map(|(code, name)| FormOption { name: (*name).to_owned(), value: (*code).to_owned() }).collect()
}

/// The form, with the current account's type and provider chosen.
#[utoipa::path(post, path = "/v3/bind-card/card-init", tag = "payments",
    params(("product_id" = Option<String>, Query, description = "The product the binding is for, as the page sends it; not read")),
    responses((status = 200, body = Envelope<BankForm>), (status = 401)), security(("borrower_session" = [])))]
pub async fn form(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<BankForm>>> {
    let current = state.store.payout_account(borrower).await?;
    let chosen = |kind: AccountKind| {
        current.as_ref().filter(|account| account.details.kind == kind).map(|account| account.details.provider.clone())
    };
    let item = |cate: &str, code: &str, title: Msg, subtitle: Option<Msg>, card_type: i64, channel: i64| BankFormItem {
        cate: cate.to_owned(),
        code: code.to_owned(),
        value: String::new(),
        title: title.text(lang).to_owned(),
        subtitle: subtitle.map(|msg| msg.text(lang).to_owned()).unwrap_or_default(),
        note: Vec::new(),
        card_type_mi: card_type,
        channel_number: channel,
        input_type: "text".to_owned(),
        max_length: 0,
    };
    let bank = AccountKind::Bank.card_type();
    let wallet = AccountKind::EWallet.card_type();
    let card_type = current.as_ref().map_or(bank, |account| account.details.kind.card_type());
    let items = vec![
        BankFormItem {
            value: card_type.to_string(),
            note: vec![
                FormOption { name: Msg::AccountTypeBank.text(lang).to_owned(), value: bank.to_string() },
                FormOption { name: Msg::AccountTypeWallet.text(lang).to_owned(), value: wallet.to_string() },
            ],
            ..item("enum", "cardType", Msg::AccountTypeLabel, None, 0, 0)
        },
        BankFormItem {
            value: chosen(AccountKind::Bank).unwrap_or_default(),
            note: options(&BANKS),
            ..item("enum", "bankCode", Msg::BankLabel, Some(Msg::BankSubtitle), bank, INSTAPAY_CHANNEL)
        },
        BankFormItem {
            input_type: "bankCard".to_owned(),
            max_length: 16,
            ..item("text", "bankAccount", Msg::BankAccountLabel, Some(Msg::BankAccountNote), bank, INSTAPAY_CHANNEL)
        },
        BankFormItem {
            value: chosen(AccountKind::EWallet).unwrap_or_default(),
            note: options(&WALLETS),
            ..item("enum", "walletCode", Msg::WalletLabel, None, wallet, 0)
        },
        BankFormItem {
            input_type: "phone".to_owned(),
            max_length: 11,
            ..item("text", "walletNumber", Msg::WalletNumberLabel, Some(Msg::WalletNumberNote), wallet, 0)
        },
    ];
    let current = current
        .map(|account| format!("{} {}", account.details.provider_name(), account.details.masked()))
        .unwrap_or_default();
    Ok(ok(lang, BankForm { items, current }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoundAccount {
    pub provider_name: String,
    /// `•••• 7890`.
    pub masked: String,
    /// Loans sent (or refused) right away because they waited for an account.
    pub loans_sent: usize,
    pub message: String,
}

/// The submitted form (spec §3 "Bank submission"): each item code of
/// `card-init`'s form to its value, as text, plus `product_id`. Only the
/// fields of the chosen card type are read; a missing or wrong one is
/// refused with its code in `data.field`.
#[derive(Deserialize, ToSchema)]
#[allow(dead_code, reason = "documents the form for the API; the handler reads it as a map")]
pub struct BankSubmission {
    /// 1 bank account, 2 e-wallet.
    #[serde(rename = "cardType", default)]
    pub card_type: String,
    /// For card type 1: a bank code of `card-init`.
    #[serde(rename = "bankCode", default)]
    pub bank_code: String,
    /// For card type 1: 10 to 16 digits.
    #[serde(rename = "bankAccount", default)]
    pub bank_account: String,
    /// For card type 2: `GCASH` or `MAYA`.
    #[serde(rename = "walletCode", default)]
    pub wallet_code: String,
    /// For card type 2: the wallet's mobile number.
    #[serde(rename = "walletNumber", default)]
    pub wallet_number: String,
    /// The product the binding is for; not read.
    #[serde(default)]
    pub product_id: String,
    /// Any other item of the form, by its code; not read.
    #[serde(flatten)]
    pub other: HashMap<String, String>,
}

/// Binds the account in the submitted form. The first wrong field is
/// refused with its code in `data.field`; nothing is stored then. The same
/// handler answers `/pany/v3/bind-card/bind-card-change` (replacing the
/// account) and `/pany/v3/bind-card/bind-card-loan-detail` (from order
/// details, `source=loanDetail`).
#[utoipa::path(post, path = "/v3/bind-card/bind-card-new", tag = "payments",
    request_body(description = "The form's own fields: each item's code to its value (form-encoded or flat JSON; \
        the fields may come in the query instead)",
        content((BankSubmission = "application/x-www-form-urlencoded"), (BankSubmission = "application/json"))),
    responses((status = 200, body = Envelope<BoundAccount>),
        (status = 400, body = Envelope<FieldRefused>, description = "The first wrong field; `data.field` is its code"),
        (status = 401)), security(("borrower_session" = [])))]
pub async fn bind(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(form): Params<HashMap<String, String>>,
) -> ApiResult<Json<Envelope<BoundAccount>>> {
    let field = |code: &str| form.get(code).map(|value| value.trim().to_owned()).unwrap_or_default();
    let card_type = field("cardType").parse::<i64>().unwrap_or(0);
    let (provider_field, number_field) = if card_type == AccountKind::EWallet.card_type() {
        ("walletCode", "walletNumber")
    } else {
        ("bankCode", "bankAccount")
    };
    let details = AccountDetails::parse(card_type, &field(provider_field), &field(number_field)).map_err(|error| {
        let (message, code) = match error {
            AccountError::Kind => (Msg::AccountKindInvalid, "cardType"),
            AccountError::Provider => (Msg::AccountProviderInvalid, provider_field),
            AccountError::Number => (Msg::AccountNumberInvalid, number_field),
        };
        ApiError::Rejected { message, detail: None, data: FieldRefused::data(code) }
    })?;
    let account = state.store.bind_account(borrower, &details, state.now()).await?;
    tracing::info!(account.kind = account.details.kind.card_type(), "payout account bound");
    let loans_sent = crate::services::disbursements::disburse_waiting(&state, Some(borrower)).await?;
    Ok(ok(
        lang,
        BoundAccount {
            provider_name: account.details.provider_name().to_owned(),
            masked: account.details.masked(),
            loans_sent,
            message: Msg::AccountBound.text(lang).to_owned(),
        },
    ))
}
