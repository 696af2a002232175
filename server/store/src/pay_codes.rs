//! Pay codes, what their collection provider made of them, and the sandbox
//! gateway's statement.

use crate::Store;
use crate::db::{Arg, Row, args};
use async_trait::async_trait;
use hiram_domain::order::OrderId;
use hiram_domain::payment::PaymentInstruction;
use hiram_domain::payment::{Channel, GatewayPayment, PayCode};
use hiram_domain::store::{PayCodeStore, StoreError, StoreResult};
use time::OffsetDateTime;

const PAY_CODE_COLUMNS: &str = "code, order_id, channel, amount, created_at, expires_at, extension_fee, provider, \
     provider_ref, shown_code, qr_string, checkout_url";

const GATEWAY_PAYMENT_COLUMNS: &str = "transaction_id, pay_code, amount, paid_at";

fn pay_code(row: &Row<'_>) -> StoreResult<PayCode> {
    let shown_code: Option<String> = row.get(9)?;
    let instruction = match shown_code {
        Some(pay_code) => Some(PaymentInstruction {
            provider_ref: row.get::<Option<String>>(8)?.unwrap_or_default(),
            pay_code,
            qr_string: row.get(10)?,
            checkout_url: row.get(11)?,
        }),
        None => None,
    };
    Ok(PayCode {
        code: row.get(0)?,
        order_id: row.get(1)?,
        channel: row.parse(2, Channel::parse)?,
        amount: row.get(3)?,
        created_at: row.get(4)?,
        expires_at: row.get(5)?,
        extension_fee: row.get(6)?,
        provider: row.get(7)?,
        instruction,
    })
}

fn gateway_payment(row: &Row<'_>) -> StoreResult<GatewayPayment> {
    Ok(GatewayPayment { transaction_id: row.get(0)?, pay_code: row.get(1)?, amount: row.get(2)?, paid_at: row.get(3)? })
}

fn insert_sql(on_conflict: &str) -> String {
    format!(
        "INSERT INTO pay_code ({PAY_CODE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12){on_conflict}"
    )
}

/// A code's columns, in `PAY_CODE_COLUMNS`' order.
fn insert_args(code: &PayCode) -> [Arg<'_>; 12] {
    let instruction = code.instruction.as_ref();
    [
        Arg::from(&code.code),
        Arg::from(code.order_id),
        Arg::from(code.channel.key()),
        Arg::from(code.amount),
        Arg::from(code.created_at),
        Arg::from(code.expires_at),
        Arg::from(code.extension_fee),
        Arg::from(&code.provider),
        Arg::from(instruction.map(|instruction| instruction.provider_ref.as_str())),
        Arg::from(instruction.map(|instruction| instruction.pay_code.as_str())),
        Arg::from(instruction.and_then(|instruction| instruction.qr_string.as_deref())),
        Arg::from(instruction.and_then(|instruction| instruction.checkout_url.as_deref())),
    ]
}

