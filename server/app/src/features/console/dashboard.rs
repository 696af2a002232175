//! The dashboard: the last weeks day by day (applications, decisions,
//! money out and in), the loans out by days past due, and complaints open
//! and late against the 3-working-day promise.

use super::Staff;
use crate::error::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::back_office::{PageRequest, daily_figures};
use hiram_domain::clock::MANILA;
use hiram_domain::collections::DpdBucket;
use hiram_domain::complaint::ComplaintStatus;
use hiram_domain::order::OrderStatus;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DashboardParams {
    /// How many Manila days up to today (7–90, default 14).
    #[param(minimum = 7, maximum = 90)]
    pub days: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayRow {
    pub day: String,
    pub applications: i64,
    pub approvals: i64,
    pub rejections: i64,
    /// Principal sent, centavos.
    pub disbursed: i64,
    /// Money received, centavos.
    pub collected: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BucketRow {
    /// `current`, `1-30`, `31-60`, `61-90` or `91+` days past due.
    pub bucket: String,
    pub orders: i64,
    /// Principal of those loans, centavos.
    pub principal: i64,
    /// Share of the loans out, basis points of the count.
    pub share_bp: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    pub days: Vec<DayRow>,
    pub past_due: Vec<BucketRow>,
    pub loans_out: i64,
    pub complaints_open: i64,
    pub complaints_late: i64,
}

/// The figures of the dashboard's charts.
#[utoipa::path(get, path = "/dashboard", operation_id = "staff_dashboard", tag = "staff", params(DashboardParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Dashboard>), (status = 400), (status = 401), (status = 403)))]
pub async fn dashboard(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<DashboardParams>, ApiError>,
) -> ApiResult<Json<Envelope<Dashboard>>> {
    staff.require(Permission::ViewDashboard)?;
    let Params(params) = params?;
    let days = params.days.unwrap_or(14);
    if !(7..=90).contains(&days) {
        return Err(ApiError::InvalidParameters);
    }
    let today = state.today();
    let since = (today - Duration::days(days - 1)).midnight().assume_offset(MANILA);
    let activity = state.store.activity(since).await?;
    // Loans still in repayment are current; overdue ones fall into buckets
    // by days past due as collections counts them (from the first unpaid
    // due date, decision 015).
    let current: Vec<_> = state
        .store
        .repayable_orders()
        .await?
        .into_iter()
        .filter(|order| order.status == OrderStatus::RepaymentOpen)
        .collect();
    let overdue = super::collections::overdue_entries(&state).await?;
    let loans_out = (current.len() + overdue.len()) as i64;
    let share = |orders: i64| if loans_out == 0 { 0 } else { orders * 10_000 / loans_out };
    let mut past_due = vec![BucketRow {
        bucket: "current".to_owned(),
        orders: current.len() as i64,
        principal: current.iter().map(|order| order.principal.get()).sum(),
        share_bp: share(current.len() as i64),
    }];
    past_due.extend(DpdBucket::ALL.into_iter().map(|bucket| {
        let inside: Vec<_> =
            overdue.iter().filter(|entry| DpdBucket::of(entry.days_past_due) == Some(bucket)).collect();
        BucketRow {
            bucket: bucket.key().to_owned(),
            orders: inside.len() as i64,
            principal: inside.iter().map(|entry| entry.item.order.principal.get()).sum(),
            share_bp: share(inside.len() as i64),
        }
    }));
    let now = state.now();
    // Every page of the queue carries the count of all its rows.
    let first_open = PageRequest { offset: 0, size: 1 };
    let complaints_open = state.store.complaints(Some(ComplaintStatus::Open), first_open).await?.total;
    let complaints_late = state.store.late_complaints(now).await?;
    Ok(ok(
        lang,
        Dashboard {
            days: daily_figures(&activity, today, days)
                .into_iter()
                .map(|(day, figures)| DayRow {
                    day: day.to_string(),
                    applications: figures.applications,
                    approvals: figures.approvals,
                    rejections: figures.rejections,
                    disbursed: figures.disbursed,
                    collected: figures.collected,
                })
                .collect(),
            past_due,
            loans_out,
            complaints_open,
            complaints_late,
        },
    ))
}
