//! Records of uploaded pictures on PostgreSQL.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::{ImagePurpose, ImageRecord};
use hiram_domain::store::{ImageStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl ImageStore for PostgresStore {
    async fn record_image(&self, image: &ImageRecord) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO uploaded_image (name, borrower_id, purpose, byte_size, width, height, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &image.name,
                    &image.owner.0,
                    &image.purpose.key(),
                    &image.byte_size,
                    &image.width,
                    &image.height,
                    &image.created_at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn image(&self, name: &str) -> StoreResult<Option<ImageRecord>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT name, borrower_id, purpose, byte_size, width, height, created_at \
                 FROM uploaded_image WHERE name = $1",
                &[&name],
            )
            .await
            .map_err(database)?;
        row.map(|row| {
            Ok(ImageRecord {
                name: row.get(0),
                owner: BorrowerId(row.get(1)),
                purpose: ImagePurpose::parse(row.get(2)).ok_or_else(|| backend("unknown image purpose"))?,
                byte_size: row.get(3),
                width: row.get(4),
                height: row.get(5),
                created_at: row.get(6),
            })
        })
        .transpose()
    }

    async fn images_sent_since(&self, owner: BorrowerId, since: OffsetDateTime) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "SELECT COUNT(*) FROM uploaded_image WHERE borrower_id = $1 AND created_at >= $2",
                &[&owner.0, &since],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn images_of(&self, owner: BorrowerId, purposes: &[ImagePurpose]) -> StoreResult<Vec<String>> {
        let keys: Vec<&str> = purposes.iter().map(|purpose| purpose.key()).collect();
        let rows = self
            .client()
            .await?
            .query(
                "SELECT name FROM uploaded_image WHERE borrower_id = $1 AND purpose = ANY($2) ORDER BY name",
                &[&owner.0, &keys],
            )
            .await
            .map_err(database)?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }
}
