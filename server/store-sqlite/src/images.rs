//! Records of uploaded pictures on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::{ImagePurpose, ImageRecord};
use hiram_domain::store::{ImageStore, StoreResult};
use rusqlite::{OptionalExtension, params};
use time::OffsetDateTime;

#[async_trait]
impl ImageStore for SqliteStore {
    async fn record_image(&self, image: &ImageRecord) -> StoreResult<()> {
        let image = image.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO uploaded_image (name, borrower_id, purpose, byte_size, width, height, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    image.name,
                    image.owner.0,
                    image.purpose.key(),
                    image.byte_size,
                    image.width,
                    image.height,
                    millis(image.created_at)
                ],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn image(&self, name: &str) -> StoreResult<Option<ImageRecord>> {
        let name = name.to_owned();
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT name, borrower_id, purpose, byte_size, width, height, created_at \
                     FROM uploaded_image WHERE name = ?1",
                    [&name],
                    |row| {
                        let purpose: String = row.get(2)?;
                        Ok(ImageRecord {
                            name: row.get(0)?,
                            owner: BorrowerId(row.get(1)?),
                            purpose: ImagePurpose::parse(&purpose).ok_or_else(|| {
                                rusqlite::Error::FromSqlConversionFailure(
                                    2,
                                    rusqlite::types::Type::Text,
                                    "purpose".into(),
                                )
                            })?,
                            byte_size: row.get(3)?,
                            width: row.get(4)?,
                            height: row.get(5)?,
                            created_at: rows::instant(row.get(6)?)?,
                        })
                    },
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn images_of(&self, owner: BorrowerId, purposes: &[ImagePurpose]) -> StoreResult<Vec<String>> {
        let purposes = purposes.to_vec();
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached("SELECT name FROM uploaded_image WHERE borrower_id = ?1 AND purpose = ?2 ORDER BY name")
                .map_err(backend)?;
            let mut names = Vec::new();
            for purpose in purposes {
                let rows = statement.query_map(params![owner.0, purpose.key()], |row| row.get(0)).map_err(backend)?;
                for name in rows {
                    names.push(name.map_err(backend)?);
                }
            }
            Ok(names)
        })
        .await
    }

    async fn images_sent_since(&self, owner: BorrowerId, since: OffsetDateTime) -> StoreResult<i64> {
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT COUNT(*) FROM uploaded_image WHERE borrower_id = ?1 AND created_at >= ?2",
                    params![owner.0, millis(since)],
                    |row| row.get(0),
                )
                .map_err(backend)
        })
        .await
    }
}
