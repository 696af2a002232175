//! Order details' reads in one statement (decision 066): the session, the
//! order when it is the session's borrower's, its product, its account and
//! its ledger balances.
//! One statement is one snapshot without a read transaction around it, and
//! one lock of the database instead of six.

use crate::Store;
use crate::db::{Row, args};
use crate::ledger::balance_columns;
use crate::rows::{self, ORDER_COLUMNS, ORDER_WIDTH, PRODUCT_COLUMNS, PRODUCT_WIDTH, SESSION_COLUMNS, SESSION_WIDTH};
use async_trait::async_trait;
use hiram_domain::ledger::{ACCOUNTS, Balances};
use hiram_domain::order::OrderId;
use hiram_domain::session::TokenDigest;
use hiram_domain::store::{LoanDetailsRead, LoanDetailsStore, OrderRead, StoreResult};
use std::sync::LazyLock;

/// Written once: the statement is the page's every read, and building its
/// text on each request would cost more than running it.
static SQL: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {session}, {order}, {PRODUCT_COLUMNS}, a.account, {balances} \
         FROM session s \
         LEFT JOIN loan_order o ON o.id = $2 AND o.borrower_id = s.borrower_id \
         LEFT JOIN product p ON p.id = o.product_id \
         LEFT JOIN lender l ON l.id = p.lender_id \
         LEFT JOIN loan_account a ON a.order_id = o.id \
         LEFT JOIN ledger_balance b ON b.order_id = o.id \
         WHERE s.digest = $1",
        session = rows::qualified(SESSION_COLUMNS, "s"),
        order = rows::qualified(ORDER_COLUMNS, "o"),
        balances = rows::qualified(&balance_columns(), "b"),
    )
});

const ORDER_AT: usize = SESSION_WIDTH;
const PRODUCT_AT: usize = ORDER_AT + ORDER_WIDTH;
const ACCOUNT_AT: usize = PRODUCT_AT + PRODUCT_WIDTH;
const BALANCES_AT: usize = ACCOUNT_AT + 1;

#[async_trait]
impl LoanDetailsStore for Store {
    async fn loan_details_read(&self, session: &TokenDigest, order: OrderId) -> StoreResult<Option<LoanDetailsRead>> {
        self.db
            .opt(&SQL, args![&session.0, order], |row| {
                let order = match row.get::<Option<i64>>(ORDER_AT)? {
                    None => None,
                    Some(_) => Some(OrderRead {
                        order: rows::order_from(row, ORDER_AT)?,
                        product: match row.get::<Option<i64>>(PRODUCT_AT)? {
                            None => None,
                            Some(_) => Some(rows::product_from(row, PRODUCT_AT)?),
                        },
                        account: row.get::<Option<String>>(ACCOUNT_AT)?.map(|text| rows::json(&text)).transpose()?,
                        balances: balances_at(row)?,
                    }),
                };
                Ok(LoanDetailsRead { session: rows::session(row, session)?, order })
            })
            .await
    }
}

/// The order's balance row; zeros when it has none yet (no entry posted).
fn balances_at(row: &Row<'_>) -> StoreResult<Balances> {
    let mut nets = [0; ACCOUNTS];
    for (index, net) in nets.iter_mut().enumerate() {
        *net = row.get::<Option<i64>>(BALANCES_AT + index)?.unwrap_or(0);
    }
    Ok(Balances::from_nets(nets))
}
