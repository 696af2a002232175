//! A lender's provision matrix and allowance in the console and the staff
//! API (decision 072): the allowance its matrix asks on a day's buckets
//! beside what the books hold; one finance member proposes a matrix, a
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
use hiram_domain::product::LenderId;
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
    /// The matrix in force, if one was ever approved.
    pub in_force: Option<MatrixView>,
    /// Each bucket's provision under the matrix in force (none without one).
    pub lines: Vec<ProvisionLineView>,
    /// Centavos the matrix asks on the day's buckets (0 without a matrix).
    pub required: i64,
    /// Centavos the allowance holds in the books at the end of the day.
    pub booked: i64,
    /// The lender's matrices, the latest first.
    pub matrices: Vec<MatrixView>,
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
    let LenderProvisions { lender, day, aging, in_force, booked } =
        general_ledger::provisions(&state, LenderId(params.lender_id), day).await?.ok_or(ApiError::NotFound)?;
    let lines: Vec<ProvisionLineView> = in_force
        .as_ref()
        .map(|matrix| {
            matrix
                .rates
                .provisions(&aging)
                .into_iter()
                .map(|(bucket, principal, provision)| ProvisionLineView {
                    bucket: bucket.key().to_owned(),
                    principal: principal.get(),
                    rate_bp: matrix.rates.of(bucket),
                    provision: provision.get(),
                })
                .collect()
        })
        .unwrap_or_default();
    let matrices = state.store.provision_matrices(lender.id, MATRICES_SHOWN).await?;
    Ok(ok(
        lang,
        ProvisionsView {
            lender_id: lender.id.0,
            date: day.to_string(),
            required: lines.iter().map(|line| line.provision).sum(),
            lines,
            in_force: in_force.map(MatrixView::from),
            booked,
            matrices: matrices.into_iter().map(MatrixView::from).collect(),
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProposeMatrixParams {
    pub lender_id: i64,
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
    let texts: Vec<String> = std::iter::once(params.lender_id).chain(asked).map(|value| value.to_string()).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let request = idempotency.keyed(staff.key_owner(), "provisions_propose", &texts);
    let action = staff.act(&state).await?;
    let state = &action.state;
    if let Some(id) = first_id(state, request.as_ref()).await? {
        return Ok(ok(lang, Proposed { id }));
    }
    let lender = state.store.lender(LenderId(params.lender_id)).await?.ok_or(ApiError::NotFound)?;
    let matrix = ProvisionMatrix {
        id: 0,
        lender: lender.id,
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
    if matrix.status != RatesStatus::Proposed {
        return Err(super::already_decided());
    }
    super::independent_of(&action.state, matrix.proposed_by, &staff).await?;
    action
        .state
        .store
        .decide_provision_matrix(matrix.id, approve, staff.staff_id(), action.state.now())
        .await
        .map_err(super::decided_first)?;
    let status = if approve { RatesStatus::Approved } else { RatesStatus::Rejected };
    staff
        .audit(
            &action,
            if approve { "provisions.approve" } else { "provisions.reject" },
            &format!("provision_matrix:{}", matrix.id),
            serde_json::json!({ "status": RatesStatus::Proposed.key() }),
            serde_json::json!({ "status": status.key() }),
        )
        .await?;
    action.commit().await?;
    Ok(ok(lang, NoData))
}
