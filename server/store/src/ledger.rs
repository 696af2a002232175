//! The double-entry ledger: append-only entries posted once per
//! idempotency key. Concurrent posts of one key meet at the key's unique
//! index: the second waits there, then inserts nothing.

use crate::Store;
use crate::db::{Conn, Row, args};
use async_trait::async_trait;
use hiram_domain::ledger::{Account, Balances, Bucket, Entry, EntryKind, Line, Side, repayment};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::store::{IdempotencyKey, LedgerStore, Posting, StoreError, StoreResult, StoredEntry};
use time::OffsetDateTime;

fn line(row: &Row<'_>, first: usize) -> StoreResult<Line> {
    Ok(Line {
        account: row.parse(first, Account::parse)?,
        side: row.parse(first + 1, Side::parse)?,
        amount: row.get(first + 2)?,
    })
}

/// What the earlier posting of this key was, if there was one.
async fn seen(tx: &mut Conn, key: &IdempotencyKey) -> StoreResult<Option<Posting>> {
    let seen: Option<(i64, Vec<u8>)> = tx
        .opt("SELECT id, fingerprint FROM ledger_entry WHERE idempotency_key = $1", args![&key.key], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .await?;
    Ok(seen.map(
        |(id, fingerprint)| if fingerprint == key.fingerprint { Posting::Replayed(id) } else { Posting::KeyReused },
    ))
}

/// Inserts the entry unless its key was posted before: the posting either way.
async fn insert(
    tx: &mut Conn,
    order: OrderId,
    entry: &Entry,
    key: &IdempotencyKey,
    at: OffsetDateTime,
) -> StoreResult<Posting> {
    let inserted: Option<i64> = tx
        .opt_value(
            "INSERT INTO ledger_entry (order_id, kind, idempotency_key, fingerprint, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id",
            args![order, entry.kind.key(), &key.key, &key.fingerprint, at],
        )
        .await?;
    let Some(id) = inserted else {
        return seen(tx, key).await?.ok_or(StoreError::Stale);
    };
    for (position, line) in (0_i64..).zip(&entry.lines) {
        tx.exec(
            "INSERT INTO ledger_line (entry_id, position, account, side, amount) VALUES ($1, $2, $3, $4, $5)",
            args![id, position, line.account.key(), line.side.key(), line.amount],
        )
        .await?;
    }
    Ok(Posting::Posted(id))
}

#[async_trait]
impl LedgerStore for Store {
    async fn post_entry(
        &self,
        order: OrderId,
        entry: &Entry,
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting> {
        let mut tx = self.db.write().await?;
        let posting = insert(&mut tx, order, entry, key, at).await?;
        tx.commit().await?;
        Ok(posting)
    }

    async fn post_payment(
        &self,
        order: OrderId,
        amount: Centavos,
        allocation: &[Bucket; 4],
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting> {
        let mut tx = self.db.write().await?;
        // Payments of one order queue on its row, so the dues read below
        // are the dues this entry settles.
        tx.opt_value::<i64>("SELECT id FROM loan_order WHERE id = $1 FOR UPDATE", args![order]).await?;
        if let Some(earlier) = seen(&mut tx, key).await? {
            return Ok(earlier);
        }
        let lines = tx
            .all(
                "SELECT l.account, l.side, l.amount FROM ledger_entry e JOIN ledger_line l ON l.entry_id = e.id \
                 WHERE e.order_id = $1",
                args![order],
                |row| line(row, 0),
            )
            .await?;
        let mut balances = Balances::default();
        lines.iter().for_each(|line| balances.apply_line(line));
        let entry =
            repayment(amount, &balances.dues(), allocation).map_err(|error| StoreError::Backend(error.to_string()))?;
        let posting = insert(&mut tx, order, &entry, key, at).await?;
        tx.commit().await?;
        Ok(posting)
    }

    async fn ledger_entries(&self, order: OrderId) -> StoreResult<Vec<StoredEntry>> {
        let rows = self
            .db
            .all(
                "SELECT e.id, e.kind, e.created_at, e.idempotency_key, l.account, l.side, l.amount FROM ledger_entry e \
                 JOIN ledger_line l ON l.entry_id = e.id WHERE e.order_id = $1 ORDER BY e.id, l.position",
                args![order],
                |row| {
                    Ok((row.get::<i64>(0)?, row.parse(1, EntryKind::parse)?, row.get(2)?, row.get(3)?, line(row, 4)?))
                },
            )
            .await?;
        let mut entries: Vec<StoredEntry> = Vec::new();
        for (id, kind, created_at, key, line) in rows {
            match entries.last_mut() {
                Some(last) if last.id == id => last.entry.lines.push(line),
                _ => entries.push(StoredEntry {
                    id,
                    order_id: order,
                    key,
                    entry: Entry { kind, lines: vec![line] },
                    created_at,
                }),
            }
        }
        Ok(entries)
    }
}
