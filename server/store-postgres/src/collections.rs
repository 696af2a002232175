//! Collections on PostgreSQL: the contact log and the overdue loans' queue.

use crate::rows::{self, ORDER_COLUMNS};
use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::collections::{ContactBasis, ContactChannel, ContactNote, ContactOutcome};
use hiram_domain::ledger::Dues;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::phone::Phone;
use hiram_domain::store::{CollectionStore, LastContact, LoggedContact, NewContact, OverdueAccount, StoreResult};
use time::OffsetDateTime;
use tokio_postgres::Row;

fn outcome(key: &str) -> StoreResult<ContactOutcome> {
    ContactOutcome::parse(key).ok_or_else(|| backend("unknown contact outcome"))
}

const CONTACT_COLUMNS: &str = "c.id, s.name, c.order_id, c.borrower_id, c.staff_id, c.channel, c.outcome, c.note, \
     c.days_past_due, c.basis, c.at";

fn logged(row: &Row) -> StoreResult<LoggedContact> {
    Ok(LoggedContact {
        id: row.get(0),
        staff_name: row.get(1),
        contact: NewContact {
            order_id: OrderId(row.get(2)),
            borrower_id: BorrowerId(row.get(3)),
            staff_id: row.get(4),
            channel: ContactChannel::parse(row.get(5)).ok_or_else(|| backend("unknown contact channel"))?,
            outcome: outcome(row.get(6))?,
            note: ContactNote::parse(row.get(7)).map_err(backend)?,
            days_past_due: row.get(8),
            basis: ContactBasis::parse(row.get(9)).ok_or_else(|| backend("unknown contact basis"))?,
            at: row.get(10),
        },
    })
}

/// Debits minus credits of one receivable account, per order.
fn net(account: &str) -> String {
    format!(
        "SUM(CASE WHEN l.account = '{account}' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END)::BIGINT"
    )
}

fn overdue_sql() -> String {
    format!(
        "WITH o AS (SELECT {ORDER_COLUMNS} FROM loan_order WHERE status = 180) \
         SELECT o.*, b.full_name, b.phone, \
                COALESCE(d.penalties, 0), COALESCE(d.fees, 0), COALESCE(d.interest, 0), COALESCE(d.principal, 0), \
                (SELECT c.at FROM contact_log c WHERE c.order_id = o.id ORDER BY c.id DESC LIMIT 1), \
                (SELECT c.outcome FROM contact_log c WHERE c.order_id = o.id ORDER BY c.id DESC LIMIT 1) \
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

fn overdue(row: &Row) -> StoreResult<OverdueAccount> {
    let last_at: Option<OffsetDateTime> = row.get(20);
    let last_outcome: Option<&str> = row.get(21);
    let last_contact = match (last_at, last_outcome) {
        (Some(at), Some(key)) => Some(LastContact { at, outcome: outcome(key)? }),
        _ => None,
    };
    Ok(OverdueAccount {
        order: rows::order(row)?,
        borrower_name: row.get(14),
        borrower_phone: Phone::parse(row.get(15)).map_err(backend)?,
        dues: Dues {
            penalties: Centavos::new(row.get(16)),
            fees: Centavos::new(row.get(17)),
            interest: Centavos::new(row.get(18)),
            principal: Centavos::new(row.get(19)),
        },
        last_contact,
    })
}

#[async_trait]
impl CollectionStore for PostgresStore {
    async fn record_contact(&self, contact: &NewContact) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO contact_log (order_id, borrower_id, staff_id, channel, outcome, note, days_past_due, basis, at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                &[
                    &contact.order_id.0,
                    &contact.borrower_id.0,
                    &contact.staff_id,
                    &contact.channel.key(),
                    &contact.outcome.key(),
                    &contact.note.as_str(),
                    &contact.days_past_due,
                    &contact.basis.key(),
                    &contact.at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn contacts_of(&self, order: OrderId) -> StoreResult<Vec<LoggedContact>> {
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {CONTACT_COLUMNS} FROM contact_log c LEFT JOIN staff_account s ON s.id = c.staff_id \
                     WHERE c.order_id = $1 ORDER BY c.id DESC"
                ),
                &[&order.0],
            )
            .await
            .map_err(database)?;
        rows.iter().map(logged).collect()
    }

    async fn overdue_accounts(&self) -> StoreResult<Vec<OverdueAccount>> {
        let rows = self.client().await?.query(&overdue_sql(), &[]).await.map_err(database)?;
        rows.iter().map(overdue).collect()
    }
}
