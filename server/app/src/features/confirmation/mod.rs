//! Loan confirmation (spec §2 "Loan confirmation V3", §4 "Loan confirm"):
//! the borrower sees the agreement and the disclosure statement rendered
//! from the order's own terms, accepts, and the order moves 151 → 170 with
//! both documents stored unchanged. Also the contract calls (§7 Contracts).

use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{Currency, CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::services::documents::{self, Document, Governing, Parties};
use crate::services::loans;
use crate::state::AppState;
use crate::views::{DetailRow, RuleSetView, percent};
use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::cap_proof::prove_new_loan;
use hiram_domain::caps::CapRuleSet;
use hiram_domain::money::{CurrencySymbol, format_amount};
use hiram_domain::order::{Order, OrderId, OrderStatus, Transition};
use hiram_domain::phone::Phone;
use hiram_domain::pricing::Quote;
use hiram_domain::product::{Lender, Product, ProductId};
use hiram_domain::store::{Acceptance, StoreError};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(confirm_data))
        .routes(routes!(accept))
        .routes(routes!(contract_list))
        .routes(routes!(contract_jump))
        .routes(routes!(document))
        .routes(routes!(copy_to_keep))
        .routes(routes!(general_terms))
}

pub use crate::services::documents::{AGREEMENT, DISCLOSURE};

/// The order the page is about, with what its documents name.
pub struct OrderContext {
    pub order: Order,
    pub product: Product,
    pub lender: Lender,
    pub quote: Quote,
    /// The rule set the loan is (or would be) made under.
    pub rule_set: CapRuleSet,
    pub covered: bool,
    pub borrower_name: String,
    pub borrower_phone: Phone,
}

impl OrderContext {
    pub fn render(&self, kind: &str, lang: Lang, start: time::Date) -> Document {
        let phone = self.borrower_phone.display();
        let parties = Parties {
            lender: &self.lender,
            product: &self.product,
            borrower_name: &self.borrower_name,
            borrower_phone: &phone,
            order_no: &self.order.order_no,
            start,
        };
        let governing = Governing { rule_set: &self.rule_set, covered: self.covered };
        if kind == DISCLOSURE {
            documents::disclosure(&self.quote, &governing, &parties, lang)
        } else {
            documents::agreement(&self.quote, &governing, &parties, lang)
        }
    }
}

/// Loads one of the caller's orders and prices it: on the terms frozen when
/// it was accepted, or, before that, on its product's now. The price must be
/// the one the borrower applied for: if the product's amounts or term
/// changed since, the documents could not match the charges, so the
/// confirmation is refused.
pub async fn order_context(
    state: &AppState,
    borrower: BorrowerId,
    order_id: i64,
    product_id: Option<i64>,
) -> ApiResult<OrderContext> {
    let order = state.store.order_of(borrower, OrderId(order_id)).await?.ok_or(ApiError::NotFound)?;
    if product_id.is_some_and(|product| ProductId(product) != order.product_id) {
        return Err(ApiError::NotFound);
    }
    let product = state.store.product(order.product_id).await?.ok_or(ApiError::NotFound)?;
    let lender = state.store.lender(product.lender_id).await?.ok_or(ApiError::NotFound)?;
    let terms = loans::order_terms(state, &order).await?;
    let quote = terms.quote().map_err(|error| ApiError::Internal(error.to_string()))?;
    if quote.fee() != order.fees || quote.term_days() != order.term_days || quote.principal() != order.principal {
        return Err(ApiError::Conflict {
            message: Msg::TermsChanged,
            data: serde_json::json!({ "nextUrl": format!("/productDetail?productId={}", product.id.0) }),
        });
    }
    let (rule_set, covered) = match loans::acceptance_proof(state, order.id).await? {
        Some(proof) => (proof.rule_set, proof.covered),
        None => {
            let today = state.today();
            let rule_set = loans::in_force_on(state, today).await?;
            let covered = rule_set.covers(order.principal, today, today + time::Duration::days(quote.term_days()));
            (rule_set, covered)
        }
    };
    let borrower_record = state.store.borrower(borrower).await?.ok_or(ApiError::SessionRequired)?;
    Ok(OrderContext {
        borrower_name: borrower_record.full_name.clone().unwrap_or_default(),
        borrower_phone: borrower_record.phone.clone(),
        order,
        product,
        lender,
        quote,
        rule_set,
        covered,
    })
}

