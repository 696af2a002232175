//! How to reach a person: the customer-service page and the contact info
//! the complaint pages show (spec §2 "Customer service", §3, §7).

use crate::error::{ApiResult, Envelope, ok};
use crate::i18n::Lang;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(contact_info)).routes(routes!(service_init))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactInfo {
    pub email: String,
    /// The WhatsApp number of customer service.
    pub sm_wa: String,
}

/// Customer-service e-mail and WhatsApp (the page sends `overall=30`).
#[utoipa::path(method(get, post), path = "/v3/personal-center/contact-kf-info", tag = "customer service",
    params(("overall" = Option<String>, Query, description = "30 from the customer-service page (spec §7); not read")),
    responses((status = 200, body = Envelope<ContactInfo>)))]
pub async fn contact_info(State(state): State<AppState>, lang: Lang) -> ApiResult<Json<Envelope<ContactInfo>>> {
    let company = crate::company::details(&state).await?;
    Ok(ok(lang, ContactInfo { email: company.email.clone(), sm_wa: company.whatsapp.clone() }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceInfo {
    pub phone: String,
    pub email: String,
    pub whatsapp: String,
    pub service_hours: String,
    pub company_name: String,
}

/// Everything the customer-service page shows.
#[utoipa::path(method(get, post), path = "/customer-service/init", tag = "customer service",
    responses((status = 200, body = Envelope<ServiceInfo>)))]
pub async fn service_init(State(state): State<AppState>, lang: Lang) -> ApiResult<Json<Envelope<ServiceInfo>>> {
    let company = crate::company::details(&state).await?;
    Ok(ok(
        lang,
        ServiceInfo {
            phone: company.phone.clone(),
            email: company.email.clone(),
            whatsapp: company.whatsapp.clone(),
            service_hours: company.service_hours.clone(),
            company_name: company.corporate_name.clone(),
        },
    ))
}
