//! The company's details in the console: what every public page, the
//! customer-service pages and order details show. Configuration gives them
//! until staff first save their own (`crate::company`).

use super::{audited, refused};
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::company::CompanyDetails;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Deserialize, Serialize, IntoParams, ToSchema)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CompanyFields {
    /// 2–120 characters: the name on the SEC registration.
    #[serde(default)]
    pub corporate_name: String,
    /// 1–40 characters: the name borrowers know.
    #[serde(default)]
    pub trade_name: String,
    /// 2–40 characters.
    #[serde(default)]
    pub sec_registration_no: String,
    /// 2–40 characters.
    #[serde(default)]
    pub certificate_of_authority_no: String,
    /// 5–200 characters.
    #[serde(default)]
    pub address: String,
    /// Customer service's telephone: a landline with its area code, a
    /// toll-free (1800) or a mobile number, as it should be written.
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub email: String,
    /// 3–80 characters.
    #[serde(default)]
    pub service_hours: String,
    /// Customer service's WhatsApp: a Philippine mobile number.
    #[serde(default)]
    pub whatsapp: String,
}

impl From<CompanyDetails> for CompanyFields {
    fn from(details: CompanyDetails) -> CompanyFields {
        CompanyFields {
            corporate_name: details.corporate_name,
            trade_name: details.trade_name,
            sec_registration_no: details.sec_registration_no,
            certificate_of_authority_no: details.certificate_of_authority_no,
            address: details.address,
            phone: details.phone,
            email: details.email,
            service_hours: details.service_hours,
            whatsapp: details.whatsapp,
        }
    }
}

impl From<CompanyFields> for CompanyDetails {
    fn from(fields: CompanyFields) -> CompanyDetails {
        CompanyDetails {
            corporate_name: fields.corporate_name,
            trade_name: fields.trade_name,
            sec_registration_no: fields.sec_registration_no,
            certificate_of_authority_no: fields.certificate_of_authority_no,
            address: fields.address,
            phone: fields.phone,
            email: fields.email,
            service_hours: fields.service_hours,
            whatsapp: fields.whatsapp,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyView {
    pub details: CompanyFields,
    /// True while no one has saved details: the configuration's are shown.
    pub from_configuration: bool,
}

/// The details in effect, read from the database (not a process's copy).
async fn current(state: &AppState) -> ApiResult<CompanyView> {
    Ok(match state.store.company_details().await? {
        Some(saved) => CompanyView { details: saved.into(), from_configuration: false },
        None => CompanyView {
            details: crate::company::configured(&state.settings.company).into(),
            from_configuration: true,
        },
    })
}

/// The company's details every page shows.
#[utoipa::path(get, path = "/company-details", operation_id = "staff_company_details", tag = "staff",
    security(("staff_token" = [])),
    responses((status = 200, body = Envelope<CompanyView>), (status = 401), (status = 403)))]
pub async fn read(State(state): State<AppState>, staff: Staff, lang: Lang) -> ApiResult<Json<Envelope<CompanyView>>> {
    staff.require(Permission::ManageMarketing)?;
    Ok(ok(lang, current(&state).await?))
}

/// Saves every detail at once; a refused field is named in `data.field`
/// and nothing changes.
#[utoipa::path(post, path = "/company-details/save", operation_id = "staff_company_details_save", tag = "staff",
    params(CompanyFields), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<CompanyView>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403)))]
pub async fn save(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<CompanyFields>, ApiError>,
) -> ApiResult<Json<Envelope<CompanyView>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(fields) = params?;
    let details = CompanyDetails::from(fields).checked().map_err(refused)?;
    let action = staff.act(&state).await?;
    let before = current(&action.state).await?;
    crate::company::save(&action.state, &details).await?;
    let after = CompanyFields::from(details.clone());
    staff.audit(&action, "company_details.save", "company_details", audited(&before.details), audited(&after)).await?;
    action.commit().await?;
    crate::company::keep(&state, details);
    tracing::info!("company details saved");
    Ok(ok(lang, CompanyView { details: after, from_configuration: false }))
}
