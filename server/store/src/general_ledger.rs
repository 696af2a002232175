//! The lenders' general ledger: the chart of accounts, and the loan
//! ledger's lines of a lender's loans summed per account.

use crate::Store;
use crate::db::{Row, args};
use async_trait::async_trait;
use hiram_domain::general_ledger::{AccountTotals, GlAccount, GlKind};
use hiram_domain::ledger::Account;
use hiram_domain::money::Centavos;
use hiram_domain::product::LenderId;
use hiram_domain::store::{GeneralLedgerStore, StoreResult};
use time::OffsetDateTime;

fn gl_account(row: &Row<'_>) -> StoreResult<GlAccount> {
    let loan_account: Option<String> = row.get(3)?;
    let loan_account = match loan_account {
        Some(_) => Some(row.parse(3, Account::parse)?),
        None => None,
    };
    Ok(GlAccount { code: row.get(0)?, name: row.get(1)?, kind: row.parse(2, GlKind::parse)?, loan_account })
}

fn totals(row: &Row<'_>) -> StoreResult<AccountTotals> {
    Ok(AccountTotals {
        account: row.parse(0, Account::parse)?,
        debits: Centavos::new(row.get(1)?),
        credits: Centavos::new(row.get(2)?),
    })
}

#[async_trait]
impl GeneralLedgerStore for Store {
    async fn chart_of_accounts(&self) -> StoreResult<Vec<GlAccount>> {
        self.db
            .all("SELECT code, name, kind, loan_account FROM gl_account ORDER BY position", args![], gl_account)
            .await
    }

    async fn loan_ledger_totals(&self, lender: LenderId, before: OffsetDateTime) -> StoreResult<Vec<AccountTotals>> {
        self.db
            .all(
                "SELECT l.account, \
                   CAST(SUM(CASE WHEN l.side = 'debit' THEN l.amount ELSE 0 END) AS BIGINT), \
                   CAST(SUM(CASE WHEN l.side = 'credit' THEN l.amount ELSE 0 END) AS BIGINT) \
                 FROM ledger_line l \
                 JOIN ledger_entry e ON e.id = l.entry_id \
                 JOIN loan_order o ON o.id = e.order_id \
                 JOIN product p ON p.id = o.product_id \
                 WHERE p.lender_id = $1 AND e.created_at < $2 \
                 GROUP BY l.account ORDER BY l.account",
                args![lender, before],
                totals,
            )
            .await
    }
}
