//! Collections on SQLite: the contact log and the overdue loans' queue.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, ORDER_COLUMNS, millis};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::collections::{ContactBasis, ContactChannel, ContactNote, ContactOutcome};
use hiram_domain::ledger::Dues;
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::phone::Phone;
use hiram_domain::store::{CollectionStore, LastContact, LoggedContact, NewContact, OverdueAccount, StoreResult};
use rusqlite::types::Type;
use rusqlite::{Row, params};

fn invalid(column: usize, what: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, Type::Text, format!("unknown {what}").into())
}

fn outcome(text: &str, column: usize) -> rusqlite::Result<ContactOutcome> {
    ContactOutcome::parse(text).ok_or_else(|| invalid(column, "contact outcome"))
}

const CONTACT_COLUMNS: &str = "c.id, s.name, c.order_id, c.borrower_id, c.staff_id, c.channel, c.outcome, c.note, \
     c.days_past_due, c.basis, c.at";

fn logged(row: &Row<'_>) -> rusqlite::Result<LoggedContact> {
    let channel: String = row.get(5)?;
    let outcome_key: String = row.get(6)?;
    let note: String = row.get(7)?;
    let basis: String = row.get(9)?;
    Ok(LoggedContact {
        id: row.get(0)?,
        staff_name: row.get(1)?,
        contact: NewContact {
            order_id: OrderId(row.get(2)?),
            borrower_id: BorrowerId(row.get(3)?),
            staff_id: row.get(4)?,
            channel: ContactChannel::parse(&channel).ok_or_else(|| invalid(5, "contact channel"))?,
            outcome: outcome(&outcome_key, 6)?,
            note: ContactNote::parse(&note).map_err(|_| invalid(7, "note length"))?,
            days_past_due: row.get(8)?,
            basis: ContactBasis::parse(&basis).ok_or_else(|| invalid(9, "contact basis"))?,
            at: rows::instant(row.get(10)?)?,
        },
    })
}

/// Debits minus credits of one receivable account, per order.
fn net(account: &str) -> String {
    format!(
        "SUM(CASE WHEN l.account = '{account}' THEN CASE l.side WHEN 'debit' THEN l.amount ELSE -l.amount END ELSE 0 END)"
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

fn overdue(row: &Row<'_>) -> rusqlite::Result<OverdueAccount> {
    let phone: String = row.get(15)?;
    let last_at: Option<i64> = row.get(20)?;
    let last_outcome: Option<String> = row.get(21)?;
    let last_contact = match (last_at, last_outcome) {
        (Some(at), Some(key)) => Some(LastContact { at: rows::instant(at)?, outcome: outcome(&key, 21)? }),
        _ => None,
    };
    Ok(OverdueAccount {
        order: rows::order(row)?,
        borrower_name: row.get(14)?,
        borrower_phone: Phone::parse(&phone).map_err(|_| invalid(15, "phone"))?,
        dues: Dues {
            penalties: Centavos::new(row.get(16)?),
            fees: Centavos::new(row.get(17)?),
            interest: Centavos::new(row.get(18)?),
            principal: Centavos::new(row.get(19)?),
        },
        last_contact,
    })
}

#[async_trait]
impl CollectionStore for SqliteStore {
    async fn record_contact(&self, contact: &NewContact) -> StoreResult<i64> {
        let contact = contact.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO contact_log (order_id, borrower_id, staff_id, channel, outcome, note, days_past_due, basis, at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    contact.order_id.0,
                    contact.borrower_id.0,
                    contact.staff_id,
                    contact.channel.key(),
                    contact.outcome.key(),
                    contact.note.as_str(),
                    contact.days_past_due,
                    contact.basis.key(),
                    millis(contact.at)
                ],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn contacts_of(&self, order: OrderId) -> StoreResult<Vec<LoggedContact>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {CONTACT_COLUMNS} FROM contact_log c LEFT JOIN staff_account s ON s.id = c.staff_id \
                     WHERE c.order_id = ?1 ORDER BY c.id DESC"
                ))
                .map_err(backend)?;
            statement.query_map([order.0], logged).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn overdue_accounts(&self) -> StoreResult<Vec<OverdueAccount>> {
        self.read(move |connection| {
            let mut statement = connection.prepare_cached(&overdue_sql()).map_err(backend)?;
            statement.query_map([], overdue).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }
}
