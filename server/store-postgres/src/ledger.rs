//! The ledger on PostgreSQL: append-only entries posted once per
//! idempotency key, concurrent posts of one key serialised by the key's
//! unique constraint.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::ledger::{Account, Balances, Bucket, Entry, EntryKind, Line, Side, repayment};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::{Channel, GatewayPayment, PayCode};
use hiram_domain::store::{IdempotencyKey, LedgerStore, PayCodeStore, Posting, StoreResult, StoredEntry};
use time::OffsetDateTime;

async fn insert_lines(transaction: &deadpool_postgres::Transaction<'_>, id: i64, entry: &Entry) -> StoreResult<()> {
    for (position, line) in (0_i64..).zip(&entry.lines) {
        transaction
            .execute(
                "INSERT INTO ledger_line (entry_id, position, account, side, amount) VALUES ($1, $2, $3, $4, $5)",
                &[&id, &position, &line.account.key(), &line.side.key(), &line.amount.get()],
            )
            .await
            .map_err(database)?;
    }
    Ok(())
}

#[async_trait]
impl LedgerStore for PostgresStore {
    async fn post_entry(
        &self,
        order: OrderId,
        entry: &Entry,
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // A concurrent transaction with the same key waits here on the
        // unique index and then inserts nothing.
        let inserted = transaction
            .query_opt(
                "INSERT INTO ledger_entry (order_id, kind, idempotency_key, fingerprint, created_at) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id",
                &[&order.0, &entry.kind.key(), &key.key, &&key.fingerprint[..], &at],
            )
            .await
            .map_err(database)?;
        let Some(row) = inserted else {
            let seen = transaction
                .query_one("SELECT id, fingerprint FROM ledger_entry WHERE idempotency_key = $1", &[&key.key])
                .await
                .map_err(database)?;
            let fingerprint: Vec<u8> = seen.get(1);
            return Ok(if fingerprint[..] == key.fingerprint[..] {
                Posting::Replayed(seen.get(0))
            } else {
                Posting::KeyReused
            });
        };
        let id: i64 = row.get(0);
        insert_lines(&transaction, id, entry).await?;
        transaction.commit().await.map_err(database)?;
        Ok(Posting::Posted(id))
    }

    async fn post_payment(
        &self,
        order: OrderId,
        amount: Centavos,
        allocation: &[Bucket; 4],
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // Payments of one order queue on its row, so the dues read below
        // are the dues this entry settles.
        transaction
            .execute("SELECT id FROM loan_order WHERE id = $1 FOR UPDATE", &[&order.0])
            .await
            .map_err(database)?;
        if let Some(seen) = transaction
            .query_opt("SELECT id, fingerprint FROM ledger_entry WHERE idempotency_key = $1", &[&key.key])
            .await
            .map_err(database)?
        {
            let fingerprint: Vec<u8> = seen.get(1);
            return Ok(if fingerprint[..] == key.fingerprint[..] {
                Posting::Replayed(seen.get(0))
            } else {
                Posting::KeyReused
            });
        }
        let rows = transaction
            .query(
                "SELECT l.account, l.side, l.amount FROM ledger_entry e JOIN ledger_line l ON l.entry_id = e.id \
                 WHERE e.order_id = $1",
                &[&order.0],
            )
            .await
            .map_err(database)?;
        let mut balances = Balances::default();
        for row in &rows {
            balances.apply_line(&Line {
                account: Account::parse(row.get(0)).ok_or_else(|| backend("unknown account"))?,
                side: Side::parse(row.get(1)).ok_or_else(|| backend("unknown side"))?,
                amount: Centavos::new(row.get(2)),
            });
        }
        let entry = repayment(amount, &balances.dues(), allocation).map_err(backend)?;
        let inserted = transaction
            .query_one(
                "INSERT INTO ledger_entry (order_id, kind, idempotency_key, fingerprint, created_at) \
                 VALUES ($1, $2, $3, $4, $5) RETURNING id",
                &[&order.0, &entry.kind.key(), &key.key, &&key.fingerprint[..], &at],
            )
            .await
            .map_err(database)?;
        let id: i64 = inserted.get(0);
        insert_lines(&transaction, id, &entry).await?;
        transaction.commit().await.map_err(database)?;
        Ok(Posting::Posted(id))
    }

