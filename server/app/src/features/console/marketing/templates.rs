//! Promotion templates: the landing page's configuration that a campaign
//! link names by `id` (spec §7 channel-template).

use super::super::listing::{Listing, PageParams};
use super::{audited, refused};
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::promotion::PromotionTemplate;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateRow {
    pub id: i64,
    pub app_name: String,
    pub headline: String,
    pub subheadline: String,
    pub button_text: String,
    /// `headline` in Filipino; empty, the page in Filipino says its own.
    pub headline_fil: String,
    /// `subheadline` in Filipino; empty, the page in Filipino says its own.
    pub subheadline_fil: String,
    /// `buttonText` in Filipino; empty, the page in Filipino says its own.
    pub button_text_fil: String,
    /// `#RGB` or `#RRGGBB`.
    pub theme_color: String,
    pub download_android_url: String,
    pub download_ios_url: String,
    /// An inactive template is not served: the page shows its own texts.
    pub active: bool,
    /// The promotion page with this template, on this site.
    pub landing_path: String,
}

impl From<PromotionTemplate> for TemplateRow {
    fn from(t: PromotionTemplate) -> TemplateRow {
        TemplateRow {
            landing_path: format!("/promotion?id={}", t.id),
            id: t.id,
            app_name: t.app_name,
            headline: t.headline,
            subheadline: t.subheadline,
            button_text: t.button_text,
            headline_fil: t.headline_fil,
            subheadline_fil: t.subheadline_fil,
            button_text_fil: t.button_text_fil,
            theme_color: t.theme_color,
            download_android_url: t.download_android_url,
            download_ios_url: t.download_ios_url,
            active: t.active,
        }
    }
}

/// Templates by id, a page at a time.
#[utoipa::path(get, path = "/promotion-templates", operation_id = "staff_promotion_templates", tag = "staff",
    params(PageParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<TemplateRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<PageParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<TemplateRow>>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(params) = params?;
    let paging = params.checked()?;
    let (templates, total) = state.store.promotion_templates(paging.offset, paging.size).await?;
    Ok(ok(lang, Listing::new(paging, templates.into_iter().map(TemplateRow::from).collect(), total)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReadParams {
    pub id: i64,
}

/// One template, active or not.
#[utoipa::path(get, path = "/promotion-templates/read", operation_id = "staff_promotion_template", tag = "staff",
    params(ReadParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<TemplateRow>), (status = 400), (status = 401), (status = 403), (status = 404)))]
pub async fn read(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<ReadParams>, ApiError>,
) -> ApiResult<Json<Envelope<TemplateRow>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(params) = params?;
    let template = state.store.promotion_template(params.id).await?.ok_or(ApiError::NotFound)?;
    Ok(ok(lang, template.into()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaveParams {
    /// The template to change; none to add a new one.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub id: Option<i64>,
    /// 1–40 characters.
    #[serde(default)]
    pub app_name: String,
    /// 1–120 characters.
    #[serde(default)]
    pub headline: String,
    /// Up to 240 characters.
    #[serde(default)]
    pub subheadline: String,
    /// 1–30 characters.
    #[serde(default)]
    pub button_text: String,
    /// The headline in Filipino: up to 120 characters; empty, the page says
    /// its own. Left out, a saved template keeps the one it has (a caller
    /// written before the Filipino texts sends none).
    pub headline_fil: Option<String>,
    /// The text under the headline in Filipino: up to 240 characters; left
    /// out, as the headline's.
    pub subheadline_fil: Option<String>,
    /// The button text in Filipino: up to 30 characters; left out, as the
    /// headline's.
    pub button_text_fil: Option<String>,
    /// `#RGB` or `#RRGGBB`.
    #[serde(default)]
    pub theme_color: String,
    /// Empty or `https://…`.
    #[serde(default)]
    pub download_android_url: String,
    /// Empty or `https://…`.
    #[serde(default)]
    pub download_ios_url: String,
    #[serde(default)]
    pub active: bool,
}

/// Adds a template or changes one; a refused field is named in `data.field`.
#[utoipa::path(post, path = "/promotion-templates/save", operation_id = "staff_promotion_template_save", tag = "staff",
    params(SaveParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<TemplateRow>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 404)))]
pub async fn save(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<SaveParams>, ApiError>,
) -> ApiResult<Json<Envelope<TemplateRow>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let state = &action.state;
    let before = match params.id {
        Some(id) => Some(state.store.promotion_template(id).await?.ok_or(ApiError::NotFound)?),
        None => None,
    };
    let kept = |sent: Option<String>, stored: fn(&PromotionTemplate) -> &String| {
        sent.unwrap_or_else(|| before.as_ref().map(|before| stored(before).clone()).unwrap_or_default())
    };
    let typed = PromotionTemplate {
        id: params.id.unwrap_or(0),
        app_name: params.app_name,
        headline: params.headline,
        subheadline: params.subheadline,
        button_text: params.button_text,
        headline_fil: kept(params.headline_fil, |template| &template.headline_fil),
        subheadline_fil: kept(params.subheadline_fil, |template| &template.subheadline_fil),
        button_text_fil: kept(params.button_text_fil, |template| &template.button_text_fil),
        theme_color: params.theme_color,
        download_android_url: params.download_android_url,
        download_ios_url: params.download_ios_url,
        active: params.active,
    };
    let mut template = typed.checked().map_err(refused)?;
    let before = match before {
        Some(before) => {
            state.store.upsert_promotion_template(&template).await?;
            audited(&TemplateRow::from(before))
        }
        None => {
            template.id = state.store.insert_promotion_template(&template).await?;
            serde_json::Value::Null
        }
    };
    let saved = TemplateRow::from(template);
    tracing::info!(promotion_template.id = saved.id, "promotion template saved");
    staff
        .audit(&action, "promotion_template.save", &format!("promotion_template:{}", saved.id), before, audited(&saved))
        .await?;
    action.commit().await?;
    Ok(ok(lang, saved))
}
