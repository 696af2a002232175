//! The lenders' general ledger: the chart of accounts, the loan ledger's
//! lines of a lender's loans summed per account, the closes of a lender's
//! books with the totals each kept, and its portfolio by days past due.

use crate::Store;
use crate::db::{Row, args, conflict};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::general_ledger::accrual;
use hiram_domain::general_ledger::aging::{AgingBucket, AgingLine};
use hiram_domain::general_ledger::chart::{AccountProposal, AccountProposalStatus};
use hiram_domain::general_ledger::close::{BooksClose, ClosePeriod};
use hiram_domain::general_ledger::journal::{Journal, JournalLine, JournalStatus, RunJournal};
use hiram_domain::general_ledger::provision::{ProvisionMatrix, ProvisionRates, RatesStatus};
use hiram_domain::general_ledger::{AccountTotals, CodeTotals, GlAccount, GlKind, Posted};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::ledger::{Account, Side};
use hiram_domain::money::Centavos;
use hiram_domain::order::{OrderId, OrderStatus};
use hiram_domain::product::{LenderId, ProductId};
use hiram_domain::servicing::LoanAccount;
use hiram_domain::store::{GeneralLedgerStore, StoreError, StoreResult, exactly_one};
use time::{Date, Duration, OffsetDateTime};

const AGING_LOCK: &str = "portfolio aging";

/// The closes of lender `lender` (an SQL expression) that end after the
/// instant `at` (a parameter): a posting stamped `at` falls in a closed day
/// when there is one (decision 069). Every posting into a lender's books
/// (loan entries, journals) is refused by this one test.
pub(crate) fn closes_after(lender: &str, at: &str) -> String {
    format!("SELECT 1 FROM books_close c WHERE c.lender_id = {lender} AND c.ends > {at}")
}

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

fn code_totals(row: &Row<'_>) -> StoreResult<CodeTotals> {
    Ok(CodeTotals { code: row.get(0)?, debits: Centavos::new(row.get(1)?), credits: Centavos::new(row.get(2)?) })
}

const PROPOSAL_COLUMNS: &str =
    "id, code, name, kind, status, proposed_by, proposed_by_token, proposed_at, decided_by, decided_at";

fn account_proposal(row: &Row<'_>) -> StoreResult<AccountProposal> {
    Ok(AccountProposal {
        id: row.get(0)?,
        code: row.get(1)?,
        name: row.get(2)?,
        kind: row.parse(3, GlKind::parse)?,
        status: row.parse(4, AccountProposalStatus::parse)?,
        proposed_by: row.get(5)?,
        proposed_by_token: row.get(6)?,
        proposed_at: row.get(7)?,
        decided_by: row.get(8)?,
        decided_at: row.get(9)?,
    })
}

const JOURNAL_SELECT: &str = "SELECT j.id, j.lender_id, j.memo, j.status, j.proposed_by, j.proposed_by_token, \
     j.proposed_at, j.decided_by, j.decided_at, j.provision_day, j.reverses, l.code, l.side, l.amount, j.run_kind \
     FROM gl_journal j JOIN gl_journal_line l ON l.journal_id = j.id";

/// A journal with one of its lines, as `JOURNAL_SELECT` reads them.
fn journal_row(row: &Row<'_>) -> StoreResult<(Journal, JournalLine)> {
    let journal = Journal {
        id: row.get(0)?,
        lender: LenderId(row.get(1)?),
        memo: row.get(2)?,
        lines: Vec::new(),
        status: row.parse(3, JournalStatus::parse)?,
        proposed_by: row.get(4)?,
        proposed_by_token: row.get(5)?,
        proposed_at: row.get(6)?,
        decided_by: row.get(7)?,
        decided_at: row.get(8)?,
        run: match (row.get::<Option<String>>(14)?, row.get::<Option<time::Date>>(9)?) {
            (Some(kind), Some(day)) => Some((
                RunJournal::parse(&kind).ok_or(StoreError::Backend(format!("a journal of run kind {kind}")))?,
                day,
            )),
            _ => None,
        },
        reverses: row.get(10)?,
    };
    let line =
        JournalLine { code: row.get(11)?, side: row.parse(12, Side::parse)?, amount: Centavos::new(row.get(13)?) };
    Ok((journal, line))
}

