//! Channel links: the campaign addresses marketing hands to each channel,
//! each with a code the promotion page sends back as `links_id` (the
//! registration form) or `down_id` (the download page), and the funnel of
//! the visitors who came through it. Links nobody listed here keep working;
//! the page never asks whether a link is known.

use super::super::listing::{Listing, PageParams};
use super::{audited, refused};
use crate::error::{ApiError, ApiResult, Envelope, FieldRefused, ok};
use crate::extract::Params;
use crate::i18n::{Lang, Msg};
use crate::staff_access::Staff;
use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use hiram_domain::fields::InvalidField;
use hiram_domain::promotion::{ChannelLink, LinkFunnel, LinkKind};
use hiram_domain::staff::Permission;
use hiram_domain::store::StoreError;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkView {
    pub id: i64,
    pub name: String,
    pub template_id: i64,
    /// The channel.
    pub user_from: String,
    pub app_from: String,
    pub utm_tag: String,
    /// `register` (the link carries `links_id`) or `download` (`down_id`).
    pub kind: String,
    pub links_id: String,
    pub down_id: String,
    /// The address to hand out, on this site: put the site's origin before it.
    pub landing_path: String,
    pub created_at: String,
}

impl From<&ChannelLink> for LinkView {
    fn from(link: &ChannelLink) -> LinkView {
        LinkView {
            id: link.id,
            name: link.name.clone(),
            template_id: link.template_id,
            user_from: link.user_from.clone(),
            app_from: link.app_from.clone(),
            utm_tag: link.utm_tag.clone(),
            kind: link.kind.key().to_owned(),
            links_id: link.links_id().to_owned(),
            down_id: link.down_id().to_owned(),
            landing_path: link.landing_path(),
            created_at: crate::views::timestamp(link.created_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkFunnelRow {
    pub link: LinkView,
    /// Page loads through the link.
    pub visits: i64,
    /// Taps on the register button.
    pub clicks: i64,
    /// Registration codes sent (the captcha was passed).
    pub codes_sent: i64,
    /// New borrowers registered.
    pub registrations: i64,
}

impl From<LinkFunnel> for LinkFunnelRow {
    fn from(funnel: LinkFunnel) -> LinkFunnelRow {
        LinkFunnelRow {
            link: LinkView::from(&funnel.link),
            visits: funnel.visits,
            clicks: funnel.clicks,
            codes_sent: funnel.codes_sent,
            registrations: funnel.registrations,
        }
    }
}

/// Channel links, newest first, each with its funnel counts.
#[utoipa::path(get, path = "/promotion-links", operation_id = "staff_promotion_links", tag = "staff",
    params(PageParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<Listing<LinkFunnelRow>>), (status = 400), (status = 401), (status = 403)))]
pub async fn list(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<PageParams>, ApiError>,
) -> ApiResult<Json<Envelope<Listing<LinkFunnelRow>>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(params) = params?;
    let paging = params.checked()?;
    let (links, total) = state.store.channel_links(paging.offset, paging.size).await?;
    Ok(ok(lang, Listing::new(paging, links.into_iter().map(LinkFunnelRow::from).collect(), total)))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaveParams {
    /// The link to change; none to add a new one.
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub id: Option<i64>,
    /// 1–80 characters.
    #[serde(default)]
    pub name: String,
    #[param(value_type = Option<crate::wire_values::IdOrEmpty>, inline)]
    #[serde(default, deserialize_with = "crate::extract::optional_id")]
    pub template_id: Option<i64>,
    /// The channel: 1–40 letters, digits, `.`, `_` or `-`.
    #[serde(default)]
    pub user_from: String,
    /// Up to 40 of the same characters.
    #[serde(default)]
    pub app_from: String,
    /// Up to 64 of the same characters.
    #[serde(default)]
    pub utm_tag: String,
    /// `register` or `download`; set when the link is added, never changed.
    #[serde(default)]
    pub kind: String,
    /// The `links_id` or `down_id` value, 1–40 of the same characters; set
    /// when the link is added, never changed (links in circulation carry it).
    #[serde(default)]
    pub code: String,
}

/// Adds a link or changes one's name, template and tags; a refused field is
/// named in `data.field`, a code another link of its kind uses answers 409.
#[utoipa::path(post, path = "/promotion-links/save", operation_id = "staff_promotion_link_save", tag = "staff",
    params(SaveParams), security(("staff_token" = [])),
    responses((status = 200, body = Envelope<LinkView>), (status = 400, body = Envelope<FieldRefused>, description = "A field that does not fit; `data.field` names it"), (status = 401), (status = 403),
        (status = 404), (status = 409, body = Envelope<FieldRefused>, description = "Another link of its kind has the code; `data.field` is `code`")))]
pub async fn save(
    State(state): State<AppState>,
    staff: Staff,
    lang: Lang,
    params: Result<Params<SaveParams>, ApiError>,
) -> ApiResult<Json<Envelope<LinkView>>> {
    staff.require(Permission::ManageMarketing)?;
    let Params(params) = params?;
    let action = staff.act(&state).await?;
    let state = &action.state;
    let existing = match params.id {
        Some(id) => Some(state.store.channel_link(id).await?.ok_or(ApiError::NotFound)?),
        None => None,
    };
    let kind = match (&existing, params.kind.trim()) {
        (Some(link), "") => link.kind,
        (_, key) => LinkKind::parse(key).ok_or_else(|| refused(InvalidField("kind")))?,
    };
    let typed = ChannelLink {
        id: params.id.unwrap_or(0),
        name: params.name,
        template_id: params.template_id.unwrap_or(0),
        user_from: params.user_from,
        app_from: params.app_from,
        utm_tag: params.utm_tag,
        kind,
        code: match &existing {
            Some(link) if params.code.trim().is_empty() => link.code.clone(),
            _ => params.code,
        },
        created_at: existing.as_ref().map_or_else(|| state.now(), |link| link.created_at),
    };
    let mut link = typed.checked().map_err(refused)?;
    if let Some(before) = &existing {
        if link.kind != before.kind {
            return Err(refused(InvalidField("kind")));
        }
        if link.code != before.code {
            return Err(refused(InvalidField("code")));
        }
    }
    if state.store.promotion_template(link.template_id).await?.is_none() {
        return Err(refused(InvalidField("templateId")));
    }
    let before = match &existing {
        Some(before) => {
            state.store.update_channel_link(&link).await?;
            audited(&LinkView::from(before))
        }
        None => {
            link.id = match state.store.insert_channel_link(&link).await {
                Ok(id) => id,
                Err(StoreError::Conflict(_)) => {
                    return Err(ApiError::Conflict { message: Msg::LinkCodeTaken, data: FieldRefused::data("code") });
                }
                Err(other) => return Err(other.into()),
            };
            serde_json::Value::Null
        }
    };
    let saved = LinkView::from(&link);
    tracing::info!(promotion_link.id = saved.id, "channel link saved");
    staff
        .audit(&action, "promotion_link.save", &format!("promotion_link:{}", saved.id), before, audited(&saved))
        .await?;
    action.commit().await?;
    Ok(ok(lang, saved))
}