    async fn ledger_entries(&self, order: OrderId) -> StoreResult<Vec<StoredEntry>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT e.id, e.kind, e.created_at, l.account, l.side, l.amount, e.idempotency_key FROM ledger_entry e \
                 JOIN ledger_line l ON l.entry_id = e.id WHERE e.order_id = $1 ORDER BY e.id, l.position",
                &[&order.0],
            )
            .await
            .map_err(database)?;
        let mut entries: Vec<StoredEntry> = Vec::new();
        for row in &rows {
            let id: i64 = row.get(0);
            let line = Line {
                account: Account::parse(row.get(3)).ok_or_else(|| backend("unknown account"))?,
                side: Side::parse(row.get(4)).ok_or_else(|| backend("unknown side"))?,
                amount: Centavos::new(row.get(5)),
            };
            match entries.last_mut() {
                Some(last) if last.id == id => last.entry.lines.push(line),
                _ => entries.push(StoredEntry {
                    id,
                    order_id: order,
                    key: row.get(6),
                    entry: Entry {
                        kind: EntryKind::parse(row.get(1)).ok_or_else(|| backend("unknown entry kind"))?,
                        lines: vec![line],
                    },
                    created_at: row.get(2),
                }),
            }
        }
        Ok(entries)
    }
}

#[async_trait]
impl PayCodeStore for PostgresStore {
    async fn insert_pay_code(&self, code: &PayCode) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO pay_code (code, order_id, channel, amount, created_at, expires_at, extension_fee) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &code.code,
                    &code.order_id.0,
                    &code.channel.key(),
                    &code.amount.get(),
                    &code.created_at,
                    &code.expires_at,
                    &code.extension_fee.map(Centavos::get),
                ],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn pay_code(&self, code: &str) -> StoreResult<Option<PayCode>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT code, order_id, channel, amount, created_at, expires_at, extension_fee FROM pay_code WHERE code = $1",
                &[&code],
            )
            .await
            .map_err(database)?;
        row.map(|row| {
            Ok(PayCode {
                code: row.get(0),
                order_id: OrderId(row.get(1)),
                channel: Channel::parse(row.get(2)).ok_or_else(|| backend("unknown channel"))?,
                amount: Centavos::new(row.get(3)),
                created_at: row.get(4),
                expires_at: row.get(5),
                extension_fee: row.get::<_, Option<i64>>(6).map(Centavos::new),
            })
        })
        .transpose()
    }

    async fn record_gateway_payment(&self, payment: &GatewayPayment) -> StoreResult<GatewayPayment> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO gateway_payment (transaction_id, pay_code, amount, paid_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (transaction_id) DO NOTHING",
                &[&payment.transaction_id, &payment.pay_code, &payment.amount.get(), &payment.paid_at],
            )
            .await
            .map_err(database)?;
        let row = client
            .query_one(
                "SELECT transaction_id, pay_code, amount, paid_at FROM gateway_payment WHERE transaction_id = $1",
                &[&payment.transaction_id],
            )
            .await
            .map_err(database)?;
        Ok(gateway_payment(&row))
    }

    async fn gateway_payment(&self, transaction_id: &str) -> StoreResult<Option<GatewayPayment>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT transaction_id, pay_code, amount, paid_at FROM gateway_payment WHERE transaction_id = $1",
                &[&transaction_id],
            )
            .await
            .map_err(database)?;
        Ok(row.as_ref().map(gateway_payment))
    }
}

fn gateway_payment(row: &tokio_postgres::Row) -> GatewayPayment {
    GatewayPayment {
        transaction_id: row.get(0),
        pay_code: row.get(1),
        amount: Centavos::new(row.get(2)),
        paid_at: row.get(3),
    }
}
