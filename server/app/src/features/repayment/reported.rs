//! Payments made outside the pay codes (spec §7 `init-pay-type`,
//! `submit-utr`): the borrower reports a transfer with the reference of
//! their receipt, it waits in the unposted queue, and staff post it only
//! after finding it in the channel's statement (the staff API). Nothing a
//! borrower types ever posts money by itself.

use super::{ChannelItem, RepaymentParams, channel_items};
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::{CurrentBorrower, Params, optional_id};
use crate::i18n::{Lang, Msg};
use crate::services::loans;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::{Channel, UnpostedStatus, payment_reference};
use hiram_domain::product::ProductId;
use hiram_domain::store::{StoreError, SubmittedPayment};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Reported payments of one loan that may wait at once.
const MAX_PENDING_PER_ORDER: i64 = 3;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayTypes {
    pub pay_types: Vec<ChannelItem>,
    pub default_channel_number: i64,
    /// 1: a payment made elsewhere can be reported with its reference.
    pub can_report_reference: i64,
}

/// The ways to pay an open loan.
#[utoipa::path(post, path = "/v3/loan-details/init-pay-type", tag = "payments", params(RepaymentParams),
    responses((status = 200, body = Envelope<PayTypes>), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn pay_types(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<RepaymentParams>,
) -> ApiResult<Json<Envelope<PayTypes>>> {
    loans::open_loan(&state, borrower, OrderId(params.order_id), params.product_id.map(ProductId)).await?;
    Ok(ok(
        lang,
        PayTypes {
            // A transfer made anywhere can be reported, whichever channels
            // issue pay codes now.
            pay_types: channel_items(Channel::ALL),
            default_channel_number: Channel::GCash.number(),
            can_report_reference: 1,
        },
    ))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReportParams {
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "optional_id")]
    pub product_id: Option<i64>,
    pub order_id: i64,
    /// The reference number on the borrower's receipt.
    pub utr: String,
    /// Centavos paid.
    pub amount: i64,
    /// The channel paid through (90011 GCash … 90015 QR Ph).
    pub channel_number: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ReportedPayment {
    pub id: i64,
    /// `pending` until staff match or reject it.
    pub status: String,
    pub message: String,
}

/// Reports a payment made outside the pay codes, for staff to check. The
/// same report sent again (its answer lost) answers as the first did while
/// it waits; a reference reported before in any other way, or one a payment
/// provider already posted, is refused (409).
#[utoipa::path(post, path = "/v3/loan-details/submit-utr", tag = "payments", params(ReportParams),
    responses((status = 200, body = Envelope<ReportedPayment>), (status = 400), (status = 401), (status = 404), (status = 409)), security(("borrower_session" = [])))]
pub async fn report_payment(
    State(state): State<AppState>,
    CurrentBorrower(borrower): CurrentBorrower,
    lang: Lang,
    Params(params): Params<ReportParams>,
) -> ApiResult<Json<Envelope<ReportedPayment>>> {
    let order = loans::open_loan(&state, borrower, OrderId(params.order_id), params.product_id.map(ProductId)).await?;
    let channel = Channel::from_number(params.channel_number).ok_or(ApiError::rejected(Msg::UnknownChannel))?;
    let reference = payment_reference(&params.utr).ok_or(ApiError::rejected(Msg::ReferenceInvalid))?;
    // A transaction a provider already posted is in the ledger: reported
    // again, a match would credit it twice.
    if crate::services::money_in::credited_by_provider(&state, &reference).await?.is_some() {
        return Err(ApiError::Conflict { message: Msg::ReferenceAlreadyCredited, data: serde_json::Value::Null });
    }
    // Looked up before the checks of what is owed and how many wait: the
    // first report of a retry already counts among those.
    if let Some(first) = state.store.unposted_by_reference(channel, &reference).await? {
        let same_report = first.borrower_id == borrower
            && first.order_id == order.id
            && first.amount.get() == params.amount
            && first.status == UnpostedStatus::Pending;
        if !same_report {
            return Err(ApiError::Conflict { message: Msg::ReferenceAlreadySubmitted, data: serde_json::Value::Null });
        }
        return Ok(ok(lang, queued(first.id, lang)));
    }
    let owed = crate::services::loans::owed_today(&state, order.id).await?;
    if params.amount <= 0 || params.amount > owed.get() {
        return Err(ApiError::rejected(Msg::PayAmountInvalid));
    }
    if state.store.pending_unposted_of(order.id).await? >= MAX_PENDING_PER_ORDER {
        return Err(ApiError::Conflict { message: Msg::TooManyReferences, data: serde_json::Value::Null });
    }
    let submitted = SubmittedPayment {
        borrower_id: borrower,
        order_id: order.id,
        channel,
        reference,
        amount: Centavos::new(params.amount),
        at: state.now(),
    };
    let id = match state.store.submit_payment(&submitted).await {
        Ok(id) => id,
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::Conflict { message: Msg::ReferenceAlreadySubmitted, data: serde_json::Value::Null });
        }
        Err(other) => return Err(other.into()),
    };
    tracing::info!(order.id = order.id.0, unposted.id = id, "payment reported for checking");
    Ok(ok(lang, queued(id, lang)))
}

/// The answer to a report waiting for staff.
fn queued(id: i64, lang: Lang) -> ReportedPayment {
    ReportedPayment {
        id,
        status: UnpostedStatus::Pending.key().to_owned(),
        message: Msg::ReferenceQueued.text(lang).to_owned(),
    }
}