#[async_trait]
impl PayCodeStore for Store {
    async fn insert_pay_code(&self, code: &PayCode, since: OffsetDateTime, most: i64) -> StoreResult<bool> {
        let mut tx = self.db.write().await?;
        // The order's row is the turnstile: concurrent requests for one
        // order count one after another, so none slips past the limit.
        tx.opt_value::<i64>("SELECT id FROM loan_order WHERE id = $1 FOR UPDATE", args![code.order_id]).await?;
        let issued: i64 = tx
            .value(
                "SELECT COUNT(*) FROM pay_code WHERE order_id = $1 AND created_at >= $2 AND amount IS NOT NULL",
                args![code.order_id, since],
            )
            .await?;
        if issued >= most {
            return Ok(false);
        }
        tx.exec(&insert_sql(""), &insert_args(code)).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn pay_code(&self, code: &str) -> StoreResult<Option<PayCode>> {
        self.db.opt(&format!("SELECT {PAY_CODE_COLUMNS} FROM pay_code WHERE code = $1"), args![code], pay_code).await
    }

    async fn standing_code(&self, order: OrderId) -> StoreResult<Option<PayCode>> {
        self.db
            .opt(
                &format!("SELECT {PAY_CODE_COLUMNS} FROM pay_code WHERE order_id = $1 AND amount IS NULL"),
                args![order],
                pay_code,
            )
            .await
    }

    async fn insert_standing_code(&self, code: &PayCode) -> StoreResult<PayCode> {
        if !code.is_standing() {
            return Err(StoreError::Backend("a standing code has no amount".to_owned()));
        }
        let mut tx = self.db.write().await?;
        // The partial unique index on (order_id) WHERE amount IS NULL keeps
        // one standing code per order: a second insert does nothing.
        // Its provider's instruction is asked for after it is kept.
        let code = PayCode { instruction: None, ..code.clone() };
        tx.exec(&insert_sql(" ON CONFLICT DO NOTHING"), &insert_args(&code)).await?;
        let stored = tx
            .opt(
                &format!("SELECT {PAY_CODE_COLUMNS} FROM pay_code WHERE order_id = $1 AND amount IS NULL"),
                args![code.order_id],
                pay_code,
            )
            .await?
            .ok_or(StoreError::Conflict("pay_code"))?;
        tx.commit().await?;
        Ok(stored)
    }

    async fn set_instruction(&self, code: &str, instruction: &PaymentInstruction) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE pay_code SET provider_ref = $2, shown_code = $3, qr_string = $4, checkout_url = $5 WHERE code = $1",
                args![
                    code,
                    &instruction.provider_ref,
                    &instruction.pay_code,
                    instruction.qr_string.as_deref(),
                    instruction.checkout_url.as_deref()
                ],
            )
            .await?;
        hiram_domain::store::exactly_one(changed)
    }

    async fn claim_pay_code(&self, code: &str, payment_key: &str) -> StoreResult<bool> {
        let changed = self
            .db
            .exec(
                "UPDATE pay_code SET paid_by = $2 WHERE code = $1 AND amount IS NOT NULL \
                 AND (paid_by IS NULL OR paid_by = $2)",
                args![code, payment_key],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn record_gateway_payment(&self, payment: &GatewayPayment) -> StoreResult<GatewayPayment> {
        let mut tx = self.db.write().await?;
        tx.exec(
            "INSERT INTO gateway_payment (transaction_id, pay_code, amount, paid_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (transaction_id) DO NOTHING",
            args![&payment.transaction_id, &payment.pay_code, payment.amount, payment.paid_at],
        )
        .await?;
        let stored = tx
            .one(
                &format!("SELECT {GATEWAY_PAYMENT_COLUMNS} FROM gateway_payment WHERE transaction_id = $1"),
                args![&payment.transaction_id],
                gateway_payment,
            )
            .await?;
        tx.commit().await?;
        Ok(stored)
    }

    async fn gateway_payment(&self, transaction_id: &str) -> StoreResult<Option<GatewayPayment>> {
        self.db
            .opt(
                &format!("SELECT {GATEWAY_PAYMENT_COLUMNS} FROM gateway_payment WHERE transaction_id = $1"),
                args![transaction_id],
                gateway_payment,
            )
            .await
    }

    async fn gateway_payments_between(
        &self,
        from: OffsetDateTime,
        to: OffsetDateTime,
    ) -> StoreResult<Vec<GatewayPayment>> {
        self.db
            .all(
                &format!(
                    "SELECT {GATEWAY_PAYMENT_COLUMNS} FROM gateway_payment WHERE paid_at >= $1 AND paid_at < $2 \
                     ORDER BY paid_at, transaction_id"
                ),
                args![from, to],
                gateway_payment,
            )
            .await
    }

    async fn gateway_payments_of_code(&self, code: &str) -> StoreResult<Vec<GatewayPayment>> {
        self.db
            .all(
                &format!(
                    "SELECT {GATEWAY_PAYMENT_COLUMNS} FROM gateway_payment WHERE pay_code = $1 \
                     ORDER BY paid_at, transaction_id"
                ),
                args![code],
                gateway_payment,
            )
            .await
    }
}