/// The order a confirmation call is about: the one named, or, with only a
/// product (the §7 payloads), the caller's open order of that product (a
/// borrower holds at most one). Neither given, or no such order: refused.
async fn chosen_order(
    state: &AppState,
    borrower: BorrowerId,
    order_id: Option<i64>,
    product_id: Option<i64>,
) -> ApiResult<OrderContext> {
    let order_id = match (order_id, product_id) {
        (Some(order_id), _) => order_id,
        (None, Some(product_id)) => {
            let orders = state.store.orders_of(borrower).await?;
            let open = orders.iter().find(|order| order.product_id == ProductId(product_id) && order.status.is_open());
            open.ok_or(ApiError::NotFound)?.id.0
        }
        (None, None) => return Err(ApiError::InvalidParameters),
    };
    order_context(state, borrower, order_id, product_id).await
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConfirmParams {
    /// With no `orderId`, the caller's open order of this product.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    /// Optional when `productId` is given.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub order_id: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct PlanRow {
    pub title: String,
    pub description: String,
    /// Centavos.
    pub amount: i64,
    pub pay_time: String,
}

/// The confirmation page's data (spec §3 "Loan confirm data").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoanConfirm {
    pub com_product_logo: String,
    pub com_product_name: String,
    /// Centavos.
    pub amount: i64,
    pub periods: i64,
    pub term_unit: String,
    /// The whole term, in days.
    pub term_days: i64,
    pub details: Vec<DetailRow>,
    #[serde(rename = "repay_plans")]
    pub repay_plans: Vec<PlanRow>,
    pub first_pay_time: String,
    pub first_period_day: i64,
    pub p_rate_dsc: String,
    pub send_sms: i64,
    /// 1: show the retention pop-up when the app signals "back".
    pub is_pop_type: i64,
    pub pop_content: String,
    pub pop_title: String,
    /// The loan agreement, linked from the modal shown before the borrower can go on.
    pub pop_agreement_url: String,
    /// The older variant's button text (D6).
    #[serde(rename = "NewButtonMsg")]
    pub new_button_msg: String,
    /// The older variant's promotional pop-up text (D6).
    #[serde(rename = "NewPopMsg")]
    pub new_pop_msg: String,
}

