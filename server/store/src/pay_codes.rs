//! Pay codes and the sandbox gateway's statement.

use crate::Store;
use crate::db::{Row, args};
use async_trait::async_trait;
use hiram_domain::payment::{Channel, GatewayPayment, PayCode};
use hiram_domain::store::{PayCodeStore, StoreResult};

const GATEWAY_PAYMENT: &str =
    "SELECT transaction_id, pay_code, amount, paid_at FROM gateway_payment WHERE transaction_id = $1";

fn gateway_payment(row: &Row<'_>) -> StoreResult<GatewayPayment> {
    Ok(GatewayPayment { transaction_id: row.get(0)?, pay_code: row.get(1)?, amount: row.get(2)?, paid_at: row.get(3)? })
}

#[async_trait]
impl PayCodeStore for Store {
    async fn insert_pay_code(&self, code: &PayCode) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO pay_code (code, order_id, channel, amount, created_at, expires_at, extension_fee) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                args![
                    &code.code,
                    code.order_id,
                    code.channel.key(),
                    code.amount,
                    code.created_at,
                    code.expires_at,
                    code.extension_fee
                ],
            )
            .await
            .map(drop)
    }

    async fn pay_code(&self, code: &str) -> StoreResult<Option<PayCode>> {
        self.db
            .opt(
                "SELECT code, order_id, channel, amount, created_at, expires_at, extension_fee FROM pay_code WHERE code = $1",
                args![code],
                |row| {
                    Ok(PayCode {
                        code: row.get(0)?,
                        order_id: row.get(1)?,
                        channel: row.parse(2, Channel::parse)?,
                        amount: row.get(3)?,
                        created_at: row.get(4)?,
                        expires_at: row.get(5)?,
                        extension_fee: row.get(6)?,
                    })
                },
            )
            .await
    }

    async fn record_gateway_payment(&self, payment: &GatewayPayment) -> StoreResult<GatewayPayment> {
        let mut tx = self.db.write().await?;
        tx.exec(
            "INSERT INTO gateway_payment (transaction_id, pay_code, amount, paid_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (transaction_id) DO NOTHING",
            args![&payment.transaction_id, &payment.pay_code, payment.amount, payment.paid_at],
        )
        .await?;
        let stored = tx.one(GATEWAY_PAYMENT, args![&payment.transaction_id], gateway_payment).await?;
        tx.commit().await?;
        Ok(stored)
    }

    async fn gateway_payment(&self, transaction_id: &str) -> StoreResult<Option<GatewayPayment>> {
        self.db.opt(GATEWAY_PAYMENT, args![transaction_id], gateway_payment).await
    }
}
