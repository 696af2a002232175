//! The ledger on SQLite: append-only entries posted once per idempotency key.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::ledger::{Account, Balances, Bucket, Entry, EntryKind, Line, Side, repayment};
use hiram_domain::money::Centavos;
use hiram_domain::order::OrderId;
use hiram_domain::payment::{Channel, GatewayPayment, PayCode};
use hiram_domain::store::{IdempotencyKey, LedgerStore, PayCodeStore, Posting, StoreError, StoreResult, StoredEntry};
use rusqlite::{OptionalExtension, Transaction, params};
use time::OffsetDateTime;

/// The earlier posting of this key, if any.
fn seen(tx: &Transaction<'_>, key: &IdempotencyKey) -> StoreResult<Option<Posting>> {
    let seen: Option<(i64, Vec<u8>)> = tx
        .query_row("SELECT id, fingerprint FROM ledger_entry WHERE idempotency_key = ?1", [&key.key], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .optional()
        .map_err(backend)?;
    Ok(seen.map(
        |(id, fingerprint)| if fingerprint == key.fingerprint { Posting::Replayed(id) } else { Posting::KeyReused },
    ))
}

fn insert(
    tx: &Transaction<'_>,
    order: OrderId,
    entry: &Entry,
    key: &IdempotencyKey,
    at: OffsetDateTime,
) -> StoreResult<Posting> {
    tx.execute(
        "INSERT INTO ledger_entry (order_id, kind, idempotency_key, fingerprint, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![order.0, entry.kind.key(), key.key, key.fingerprint, millis(at)],
    )
    .map_err(backend)?;
    let id = tx.last_insert_rowid();
    for (position, line) in (0_i64..).zip(&entry.lines) {
        tx.execute(
            "INSERT INTO ledger_line (entry_id, position, account, side, amount) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, position, line.account.key(), line.side.key(), line.amount.get()],
        )
        .map_err(backend)?;
    }
    Ok(Posting::Posted(id))
}

fn parse_line(account: &str, side: &str, amount: i64) -> StoreResult<Line> {
    Ok(Line {
        account: Account::parse(account).ok_or_else(|| StoreError::Backend("unknown account".into()))?,
        side: Side::parse(side).ok_or_else(|| StoreError::Backend("unknown side".into()))?,
        amount: Centavos::new(amount),
    })
}

#[async_trait]
impl LedgerStore for SqliteStore {
    async fn post_entry(
        &self,
        order: OrderId,
        entry: &Entry,
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting> {
        let (entry, key) = (entry.clone(), key.clone());
        self.write(move |tx| match seen(tx, &key)? {
            Some(earlier) => Ok(earlier),
            None => insert(tx, order, &entry, &key, at),
        })
        .await
    }

    async fn post_payment(
        &self,
        order: OrderId,
        amount: Centavos,
        allocation: &[Bucket; 4],
        key: &IdempotencyKey,
        at: OffsetDateTime,
    ) -> StoreResult<Posting> {
        let (allocation, key) = (*allocation, key.clone());
        // The one writer and BEGIN IMMEDIATE serialise payments: the dues
        // read here are the dues the entry settles.
        self.write(move |tx| {
            if let Some(earlier) = seen(tx, &key)? {
                return Ok(earlier);
            }
            let lines = {
                let mut statement = tx
                    .prepare_cached(
                        "SELECT l.account, l.side, l.amount FROM ledger_entry e JOIN ledger_line l ON l.entry_id = e.id \
                         WHERE e.order_id = ?1",
                    )
                    .map_err(backend)?;
                statement
                    .query_map([order.0], |row| Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?, row.get::<_, i64>(2)?)))
                    .map_err(backend)?
                    .collect::<rusqlite::Result<Vec<_>>>()
                    .map_err(backend)?
            };
            let mut balances = Balances::default();
            for (account, side, amount) in lines {
                balances.apply_line(&parse_line(&account, &side, amount)?);
            }
            let entry = repayment(amount, &balances.dues(), &allocation).map_err(|error| StoreError::Backend(error.to_string()))?;
            insert(tx, order, &entry, &key, at)
        })
        .await
    }

    async fn ledger_entries(&self, order: OrderId) -> StoreResult<Vec<StoredEntry>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT e.id, e.kind, e.created_at, l.account, l.side, l.amount, e.idempotency_key FROM ledger_entry e \
                     JOIN ledger_line l ON l.entry_id = e.id WHERE e.order_id = ?1 ORDER BY e.id, l.position",
                )
                .map_err(backend)?;
            let mut rows = statement.query([order.0]).map_err(backend)?;
            let mut entries: Vec<StoredEntry> = Vec::new();
            while let Some(row) = rows.next().map_err(backend)? {
                let id: i64 = row.get(0).map_err(backend)?;
                let kind: String = row.get(1).map_err(backend)?;
                let account: String = row.get(3).map_err(backend)?;
                let side: String = row.get(4).map_err(backend)?;
                let line = parse_line(&account, &side, row.get(5).map_err(backend)?)?;
                match entries.last_mut() {
                    Some(last) if last.id == id => last.entry.lines.push(line),
                    _ => entries.push(StoredEntry {
                        id,
                        order_id: order,
                        key: row.get(6).map_err(backend)?,
                        entry: Entry {
                            kind: EntryKind::parse(&kind)
                                .ok_or_else(|| StoreError::Backend("unknown entry kind".into()))?,
                            lines: vec![line],
                        },
                        created_at: rows::instant(row.get(2).map_err(backend)?).map_err(backend)?,
                    }),
                }
            }
            Ok(entries)
        })
        .await
    }
}

