//! Records of uploaded pictures.

use crate::Store;
use crate::db::{Arg, args, placeholders};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::{ImagePurpose, ImageRecord};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::store::{ImageStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl ImageStore for Store {
    async fn record_image(&self, image: &ImageRecord, request: Option<&KeyedRequest>) -> StoreResult<String> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        tx.exec(
            "INSERT INTO uploaded_image (name, borrower_id, purpose, byte_size, width, height, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            args![
                &image.name,
                image.owner,
                image.purpose.key(),
                image.byte_size,
                image.width,
                image.height,
                image.created_at
            ],
        )
        .await?;
        commit_created(tx, request, image.name.clone(), image.created_at).await
    }

    async fn image(&self, name: &str) -> StoreResult<Option<ImageRecord>> {
        self.db
            .opt(
                "SELECT name, borrower_id, purpose, byte_size, width, height, created_at FROM uploaded_image WHERE name = $1",
                args![name],
                |row| {
                    Ok(ImageRecord {
                        name: row.get(0)?,
                        owner: row.get(1)?,
                        purpose: row.parse(2, ImagePurpose::parse)?,
                        byte_size: row.get(3)?,
                        width: row.get(4)?,
                        height: row.get(5)?,
                        created_at: row.get(6)?,
                    })
                },
            )
            .await
    }

    async fn images_of(&self, owner: BorrowerId, purposes: &[ImagePurpose]) -> StoreResult<Vec<String>> {
        if purposes.is_empty() {
            return Ok(Vec::new());
        }
        let mut values: Vec<Arg<'_>> = vec![owner.into()];
        values.extend(purposes.iter().map(|purpose| Arg::Text(purpose.key())));
        let sql = format!(
            "SELECT name FROM uploaded_image WHERE borrower_id = $1 AND purpose IN ({}) ORDER BY name",
            placeholders(1, purposes.len())
        );
        self.db.all(&sql, &values, |row| row.get(0)).await
    }

    async fn images_sent_since(&self, owner: BorrowerId, since: OffsetDateTime) -> StoreResult<i64> {
        self.db
            .value(
                "SELECT COUNT(*) FROM uploaded_image WHERE borrower_id = $1 AND created_at >= $2",
                args![owner, since],
            )
            .await
    }
}
