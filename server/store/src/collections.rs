//! Overdue loans and the contacts staff log.

use crate::Store;
use crate::db::{Row, args, stored_value};
use crate::idempotency::{commit_created, created_before};
use crate::rows::{self, ORDER_COLUMNS};
use async_trait::async_trait;
use hiram_domain::collections::{ContactBasis, ContactChannel, ContactNote, ContactOutcome};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::ledger::Dues;
use hiram_domain::order::OrderId;
use hiram_domain::store::{CollectionStore, LastContact, LoggedContact, NewContact, OverdueAccount, StoreResult};
use time::OffsetDateTime;

const CONTACT_COLUMNS: &str = "c.id, COALESCE(s.name, t.name), c.order_id, c.borrower_id, c.staff_id, \
     c.api_token_id, c.channel, c.outcome, c.note, c.days_past_due, c.basis, c.at";

fn logged(row: &Row<'_>) -> StoreResult<LoggedContact> {
    let note: String = row.get(8)?;
    Ok(LoggedContact {
        id: row.get(0)?,
        by_name: row.get(1)?,
        contact: NewContact {
            order_id: row.get(2)?,
            borrower_id: row.get(3)?,
            staff_id: row.get(4)?,
            api_token_id: row.get(5)?,
            channel: row.parse(6, ContactChannel::parse)?,
            outcome: row.parse(7, ContactOutcome::parse)?,
            note: ContactNote::parse(&note).map_err(stored_value)?,
            days_past_due: row.get(9)?,
            basis: row.parse(10, ContactBasis::parse)?,
            at: row.get(11)?,
        },
    })
}

/// Debits minus credits of one receivable account, per order.
fn net(account: &str) -> String {
    format!(
        "CAST(SUM(CASE WHEN l.account = '{account}' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END \
         ELSE 0 END) AS BIGINT)"
    )
}

fn overdue_sql() -> String {
    format!(
        "WITH o AS (SELECT {ORDER_COLUMNS} FROM loan_order WHERE status = 180) \
         SELECT o.*, b.full_name, b.phone, \
                COALESCE(d.penalties, 0), COALESCE(d.fees, 0), COALESCE(d.interest, 0), COALESCE(d.principal, 0), \
                (SELECT c.at FROM contact_log c WHERE c.order_id = o.id ORDER BY c.id DESC LIMIT 1), \
                (SELECT c.outcome FROM contact_log c WHERE c.order_id = o.id ORDER BY c.id DESC LIMIT 1), \
                (SELECT a.account FROM loan_account a WHERE a.order_id = o.id) \
         FROM o JOIN borrower b ON b.id = o.borrower_id \
         LEFT JOIN (SELECT e.order_id, {penalties} AS penalties, {fees} AS fees, {interest} AS interest, \
                           {principal} AS principal \
                    FROM ledger_entry e JOIN ledger_line l ON l.entry_id = e.id \
                    WHERE e.order_id IN (SELECT id FROM o) GROUP BY e.order_id) d ON d.order_id = o.id \
         ORDER BY o.id",
        penalties = net("penalties_receivable"),
        fees = net("fees_receivable"),
        interest = net("interest_receivable"),
        principal = net("principal_receivable"),
    )
}

fn overdue(row: &Row<'_>) -> StoreResult<OverdueAccount> {
    let last_at: Option<OffsetDateTime> = row.get(rows::ORDER_WIDTH + 6)?;
    let last_outcome = row
        .get::<Option<String>>(rows::ORDER_WIDTH + 7)?
        .map(|key| ContactOutcome::parse(&key).ok_or_else(|| stored_value(key)));
    Ok(OverdueAccount {
        order: rows::order(row)?,
        borrower_name: row.get(rows::ORDER_WIDTH)?,
        borrower_phone: row.get(rows::ORDER_WIDTH + 1)?,
        dues: Dues {
            penalties: row.get(rows::ORDER_WIDTH + 2)?,
            fees: row.get(rows::ORDER_WIDTH + 3)?,
            interest: row.get(rows::ORDER_WIDTH + 4)?,
            principal: row.get(rows::ORDER_WIDTH + 5)?,
        },
        last_contact: match (last_at, last_outcome.transpose()?) {
            (Some(at), Some(outcome)) => Some(LastContact { at, outcome }),
            _ => None,
        },
        account: row.get::<Option<String>>(rows::ORDER_WIDTH + 8)?.map(|text| rows::json(&text)).transpose()?,
    })
}

#[async_trait]
impl CollectionStore for Store {
    async fn record_contact(&self, contact: &NewContact, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id = tx
            .value(
                "INSERT INTO contact_log (order_id, borrower_id, staff_id, api_token_id, channel, outcome, note, \
                 days_past_due, basis, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
                args![
                    contact.order_id,
                    contact.borrower_id,
                    contact.staff_id,
                    contact.api_token_id,
                    contact.channel.key(),
                    contact.outcome.key(),
                    contact.note.as_str(),
                    contact.days_past_due,
                    contact.basis.key(),
                    contact.at,
                ],
            )
            .await?;
        commit_created(tx, request, id, contact.at).await
    }

    async fn contacts_of(&self, order: OrderId) -> StoreResult<Vec<LoggedContact>> {
        let sql = format!(
            "SELECT {CONTACT_COLUMNS} FROM contact_log c LEFT JOIN staff_account s ON s.id = c.staff_id \
             LEFT JOIN staff_api_token t ON t.id = c.api_token_id WHERE c.order_id = $1 ORDER BY c.id DESC"
        );
        self.db.all(&sql, args![order], logged).await
    }

    async fn overdue_accounts(&self) -> StoreResult<Vec<OverdueAccount>> {
        self.db.all(&overdue_sql(), args![], overdue).await
    }
}
