//! The lenders' general ledger: the chart of accounts, the loan ledger's
//! lines of a lender's loans summed per account, and the closes of a
//! lender's books with the totals each kept.

use crate::Store;
use crate::db::{Row, args, conflict};
use async_trait::async_trait;
use hiram_domain::general_ledger::close::{BooksClose, ClosePeriod};
use hiram_domain::general_ledger::{AccountTotals, GlAccount, GlKind};
use hiram_domain::ledger::Account;
use hiram_domain::money::Centavos;
use hiram_domain::product::LenderId;
use hiram_domain::store::{GeneralLedgerStore, StoreResult};
use time::{Date, OffsetDateTime};

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

fn books_close(row: &Row<'_>) -> StoreResult<BooksClose> {
    Ok(BooksClose {
        lender: LenderId(row.get(0)?),
        through: row.get(1)?,
        period: row.parse(2, ClosePeriod::parse)?,
        closed_by: row.get(3)?,
        closed_by_token: row.get(4)?,
        closed_at: row.get(5)?,
        note: row.get(6)?,
    })
}

#[async_trait]
impl GeneralLedgerStore for Store {
    async fn chart_of_accounts(&self) -> StoreResult<Vec<GlAccount>> {
        self.db
            .all("SELECT code, name, kind, loan_account FROM gl_account ORDER BY position", args![], gl_account)
            .await
    }

    async fn loan_ledger_totals(
        &self,
        lender: LenderId,
        from: OffsetDateTime,
        before: OffsetDateTime,
    ) -> StoreResult<Vec<AccountTotals>> {
        self.db
            .all(
                "SELECT l.account, \
                   CAST(SUM(CASE WHEN l.side = 'debit' THEN l.amount ELSE 0 END) AS BIGINT), \
                   CAST(SUM(CASE WHEN l.side = 'credit' THEN l.amount ELSE 0 END) AS BIGINT) \
                 FROM ledger_line l \
                 JOIN ledger_entry e ON e.id = l.entry_id \
                 JOIN loan_order o ON o.id = e.order_id \
                 JOIN product p ON p.id = o.product_id \
                 WHERE p.lender_id = $1 AND e.created_at >= $2 AND e.created_at < $3 \
                 GROUP BY l.account ORDER BY l.account",
                args![lender, from, before],
                totals,
            )
            .await
    }

    async fn books_closes(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<BooksClose>> {
        self.db
            .all(
                "SELECT lender_id, through_day, period, closed_by, closed_by_token, closed_at, note FROM books_close \
                 WHERE lender_id = $1 ORDER BY through_day DESC LIMIT $2",
                args![lender, i64::from(limit)],
                books_close,
            )
            .await
    }

    async fn books_closed_by(&self, lender: LenderId, day: Date) -> StoreResult<Option<(Date, Vec<AccountTotals>)>> {
        let mut conn = self.db.read().await?;
        let through: Option<Date> = conn
            .opt_value(
                "SELECT through_day FROM books_close WHERE lender_id = $1 AND through_day <= $2 \
                 ORDER BY through_day DESC LIMIT 1",
                args![lender, day],
            )
            .await?;
        let Some(through) = through else { return Ok(None) };
        let kept = conn
            .all(
                "SELECT account, debits, credits FROM books_close_total \
                 WHERE lender_id = $1 AND through_day = $2 ORDER BY account",
                args![lender, through],
                totals,
            )
            .await?;
        Ok(Some((through, kept)))
    }

    async fn close_books(&self, close: &BooksClose, ends: OffsetDateTime, totals: &[AccountTotals]) -> StoreResult<()> {
        let mut tx = self.db.write().await?;
        tx.exec(
            "INSERT INTO books_close \
             (lender_id, through_day, ends, period, closed_by, closed_by_token, closed_at, note) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            args![
                close.lender,
                close.through,
                ends,
                close.period.key(),
                close.closed_by,
                close.closed_by_token,
                close.closed_at,
                close.note.as_deref()
            ],
        )
        .await
        .map_err(conflict("books_close"))?;
        for kept in totals {
            tx.exec(
                "INSERT INTO books_close_total (lender_id, through_day, account, debits, credits) \
                 VALUES ($1, $2, $3, $4, $5)",
                args![close.lender, close.through, kept.account.key(), kept.debits, kept.credits],
            )
            .await?;
        }
        tx.commit().await
    }
}