/// Rows of journals' lines, in order, as whole journals.
fn journals_of(rows: Vec<(Journal, JournalLine)>) -> Vec<Journal> {
    let mut journals: Vec<Journal> = Vec::new();
    for (journal, line) in rows {
        match journals.last_mut() {
            Some(last) if last.id == journal.id => last.lines.push(line),
            _ => journals.push(Journal { lines: vec![line], ..journal }),
        }
    }
    journals
}

const MATRIX_COLUMNS: &str = "id, lender_id, rate_current, rate_1_30, rate_31_60, rate_61_90, rate_91_180, rate_181, \
     status, proposed_by, proposed_by_token, proposed_at, decided_by, decided_at, product_id";

fn matrix(row: &Row<'_>) -> StoreResult<ProvisionMatrix> {
    let mut rates = [0; 6];
    for (index, rate) in rates.iter_mut().enumerate() {
        *rate = row.get(2 + index)?;
    }
    Ok(ProvisionMatrix {
        id: row.get(0)?,
        lender: LenderId(row.get(1)?),
        rates: ProvisionRates(rates),
        status: row.parse(8, RatesStatus::parse)?,
        proposed_by: row.get(9)?,
        proposed_by_token: row.get(10)?,
        proposed_at: row.get(11)?,
        decided_by: row.get(12)?,
        decided_at: row.get(13)?,
        product: row.get::<Option<i64>>(14)?.map(ProductId),
    })
}

