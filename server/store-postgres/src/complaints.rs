//! Complaints on PostgreSQL.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::complaint::{AgentScores, Complaint, ComplaintStatus, NewComplaint};
use hiram_domain::store::{ComplaintStore, StoreResult, exactly_one};
use time::OffsetDateTime;
use tokio_postgres::Row;

const COLUMNS: &str = "id, borrower_id, order_no, problem_type, sub_type, detail, images, status, filed_at, due_at, \
     assignee, answer, answer_images, answered_at, closed_at, score";

fn names(joined: &str) -> Vec<String> {
    joined.split(',').filter(|name| !name.is_empty()).map(str::to_owned).collect()
}

fn complaint(row: &Row) -> StoreResult<Complaint> {
    Ok(Complaint {
        id: row.get(0),
        borrower_id: BorrowerId(row.get(1)),
        order_no: row.get(2),
        problem_type: row.get(3),
        sub_type: row.get(4),
        detail: row.get(5),
        images: names(row.get(6)),
        status: ComplaintStatus::parse(row.get(7)).ok_or_else(|| backend("unknown complaint status"))?,
        filed_at: row.get(8),
        due_at: row.get(9),
        assignee: row.get(10),
        answer: row.get(11),
        answer_images: names(row.get(12)),
        answered_at: row.get(13),
        closed_at: row.get(14),
        score: row.get(15),
    })
}

#[async_trait]
impl ComplaintStore for PostgresStore {
    async fn file_complaint(&self, new: &NewComplaint) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO complaint (borrower_id, order_id, order_no, problem_type, sub_type, detail, images, filed_at, due_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                &[
                    &new.borrower_id.0,
                    &new.order_id.map(|order| order.0),
                    &new.order_no,
                    &new.form.problem_type,
                    &new.form.sub_type,
                    &new.form.detail,
                    &new.images.join(","),
                    &new.filed_at,
                    &new.due_at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn complaints_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Complaint>> {
        let rows = self
            .client()
            .await?
            .query(&format!("SELECT {COLUMNS} FROM complaint WHERE borrower_id = $1 ORDER BY id DESC"), &[&borrower.0])
            .await
            .map_err(database)?;
        rows.iter().map(complaint).collect()
    }

    async fn complaint(&self, id: i64) -> StoreResult<Option<Complaint>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {COLUMNS} FROM complaint WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        row.as_ref().map(complaint).transpose()
    }

    async fn complaints(&self, status: Option<ComplaintStatus>, page: PageRequest) -> StoreResult<Page<Complaint>> {
        let status = status.map(ComplaintStatus::key);
        let client = self.client().await?;
        let total: i64 = client
            .query_one("SELECT COUNT(*) FROM complaint WHERE $1::TEXT IS NULL OR status = $1", &[&status])
            .await
            .map_err(database)?
            .get(0);
        let rows = client
            .query(
                &format!(
                    "SELECT {COLUMNS} FROM complaint WHERE $1::TEXT IS NULL OR status = $1 \
                     ORDER BY due_at, id LIMIT $2 OFFSET $3"
                ),
                &[&status, &page.size, &page.offset],
            )
            .await
            .map_err(database)?;
        Ok(Page { rows: rows.iter().map(complaint).collect::<StoreResult<_>>()?, total })
    }

    async fn late_complaints(&self, now: OffsetDateTime) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one("SELECT COUNT(*) FROM complaint WHERE status = 'open' AND due_at < $1", &[&now])
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn complaint_ratings(&self) -> StoreResult<Vec<AgentScores>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT assignee, COUNT(*), SUM(score)::BIGINT FROM complaint WHERE score IS NOT NULL \
                 GROUP BY assignee ORDER BY assignee",
                &[],
            )
            .await
            .map_err(database)?;
        Ok(rows.iter().map(|row| AgentScores { agent: row.get(0), ratings: row.get(1), stars: row.get(2) }).collect())
    }

    async fn answer_complaint(
        &self,
        id: i64,
        agent: &str,
        answer: &str,
        images: &[String],
        at: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE complaint SET status = 'answered', assignee = $2, answer = $3, answer_images = $4, answered_at = $5 \
                 WHERE id = $1 AND status = 'open'",
                &[&id, &agent, &answer, &images.join(","), &at],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn close_complaint(&self, id: i64, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE complaint SET status = 'closed', closed_at = $2 WHERE id = $1 AND status <> 'closed'",
                &[&id, &at],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn rate_complaint(&self, id: i64, borrower: BorrowerId, score: i64, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE complaint SET score = $3, scored_at = $4 \
                 WHERE id = $1 AND borrower_id = $2 AND status = 'answered' AND score IS NULL",
                &[&id, &borrower.0, &score, &at],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }
}
