//! One shape for every console table: pages numbered from 1, at most
//! `MAX_PAGE_SIZE` rows, and the total so the table can show its pager.

use crate::error::{ApiError, ApiResult};
use hiram_domain::back_office::{Page, PageRequest};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The page a table asked for (default: the first 25 rows).
pub fn page_request(page: Option<i64>, page_size: Option<i64>) -> ApiResult<PageRequest> {
    PageRequest::new(page.unwrap_or(1), page_size.unwrap_or(25)).ok_or(ApiError::InvalidParameters)
}

/// The paging parameters of a table with no filters of its own.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 (the default).
    #[param(minimum = 1, maximum = 10000)]
    pub page: Option<i64>,
    /// 1–100, default 25.
    #[param(minimum = 1, maximum = 100)]
    pub page_size: Option<i64>,
}

impl PageParams {
    pub fn checked(&self) -> ApiResult<PageRequest> {
        page_request(self.page, self.page_size)
    }
}

/// Which maker-checker proposals (adjustments, reversals) a list shows.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProposalListParams {
    /// proposed (the default), approved, rejected or all.
    #[param(pattern = "^(proposed|approved|rejected|all)$")]
    pub status: Option<String>,
}

impl ProposalListParams {
    /// The status asked for, `None` for all; any other word is refused.
    pub fn status(&self) -> ApiResult<Option<&str>> {
        match self.status.as_deref().unwrap_or("proposed") {
            "all" => Ok(None),
            key @ ("proposed" | "approved" | "rejected") => Ok(Some(key)),
            _ => Err(ApiError::InvalidParameters),
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Listing<T> {
    pub rows: Vec<T>,
    /// Rows matching the filters, on every page.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}

impl<T> Listing<T> {
    pub fn new(request: PageRequest, rows: Vec<T>, total: i64) -> Listing<T> {
        Listing { rows, total, page: request.offset / request.size + 1, page_size: request.size }
    }

    pub fn of<S>(page: Page<S>, request: PageRequest, view: impl FnMut(S) -> T) -> Listing<T> {
        Listing::new(request, page.rows.into_iter().map(view).collect(), page.total)
    }
}
