//! Facts about the lender that every public page shows (D4: corporate name,
//! SEC registration and Certificate of Authority numbers, from configuration).

use crate::error::{Envelope, ok};
use crate::i18n::Lang;
use crate::state::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

pub fn router() -> Router<AppState> {
    Router::new().route("/public/company-info", get(company_info).post(company_info))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyInfo {
    pub company_name: String,
    pub trade_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
    pub address: String,
    pub phone: String,
    pub email: String,
    pub service_hours: String,
}

/// The lender's public identity and contact details.
#[utoipa::path(
    get,
    path = "/pany/public/company-info",
    tag = "public",
    responses((status = 200, body = Envelope<CompanyInfo>))
)]
pub async fn company_info(State(state): State<AppState>, lang: Lang) -> Json<Envelope<CompanyInfo>> {
    let company = &state.settings.company;
    ok(
        lang,
        CompanyInfo {
            company_name: company.corporate_name.clone(),
            trade_name: company.trade_name.clone(),
            sec_registration_no: company.sec_registration_no.clone(),
            certificate_of_authority_no: company.certificate_of_authority_no.clone(),
            address: company.address.clone(),
            phone: company.phone.clone(),
            email: company.email.clone(),
            service_hours: company.service_hours.clone(),
        },
    )
}
