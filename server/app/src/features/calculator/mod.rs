//! The borrower's loan calculator (spec §7 `/calc/*`, issue 8): what a loan
//! costs, flat or on the declining balance, paid daily, weekly or monthly;
//! with a fee, its effective rate and, for loans the BSP caps cover, the
//! distance to each cap (`hiram_domain::calculator`). A peso exchange
//! calculator on the rates staff set (`exchange`), calculations a borrower
//! keeps, and the products that could lend what a calculation describes,
//! with the views they get from here counted (`jump-page`, `jump-page-view`).
//!
//! Anyone may calculate; keeping calculations and opening products from
//! them needs a session.

pub mod exchange;

use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::{CurrentBorrower, MaybeBorrower, Params};
use crate::i18n::{Lang, Msg};
use crate::services::loans;
use crate::state::AppState;
use crate::views::RuleSetView;
use crate::views::{InstalmentView, QuoteView, percent};
use axum::Json;
use axum::extract::State;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::calculator::{
    CalcError, Calculation, Cap, Frequency, LoanInput, MAX_PRINCIPAL, Method, SavedCalculation, calculate, check_name,
};
use hiram_domain::money::Centavos;
use hiram_domain::product::ProductId;
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use exchange::{ConversionView, ExchangeRates};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(index))
        .routes(routes!(emi))
        .routes(routes!(emi_advanced))
        .routes(routes!(exchange::exchange_rate))
        .routes(routes!(add_loan))
        .routes(routes!(list_loans))
        .routes(routes!(loan_info))
        .routes(routes!(delete_loan))
        .routes(routes!(jump_page))
        .routes(routes!(jump_page_view))
}

#[derive(Serialize, ToSchema)]
pub struct CalcChoice {
    pub key: String,
    pub title: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalcIndex {
    pub methods: Vec<CalcChoice>,
    pub frequencies: Vec<CalcChoice>,
    /// Centavos.
    pub min_amount: i64,
    /// Centavos.
    pub max_amount: i64,
    pub max_rate_bp: i64,
    pub max_payments: i64,
    /// The rule set of the law in force today: its ceilings and coverage.
    pub caps: RuleSetView,
    /// What the form starts with.
    pub defaults: CalcInputView,
    /// How many calculations the borrower keeps; none without a session.
    pub saved_count: Option<i64>,
}

/// A calculation's inputs, as the API names them.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct CalcInputView {
    /// Centavos.
    pub amount: i64,
    pub monthly_rate_bp: i64,
    pub payments: i64,
    /// `daily`, `weekly` or `monthly`.
    pub frequency: String,
    /// `flat` or `declining`.
    pub method: String,
    pub fee_bp: i64,
}

impl From<&LoanInput> for CalcInputView {
    fn from(input: &LoanInput) -> CalcInputView {
        CalcInputView {
            amount: input.principal.get(),
            monthly_rate_bp: input.monthly_rate_bp,
            payments: input.payments,
            frequency: input.frequency.key().to_owned(),
            method: input.method.key().to_owned(),
            fee_bp: input.fee_bp,
        }
    }
}

const DEFAULT_INPUT: LoanInput = LoanInput {
    principal: Centavos::from_pesos(5_000),
    monthly_rate_bp: 400,
    payments: 3,
    frequency: Frequency::Monthly,
    method: Method::Flat,
    fee_bp: 0,
};

fn method_title(method: Method) -> Msg {
    match method {
        Method::Flat => Msg::CalcMethodFlat,
        Method::Declining => Msg::CalcMethodDeclining,
    }
}

fn frequency_title(frequency: Frequency) -> Msg {
    match frequency {
        Frequency::Daily => Msg::CalcDaily,
        Frequency::Weekly => Msg::CalcWeekly,
        Frequency::Monthly => Msg::CalcMonthly,
    }
}

/// The calculator's choices, limits and the caps it measures against.
#[utoipa::path(post, path = "/calc/index", operation_id = "calc_index", tag = "calculator",
    responses((status = 200, body = Envelope<CalcIndex>)), security((), ("borrower_session" = [])))]