#[async_trait]
impl PayCodeStore for SqliteStore {
    async fn insert_pay_code(&self, code: &PayCode) -> StoreResult<()> {
        let code = code.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO pay_code (code, order_id, channel, amount, created_at, expires_at, extension_fee) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    code.code,
                    code.order_id.0,
                    code.channel.key(),
                    code.amount.get(),
                    millis(code.created_at),
                    millis(code.expires_at),
                    code.extension_fee.map(Centavos::get)
                ],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn pay_code(&self, code: &str) -> StoreResult<Option<PayCode>> {
        let code = code.to_owned();
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT code, order_id, channel, amount, created_at, expires_at, extension_fee FROM pay_code WHERE code = ?1",
                    [&code],
                    |row| {
                        let channel: String = row.get(2)?;
                        Ok(PayCode {
                            code: row.get(0)?,
                            order_id: OrderId(row.get(1)?),
                            channel: Channel::parse(&channel).ok_or_else(|| {
                                rusqlite::Error::FromSqlConversionFailure(
                                    2,
                                    rusqlite::types::Type::Text,
                                    "channel".into(),
                                )
                            })?,
                            amount: Centavos::new(row.get(3)?),
                            created_at: rows::instant(row.get(4)?)?,
                            expires_at: rows::instant(row.get(5)?)?,
                            extension_fee: row.get::<_, Option<i64>>(6)?.map(Centavos::new),
                        })
                    },
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn record_gateway_payment(&self, payment: &GatewayPayment) -> StoreResult<GatewayPayment> {
        let payment = payment.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO gateway_payment (transaction_id, pay_code, amount, paid_at) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (transaction_id) DO NOTHING",
                params![payment.transaction_id, payment.pay_code, payment.amount.get(), millis(payment.paid_at)],
            )
            .map_err(backend)?;
            tx.query_row(
                "SELECT transaction_id, pay_code, amount, paid_at FROM gateway_payment WHERE transaction_id = ?1",
                [&payment.transaction_id],
                gateway_payment,
            )
            .map_err(backend)
        })
        .await
    }

    async fn gateway_payment(&self, transaction_id: &str) -> StoreResult<Option<GatewayPayment>> {
        let transaction_id = transaction_id.to_owned();
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT transaction_id, pay_code, amount, paid_at FROM gateway_payment WHERE transaction_id = ?1",
                    [&transaction_id],
                    gateway_payment,
                )
                .optional()
                .map_err(backend)
        })
        .await
    }
}

fn gateway_payment(row: &rusqlite::Row<'_>) -> rusqlite::Result<GatewayPayment> {
    Ok(GatewayPayment {
        transaction_id: row.get(0)?,
        pay_code: row.get(1)?,
        amount: Centavos::new(row.get(2)?),
        paid_at: rows::instant(row.get(3)?)?,
    })
}