/// What the borrower is about to accept, for an approved order.
#[utoipa::path(method(get, post), path = "/v3/loan-confirm/loan-detail-confirm", tag = "confirmation", params(ConfirmParams),
    responses((status = 200, body = Envelope<LoanConfirm>), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn confirm_data(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Currency(symbol): Currency,
    Params(params): Params<ConfirmParams>,
) -> ApiResult<Json<Envelope<LoanConfirm>>> {
    let context = chosen_order(&state, borrower, params.order_id, params.product_id).await?;
    if context.order.status != OrderStatus::AwaitingConfirmation {
        return Err(ApiError::Conflict {
            message: Msg::NotAwaitingConfirmation,
            data: serde_json::json!({ "nextUrl": details_url(&context.order) }),
        });
    }
    let quote = &context.quote;
    let start = state.today();
    let dates = documents::due_dates(quote, start);
    let money = |amount: hiram_domain::money::Centavos| format_amount(amount, symbol);
    let row = |text: Msg, value: String| DetailRow { text: text.text(lang).to_owned(), value };
    let details = vec![
        row(Msg::RowLoanAmount, money(quote.principal())),
        row(Msg::RowServiceFee, money(quote.fee())),
        row(Msg::RowNetProceeds, money(quote.net_proceeds())),
        row(Msg::RowInterest, money(quote.interest)),
        row(Msg::RowTotalRepayment, money(quote.total_repayable)),
        row(Msg::RowEffectiveRate, percent(quote.eir_monthly_bp())),
        row(Msg::RowTerm, format!("{} {}", quote.term_days(), Msg::TermDays.text(lang))),
        row(Msg::RowRuleSet, context.rule_set.source.clone()),
    ];
    let periods = i64::try_from(quote.schedule.len()).unwrap_or(i64::MAX);
    let repay_plans = quote
        .schedule
        .iter()
        .zip(&dates)
        .map(|(instalment, date)| PlanRow {
            title: Msg::PaymentOf.text(lang).replace("{n}", &format!("{}/{}", instalment.number, periods)),
            description: format!("{} + {}", money(instalment.principal), money(instalment.interest)),
            amount: instalment.amount().get(),
            pay_time: date.to_string(),
        })
        .collect();
    Ok(ok(
        lang,
        LoanConfirm {
            com_product_logo: context.product.logo_url.clone(),
            com_product_name: context.product.name.clone(),
            amount: quote.principal().get(),
            periods,
            term_unit: "days".to_owned(),
            term_days: quote.term_days(),
            details,
            repay_plans,
            first_pay_time: dates.first().map(ToString::to_string).unwrap_or_default(),
            first_period_day: context.product.terms.period_days,
            p_rate_dsc: crate::views::rates(&context.product, lang),
            send_sms: 0,
            is_pop_type: 1,
            pop_content: Msg::RetentionText.text(lang).to_owned(),
            pop_title: Msg::RetentionTitle.text(lang).to_owned(),
            pop_agreement_url: document_url(context.order.id, AGREEMENT),
            new_button_msg: Msg::ConfirmButton.text(lang).replace("{amount}", &money(quote.principal())),
            new_pop_msg: Msg::ConfirmPromotion.text(lang).to_owned(),
        },
    ))
}

fn details_url(order: &Order) -> String {
    format!("/loanDetails?productId={}&orderId={}", order.product_id.0, order.id.0)
}

fn document_url(order: OrderId, kind: &str) -> String {
    format!("/loanAgreement?orderId={}&doc={kind}", order.0)
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AcceptParams {
    /// With no `orderId`, the caller's open order of this product.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    /// Optional when `productId` is given.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub order_id: Option<i64>,
    /// Centavos; must be the approved amount.
    pub amount: i64,
    /// Must be the plan's number of payments.
    pub periods: i64,
    #[serde(default)]
    pub term_unit: String,
    /// The borrower's affirmative act (D9): `agree_button` (Agree in the
    /// agreement's modal, then Next) or `checkbox` (their own tick of the
    /// box, then Next). A native shell that sends neither accepted with its
    /// own Next, recorded as `app_next`.
    #[serde(default)]
    pub act: Option<String>,
}

/// The acts D9 records, as the pages send them.
const ACTS: [&str; 2] = ["agree_button", "checkbox"];

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Accepted {
    pub lend_details_url: String,
}

/// The borrower accepts the agreement and the disclosure: the order moves
/// 151 → 170 and both documents are stored as shown. Accepting twice
/// answers the same way and changes nothing.
#[utoipa::path(post, path = "/v3/loan-confirm/loan-detail-push", tag = "confirmation", params(AcceptParams),
    responses((status = 200, body = Envelope<Accepted>), (status = 400), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn accept(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    headers: HeaderMap,
    Params(params): Params<AcceptParams>,
) -> ApiResult<Json<Envelope<Accepted>>> {
    let context = chosen_order(&state, borrower, params.order_id, params.product_id).await?;
    let order = &context.order;
    let periods = i64::try_from(context.quote.schedule.len()).unwrap_or(i64::MAX);
    let act = match params.act.as_deref().map(str::trim) {
        None | Some("") => "app_next",
        Some(act) if ACTS.contains(&act) => act,
        Some(_) => return Err(ApiError::InvalidParameters),
    };
    if params.amount != order.principal.get()
        || params.periods != periods
        || !matches!(params.term_unit.as_str(), "" | "days")
    {
        return Err(ApiError::rejected(Msg::ConfirmMismatch));
    }
    let accepted = Accepted { lend_details_url: details_url(order) };
    let order_id = order.id;
    if order.status == OrderStatus::Disbursing && state.store.order_document(order.id, AGREEMENT).await?.is_some() {
        return Ok(ok(lang, accepted));
    }
    if order.status != OrderStatus::AwaitingConfirmation {
        return Err(ApiError::Conflict {
            message: Msg::NotAwaitingConfirmation,
            data: serde_json::json!({ "nextUrl": accepted.lend_details_url }),
        });
    }
    let origin = crate::browser_policy::own_origin(&headers, &state.settings.server.public_url);
    if !record_acceptance(&state, context, act, lang, state.today(), state.now(), Some(&origin)).await? {
        // A concurrent tap accepted first; the outcome is the same.
        return Ok(ok(lang, accepted));
    }
    tracing::info!(order.id = order_id.0, "loan accepted by the borrower");
    // The payout is tried at once; without a bound account, or when the
    // gateway is down, the order waits in 170 and is tried again later.
    if let Err(error) = crate::services::disbursements::disburse(&state, order_id).await {
        tracing::warn!(order.id = order_id.0, error.detail = %error, "payout to be tried again later");
    }
    Ok(ok(lang, accepted))
}

/// Makes the loan of an order awaiting confirmation, on the Manila day
/// `start` at `now`: its contract proved against the rule set in force that
/// day (a loan that fails is not made, D4, decision 056), the agreement and
/// disclosure stored as rendered, the terms, proof and the borrower's act
/// (D9) frozen, and 151 → 170, in one transaction; with a `link_origin`,
/// a text to the borrower with the link to their copy to keep (decision
/// 089) is stored with it and sent once it stands. `false` when another
/// request accepted it first.
pub async fn record_acceptance(
    state: &AppState,
    context: OrderContext,
    act: &str,
    lang: Lang,
    start: time::Date,
    now: time::OffsetDateTime,
    link_origin: Option<&str>,
) -> ApiResult<bool> {
    let rule_set = loans::in_force_on(state, start).await?;
    let proof = prove_new_loan(&context.quote.terms, start, &rule_set)
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    if !proof.passed() {
        tracing::warn!(order.id = context.order.id.0, rule_set = %rule_set.code, "acceptance refused: the loan breaks a ceiling");
        return Err(ApiError::Conflict { message: Msg::LoanBreaksCeiling, data: serde_json::Value::Null });
    }
    let context = OrderContext { covered: proof.covered, rule_set, ..context };
    // The copy the borrower read, and one in each language for the copy to
    // keep: the same terms and figures, rendered from the same quote.
    let json =
        |document: Document| serde_json::to_string(&document).map_err(|error| ApiError::Internal(error.to_string()));
    let mut stored: Vec<(String, String)> = Vec::new();
    for kind in [AGREEMENT, DISCLOSURE] {
        stored.push((kind.to_owned(), json(context.render(kind, lang, start))?));
        for language in documents::LANGUAGES {
            stored.push((documents::in_language(kind, language), json(context.render(kind, language, start))?));
        }
    }
    let message = link_origin.map(|origin| {
        let body = Msg::AcceptedSms
            .text(lang)
            .replace("{order}", &context.order.order_no)
            .replace("{amount}", &format_amount(context.order.principal, CurrencySymbol::Peso))
            .replace("{link}", &format!("{origin}{}", document_url(context.order.id, AGREEMENT)));
        crate::adapters::sms::queued(state, &context.borrower_phone, body, now)
    });
    let cause = format!("borrower accepted the agreement and disclosure ({act})");
    let transition = Transition::new(&context.order, OrderStatus::Disbursing, cause, now)
        .map_err(|error| ApiError::Internal(error.to_string()))?;
    let acceptance = Acceptance {
        terms: context.quote.terms.clone(),
        interest: context.quote.interest,
        act: act.to_owned(),
        proof,
        message,
    };
    match state.store.accept_order(&transition, &stored, &acceptance).await {
        Ok(outbox_id) => {
            if let (Some(id), Some(message)) = (outbox_id, &acceptance.message) {
                crate::adapters::sms::dispatch(state, [(id, message)]).await;
            }
            Ok(true)
        }
        Err(StoreError::Stale | StoreError::Conflict(_)) => Ok(false),
        Err(other) => Err(other.into()),
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ContractParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub order_id: Option<i64>,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub scene: Option<i64>,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub position: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct ContractItem {
    pub title: String,
    pub position: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ContractList {
    /// The agreement list (the page reads `data.data`).
    pub data: Vec<ContractItem>,
}

const CONTRACTS: [(Msg, &str); 3] =
    [(Msg::DocAgreement, AGREEMENT), (Msg::DocDisclosure, DISCLOSURE), (Msg::DocPrivacy, "privacy")];

/// The documents the borrower agrees to (scene 3: the confirmation). The
/// shells send the fields of [`ContractParams`]; the list is the same for
/// every scene, so none is read.
#[utoipa::path(method(get, post), path = "/v3/contract/contract", tag = "confirmation",
    params(("productId" = Option<String>, Query, description = "Not read"),
        ("orderId" = Option<String>, Query, description = "Not read"),
        ("scene" = Option<String>, Query, description = "3 from the confirmation page; not read"),
        ("position" = Option<String>, Query, description = "Not read")),
    responses((status = 200, body = Envelope<ContractList>)))]
pub async fn contract_list(lang: Lang) -> Json<Envelope<ContractList>> {
    let data = CONTRACTS
        .iter()
        .zip(0..)
        .map(|((title, _), position)| ContractItem { title: title.text(lang).to_owned(), position })
        .collect();
    ok(lang, ContractList { data })
}

#[derive(Serialize, ToSchema)]
pub struct ContractJump {
    pub contract_url: String,
}

/// Where one document of the list is read.
#[utoipa::path(method(get, post), path = "/v3/contract/contract-jump", tag = "confirmation", params(ContractParams),
    responses((status = 200, body = Envelope<ContractJump>), (status = 400), (status = 404)), security(("borrower_session" = [])))]
pub async fn contract_jump(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<ContractParams>,
) -> ApiResult<Json<Envelope<ContractJump>>> {
    let position =
        params.position.and_then(|position| usize::try_from(position).ok()).ok_or(ApiError::InvalidParameters)?;
    let (_, kind) = CONTRACTS.get(position).ok_or(ApiError::InvalidParameters)?;
    let contract_url = match (*kind, params.order_id) {
        ("privacy", _) => "/privacyPolicy".to_owned(),
        (_, Some(order_id)) => {
            state.store.order_of(borrower, OrderId(order_id)).await?.ok_or(ApiError::NotFound)?;
            document_url(OrderId(order_id), kind)
        }
        (_, None) => "/loanTerms".to_owned(),
    };
    Ok(ok(lang, ContractJump { contract_url }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DocumentParams {
    pub order_id: i64,
    /// `agreement` or `disclosure`.
    #[param(pattern = "^(agreement|disclosure)$")]
    pub doc: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentView {
    pub title: String,
    /// True when this is the stored copy the borrower accepted.
    pub accepted: bool,
    pub accepted_at: String,
    pub sections: Vec<documents::DocumentSection>,
    pub disclosure: Option<documents::Disclosure>,
}

/// An order's agreement or disclosure: the accepted copy once accepted,
/// otherwise rendered now from the order's terms.
#[utoipa::path(method(get, post), path = "/v3/contract/loan-agreement-detail", tag = "confirmation", params(DocumentParams),
    responses((status = 200, body = Envelope<DocumentView>), (status = 400), (status = 404)), security(("borrower_session" = [])))]
pub async fn document(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<DocumentParams>,
) -> ApiResult<Json<Envelope<DocumentView>>> {
    let kind = match params.doc.as_str() {
        AGREEMENT => AGREEMENT,
        DISCLOSURE => DISCLOSURE,
        _ => return Err(ApiError::InvalidParameters),
    };
    let order = state.store.order_of(borrower, OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    if let Some(stored) = state.store.order_document(order.id, kind).await? {
        let document: Document =
            serde_json::from_str(&stored.body).map_err(|error| ApiError::Internal(error.to_string()))?;
        return Ok(ok(
            lang,
            DocumentView {
                title: document.title,
                accepted: true,
                accepted_at: stored.created_at.to_offset(hiram_domain::clock::MANILA).date().to_string(),
                sections: document.sections,
                disclosure: document.disclosure,
            },
        ));
    }
    let context = order_context(&state, borrower, params.order_id, None).await?;
    let document = context.render(kind, lang, state.today());
    Ok(ok(
        lang,
        DocumentView {
            title: document.title,
            accepted: false,
            accepted_at: String::new(),
            sections: document.sections,
            disclosure: document.disclosure,
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CopyParams {
    pub order_id: i64,
}

/// The copy to keep of an accepted loan (decision 089): its disclosure
/// statement and agreement exactly as stored when the borrower accepted, in
/// the request's language first and then the other, and the schedule its
/// payout fixed, as a PDF to download. An order not yet accepted has none.
#[utoipa::path(method(get, post), path = "/v3/contract/loan-copy", tag = "confirmation", params(CopyParams),
    responses((status = 200, description = "The PDF", content_type = "application/pdf", body = Vec<u8>),
        (status = 400), (status = 404)), security(("borrower_session" = [])))]
pub async fn copy_to_keep(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<CopyParams>,
) -> ApiResult<axum::response::Response> {
    let order = state.store.order_of(borrower, OrderId(params.order_id)).await?.ok_or(ApiError::NotFound)?;
    // Every stored document of the order, read once.
    let stored = state.store.order_documents(order.id).await?;
    let find = |kind: &str| stored.iter().find(|document| document.kind == kind);
    let accepted = find(AGREEMENT).ok_or(ApiError::NotFound)?;
    let other = if lang == Lang::En { Lang::Fil } else { Lang::En };
    let mut kept = Vec::new();
    let read =
        |body: &str| serde_json::from_str::<Document>(body).map_err(|error| ApiError::Internal(error.to_string()));
    for language in [lang, other] {
        for kind in [DISCLOSURE, AGREEMENT] {
            if let Some(document) = find(&documents::in_language(kind, language)) {
                kept.push(documents::KeptDocument { document: read(&document.body)?, lang: Some(language) });
            }
        }
    }
    if kept.is_empty() {
        // Accepted before the copies in both languages were kept: the one
        // the borrower read.
        for kind in [DISCLOSURE, AGREEMENT] {
            if let Some(document) = find(kind) {
                kept.push(documents::KeptDocument { document: read(&document.body)?, lang: None });
            }
        }
    }
    if let Some(document) = find(documents::SCHEDULE) {
        kept.push(documents::KeptDocument { document: read(&document.body)?, lang: None });
    }
    let accepted_on = accepted.created_at.to_offset(hiram_domain::clock::MANILA).date();
    let file = documents::copy_to_keep(&order.order_no, accepted_on, &kept, lang);
    let name: String = order.order_no.chars().filter(char::is_ascii_alphanumeric).collect();
    let headers = [
        (axum::http::header::CONTENT_TYPE, "application/pdf".to_owned()),
        (axum::http::header::CONTENT_DISPOSITION, format!("attachment; filename=\"hiram-loan-{name}.pdf\"")),
        (axum::http::header::CACHE_CONTROL, "private, no-store".to_owned()),
    ];
    Ok(axum::response::IntoResponse::into_response((headers, file)))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneralTerms {
    pub title: String,
    pub url: String,
    /// The rule set of the law in force today, whose ceilings the terms
    /// page states for covered loans.
    pub rule_set: RuleSetView,
}

/// The general loan terms and conditions, with the ceilings in force.
#[utoipa::path(method(get, post), path = "/v3/contract/agreement", tag = "confirmation",
    responses((status = 200, body = Envelope<GeneralTerms>)))]
pub async fn general_terms(State(state): State<AppState>, lang: Lang) -> ApiResult<Json<Envelope<GeneralTerms>>> {
    let rule_set = loans::in_force_on(&state, state.today()).await?;
    Ok(ok(
        lang,
        GeneralTerms {
            title: Msg::DocTerms.text(lang).to_owned(),
            url: "/loanTerms".to_owned(),
            rule_set: RuleSetView::of(&rule_set, true),
        },
    ))
}
