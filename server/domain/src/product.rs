//! Loan products offered on the marketplace and the lenders behind them.

use crate::pricing::ProductTerms;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ProductId(pub i64);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LenderId(pub i64);

/// A lending company whose products appear on the marketplace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lender {
    pub id: LenderId,
    pub name: String,
    /// Registered corporate name, shown on agreements (SEC MC 19 s.2019).
    pub corporate_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
}

#[derive(Clone, Debug)]
pub struct NewLender {
    pub name: String,
    pub corporate_name: String,
    pub sec_registration_no: String,
    pub certificate_of_authority_no: String,
}

/// A loan product: what a borrower can apply for. Its pricing terms are
/// data (decisions.md D4) that the pricing engine reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    pub id: ProductId,
    pub lender_id: LenderId,
    pub lender_name: String,
    pub name: String,
    pub logo_url: String,
    pub terms: ProductTerms,
    pub tags: Vec<String>,
    pub allows_extension: bool,
    /// Applications wait for a credit officer instead of the automatic decision.
    pub requires_review: bool,
    pub available: bool,
}

#[derive(Clone, Debug)]
pub struct NewProduct {
    pub lender_id: LenderId,
    pub name: String,
    pub logo_url: String,
    pub terms: ProductTerms,
    pub tags: Vec<String>,
    pub allows_extension: bool,
    pub requires_review: bool,
    pub available: bool,
}

/// What staff may change on a product once it exists. Its pricing terms
/// are fixed: applications and agreements already priced on them must keep
/// meaning what they said, so new terms make a new product (decision 017).
#[derive(Clone, Debug)]
pub struct ProductListing {
    pub name: String,
    pub logo_url: String,
    pub tags: Vec<String>,
    pub allows_extension: bool,
    pub requires_review: bool,
    pub available: bool,
}
