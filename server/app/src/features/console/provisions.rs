//! A lender's provision matrices and allowance in the console and the staff
//! API (decisions 072, 079): the allowance its matrices ask on a day's
//! buckets by product beside what the books hold; one finance member
//! proposes a matrix, for the lender's products or for one of them, a
//! second, independent one approves it into force or rejects it.

use super::{Proposed, Staff};
use crate::error::{ApiError, ApiResult, Envelope, NoData, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::idempotency::{IdempotencyHeader, first_id, refuse_reused_key};
use crate::services::general_ledger::{self, LenderProvisions};
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::general_ledger::aging::AgingBucket;
use hiram_domain::general_ledger::provision::{ProvisionMatrix, ProvisionRates, RatesRefused, RatesStatus};
use hiram_domain::product::{LenderId, ProductId};
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BucketRateView {
    /// `current`, `1-30`, `31-60`, `61-90`, `91-180` or `181+`.
    pub bucket: String,
    /// Basis points of the principal owed (100 = 1%).
    pub rate_bp: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatrixView {
    pub id: i64,
    /// The product it is for; null: the lender's products without their own.
    pub product_id: Option<i64>,
    /// `proposed`, `approved` or `rejected`.
    pub status: String,
    pub rates: Vec<BucketRateView>,
    pub proposed_by: Option<i64>,
    pub proposed_by_token: Option<i64>,
    /// RFC 3339.
    pub proposed_at: String,
    pub decided_by: Option<i64>,
    pub decided_at: Option<String>,
}

impl From<ProvisionMatrix> for MatrixView {
    fn from(matrix: ProvisionMatrix) -> MatrixView {
        MatrixView {
            id: matrix.id,
            product_id: matrix.product.map(|product| product.0),
            status: matrix.status.key().to_owned(),
            rates: AgingBucket::ALL
                .into_iter()
                .map(|bucket| BucketRateView { bucket: bucket.key().to_owned(), rate_bp: matrix.rates.of(bucket) })
                .collect(),
            proposed_by: matrix.proposed_by,
            proposed_by_token: matrix.proposed_by_token,
            proposed_at: crate::views::timestamp(matrix.proposed_at),
            decided_by: matrix.decided_by,
            decided_at: matrix.decided_at.map(crate::views::timestamp),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvisionLineView {
    pub product_id: i64,
    pub product_name: String,
    /// The matrix the product's loans are provisioned at.
    pub matrix_id: i64,
    pub bucket: String,
    /// Centavos of principal owed in the bucket on the day.
    pub principal: i64,
    pub rate_bp: i64,
    /// Centavos: the principal times the rate, to the centavo, half up.
    pub provision: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvisionsView {
    pub lender_id: i64,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The lender's matrix in force for its products without their own, if
    /// one was ever approved.
    pub in_force: Option<MatrixView>,
    /// The products' own matrices in force.
    pub product_matrices: Vec<MatrixView>,
    /// Each product's buckets and provisions under the matrix it is
    /// provisioned at (none for a product without one).
    pub lines: Vec<ProvisionLineView>,
    /// Centavos the matrices ask on the day's buckets (0 without a matrix).
    pub required: i64,
    /// Centavos the allowance holds in the books at the end of the day.
    pub booked: i64,
    /// The lender's matrices, the latest first.
    pub matrices: Vec<MatrixView>,
    /// The lender's products, a matrix may be set for each.
    pub products: Vec<LenderProductView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LenderProductView {
    pub id: i64,
    pub name: String,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProvisionsParams {
    pub lender_id: i64,
    /// The Manila day, `YYYY-MM-DD` (default: today; never a day still to come).
    #[param(pattern = "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$")]
    pub date: Option<String>,
}

/// The matrices listed.
const MATRICES_SHOWN: u32 = 20;

/// A lender's allowance for credit losses on a day: what its matrix in force
/// asks on the day's buckets, what the books hold, and its matrices.
#[utoipa::path(get, path = "/general-ledger/provisions", operation_id = "staff_provisions", tag = "staff",
    params(ProvisionsParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<ProvisionsView>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn provisions(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ProvisionsParams>, ApiError>,
) -> ApiResult<Json<Envelope<ProvisionsView>>> {
    staff.require(Permission::ViewMoney)?;
    let Params(params) = params?;
    let day = super::general_ledger::closed_day(params.date.as_deref(), state.today())?;
    let LenderProvisions { lender, day, products, in_force, booked } =
        general_ledger::provisions(&state, LenderId(params.lender_id), day).await?.ok_or(ApiError::NotFound)?;
    let lenders_products: Vec<LenderProductView> = state
        .store
        .products()
        .await?
        .into_iter()
        .filter(|product| product.lender_id == lender.id)
        .map(|product| LenderProductView { id: product.id.0, name: product.name })
        .collect();
    let names: std::collections::HashMap<ProductId, &str> =
        lenders_products.iter().map(|product| (ProductId(product.id), product.name.as_str())).collect();
    let lines: Vec<ProvisionLineView> = products
        .iter()
        .flat_map(|of| {
            let name = names.get(&of.product).copied().unwrap_or_default().to_owned();
            let matrix_id = of.matrix.as_ref().map_or(0, |matrix| matrix.id);
            of.provisions().into_iter().map(move |(bucket, principal, rate_bp, provision)| ProvisionLineView {
                product_id: of.product.0,
                product_name: name.clone(),
                matrix_id,
                bucket: bucket.key().to_owned(),
                principal: principal.get(),
                rate_bp,
                provision: provision.get(),
            })
        })
        .collect();
    let matrices = state.store.provision_matrices(lender.id, MATRICES_SHOWN).await?;
    let (lenders, products_own): (Vec<ProvisionMatrix>, Vec<ProvisionMatrix>) =
        in_force.into_iter().partition(|matrix| matrix.product.is_none());
    Ok(ok(
        lang,
        ProvisionsView {
            lender_id: lender.id.0,
            date: day.to_string(),
            required: lines.iter().map(|line| line.provision).sum(),
            lines,
            in_force: lenders.into_iter().next().map(MatrixView::from),
            product_matrices: products_own.into_iter().map(MatrixView::from).collect(),
            booked,
            matrices: matrices.into_iter().map(MatrixView::from).collect(),
            products: lenders_products,
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeMatrixParams {
    pub lender_id: i64,
    /// The lender's product the matrix is for; absent: the lender's
    /// products without a matrix of their own.
    pub product_id: Option<i64>,
    /// Basis points of principal for each bucket, 0 to 10,000, never lower
    /// for an older bucket than for a younger one.
    #[param(minimum = 0, maximum = 10000)]
    pub rate_current: i64,
    #[param(minimum = 0, maximum = 10000)]
    pub rate1_to30: i64,
    #[param(minimum = 0, maximum = 10000)]
    pub rate31_to60: i64,
    #[param(minimum = 0, maximum = 10000)]
    pub rate61_to90: i64,
    #[param(minimum = 0, maximum = 10000)]
    pub rate91_to180: i64,
    #[param(minimum = 0, maximum = 10000)]
    pub rate_over180: i64,
}

const RATE_FIELDS: [&str; 6] = ["rateCurrent", "rate1To30", "rate31To60", "rate61To90", "rate91To180", "rateOver180"];

fn refused(refusal: RatesRefused) -> ApiError {
    let (message, bucket) = match refusal {
        RatesRefused::OutOfRange(bucket) => (Msg::ProvisionRateRange, bucket),
        RatesRefused::Decreasing(bucket) => (Msg::ProvisionRateDecreasing, bucket),
    };
    let field =
        AgingBucket::ALL.iter().position(|known| *known == bucket).map_or(RATE_FIELDS[0], |index| RATE_FIELDS[index]);
    super::refused_with(message, field)
}

/// Proposes a provision matrix for a second member to approve into force;
/// a refused rate is named in `data.field`. A proposal retried under its
/// `Idempotency-Key` answers the first one's id and is proposed once.
#[utoipa::path(post, path = "/general-ledger/provisions/propose", operation_id = "staff_provisions_propose", tag = "staff",
    params(ProposeMatrixParams, IdempotencyHeader), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Proposed>), (status = 400, body = Envelope<crate::error::FieldRefused>, description = "A rate that does not fit; `data.field` names it"), (status = 401), (status = 403), (status = 404),
        (status = 409, description = "The `Idempotency-Key` was used for a different request; nothing was stored")))]
pub async fn propose(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    idempotency: IdempotencyHeader,
    params: Result<Params<ProposeMatrixParams>, ApiError>,
) -> ApiResult<Json<Envelope<Proposed>>> {
    staff.require(Permission::ProposeProvisionRates)?;
    let Params(params) = params?;
    let asked = [
        params.rate_current,
        params.rate1_to30,
        params.rate31_to60,
        params.rate61_to90,
        params.rate91_to180,
        params.rate_over180,
    ];
    let rates = ProvisionRates::check(asked).map_err(refused)?;
    let texts: Vec<String> = [params.lender_id, params.product_id.unwrap_or(0)]
        .into_iter()
        .chain(asked)
        .map(|value| value.to_string())
        .collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let request = idempotency.keyed(staff.key_owner(), "provisions_propose", &texts);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let product = match params.product_id {
        None => None,
        Some(id) => match state.store.product(ProductId(id)).await? {
            Some(product) if product.lender_id == lender.id => Some(product.id),
            _ => return Err(super::refused_with(Msg::ProvisionProductNotLenders, "productId")),
        },
    };
    let matrix = ProvisionMatrix {
        id: 0,
        lender: lender.id,
        product,
        rates,
        status: RatesStatus::Proposed,
        proposed_by: staff.staff_id(),
        proposed_by_token: staff.api_token_id(),
        proposed_at: state.now(),
        decided_by: None,
        decided_at: None,
    };
    let id = state.store.propose_provision_matrix(&matrix, request.as_ref()).await.map_err(refuse_reused_key)?;
    let after = serde_json::to_value(MatrixView::from(ProvisionMatrix { id, ..matrix })).unwrap_or_default();
    staff
        .audit(&action, "provisions.propose", &format!("provision_matrix:{id}"), serde_json::Value::Null, after)
        .await?;
    action.commit().await?;
    Ok(ok(lang, Proposed { id }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DecideMatrixParams {
    pub id: i64,
}

/// Approves another member's matrix: it is in force from now, and the next
/// daily run brings the allowance to it.
#[utoipa::path(post, path = "/general-ledger/provisions/approve", operation_id = "staff_provisions_approve", tag = "staff",
    params(DecideMatrixParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn approve(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideMatrixParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, true).await
}

/// Rejects another member's matrix.
#[utoipa::path(post, path = "/general-ledger/provisions/reject", operation_id = "staff_provisions_reject", tag = "staff",
    params(DecideMatrixParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<NoData>), (status = 401), (status = 403), (status = 404), (status = 409)))]
pub async fn reject(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideMatrixParams>, ApiError>,
) -> ApiResult<Json<Envelope<NoData>>> {
    decide(state, staff, lang, params, false).await
}

async fn decide(
    state: AppState,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DecideMatrixParams>, ApiError>,
    approve: bool,
) -> ApiResult<Json<Envelope<NoData>>> {
    staff.require(Permission::ApproveProvisionRates)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let matrix = action.state.store.provision_matrix(params.id).await?.ok_or(ApiError::NotFound)?;
    let pending = super::Pending {
        kind: "provisions",
        subject: format!("provision_matrix:{}", matrix.id),
        waiting: matrix.status == RatesStatus::Proposed,
        proposed_by: matrix.proposed_by,
    };
    super::decide_pending(&staff, action, pending, approve, async |state| {
        let decided = state.store.decide_provision_matrix(matrix.id, approve, staff.staff_id(), state.now()).await;
        decided.map_err(super::decided_first)?;
        let status = if approve { RatesStatus::Approved } else { RatesStatus::Rejected };
        Ok(((), serde_json::json!({ "status": status.key() })))
    })
    .await?;
    Ok(ok(lang, NoData))
}
