//! Complaints and customer care's answers.

use crate::Store;
use crate::db::{Row, args};
use crate::idempotency::{commit_created, created_before};
use async_trait::async_trait;
use hiram_domain::back_office::{Page, PageRequest};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::complaint::{AgentScores, Complaint, ComplaintStatus, LOW_SCORE_MAX, NewComplaint};
use hiram_domain::idempotency::KeyedRequest;
use hiram_domain::store::{ComplaintStore, StoreResult, exactly_one};
use time::OffsetDateTime;

const COLUMNS: &str = "id, borrower_id, order_no, problem_type, sub_type, detail, images, status, filed_at, due_at, \
     assignee, answer, answer_images, answered_at, closed_at, score, callback_requested_at, callback_due_at";

/// When the answer now owed is due (`Complaint::current_due`): a call
/// back's, once asked for, else the first answer's.
const CURRENT_DUE: &str = "COALESCE(callback_due_at, due_at)";

/// Picture names are stored joined by commas.
fn names(row: &Row<'_>, index: usize) -> StoreResult<Vec<String>> {
    let joined: String = row.get(index)?;
    Ok(joined.split(',').filter(|name| !name.is_empty()).map(str::to_owned).collect())
}

fn complaint(row: &Row<'_>) -> StoreResult<Complaint> {
    Ok(Complaint {
        id: row.get(0)?,
        borrower_id: row.get(1)?,
        order_no: row.get(2)?,
        problem_type: row.get(3)?,
        sub_type: row.get(4)?,
        detail: row.get(5)?,
        images: names(row, 6)?,
        status: row.parse(7, ComplaintStatus::parse)?,
        filed_at: row.get(8)?,
        due_at: row.get(9)?,
        assignee: row.get(10)?,
        answer: row.get(11)?,
        answer_images: names(row, 12)?,
        answered_at: row.get(13)?,
        closed_at: row.get(14)?,
        score: row.get(15)?,
        callback_requested_at: row.get(16)?,
        callback_due_at: row.get(17)?,
    })
}

#[async_trait]
impl ComplaintStore for Store {
    async fn file_complaint(&self, new: &NewComplaint, request: Option<&KeyedRequest>) -> StoreResult<i64> {
        let mut tx = self.db.write().await?;
        if let Some(first) = created_before(&mut tx, request).await? {
            return Ok(first);
        }
        let id: i64 = tx
            .value(
                "INSERT INTO complaint (borrower_id, order_id, order_no, problem_type, sub_type, detail, images, filed_at, due_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
                args![
                    new.borrower_id,
                    new.order_id,
                    &new.order_no,
                    new.form.problem_type,
                    new.form.sub_type,
                    &new.form.detail,
                    &new.images.join(","),
                    new.filed_at,
                    new.due_at,
                ],
            )
            .await?;
        commit_created(tx, request, id, new.filed_at).await
    }

    async fn complaints_of(&self, borrower: BorrowerId) -> StoreResult<Vec<Complaint>> {
        self.db
            .all(
                &format!("SELECT {COLUMNS} FROM complaint WHERE borrower_id = $1 ORDER BY id DESC"),
                args![borrower],
                complaint,
            )
            .await
    }

    async fn complaint(&self, id: i64) -> StoreResult<Option<Complaint>> {
        self.db.opt(&format!("SELECT {COLUMNS} FROM complaint WHERE id = $1"), args![id], complaint).await
    }

    async fn complaints(&self, status: Option<ComplaintStatus>, page: PageRequest) -> StoreResult<Page<Complaint>> {
        let status = status.map(ComplaintStatus::key);
        let filter = "CAST($1 AS TEXT) IS NULL OR status = $1";
        let mut db = self.db.read().await?;
        let total = db.value(&format!("SELECT COUNT(*) FROM complaint WHERE {filter}"), args![status]).await?;
        let sql =
            format!("SELECT {COLUMNS} FROM complaint WHERE {filter} ORDER BY {CURRENT_DUE}, id LIMIT $2 OFFSET $3");
        let rows = db.all(&sql, args![status, page.size, page.offset], complaint).await?;
        Ok(Page { rows, total })
    }

    async fn late_complaints(&self, now: OffsetDateTime) -> StoreResult<i64> {
        self.db
            .value(&format!("SELECT COUNT(*) FROM complaint WHERE status = 'open' AND {CURRENT_DUE} < $1"), args![now])
            .await
    }

    async fn complaint_ratings(&self) -> StoreResult<Vec<AgentScores>> {
        self.db
            .all(
                "SELECT assignee, COUNT(*), CAST(SUM(score) AS BIGINT) FROM complaint WHERE score IS NOT NULL \
                 GROUP BY assignee ORDER BY assignee",
                args![],
                |row| Ok(AgentScores { agent: row.get(0)?, ratings: row.get(1)?, stars: row.get(2)? }),
            )
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
        let changed = self
            .db
            .exec(
                // A complaint reopened for a call back keeps the answer the
                // borrower rated: the supervisor calls, then closes it.
                "UPDATE complaint SET status = 'answered', assignee = $2, answer = $3, answer_images = $4, answered_at = $5 \
                 WHERE id = $1 AND status = 'open' AND callback_requested_at IS NULL",
                args![id, agent, answer, &images.join(","), at],
            )
            .await?;
        exactly_one(changed)
    }

    async fn close_complaint(&self, id: i64, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE complaint SET status = 'closed', closed_at = $2 WHERE id = $1 AND status <> 'closed'",
                args![id, at],
            )
            .await?;
        exactly_one(changed)
    }

    async fn rate_complaint(&self, id: i64, borrower: BorrowerId, score: i64, at: OffsetDateTime) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE complaint SET score = $3, scored_at = $4 \
                 WHERE id = $1 AND borrower_id = $2 AND status = 'answered' AND score IS NULL",
                args![id, borrower, score, at],
            )
            .await?;
        exactly_one(changed)
    }

    async fn request_complaint_callback(
        &self,
        id: i64,
        borrower: BorrowerId,
        at: OffsetDateTime,
        due_at: OffsetDateTime,
    ) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE complaint SET status = 'open', callback_requested_at = $3, callback_due_at = $4 \
                 WHERE id = $1 AND borrower_id = $2 AND status IN ('answered', 'closed') \
                 AND score BETWEEN 1 AND $5 AND callback_requested_at IS NULL",
                args![id, borrower, at, due_at, LOW_SCORE_MAX],
            )
            .await?;
        exactly_one(changed)
    }
}