pub async fn index(
    State(state): State<AppState>,
    MaybeBorrower(borrower): MaybeBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<CalcIndex>>> {
    let saved_count = match borrower {
        Some(borrower) => Some(state.store.calculations_of(borrower).await?.len() as i64),
        None => None,
    };
    let choice = |key: &str, title: Msg| CalcChoice { key: key.to_owned(), title: title.text(lang).to_owned() };
    Ok(ok(
        lang,
        CalcIndex {
            methods: [Method::Flat, Method::Declining]
                .into_iter()
                .map(|method| choice(method.key(), method_title(method)))
                .collect(),
            frequencies: [Frequency::Daily, Frequency::Weekly, Frequency::Monthly]
                .into_iter()
                .map(|frequency| choice(frequency.key(), frequency_title(frequency)))
                .collect(),
            min_amount: 100,
            max_amount: MAX_PRINCIPAL.get(),
            max_rate_bp: 10_000,
            max_payments: 1_000,
            caps: RuleSetView::of(&loans::in_force_on(&state, state.today()).await?, true),
            defaults: CalcInputView::from(&DEFAULT_INPUT),
            saved_count,
        },
    ))
}

/// A loan to price, as the forms send it.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct LoanParams {
    /// Centavos, ₱1 to ₱10,000,000.
    pub amount: i64,
    /// Nominal interest a month, basis points (4% = 400), 0 to 10,000.
    pub monthly_rate_bp: i64,
    /// 1 to 1,000, over at most 10 years.
    pub payments: i64,
    /// `daily`, `weekly` or `monthly`.
    #[param(pattern = "^(daily|weekly|monthly)$")]
    pub frequency: String,
    /// `flat` or `declining`; default `flat`.
    #[serde(default)]
    #[param(pattern = "^(flat|declining)?$")]
    pub method: String,
    /// Fee deducted up front, basis points of the amount (`emi-adv` and
    /// saved calculations; `emi` ignores it).
    #[serde(default)]
    pub fee_bp: i64,
    /// `add-loan` only: a name for the calculation, up to 40 characters.
    #[serde(default)]
    pub name: String,
}

impl LoanParams {
    async fn checked(&self, state: &AppState, with_fee: bool) -> ApiResult<(LoanInput, Calculation)> {
        let frequency = Frequency::parse(&self.frequency).ok_or(ApiError::rejected(Msg::CalcFrequencyInvalid))?;
        let method = match self.method.as_str() {
            "" => Method::Flat,
            key => Method::parse(key).ok_or(ApiError::rejected(Msg::CalcMethodInvalid))?,
        };
        let input = LoanInput {
            principal: Centavos::new(self.amount),
            monthly_rate_bp: self.monthly_rate_bp,
            payments: self.payments,
            frequency,
            method,
            fee_bp: if with_fee { self.fee_bp } else { 0 },
        };
        let today = state.today();
        let rule_set = loans::in_force_on(state, today).await?;
        let calculation = calculate(&input, &rule_set, today).map_err(|error| {
            ApiError::rejected(match error {
                CalcError::Principal => Msg::CalcAmountInvalid,
                CalcError::Rate => Msg::CalcRateInvalid,
                CalcError::Term => Msg::CalcTermInvalid,
                CalcError::Fee => Msg::CalcFeeInvalid,
            })
        })?;
        Ok((input, calculation))
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CapView {
    /// `nominal` or `effective`.
    pub key: String,
    pub title: String,
    pub limit_bp: i64,
    pub quoted_bp: i64,
    /// Negative when the quote is above the cap.
    pub headroom_bp: i64,
    pub within: bool,
}

/// A priced loan. Amounts in centavos.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalcResult {
    pub input: CalcInputView,
    pub schedule: Vec<InstalmentView>,
    pub first_payment: i64,
    pub total_interest: i64,
    pub fee: i64,
    pub net_proceeds: i64,
    pub total_repaid: i64,
    pub term_days: i64,
    /// The effective interest rate a month on the money received: interest
    /// and every fee, the rate that discounts the payments to it.
    pub effective_monthly_bp: i64,
    /// `"4.99%"`.
    pub effective_monthly_rate: String,
    /// Whether the rule set in force covers the loan if taken today.
    pub covered: bool,
    /// Empty when not covered.
    pub caps: Vec<CapView>,
}

fn result_view(input: &LoanInput, calculation: &Calculation, lang: Lang) -> CalcResult {
    CalcResult {
        input: CalcInputView::from(input),
        schedule: calculation
            .schedule
            .iter()
            .map(|payment| InstalmentView {
                number: payment.number,
                due_after_days: payment.due_after_days,
                amount: payment.amount().get(),
                principal: payment.principal.get(),
                interest: payment.interest.get(),
            })
            .collect(),
        first_payment: calculation.schedule.first().map_or(0, |payment| payment.amount().get()),
        total_interest: calculation.total_interest.get(),
        fee: calculation.fee.get(),
        net_proceeds: calculation.net_proceeds.get(),
        total_repaid: calculation.total_repaid.get(),
        term_days: calculation.term_days,
        effective_monthly_bp: calculation.effective_monthly_bp,
        effective_monthly_rate: percent(calculation.effective_monthly_bp),
        covered: calculation.covered,
        caps: calculation
            .caps
            .iter()
            .map(|distance| {
                let (key, title) = match distance.cap {
                    Cap::Nominal => ("nominal", Msg::CalcCapNominal),
                    Cap::Effective => ("effective", Msg::CalcCapEffective),
                };
                CapView {
                    key: key.to_owned(),
                    title: title.text(lang).to_owned(),
                    limit_bp: distance.limit_bp,
                    quoted_bp: distance.quoted_bp,
                    headroom_bp: distance.headroom_bp(),
                    within: distance.within,
                }
            })
            .collect(),
    }
}

/// Payments and totals for an amount, a monthly rate and a term.
#[utoipa::path(post, path = "/calc/emi", operation_id = "calc_emi", tag = "calculator", params(LoanParams),
    responses((status = 200, body = Envelope<CalcResult>), (status = 400)))]