/// Inserts a journal's lines.
async fn insert_lines(tx: &mut crate::db::Tx, id: i64, lines: &[JournalLine]) -> StoreResult<()> {
    for (position, line) in (0_i64..).zip(lines) {
        tx.exec(
            "INSERT INTO gl_journal_line (journal_id, position, code, side, amount) VALUES ($1, $2, $3, $4, $5)",
            args![id, position, &line.code, line.side.key(), line.amount],
        )
        .await?;
    }
    Ok(())
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

    async fn propose_gl_account(&self, proposal: &AccountProposal, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO gl_account_proposal (code, name, kind, status, proposed_by, proposed_by_token, proposed_at) \
                 VALUES ($1, $2, $3, 'proposed', $4, $5, $6) RETURNING id",
                args![
                    &proposal.code,
                    &proposal.name,
                    proposal.kind.key(),
                    proposal.proposed_by,
                    proposal.proposed_by_token,
                    proposal.proposed_at
                ],
            )
            .await
            .map_err(conflict("gl_account_proposal_code"))?;
        commit_created(tx, request, id, proposal.proposed_at).await
    }

    async fn gl_account_proposal(&self, id: i64) -> StoreResult<Option<AccountProposal>> {
        self.db
            .opt(
                &format!("SELECT {PROPOSAL_COLUMNS} FROM gl_account_proposal WHERE id = $1"),
                args![id],
                account_proposal,
            )
            .await
    }

    async fn gl_account_proposals(&self, limit: u32) -> StoreResult<Vec<AccountProposal>> {
        let sql = format!("SELECT {PROPOSAL_COLUMNS} FROM gl_account_proposal ORDER BY id DESC LIMIT $1");
        self.db.all(&sql, args![i64::from(limit)], account_proposal).await
    }

    async fn decide_gl_account(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()> {
        let status = if approve { AccountProposalStatus::Added } else { AccountProposalStatus::Rejected };
        let mut tx = self.db.write().await?;
        let changed = tx
            .exec(
                "UPDATE gl_account_proposal SET status = $2, decided_by = $3, decided_at = $4 WHERE id = $1 AND status = 'proposed'",
                args![id, status.key(), by, at],
            )
            .await?;
        exactly_one(changed)?;
        if approve {
            tx.exec(
                "INSERT INTO gl_account (code, name, kind, loan_account, position) \
                 SELECT code, name, kind, NULL, (SELECT MAX(position) FROM gl_account) + 10 FROM gl_account_proposal WHERE id = $1",
                args![id],
            )
            .await
            .map_err(conflict("gl_account_code"))?;
        }
        tx.commit().await
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

    async fn books_closed_by(&self, lender: LenderId, day: Date) -> StoreResult<Option<(Date, Posted)>> {
        let mut conn = self.db.read().await?;
        let through: Option<Date> = conn
            .opt_value(
                "SELECT through_day FROM books_close WHERE lender_id = $1 AND through_day <= $2 \
                 ORDER BY through_day DESC LIMIT 1",
                args![lender, day],
            )
            .await?;
        let Some(through) = through else { return Ok(None) };
        let loans = conn
            .all(
                "SELECT account, debits, credits FROM books_close_total \
                 WHERE lender_id = $1 AND through_day = $2 ORDER BY account",
                args![lender, through],
                totals,
            )
            .await?;
        let journals = conn
            .all(
                "SELECT code, debits, credits FROM books_close_journal_total \
                 WHERE lender_id = $1 AND through_day = $2 ORDER BY code",
                args![lender, through],
                code_totals,
            )
            .await?;
        Ok(Some((through, Posted { loans, journals })))
    }

    async fn close_books(&self, close: &BooksClose, ends: OffsetDateTime, posted: &Posted) -> StoreResult<()> {
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
        for kept in &posted.loans {
            tx.exec(
                "INSERT INTO books_close_total (lender_id, through_day, account, debits, credits) \
                 VALUES ($1, $2, $3, $4, $5)",
                args![close.lender, close.through, kept.account.key(), kept.debits, kept.credits],
            )
            .await?;
        }
        for kept in &posted.journals {
            tx.exec(
                "INSERT INTO books_close_journal_total (lender_id, through_day, code, debits, credits) \
                 VALUES ($1, $2, $3, $4, $5)",
                args![close.lender, close.through, &kept.code, kept.debits, kept.credits],
            )
            .await?;
        }
        tx.commit().await
    }

    async fn journal_totals(
        &self,
        lender: LenderId,
        from: OffsetDateTime,
        before: OffsetDateTime,
    ) -> StoreResult<Vec<CodeTotals>> {
        self.db
            .all(
                "SELECT l.code, \
                   CAST(SUM(CASE WHEN l.side = 'debit' THEN l.amount ELSE 0 END) AS BIGINT), \
                   CAST(SUM(CASE WHEN l.side = 'credit' THEN l.amount ELSE 0 END) AS BIGINT) \
                 FROM gl_journal_line l JOIN gl_journal j ON j.id = l.journal_id \
                 WHERE j.lender_id = $1 AND j.status = 'posted' AND j.decided_at >= $2 AND j.decided_at < $3 \
                 GROUP BY l.code ORDER BY l.code",
                args![lender, from, before],
                code_totals,
            )
            .await
    }

    async fn propose_journal(&self, journal: &Journal, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO gl_journal (lender_id, memo, status, proposed_by, proposed_by_token, proposed_at, reverses) \
                 VALUES ($1, $2, 'proposed', $3, $4, $5, $6) RETURNING id",
                args![
                    journal.lender,
                    &journal.memo,
                    journal.proposed_by,
                    journal.proposed_by_token,
                    journal.proposed_at,
                    journal.reverses
                ],
            )
            .await
            .map_err(conflict("gl_journal_reverses"))?;
        insert_lines(&mut tx, id, &journal.lines).await?;
        commit_created(tx, request, id, journal.proposed_at).await
    }

    async fn journal(&self, id: i64) -> StoreResult<Option<Journal>> {
        let sql = format!("{JOURNAL_SELECT} WHERE j.id = $1 ORDER BY l.position");
        Ok(journals_of(self.db.all(&sql, args![id], journal_row).await?).into_iter().next())
    }

    async fn journals(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<Journal>> {
        let sql = format!(
            "{JOURNAL_SELECT} WHERE j.id IN (SELECT id FROM gl_journal WHERE lender_id = $1 ORDER BY id DESC LIMIT $2) \
             ORDER BY j.id DESC, l.position"
        );
        Ok(journals_of(self.db.all(&sql, args![lender, i64::from(limit)], journal_row).await?))
    }

    async fn decide_journal(&self, id: i64, approve: bool, by: Option<i64>, at: OffsetDateTime) -> StoreResult<()> {
        let status = if approve { JournalStatus::Posted } else { JournalStatus::Rejected };
        let mut tx = self.db.write().await?;
        // A journal enters the books when approved: never into a closed day
        // of its lender's (decision 069), checked in the same statement.
        let sql = format!(
            "UPDATE gl_journal SET status = $2, decided_by = $3, decided_at = $4 \
             WHERE id = $1 AND status = 'proposed' AND ($2 = 'rejected' OR NOT EXISTS ({}))",
            closes_after("gl_journal.lender_id", "$4")
        );
        let changed = tx.exec(&sql, args![id, status.key(), by, at]).await?;
        if changed == 0 {
            let proposed: Option<i64> =
                tx.opt_value("SELECT 1 FROM gl_journal WHERE id = $1 AND status = 'proposed'", args![id]).await?;
            return Err(if proposed.is_some() { StoreError::ClosedPeriod } else { StoreError::Stale });
        }
        exactly_one(changed)?;
        tx.commit().await
    }

    async fn keep_portfolio_aging(&self, day: Date) -> StoreResult<u64> {
        // A loan overdue since a day is `day - since` days past due, so each
        // bucket is a range of `since`: a loan is in the bucket before `next`
        // when overdue since this day or later.
        let earliest_before = |next: AgingBucket| day - Duration::days(next.first_day() - 1);
        let bucket = format!(
            "CASE WHEN a.overdue_since IS NULL OR a.overdue_since >= $1 THEN '{current}' \
               WHEN a.overdue_since >= $2 THEN '{d1}' WHEN a.overdue_since >= $3 THEN '{d31}' \
               WHEN a.overdue_since >= $4 THEN '{d61}' WHEN a.overdue_since >= $5 THEN '{d91}' \
               ELSE '{d181}' END",
            current = AgingBucket::Current.key(),
            d1 = AgingBucket::Days1To30.key(),
            d31 = AgingBucket::Days31To60.key(),
            d61 = AgingBucket::Days61To90.key(),
            d91 = AgingBucket::Days91To180.key(),
            d181 = AgingBucket::Over180.key(),
        );
        let sql = format!(
            "INSERT INTO portfolio_aging (lender_id, product_id, day, bucket, loans, principal) \
             SELECT p.lender_id, p.id, $1, {bucket} AS bucket, COUNT(*), CAST(SUM(b.principal_receivable) AS BIGINT) \
             FROM loan_order o JOIN product p ON p.id = o.product_id \
             JOIN ledger_balance b ON b.order_id = o.id LEFT JOIN loan_account a ON a.order_id = o.id \
             WHERE o.status IN ($6, $7) AND b.written_off = 0 GROUP BY p.lender_id, p.id, {bucket}"
        );
        let mut tx = self.db.write().await?;
        // Daily runs at once (a fleet) each keep the day: one after another.
        tx.lock(AGING_LOCK).await?;
        tx.exec("DELETE FROM portfolio_aging WHERE day = $1", args![day]).await?;
        let kept = tx
            .exec(
                &sql,
                args![
                    day,
                    earliest_before(AgingBucket::Days31To60),
                    earliest_before(AgingBucket::Days61To90),
                    earliest_before(AgingBucket::Days91To180),
                    earliest_before(AgingBucket::Over180),
                    OrderStatus::RepaymentOpen,
                    OrderStatus::Overdue
                ],
            )
            .await?;
        tx.commit().await?;
        Ok(kept)
    }

    async fn portfolio_aging(&self, lender: LenderId, day: Date) -> StoreResult<Vec<AgingLine>> {
        self.db
            .all(
                "SELECT bucket, CAST(SUM(loans) AS BIGINT), CAST(SUM(principal) AS BIGINT) FROM portfolio_aging \
                 WHERE lender_id = $1 AND day = $2 GROUP BY bucket",
                args![lender, day],
                |row| {
                    Ok(AgingLine {
                        bucket: row.parse(0, AgingBucket::parse)?,
                        loans: row.get(1)?,
                        principal: Centavos::new(row.get(2)?),
                    })
                },
            )
            .await
    }

    async fn portfolio_aging_by_product(
        &self,
        lender: LenderId,
        day: Date,
    ) -> StoreResult<Vec<(ProductId, AgingLine)>> {
        self.db
            .all(
                "SELECT product_id, bucket, loans, principal FROM portfolio_aging WHERE lender_id = $1 AND day = $2 \
                 ORDER BY product_id",
                args![lender, day],
                |row| {
                    let line = AgingLine {
                        bucket: row.parse(1, AgingBucket::parse)?,
                        loans: row.get(2)?,
                        principal: Centavos::new(row.get(3)?),
                    };
                    Ok((ProductId(row.get(0)?), line))
                },
            )
            .await
    }

    async fn portfolio_aged(&self, day: Date) -> StoreResult<bool> {
        let kept: Option<i64> =
            self.db.opt_value("SELECT 1 FROM portfolio_aging WHERE day = $1 LIMIT 1", args![day]).await?;
        Ok(kept.is_some())
    }

    async fn accounts_to_age(&self, after: OrderId, limit: u32) -> StoreResult<Vec<(OrderId, LoanAccount)>> {
        self.db
            .all(
                "SELECT a.order_id, a.account FROM loan_account a JOIN loan_order o ON o.id = a.order_id \
                 WHERE o.status = $1 AND a.overdue_since IS NULL AND a.order_id > $2 ORDER BY a.order_id LIMIT $3",
                args![OrderStatus::Overdue, after, i64::from(limit)],
                |row| {
                    let text: String = row.get(1)?;
                    Ok((OrderId(row.get(0)?), crate::rows::json(&text)?))
                },
            )
            .await
    }

    async fn accrual_groups(&self) -> StoreResult<Vec<(LenderId, String, i64)>> {
        self.db
            .all(
                "SELECT p.lender_id, a.accrual_key, COUNT(*) FROM loan_account a JOIN loan_order o ON o.id = a.order_id \
                 JOIN product p ON p.id = o.product_id \
                 WHERE o.status IN ($1, $2) AND a.accrual_key NOT IN ('', $3) GROUP BY p.lender_id, a.accrual_key",
                args![OrderStatus::RepaymentOpen, OrderStatus::Overdue, accrual::REVISED],
                |row| Ok((LenderId(row.get(0)?), row.get(1)?, row.get(2)?)),
            )
            .await
    }

    async fn revised_accounts(&self, after: OrderId, limit: u32) -> StoreResult<Vec<(OrderId, LenderId, LoanAccount)>> {
        // Read off the partial index `loan_account_revised`, in its order: the
        // key is written into the statement, not bound, as a planner only
        // takes a partial index for a condition it can match against the
        // index's own when it plans; CROSS JOIN keeps SQLite from driving
        // the read from every open order and sorting each page (PostgreSQL
        // plans it as the inner join it is).
        let sql = format!(
            "SELECT a.order_id, p.lender_id, a.account FROM loan_account a \
             CROSS JOIN loan_order o CROSS JOIN product p \
             WHERE o.id = a.order_id AND p.id = o.product_id AND a.accrual_key = '{revised}' \
               AND o.status IN ($1, $2) AND a.order_id > $3 \
             ORDER BY a.order_id LIMIT $4",
            revised = accrual::REVISED
        );
        self.db
            .all(&sql, args![OrderStatus::RepaymentOpen, OrderStatus::Overdue, after, i64::from(limit)], |row| {
                let text: String = row.get(2)?;
                Ok((OrderId(row.get(0)?), LenderId(row.get(1)?), crate::rows::json(&text)?))
            })
            .await
    }

    async fn accounts_without_accrual_key(
        &self,
        after: OrderId,
        limit: u32,
    ) -> StoreResult<Vec<(OrderId, OrderStatus, LoanAccount)>> {
        self.db
            .all(
                "SELECT a.order_id, o.status, a.account FROM loan_account a JOIN loan_order o ON o.id = a.order_id \
                 WHERE a.accrual_key IS NULL AND a.order_id > $1 ORDER BY a.order_id LIMIT $2",
                args![after, i64::from(limit)],
                |row| {
                    let text: String = row.get(2)?;
                    Ok((OrderId(row.get(0)?), row.get(1)?, crate::rows::json(&text)?))
                },
            )
            .await
    }

    async fn set_accrual_key(&self, order: OrderId, key: &str) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE loan_account SET accrual_key = $2 WHERE order_id = $1 AND accrual_key IS NULL",
                args![order, key],
            )
            .await
            .map(drop)
    }

    async fn set_overdue_since(&self, order: OrderId, since: Date) -> StoreResult<()> {
        self.db
            .exec(
                "UPDATE loan_account SET overdue_since = $2 WHERE order_id = $1 AND overdue_since IS NULL",
                args![order, since],
            )
            .await
            .map(drop)
    }

    async fn post_run_journal(&self, journal: &Journal) -> StoreResult<bool> {
        let Some((kind, day)) = journal.run else {
            return Err(StoreError::Backend("a run journal without its kind and day".into()));
        };
        let at = journal.decided_at.unwrap_or(journal.proposed_at);
        let mut tx = self.db.write().await?;
        // Once per lender and day (the unique index), and never into a
        // closed day (decision 069), both in the one statement.
        let sql = format!(
            "INSERT INTO gl_journal (lender_id, memo, status, proposed_at, decided_at, provision_day, run_kind) \
             SELECT $1, $2, 'posted', $3, $3, $4, $5 WHERE NOT EXISTS ({}) \
             ON CONFLICT (lender_id, provision_day, run_kind) WHERE provision_day IS NOT NULL DO NOTHING RETURNING id",
            closes_after("$1", "$3")
        );
        let id: Option<i64> = tx.opt_value(&sql, args![journal.lender, &journal.memo, at, day, kind.key()]).await?;
        let Some(id) = id else {
            let posted: Option<i64> = tx
                .opt_value(
                    "SELECT 1 FROM gl_journal WHERE lender_id = $1 AND provision_day = $2 AND run_kind = $3",
                    args![journal.lender, day, kind.key()],
                )
                .await?;
            return if posted.is_some() { Ok(false) } else { Err(StoreError::ClosedPeriod) };
        };
        insert_lines(&mut tx, id, &journal.lines).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn propose_provision_matrix(
        &self,
        matrix: &ProvisionMatrix,
        request: Option<&KeyedRequest>,
    ) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let [current, d1, d31, d61, d91, d181] = matrix.rates.0;
        let id: i64 = tx
            .value(
                "INSERT INTO provision_matrix (lender_id, rate_current, rate_1_30, rate_31_60, rate_61_90, rate_91_180, \
                   rate_181, status, proposed_by, proposed_by_token, proposed_at, product_id) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, 'proposed', $8, $9, $10, $11) RETURNING id",
                args![
                    matrix.lender,
                    current,
                    d1,
                    d31,
                    d61,
                    d91,
                    d181,
                    matrix.proposed_by,
                    matrix.proposed_by_token,
                    matrix.proposed_at,
                    matrix.product.map(|product| product.0)
                ],
            )
            .await?;
        commit_created(tx, request, id, matrix.proposed_at).await
    }

    async fn provision_matrix(&self, id: i64) -> StoreResult<Option<ProvisionMatrix>> {
        self.db.opt(&format!("SELECT {MATRIX_COLUMNS} FROM provision_matrix WHERE id = $1"), args![id], matrix).await
    }

    async fn provision_matrices(&self, lender: LenderId, limit: u32) -> StoreResult<Vec<ProvisionMatrix>> {
        let sql =
            format!("SELECT {MATRIX_COLUMNS} FROM provision_matrix WHERE lender_id = $1 ORDER BY id DESC LIMIT $2");
        self.db.all(&sql, args![lender, i64::from(limit)], matrix).await
    }

    async fn provision_matrices_approved(&self, lender: LenderId) -> StoreResult<Vec<ProvisionMatrix>> {
        let sql = format!(
            "SELECT {MATRIX_COLUMNS} FROM provision_matrix WHERE lender_id = $1 AND status = 'approved' \
             ORDER BY decided_at DESC, id DESC"
        );
        self.db.all(&sql, args![lender], matrix).await
    }

    async fn decide_provision_matrix(
        &self,
        id: i64,
        approve: bool,
        by: Option<i64>,
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let status = if approve { RatesStatus::Approved } else { RatesStatus::Rejected };
        let changed = self
            .db
            .exec(
                "UPDATE provision_matrix SET status = $2, decided_by = $3, decided_at = $4 \
                 WHERE id = $1 AND status = 'proposed'",
                args![id, status.key(), by, at],
            )
            .await?;
        exactly_one(changed)
    }
}
