//! Facts about the lender that every public page shows (D4: corporate name,
//! SEC registration and Certificate of Authority numbers, from
//! configuration until staff change them), and the banners staff put on the
//! marketing site.

use crate::error::{ApiResult, Envelope, ok};
use crate::i18n::Lang;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::site_banner::SHOWN_AT_ONCE;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(company_info)).routes(routes!(site_banners))
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
#[utoipa::path(method(get, post),
    path = "/public/company-info",
    tag = "public",
    responses((status = 200, body = Envelope<CompanyInfo>))
)]
pub async fn company_info(State(state): State<AppState>, lang: Lang) -> ApiResult<Json<Envelope<CompanyInfo>>> {
    let company = crate::company::details(&state).await?;
    Ok(ok(
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
    ))
}

#[derive(Serialize, ToSchema)]
pub struct SiteBannerView {
    pub id: i64,
    /// Plain text: pages show it as text, never as markup.
    pub text: String,
    /// Empty, an `https://` address, or a path of this site.
    pub link: String,
}

/// The banners the marketing site's carousel shows now, in staff's order
/// (at most three); none means the site shows its own.
#[utoipa::path(method(get, post),
    path = "/public/site-banners",
    tag = "public",
    responses((status = 200, body = Envelope<Vec<SiteBannerView>>))
)]
pub async fn site_banners(State(state): State<AppState>, lang: Lang) -> ApiResult<Json<Envelope<Vec<SiteBannerView>>>> {
    let banners = state.store.showing_site_banners(state.now(), SHOWN_AT_ONCE as i64).await?;
    Ok(ok(
        lang,
        banners
            .into_iter()
            .map(|banner| SiteBannerView { id: banner.id, text: banner.text, link: banner.link })
            .collect(),
    ))
}