pub async fn emi(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<LoanParams>,
) -> ApiResult<Json<Envelope<CalcResult>>> {
    let (input, calculation) = params.checked(&state, false).await?;
    Ok(ok(lang, result_view(&input, &calculation, lang)))
}

/// The advanced form: with a fee, the effective rate and the caps.
#[utoipa::path(post, path = "/calc/emi-adv", operation_id = "calc_emi_advanced", tag = "calculator",
    params(LoanParams), responses((status = 200, body = Envelope<CalcResult>), (status = 400)))]
pub async fn emi_advanced(
    State(state): State<AppState>,
    lang: Lang,
    Params(params): Params<LoanParams>,
) -> ApiResult<Json<Envelope<CalcResult>>> {
    let (input, calculation) = params.checked(&state, true).await?;
    Ok(ok(lang, result_view(&input, &calculation, lang)))
}

#[derive(Serialize, ToSchema)]
pub struct SavedId {
    pub id: i64,
}

/// Keeps a calculation (fee included) for the borrower; at most 50.
#[utoipa::path(post, path = "/calc/add-loan", operation_id = "calc_add_loan", tag = "calculator",
    params(LoanParams), responses((status = 200, body = Envelope<SavedId>), (status = 400), (status = 401), (status = 409)), security(("borrower_session" = [])))]
pub async fn add_loan(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<LoanParams>,
) -> ApiResult<Json<Envelope<SavedId>>> {
    let name = check_name(&params.name).ok_or(ApiError::rejected(Msg::CalcNameInvalid))?;
    let (input, _) = params.checked(&state, true).await?;
    match state.store.save_calculation(borrower, &name, &input, state.now()).await {
        Ok(id) => Ok(ok(lang, SavedId { id })),
        Err(StoreError::Conflict("saved_calculation_limit")) => {
            Err(ApiError::Conflict { message: Msg::CalcSavedLimit, data: serde_json::Value::Null })
        }
        Err(other) => Err(other.into()),
    }
}

/// A kept calculation in a list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedView {
    pub id: i64,
    pub name: String,
    pub input: CalcInputView,
    /// Centavos.
    pub first_payment: i64,
    /// Centavos.
    pub total_repaid: i64,
    pub effective_monthly_rate: String,
    /// `YYYY-MM-DD HH:MM:SS`, Manila.
    pub saved_at: String,
}

fn saved_view(saved: &SavedCalculation, calculation: &Calculation) -> SavedView {
    SavedView {
        id: saved.id,
        name: saved.name.clone(),
        input: CalcInputView::from(&saved.input),
        first_payment: calculation.schedule.first().map_or(0, |payment| payment.amount().get()),
        total_repaid: calculation.total_repaid.get(),
        effective_monthly_rate: percent(calculation.effective_monthly_bp),
        saved_at: crate::views::timestamp(saved.saved_at),
    }
}

/// Prices a kept calculation again; its inputs passed the same checks when
/// it was saved.
async fn recalculated(state: &AppState, saved: &SavedCalculation) -> ApiResult<Calculation> {
    let today = state.today();
    let rule_set = loans::in_force_on(state, today).await?;
    calculate(&saved.input, &rule_set, today)
        .map_err(|error| ApiError::Internal(format!("saved calculation {}: {error}", saved.id)))
}

#[derive(Serialize, ToSchema)]
pub struct SavedList {
    pub list: Vec<SavedView>,
}

/// The borrower's calculations, newest first.
#[utoipa::path(post, path = "/calc/list-loan", operation_id = "calc_list_loans", tag = "calculator",
    responses((status = 200, body = Envelope<SavedList>), (status = 401)), security(("borrower_session" = [])))]
