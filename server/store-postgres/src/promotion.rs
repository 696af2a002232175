//! Promotion templates, the funnel and captchas on PostgreSQL.

use crate::{PostgresStore, database};
use async_trait::async_trait;
use hiram_domain::phone::Phone;
use hiram_domain::promotion::{CaptchaCheck, FunnelCount, FunnelEvent, PromotionTemplate};
use hiram_domain::store::{CaptchaStore, PromotionStore, StoreResult};
use time::OffsetDateTime;

#[async_trait]
impl PromotionStore for PostgresStore {
    async fn upsert_promotion_template(&self, t: &PromotionTemplate) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO promotion_template (id, app_name, headline, subheadline, button_text, theme_color, \
                 download_android_url, download_ios_url, active) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                 ON CONFLICT (id) DO UPDATE SET app_name = excluded.app_name, headline = excluded.headline, \
                 subheadline = excluded.subheadline, button_text = excluded.button_text, \
                 theme_color = excluded.theme_color, download_android_url = excluded.download_android_url, \
                 download_ios_url = excluded.download_ios_url, active = excluded.active",
                &[
                    &t.id,
                    &t.app_name,
                    &t.headline,
                    &t.subheadline,
                    &t.button_text,
                    &t.theme_color,
                    &t.download_android_url,
                    &t.download_ios_url,
                    &t.active,
                ],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn promotion_template(&self, id: i64) -> StoreResult<Option<PromotionTemplate>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT id, app_name, headline, subheadline, button_text, theme_color, download_android_url, \
                 download_ios_url, active FROM promotion_template WHERE id = $1",
                &[&id],
            )
            .await
            .map_err(database)?;
        Ok(row.map(|row| PromotionTemplate {
            id: row.get(0),
            app_name: row.get(1),
            headline: row.get(2),
            subheadline: row.get(3),
            button_text: row.get(4),
            theme_color: row.get(5),
            download_android_url: row.get(6),
            download_ios_url: row.get(7),
            active: row.get(8),
        }))
    }

    async fn record_funnel_event(&self, e: &FunnelEvent) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO funnel_event (step, template_id, client_type, user_from, app_from, utm_tag, links_id, \
                 down_id, invite_code, borrower_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                &[
                    &e.step.as_str(),
                    &e.template_id,
                    &e.client_type,
                    &e.user_from,
                    &e.app_from,
                    &e.utm_tag,
                    &e.links_id,
                    &e.down_id,
                    &e.invite_code,
                    &e.borrower_id.map(|id| id.0),
                    &e.at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn funnel_counts(&self) -> StoreResult<Vec<FunnelCount>> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT template_id, user_from, utm_tag, \
                 COUNT(*) FILTER (WHERE step = 'visit'), COUNT(*) FILTER (WHERE step = 'click'), \
                 COUNT(*) FILTER (WHERE step = 'code_sent'), COUNT(*) FILTER (WHERE step = 'register') \
                 FROM funnel_event GROUP BY template_id, user_from, utm_tag ORDER BY template_id, user_from, utm_tag",
                &[],
            )
            .await
            .map_err(database)?;
        Ok(rows
            .iter()
            .map(|row| FunnelCount {
                template_id: row.get(0),
                user_from: row.get(1),
                utm_tag: row.get(2),
                visits: row.get(3),
                clicks: row.get(4),
                codes_sent: row.get(5),
                registrations: row.get(6),
            })
            .collect())
    }
}

#[async_trait]
impl CaptchaStore for PostgresStore {
    async fn create_captcha(&self, sid: &[u8; 32], now: OffsetDateTime, expires_at: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO captcha (sid_digest, created_at, expires_at) VALUES ($1, $2, $3)",
                &[&&sid[..], &now, &expires_at],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn set_captcha_answer(&self, sid: &[u8; 32], answer: &[u8; 32], now: OffsetDateTime) -> StoreResult<bool> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE captcha SET answer_digest = $2, passed_phone = NULL \
                 WHERE sid_digest = $1 AND closed_at IS NULL AND expires_at > $3",
                &[&&sid[..], &&answer[..], &now],
            )
            .await
            .map_err(database)?;
        Ok(changed == 1)
    }

    async fn check_captcha(
        &self,
        sid: &[u8; 32],
        answer: &[u8; 32],
        phone: &Phone,
        now: OffsetDateTime,
    ) -> StoreResult<CaptchaCheck> {
        let row = self
            .client()
            .await?
            .query_opt(
                "UPDATE captcha SET passed_phone = CASE WHEN answer_digest = $2 THEN $3 END, answer_digest = NULL \
                 WHERE sid_digest = $1 AND answer_digest IS NOT NULL AND closed_at IS NULL AND expires_at > $4 \
                 RETURNING passed_phone",
                &[&&sid[..], &&answer[..], &phone.e164(), &now],
            )
            .await
            .map_err(database)?;
        Ok(match row.map(|row| row.get::<_, Option<String>>(0)) {
            None => CaptchaCheck::Refused,
            Some(None) => CaptchaCheck::Wrong,
            Some(Some(_)) => CaptchaCheck::Passed,
        })
    }

    async fn captcha_passed_for(&self, sid: &[u8; 32], phone: &Phone, now: OffsetDateTime) -> StoreResult<bool> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT 1 FROM captcha WHERE sid_digest = $1 AND passed_phone = $2 AND closed_at IS NULL \
                 AND expires_at > $3",
                &[&&sid[..], &phone.e164(), &now],
            )
            .await
            .map_err(database)?;
        Ok(row.is_some())
    }

    async fn close_captcha(&self, sid: &[u8; 32], now: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "UPDATE captcha SET closed_at = $2, answer_digest = NULL WHERE sid_digest = $1 AND closed_at IS NULL",
                &[&&sid[..], &now],
            )
            .await
            .map_err(database)?;
        Ok(())
    }

    async fn captcha_answer_digest(&self, sid: &[u8; 32]) -> StoreResult<Option<[u8; 32]>> {
        let row = self
            .client()
            .await?
            .query_opt("SELECT answer_digest FROM captcha WHERE sid_digest = $1", &[&&sid[..]])
            .await
            .map_err(database)?;
        let digest: Option<Vec<u8>> = row.and_then(|row| row.get(0));
        digest
            .map(|bytes| bytes.try_into().map_err(|_| crate::backend("stored digest has the wrong length")))
            .transpose()
    }
}
