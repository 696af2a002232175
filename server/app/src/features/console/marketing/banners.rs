//! The marketing site's banners: staff write a line of text, an optional
//! link, when it shows and in which order; the site's carousel shows the
//! first three showing at the time (`/pany/public/site-banners`).

use super::super::listing::{Listing, PageParams};
use super::{audited, refused};
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::Lang;
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::fields::{FieldResult, InvalidField};
use hiram_domain::site_banner::SiteBanner;
use hiram_domain::staff::Permission;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BannerRow {
    pub id: i64,
    pub text: String,
    pub link: String,
    /// RFC 3339; none: from the start.
    pub shows_from: Option<String>,
    /// RFC 3339, the first moment it no longer shows; none: no end.
    pub shows_until: Option<String>,
    /// Lower shows first.
    pub position: i64,
    /// Whether it is within its showing time now.
    pub showing: bool,
}

fn row(banner: &SiteBanner, now: OffsetDateTime) -> BannerRow {
    BannerRow {
        id: banner.id,
        text: banner.text.clone(),
        link: banner.link.clone(),
        shows_from: banner.shows_from.map(crate::views::timestamp),
        shows_until: banner.shows_until.map(crate::views::timestamp),
        position: banner.position,
        showing: banner.shows_at(now),
    }
}

/// Banners by position, a page at a time.
#[utoipa::path(get, path = "/site-banners", operation_id = "staff_site_banners", tag = "staff",
    params(PageParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<BannerRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<PageParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<BannerRow>>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(params) = params?;
    let paging = params.checked()?;
    let (banners, total) = state.store.site_banners(paging.offset, paging.size).await?;
    let now = state.now();
    Ok(ok(lang, Listing::new(paging, banners.iter().map(|banner| row(banner, now)).collect(), total)))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaveParams {
    /// The banner to change; none to add a new one.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub id: Option<i64>,
    /// 1–140 characters of plain text.
    #[serde(default)]
    pub text: String,
    /// Empty, `https://…`, or a path of this site (`/promotion?id=1`).
    #[serde(default)]
    pub link: String,
    /// RFC 3339 with its offset (`2025-12-01T08:00:00+08:00`); empty: from now on.
    #[serde(default)]
    pub shows_from: String,
    /// RFC 3339; empty: no end.
    #[serde(default)]
    pub shows_until: String,
    /// 0–999, default 0.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub position: Option<i64>,
}

fn instant(field: &'static str, text: &str) -> FieldResult<Option<OffsetDateTime>> {
    match text.trim() {
        "" => Ok(None),
        text => OffsetDateTime::parse(text, &Rfc3339).map(Some).map_err(|_| InvalidField(field)),
    }
}

/// Adds a banner or changes one; a refused field is named in `data.field`.
#[utoipa::path(post, path = "/site-banners/save", operation_id = "staff_site_banner_save", tag = "staff",
    params(SaveParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<BannerRow>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 404)))]
pub async fn save(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<SaveParams>, ApiError>,
) -> ApiResult<Json<Envelope<BannerRow>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(params) = params?;
    let typed = SiteBanner {
        id: params.id.unwrap_or(0),
        text: params.text,
        link: params.link,
        shows_from: instant("showsFrom", &params.shows_from).map_err(refused)?,
        shows_until: instant("showsUntil", &params.shows_until).map_err(refused)?,
        position: params.position.unwrap_or(0),
    };
    let mut banner = typed.checked().map_err(refused)?;
    let now = state.now();
    let action = staff.act(&state).await?;
    let state = &action.state;
    let before = match params.id {
        Some(id) => {
            let before = state.store.site_banner(id).await?.ok_or(ApiError::NotFound)?;
            state.store.update_site_banner(&banner).await?;
            audited(&row(&before, now))
        }
        None => {
            banner.id = state.store.insert_site_banner(&banner).await?;
            serde_json::Value::Null
        }
    };
    let saved = row(&banner, now);
    tracing::info!(site_banner.id = saved.id, "site banner saved");
    staff.audit(&action, "site_banner.save", &format!("site_banner:{}", saved.id), before, audited(&saved)).await?;
    action.commit().await?;
    Ok(ok(lang, saved))
}