pub async fn list_loans(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
) -> ApiResult<Json<Envelope<SavedList>>> {
    let mut list = Vec::new();
    for saved in state.store.calculations_of(borrower).await? {
        list.push(saved_view(&saved, &recalculated(&state, &saved).await?));
    }
    Ok(ok(lang, SavedList { list }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SavedParams {
    /// A kept calculation's id.
    pub id: i64,
}

/// One of the borrower's calculations; another borrower's answers exactly
/// like a missing one.
async fn own_calculation(state: &AppState, borrower: BorrowerId, id: i64) -> ApiResult<SavedCalculation> {
    state.store.calculation(id).await?.filter(|saved| saved.borrower_id == borrower).ok_or(ApiError::NotFound)
}

#[derive(Serialize, ToSchema)]
pub struct SavedInfo {
    pub saved: SavedView,
    pub result: CalcResult,
}

/// A kept calculation with its schedule.
#[utoipa::path(post, path = "/calc/info-loan", operation_id = "calc_loan_info", tag = "calculator",
    params(SavedParams), responses((status = 200, body = Envelope<SavedInfo>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn loan_info(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<SavedParams>,
) -> ApiResult<Json<Envelope<SavedInfo>>> {
    let saved = own_calculation(&state, borrower, params.id).await?;
    let calculation = recalculated(&state, &saved).await?;
    Ok(ok(
        lang,
        SavedInfo { saved: saved_view(&saved, &calculation), result: result_view(&saved.input, &calculation, lang) },
    ))
}

/// Deletes a kept calculation.
#[utoipa::path(post, path = "/calc/del-loan", operation_id = "calc_delete_loan", tag = "calculator",
    params(SavedParams), responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn delete_loan(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<SavedParams>,
) -> ApiResult<Json<Envelope<NoData>>> {
    match state.store.delete_calculation(params.id, borrower).await {
        Ok(()) => Ok(ok(lang, NoData)),
        Err(StoreError::Stale) => Err(ApiError::NotFound),
        Err(other) => Err(other.into()),
    }
}

/// A product that could lend what a calculation describes, priced by its
/// own terms for comparison.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductMatch {
    pub product_id: i64,
    pub name: String,
    pub lender: String,
    pub logo: String,
    /// The product's own price for the amount it would lend (the
    /// calculation's amount, rounded down to the product's step).
    pub quote: QuoteView,
}

#[derive(Serialize, ToSchema)]
pub struct JumpPage {
    pub saved: SavedView,
    /// Cheapest first (finance charge).
    pub products: Vec<ProductMatch>,
}

/// The available products that lend the calculation's amount, cheapest
/// first, each priced by its own terms.
#[utoipa::path(post, path = "/calc/jump-page", operation_id = "calc_jump_page", tag = "calculator",
    params(SavedParams), responses((status = 200, body = Envelope<JumpPage>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn jump_page(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<SavedParams>,
) -> ApiResult<Json<Envelope<JumpPage>>> {
    let saved = own_calculation(&state, borrower, params.id).await?;
    let calculation = recalculated(&state, &saved).await?;
    let wanted = saved.input.principal.get();
    let today = state.today();
    let rule_set = loans::in_force_on(&state, today).await?;
    let mut products: Vec<ProductMatch> = loans::offered_products(&state)
        .await?
        .into_iter()
        .filter(|product| (product.terms.min_amount.get()..=product.terms.max_amount.get()).contains(&wanted))
        .filter_map(|product| {
            // The nearest amount the product lends at or below the one asked.
            let step = product.terms.amount_step.get().max(1);
            let terms = loans::terms_for(&product, Centavos::new(wanted / step * step), false).ok()?;
            let quote = terms.quote().ok()?;
            Some(ProductMatch {
                product_id: product.id.0,
                name: product.name.clone(),
                lender: product.lender_name.clone(),
                logo: product.logo_url.clone(),
                quote: QuoteView::new(&quote, &rule_set, today),
            })
        })
        .collect();
    products.sort_by_key(|product| (product.quote.finance_charge, product.product_id));
    Ok(ok(lang, JumpPage { saved: saved_view(&saved, &calculation), products }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ViewParams {
    pub product_id: i64,
    /// The kept calculation the product was opened from, if any.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct OpenedProduct {
    /// The page to open: the product's detail.
    pub path: String,
    /// Times the product has been opened from the calculator.
    pub views: i64,
}

/// Counts a product opened from the calculator and says where it opens.
#[utoipa::path(post, path = "/calc/jump-page-view", operation_id = "calc_jump_page_view", tag = "calculator",
    params(ViewParams), responses((status = 200, body = Envelope<OpenedProduct>), (status = 401), (status = 404)), security(("borrower_session" = [])))]
pub async fn jump_page_view(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<ViewParams>,
) -> ApiResult<Json<Envelope<OpenedProduct>>> {
    let calculation = match params.id {
        Some(id) => Some(own_calculation(&state, borrower, id).await?.id),
        None => None,
    };
    let product = state
        .store
        .product(ProductId(params.product_id))
        .await?
        .filter(|product| product.available)
        .ok_or(ApiError::NotFound)?;
    let views = state.store.record_product_view(borrower, calculation, product.id, state.now()).await?;
    Ok(ok(lang, OpenedProduct { path: format!("/productDetail?productId={}", product.id.0), views }))
}
