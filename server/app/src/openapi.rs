//! The OpenAPI document of the API, served at `/openapi.json` and written to
//! `web/shared/src/api/openapi.json` by `hiram openapi`, from which the web's
//! TypeScript types are generated. Its paths come from the same
//! declarations as the routes (`features::api`); only the title, the tags
//! and the security schemes are written here.

use crate::state::AppState;
use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hiram API",
        description = "The borrower API under /pany (paths as the product specification names them) and the operations endpoints. \
            Every /pany reply is the envelope {code, message, data}: code \"00\" is success; otherwise code is the HTTP status. \
            Parameters may come in the query, a form-encoded body or a flat JSON body. \
            The borrower is identified by the sessionId query parameter only.",
        version = "1"
    ),
    modifiers(&StaffToken),
    tags(
        (name = "operations", description = "Health and readiness"),
        (name = "public", description = "Public facts shown on every page"),
        (name = "loans", description = "Orders and their details"),
        (name = "marketplace", description = "Products, quotes and applications"),
        (name = "certification", description = "Know-your-customer sections"),
        (name = "confirmation", description = "Agreement, disclosure and acceptance"),
        (name = "personal centre", description = "The borrower's own page"),
        (name = "tracking", description = "Taps and ratings"),
        (name = "legacy", description = "Obfuscated paths of older native shells (D6); most are aliases: /pany/gopia/goya/satire = loan-detail-confirm, cultures = contract, misunderstood = contract-jump, depush = loan-detail-push, because = service/event/save, define = loan-details/recommend-jump, /pany/orbital/fail = v3/loan-details/delay-detail"),
        (name = "consent", description = "Consents and the uploads they allow (D4); /pany/v3/upload-info/upload-android-tag and /pany/service/new/union-error-info answer like buried-point/upload"),
        (name = "payments", description = "Pay codes and the channels' signed callbacks"),
        (name = "login", description = "One-time codes, login, logout"),
        (name = "customer service", description = "How to reach a person"),
        (name = "book keeping", description = "The borrower's own income and expense book"),
        (name = "repayment reminders", description = "The borrower's bills and loans with their due dates, and SMS reminders before them"),
        (name = "promotion", description = "The promotion landing page; also served under /api/v2/youmi for native shells"),
        (name = "calculator", description = "The loan calculator, peso exchange, kept calculations and the products that match them"),
        (name = "staff", description = "Staff API (bearer token until staff accounts arrive)"),
    )
)]
pub struct ApiDoc;

struct StaffToken;

impl utoipa::Modify for StaffToken {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "staff_token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
}

/// The title, tags and security schemes above, with every path the
/// features' routers declare (`features::api`): the document cannot miss a
/// route that is served through `routes!`.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut document = OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(crate::features::api()).into_openapi();
    distinct_get_operation_ids(&mut document);
    form_bodies_optional(&mut document);
    document
}

/// A form body's fields may come in the query instead (decision 002), so
/// such a body is never required; utoipa marks every body whose type is not
/// an `Option` required (and an `Option` would say a JSON `null` will do).
fn form_bodies_optional(document: &mut utoipa::openapi::OpenApi) {
    for item in document.paths.paths.values_mut() {
        for operation in [item.get.as_mut(), item.post.as_mut()].into_iter().flatten() {
            if let Some(body) = operation.request_body.as_mut().filter(|body| body.content.contains_key(FORM)) {
                body.required = None;
            }
        }
    }
}

const FORM: &str = "application/x-www-form-urlencoded";

/// A handler served at GET and POST (`method(get, post)`) is one operation
/// under two methods, and so one operation id twice, which OpenAPI forbids
/// and the web's type generator refuses. The POST keeps the id it always had
/// (the web's types name it); the GET becomes `<id>_get`.
fn distinct_get_operation_ids(document: &mut utoipa::openapi::OpenApi) {
    for item in document.paths.paths.values_mut() {
        let (Some(get), Some(post)) = (item.get.as_mut(), item.post.as_ref()) else { continue };
        if let Some(id) = get.operation_id.as_mut().filter(|id| post.operation_id.as_ref() == Some(*id)) {
            id.push_str("_get");
        }
    }
}

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(|| async { Json(document()) }))
}
