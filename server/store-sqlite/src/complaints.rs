//! Complaints on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::complaint::{AgentScores, Complaint, ComplaintStatus, NewComplaint};
use hiram_domain::store::{ComplaintStore, StoreResult, exactly_one};
use rusqlite::{OptionalExtension, Row, params};
use time::OffsetDateTime;

const COLUMNS: &str = "id, borrower_id, order_no, problem_type, sub_type, detail, images, status, filed_at, due_at, \
     assignee, answer, answer_images, answered_at, closed_at, score";

fn names(joined: &str) -> Vec<String> {
    joined.split(',').filter(|name| !name.is_empty()).map(str::to_owned).collect()
}

fn complaint(row: &Row<'_>) -> rusqlite::Result<Complaint> {
    let status: String = row.get(7)?;
    let images: String = row.get(6)?;
    let answer_images: String = row.get(12)?;
    Ok(Complaint {
        id: row.get(0)?,
        borrower_id: BorrowerId(row.get(1)?),
        order_no: row.get(2)?,
        problem_type: row.get(3)?,
        sub_type: row.get(4)?,
        detail: row.get(5)?,
        images: names(&images),
        status: ComplaintStatus::parse(&status).ok_or_else(|| {
            rusqlite::Error::FromSqlConversionFailure(7, rusqlite::types::Type::Text, "status".into())
        })?,
        filed_at: rows::instant(row.get(8)?)?,
        due_at: rows::instant(row.get(9)?)?,
        assignee: row.get(10)?,
        answer: row.get(11)?,
        answer_images: names(&answer_images),
        answered_at: rows::optional_instant(row.get(13)?)?,
        closed_at: rows::optional_instant(row.get(14)?)?,
        score: row.get(15)?,
    })
}

#[async_trait]
impl ComplaintStore for SqliteStore {
    async fn file_complaint(&self, new: &NewComplaint) -> StoreResult<i64> {
        let new = new.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO complaint (borrower_id, order_id, order_no, problem_type, sub_type, detail, images, filed_at, due_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    new.borrower_id.0,
                    new.order_id.map(|order| order.0),
                    new.order_no,
                    new.form.problem_type,
                    new.form.sub_type,
                    new.form.detail,
                    new.images.join(","),
                    millis(new.filed_at),
                    millis(new.due_at)
                ],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn complaints_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Complaint>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!("SELECT {COLUMNS} FROM complaint WHERE borrower_id = ?1 ORDER BY id DESC"))
                .map_err(backend)?;
            statement.query_map([borrower.0], complaint).and_then(Iterator::collect).map_err(backend)
        })
        .await
    }

    async fn complaint(&self, id: i64) -> StoreResult<Option<Complaint>> {
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {COLUMNS} FROM complaint WHERE id = ?1"), [id], complaint)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn complaints(&self, status: Option<ComplaintStatus>, page: PageRequest) -> StoreResult<Page<Complaint>> {
        let status = status.map(ComplaintStatus::key);
        self.read(move |connection| {
            let total = connection
                .query_row("SELECT COUNT(*) FROM complaint WHERE ?1 IS NULL OR status = ?1", [status], |row| row.get(0))
                .map_err(backend)?;
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {COLUMNS} FROM complaint WHERE ?1 IS NULL OR status = ?1 ORDER BY due_at, id LIMIT ?2 OFFSET ?3"
                ))
                .map_err(backend)?;
            let rows = statement
                .query_map(params![status, page.size, page.offset], complaint)
                .and_then(Iterator::collect)
                .map_err(backend)?;
            Ok(Page { rows, total })
        })
        .await
    }

    async fn late_complaints(&self, now: OffsetDateTime) -> StoreResult<i64> {
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT COUNT(*) FROM complaint WHERE status = 'open' AND due_at < ?1",
                    [millis(now)],
                    |row| row.get(0),
                )
                .map_err(backend)
        })
        .await
    }

    async fn complaint_ratings(&self) -> StoreResult<Vec<AgentScores>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT assignee, COUNT(*), SUM(score) FROM complaint WHERE score IS NOT NULL \
                     GROUP BY assignee ORDER BY assignee",
                )
                .map_err(backend)?;
            statement
                .query_map([], |row| Ok(AgentScores { agent: row.get(0)?, ratings: row.get(1)?, stars: row.get(2)? }))
                .and_then(Iterator::collect)
                .map_err(backend)
        })
        .await
    }

    async fn answer_complaint(
        &self,
        id: i64,
        agent: &str,
        answer: &str,
        images: &[String],
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let (agent, answer, images) = (agent.to_owned(), answer.to_owned(), images.join(","));
        self.write(move |tx| {
            exactly_one(
                tx.execute(
                    "UPDATE complaint SET status = 'answered', assignee = ?2, answer = ?3, answer_images = ?4, answered_at = ?5 \
                     WHERE id = ?1 AND status = 'open'",
                    params![id, agent, answer, images, millis(at)],
                )
                .map_err(backend)? as u64,
            )
        })
        .await
    }

    async fn close_complaint(&self, id: i64, at: OffsetDateTime) -> StoreResult<()> {
        self.write(move |tx| {
            exactly_one(
                tx.execute(
                    "UPDATE complaint SET status = 'closed', closed_at = ?2 WHERE id = ?1 AND status <> 'closed'",
                    params![id, millis(at)],
                )
                .map_err(backend)? as u64,
            )
        })
        .await
    }

    async fn rate_complaint(&self, id: i64, borrower: BorrowerId, score: i64, at: OffsetDateTime) -> StoreResult<()> {
        self.write(move |tx| {
            exactly_one(
                tx.execute(
                    "UPDATE complaint SET score = ?3, scored_at = ?4 \
                     WHERE id = ?1 AND borrower_id = ?2 AND status = 'answered' AND score IS NULL",
                    params![id, borrower.0, score, millis(at)],
                )
                .map_err(backend)? as u64,
            )
        })
        .await
    }
}
