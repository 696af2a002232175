//! The personal centre (spec §7): the borrower's orders, who they are, the
//! menu of their page, the language they read in.

use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, NoData, ok};
use crate::extract::{Currency, CurrentBorrower, Params};
use crate::i18n::{Lang, Msg};
use crate::state::AppState;
use crate::views::status_texts;
use axum::Json;
use axum::extract::State;
use hiram_domain::borrower::Language;
use hiram_domain::clock::manila_date;
use hiram_domain::files::ImagePurpose;
use hiram_domain::kyc::Profile;
use hiram_domain::money::format_amount;
use hiram_domain::order::OrderStatus;
use hiram_domain::product::ProductId;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(order_list))
        .routes(routes!(user_info))
        .routes(routes!(user_menu))
        .routes(routes!(user_delete))
        .routes(routes!(user_language))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummary {
    pub order_id: i64,
    pub order_no: String,
    pub product_id: i64,
    pub product_name: String,
    pub product_logo: String,
    pub status: i64,
    pub status_text: String,
    pub amount_text: String,
    pub applied_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct OrderList {
    pub orders: Vec<OrderSummary>,
}

/// The borrower's orders, newest first.
#[utoipa::path(post, path = "/v3/personal-center/order-list", tag = "personal centre",
    responses((status = 200, body = Envelope<OrderList>), (status = 401)), security(("borrower_session" = [])))]
pub async fn order_list(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
) -> ApiResult<Json<Envelope<OrderList>>> {
    let products: HashMap<ProductId, (String, String)> = state
        .store
        .products()
        .await?
        .into_iter()
        .map(|product| (product.id, (product.name, product.logo_url)))
        .collect();
    let orders = state.store.orders_of(borrower).await?;
    // A confirmed loan with nowhere to send it waits for the borrower, and
    // its line says so rather than that the money is on its way (decision 045).
    let awaiting_account = orders.iter().any(|order| order.status == OrderStatus::Disbursing)
        && state.store.payout_account(borrower).await?.is_none();
    let orders = orders
        .into_iter()
        .map(|order| {
            let status_title = if awaiting_account && order.status == OrderStatus::Disbursing {
                Msg::StatusAwaitingAccountTitle
            } else {
                status_texts(order.status).0
            };
            let (name, logo) = products.get(&order.product_id).cloned().unwrap_or_default();
            OrderSummary {
                order_id: order.id.0,
                order_no: order.order_no,
                product_id: order.product_id.0,
                product_name: name,
                product_logo: logo,
                status: order.status.code(),
                status_text: status_title.text(lang).to_owned(),
                amount_text: format_amount(order.principal, symbol),
                applied_at: manila_date(order.applied_at).to_string(),
            }
        })
        .collect();
    Ok(ok(lang, OrderList { orders }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    /// `0917 *** 4567`
    pub phone_masked: String,
    pub full_name: String,
    /// 0–100.
    pub kyc_progress: i64,
    pub limit_text: String,
    /// The language the borrower chose, `en` or `fil`; absent until they
    /// choose (their texts are then in English).
    pub language: Option<String>,
}

/// Who the borrower is, as their page shows it.
#[utoipa::path(post, path = "/v3/personal-center/user-info", tag = "personal centre",
    responses((status = 200, body = Envelope<UserInfo>), (status = 401)), security(("borrower_session" = [])))]
