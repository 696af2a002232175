//! Paths that clients in the field still call besides the documented ones
//! (decisions.md D6): every alias, a second path onto another feature's
//! documented handler, lives in [`ALIASES`] and is left out of the OpenAPI
//! document on purpose. The one file allowed to import other features,
//! and only to name their handlers.

use crate::features::{
    confirmation, device_data, loan_details, login, marketplace, payout_account, repayment, tracking,
};
use crate::state::AppState;
use axum::routing::{MethodRouter, post};
use utoipa_axum::router::OpenApiRouter;

/// A second path onto a documented handler, both under `/pany`.
pub struct Alias {
    pub path: &'static str,
    /// The documented path of the same handler.
    pub same_as: &'static str,
    serve: fn() -> MethodRouter<AppState>,
}

/// Every alias the borrower API serves. A route added anywhere else must be
/// declared with its handler's `#[utoipa::path]` (`routes!`), so that it is
/// in the document; `tests/api/openapi.rs` fails otherwise.
pub const ALIASES: &[Alias] = &[
    // The obfuscated paths of older native shells.
    Alias {
        path: "/gopia/goya/satire",
        same_as: "/v3/loan-confirm/loan-detail-confirm",
        serve: || post(confirmation::confirm_data),
    },
    Alias {
        path: "/gopia/goya/cultures",
        same_as: "/v3/contract/contract",
        serve: || post(confirmation::contract_list).get(confirmation::contract_list),
    },
    Alias {
        path: "/gopia/goya/misunderstood",
        same_as: "/v3/contract/contract-jump",
        serve: || post(confirmation::contract_jump).get(confirmation::contract_jump),
    },
    Alias {
        path: "/gopia/goya/depush",
        same_as: "/v3/loan-confirm/loan-detail-push",
        serve: || post(confirmation::accept),
    },
    Alias { path: "/gopia/goya/because", same_as: "/service/event/save", serve: || post(tracking::save_event) },
    Alias {
        path: "/gopia/goya/define",
        same_as: "/v3/loan-details/recommend-jump",
        serve: || post(loan_details::recommend_jump),
    },
    // The method is not shown in the specification: both are served.
    Alias {
        path: "/orbital/fail",
        same_as: "/v3/loan-details/delay-detail",
        serve: || post(repayment::extension::extension_info).get(repayment::extension::extension_info),
    },
    // Other versions of the same call that the specification names.
    Alias {
        path: "/v5/index/index",
        same_as: "/v4/index/home-page",
        serve: || post(marketplace::home).get(marketplace::home),
    },
    Alias {
        path: "/v3/product/detail-new",
        same_as: "/v3/product/detail",
        serve: || post(marketplace::detail).get(marketplace::detail),
    },
    Alias { path: "/user/logout", same_as: "/service/login/logout", serve: || post(login::logout) },
    Alias {
        path: "/v3/upload-info/upload-android-tag",
        same_as: "/v3/buried-point/upload",
        serve: || post(device_data::upload_usage),
    },
    Alias {
        path: "/service/new/union-error-info",
        same_as: "/v3/buried-point/upload",
        serve: || post(device_data::upload_usage),
    },
    Alias {
        path: "/v3/bind-card/bind-card-change",
        same_as: "/v3/bind-card/bind-card-new",
        serve: || post(payout_account::bind),
    },
    // From order details (source=loanDetail); its original path is not shown.
    Alias {
        path: "/v3/bind-card/bind-card-loan-detail",
        same_as: "/v3/bind-card/bind-card-new",
        serve: || post(payout_account::bind),
    },
    Alias {
        path: "/v3/installment/loan-play-delay-detail",
        same_as: "/v3/loan-details/delay-detail",
        serve: || post(repayment::extension::extension_info),
    },
];

pub fn router() -> OpenApiRouter<AppState> {
    ALIASES.iter().fold(OpenApiRouter::new(), |router, alias| router.route(alias.path, (alias.serve)()))
}
