//! Lists that grow come a page at a time: `page` counts from 1 and
//! `pageSize` is 1–100 (20 unless asked); the reply carries the page's rows
//! and the count of all rows, so the console can show where it is.

use crate::error::{ApiError, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

const DEFAULT_PAGE_SIZE: i64 = 20;
const MAX_PAGE_SIZE: i64 = 100;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageParams {
    /// From 1 (the default).
    pub page: Option<i64>,
    /// 1–100, default 20.
    pub page_size: Option<i64>,
}

/// A checked page request.
#[derive(Clone, Copy, Debug)]
pub struct Paging {
    page: i64,
    page_size: i64,
}

impl PageParams {
    pub fn checked(&self) -> ApiResult<Paging> {
        let page = self.page.unwrap_or(1);
        let page_size = self.page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        // The offset must stay far inside i64 whatever page is asked for.
        if !(1..=1_000_000).contains(&page) || !(1..=MAX_PAGE_SIZE).contains(&page_size) {
            return Err(ApiError::InvalidParameters);
        }
        Ok(Paging { page, page_size })
    }
}

impl Paging {
    pub fn offset(self) -> i64 {
        (self.page - 1) * self.page_size
    }

    pub fn limit(self) -> i64 {
        self.page_size
    }

    pub fn of<T>(self, rows: Vec<T>, total: i64) -> Page<T> {
        Page { rows, total, page: self.page, page_size: self.page_size }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub rows: Vec<T>,
    /// Rows in the whole list.
    pub total: i64,
    pub page: i64,
    pub page_size: i64,
}