pub async fn user_info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
) -> ApiResult<Json<Envelope<UserInfo>>> {
    let record = state.store.borrower(borrower).await?.ok_or(ApiError::SessionRequired)?;
    let answers = state.store.kyc_answers(borrower).await?;
    let profile = Profile::new(answers.into_iter().map(|answer| (answer.section, answer.code, answer.value)));
    let orders = state.store.orders_of(borrower).await?;
    let limit = state.decision_rules().limit(profile.applicant(&orders, state.today()).repaid_loans);
    Ok(ok(
        lang,
        UserInfo {
            phone_masked: record.phone.masked(),
            full_name: record.full_name.unwrap_or_default(),
            kyc_progress: profile.progress(),
            limit_text: format_amount(limit, symbol),
            language: record.language.map(|language| language.tag().to_owned()),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LanguageParams {
    /// `en` (English) or `fil` (Filipino).
    #[param(pattern = "^(en|fil)$")]
    pub language: String,
}

/// Remembers the language the borrower reads in: every SMS and every text
/// the server sends them on its own is written in it (decision 046). The
/// reply already speaks it. A value other than `en` or `fil` changes
/// nothing.
#[utoipa::path(post, path = "/v3/personal-center/user-language", tag = "personal centre", params(LanguageParams),
    responses((status = 200, body = Envelope<NoData>),
        (status = 400, body = Envelope<FieldRefused>, description = "Not `en` or `fil`; `data.field` is `language`"),
        (status = 401)),
    security(("borrower_session" = [])))]
pub async fn user_language(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    params: Result<Params<LanguageParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    let refused =
        || ApiError::Rejected { message: Msg::UnknownLanguage, detail: None, data: FieldRefused::data("language") };
    let Params(params) = params.map_err(|_| refused())?;
    let language = Language::parse(params.language.trim()).ok_or_else(refused)?;
    state.store.set_language(borrower, language).await?;
    tracing::info!(borrower.id = borrower.0, language = language.tag(), "borrower chose a language");
    Ok(ok(language.into(), NoData))
}

#[derive(Serialize, ToSchema)]
pub struct MenuItem {
    pub title: String,
    pub path: String,
}

#[derive(Serialize, ToSchema)]
pub struct Menu {
    pub items: Vec<MenuItem>,
}

/// The entries of the borrower's page.
#[utoipa::path(post, path = "/v3/personal-center/user-menu", tag = "personal centre",
    responses((status = 200, body = Envelope<Menu>), (status = 401)), security(("borrower_session" = [])))]
pub async fn user_menu(CurrentBorrower(_): CurrentBorrower, lang: Lang) -> Json<Envelope<Menu>> {
    let item = |title: Msg, path: &str| MenuItem { title: title.text(lang).to_owned(), path: path.to_owned() };
    ok(
        lang,
        Menu {
            items: vec![
                item(Msg::MenuInformation, "/certify"),
                // Where the loan is sent, to see or change before applying
                // (a refused payout's banner sends the borrower here).
                item(Msg::MenuPayoutAccount, "/bindBank"),
                item(Msg::MenuComplaints, "/complaint"),
                item(Msg::MenuCalculator, "/calculator"),
                item(Msg::MenuBookKeeping, "/bookKeeping"),
                item(Msg::MenuRepaymentReminders, "/repaymentReminders"),
                item(Msg::MenuCustomerService, "/customerService"),
                item(Msg::DocTerms, "/loanTerms"),
                item(Msg::DocPrivacy, "/privacyPolicy"),
                item(Msg::MenuAbout, "/aboutUs"),
            ],
        },
    )
}

/// Deletes the borrower's account data. Refused while a loan is open; after
/// that, removes what no law requires keeping (KYC answers, identity photos
/// and receipts with their files, password, sessions) and keeps the loans,
/// their documents and history, and complaints, which lending rules require
/// the lender to retain.
#[utoipa::path(post, path = "/v3/personal-center/user-delete", tag = "personal centre",
    responses((status = 200, body = Envelope<crate::error::NoData>), (status = 401), (status = 409)), security(("borrower_session" = [])))]
pub async fn user_delete(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<NoData>>> {
    let orders = state.store.orders_of(borrower).await?;
    if orders.iter().any(|order| {
        !matches!(order.status, hiram_domain::order::OrderStatus::Repaid | hiram_domain::order::OrderStatus::Rejected)
    }) {
        return Err(ApiError::Conflict { message: Msg::OpenLoanBlocksDeletion, data: serde_json::Value::Null });
    }
    // Picture files go first: should the database step then fail, the
    // borrower's next try finds their records and deletes again, whereas a
    // file left behind a committed erasure would have no record to find it by.
    let pictures = state.store.images_of(borrower, &ImagePurpose::ERASED_WITH_ACCOUNT).await?;
    delete_files(&state, &pictures).await?;
    let erased = state.store.erase_personal_data(borrower, state.now()).await?;
    // A picture sent while this ran has a record only the erasure saw.
    let late: Vec<String> = erased.into_iter().filter(|name| !pictures.contains(name)).collect();
    delete_files(&state, &late).await?;
    tracing::info!(
        borrower.id = borrower.0,
        pictures = pictures.len() + late.len(),
        "borrower deleted their account data"
    );
    Ok(ok(lang, NoData))
}

async fn delete_files(state: &AppState, names: &[String]) -> ApiResult<()> {
    for name in names {
        state
            .files
            .delete(name)
            .await
            .map_err(|error| ApiError::Internal(format!("deleting picture {name}: {error}")))?;
    }
    Ok(())
}
