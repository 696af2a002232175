//! The OpenAPI document of the API, served at `/openapi.json` and written to
//! `web/shared/src/api/openapi.json` by `hiram openapi`, from which the web's
//! TypeScript types are generated. Its paths come from the same
//! declarations as the routes (`features::api`); only the title, the tags,
//! the security schemes and the replies every route shares (below) are
//! written here.

use crate::state::AppState;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::Value;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Hiram API",
        description = "The borrower API under /pany (paths as the product specification names them) and the operations endpoints. \
            Every reply is the envelope {code, message, data}: code \"00\" is success; otherwise code is the failure's HTTP status. \
            Under /pany (but for the payment providers' callbacks) every handled outcome answers HTTP 200 and the envelope's code carries it (D7): \
            the 200 reply of each operation lists the refusals it can give, by code. Only a body over the limit (413) and a failed server (5xx) \
            keep their HTTP status there. Parameters may come in the query, a form-encoded body or a flat JSON body. \
            The borrower is identified by the sessionId query parameter only (security scheme borrower_session); staff by the API token \
            (staff_token) or the console's session cookie (console_session). A method a path does not serve answers 405 with an Allow header \
            naming those it does.",
        version = "1"
    ),
    modifiers(&SecuritySchemes),
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

struct SecuritySchemes;

impl utoipa::Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            STAFF_TOKEN,
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        components.add_security_scheme(
            METRICS_TOKEN,
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some("server.metrics_token, for Prometheus's scrapes of /metrics"))
                    .build(),
            ),
        );
        components.add_security_scheme(
            CONSOLE_SESSION,
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                crate::staff_access::COOKIE,
                "The console's session cookie, set by /api/console/login (`__Host-hiram_console` when \
                 server.public_url is https)",
            ))),
        );
        components.add_security_scheme(
            BORROWER_SESSION,
            SecurityScheme::ApiKey(ApiKey::Query(ApiKeyValue::with_description(
                "sessionId",
                "The borrower's session token (decision 003), in the URL query only",
            ))),
        );
    }
}

/// The security schemes' names, as handlers' `security(...)` name them.
const STAFF_TOKEN: &str = "staff_token";
const METRICS_TOKEN: &str = "metrics_token";
const CONSOLE_SESSION: &str = "console_session";
const BORROWER_SESSION: &str = "borrower_session";

/// The title, tags and security schemes above, with every path the
/// features' routers declare (`features::api`): the document cannot miss a
/// route that is served through `routes!`.
pub fn document() -> Value {
    let mut document = OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(crate::features::api()).into_openapi();
    distinct_get_operation_ids(&mut document);
    form_bodies_optional(&mut document);
    let mut document = serde_json::to_value(document).unwrap_or_default();
    shared_replies::add(&mut document);
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

mod shared_replies;

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(|| async { Json(document()) }))
}
