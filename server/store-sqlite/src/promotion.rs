//! Promotion templates, the funnel and captchas on SQLite.

use crate::pool::{SqliteStore, backend};
use crate::rows::millis;
use async_trait::async_trait;
use hiram_domain::phone::Phone;
use hiram_domain::promotion::{CaptchaCheck, FunnelCount, FunnelEvent, PromotionTemplate};
use hiram_domain::store::{CaptchaStore, PromotionStore, StoreResult};
use rusqlite::{OptionalExtension, params};
use time::OffsetDateTime;

#[async_trait]
impl PromotionStore for SqliteStore {
    async fn upsert_promotion_template(&self, template: &PromotionTemplate) -> StoreResult<()> {
        let t = template.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO promotion_template (id, app_name, headline, subheadline, button_text, theme_color, \
                 download_android_url, download_ios_url, active) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) \
                 ON CONFLICT (id) DO UPDATE SET app_name = excluded.app_name, headline = excluded.headline, \
                 subheadline = excluded.subheadline, button_text = excluded.button_text, \
                 theme_color = excluded.theme_color, download_android_url = excluded.download_android_url, \
                 download_ios_url = excluded.download_ios_url, active = excluded.active",
                params![
                    t.id,
                    t.app_name,
                    t.headline,
                    t.subheadline,
                    t.button_text,
                    t.theme_color,
                    t.download_android_url,
                    t.download_ios_url,
                    t.active
                ],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn promotion_template(&self, id: i64) -> StoreResult<Option<PromotionTemplate>> {
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT id, app_name, headline, subheadline, button_text, theme_color, download_android_url, \
                     download_ios_url, active FROM promotion_template WHERE id = ?1",
                    [id],
                    |row| {
                        Ok(PromotionTemplate {
                            id: row.get(0)?,
                            app_name: row.get(1)?,
                            headline: row.get(2)?,
                            subheadline: row.get(3)?,
                            button_text: row.get(4)?,
                            theme_color: row.get(5)?,
                            download_android_url: row.get(6)?,
                            download_ios_url: row.get(7)?,
                            active: row.get(8)?,
                        })
                    },
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn record_funnel_event(&self, event: &FunnelEvent) -> StoreResult<()> {
        let e = event.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO funnel_event (step, template_id, client_type, user_from, app_from, utm_tag, links_id, \
                 down_id, invite_code, borrower_id, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    e.step.as_str(),
                    e.template_id,
                    e.client_type,
                    e.user_from,
                    e.app_from,
                    e.utm_tag,
                    e.links_id,
                    e.down_id,
                    e.invite_code,
                    e.borrower_id.map(|id| id.0),
                    millis(e.at)
                ],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn funnel_counts(&self) -> StoreResult<Vec<FunnelCount>> {
        self.read(|connection| {
            let mut statement = connection
                .prepare_cached(
                    "SELECT template_id, user_from, utm_tag, \
                 COUNT(*) FILTER (WHERE step = 'visit'), COUNT(*) FILTER (WHERE step = 'click'), \
                 COUNT(*) FILTER (WHERE step = 'code_sent'), COUNT(*) FILTER (WHERE step = 'register') \
                 FROM funnel_event GROUP BY template_id, user_from, utm_tag ORDER BY template_id, user_from, utm_tag",
                )
                .map_err(backend)?;
            let counts = statement
                .query_map([], |row| {
                    Ok(FunnelCount {
                        template_id: row.get(0)?,
                        user_from: row.get(1)?,
                        utm_tag: row.get(2)?,
                        visits: row.get(3)?,
                        clicks: row.get(4)?,
                        codes_sent: row.get(5)?,
                        registrations: row.get(6)?,
                    })
                })
                .map_err(backend)?;
            counts.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
        })
        .await
    }
}

#[async_trait]
impl CaptchaStore for SqliteStore {
    async fn create_captcha(&self, sid: &[u8; 32], now: OffsetDateTime, expires_at: OffsetDateTime) -> StoreResult<()> {
        let sid = *sid;
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO captcha (sid_digest, created_at, expires_at) VALUES (?1, ?2, ?3)",
                params![sid, millis(now), millis(expires_at)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn set_captcha_answer(&self, sid: &[u8; 32], answer: &[u8; 32], now: OffsetDateTime) -> StoreResult<bool> {
        let (sid, answer) = (*sid, *answer);
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE captcha SET answer_digest = ?2, passed_phone = NULL \
                     WHERE sid_digest = ?1 AND closed_at IS NULL AND expires_at > ?3",
                    params![sid, answer, millis(now)],
                )
                .map_err(backend)?;
            Ok(changed == 1)
        })
        .await
    }

    async fn check_captcha(
        &self,
        sid: &[u8; 32],
        answer: &[u8; 32],
        phone: &Phone,
        now: OffsetDateTime,
    ) -> StoreResult<CaptchaCheck> {
        let (sid, answer, phone) = (*sid, *answer, phone.e164().to_owned());
        self.write(move |tx| {
            let passed: Option<Option<String>> = tx
                .query_row(
                    "UPDATE captcha SET passed_phone = CASE WHEN answer_digest = ?2 THEN ?3 END, answer_digest = NULL \
                     WHERE sid_digest = ?1 AND answer_digest IS NOT NULL AND closed_at IS NULL AND expires_at > ?4 \
                     RETURNING passed_phone",
                    params![sid, answer, phone, millis(now)],
                    |row| row.get(0),
                )
                .optional()
                .map_err(backend)?;
            Ok(match passed {
                None => CaptchaCheck::Refused,
                Some(None) => CaptchaCheck::Wrong,
                Some(Some(_)) => CaptchaCheck::Passed,
            })
        })
        .await
    }

    async fn captcha_passed_for(&self, sid: &[u8; 32], phone: &Phone, now: OffsetDateTime) -> StoreResult<bool> {
        let (sid, phone) = (*sid, phone.e164().to_owned());
        self.read(move |connection| {
            connection
                .query_row(
                    "SELECT 1 FROM captcha WHERE sid_digest = ?1 AND passed_phone = ?2 AND closed_at IS NULL \
                     AND expires_at > ?3",
                    params![sid, phone, millis(now)],
                    |_| Ok(()),
                )
                .optional()
                .map(|found| found.is_some())
                .map_err(backend)
        })
        .await
    }

    async fn close_captcha(&self, sid: &[u8; 32], now: OffsetDateTime) -> StoreResult<()> {
        let sid = *sid;
        self.write(move |tx| {
            tx.execute(
                "UPDATE captcha SET closed_at = ?2, answer_digest = NULL WHERE sid_digest = ?1 AND closed_at IS NULL",
                params![sid, millis(now)],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn captcha_answer_digest(&self, sid: &[u8; 32]) -> StoreResult<Option<[u8; 32]>> {
        let sid = *sid;
        self.read(move |connection| {
            connection
                .query_row("SELECT answer_digest FROM captcha WHERE sid_digest = ?1", [sid], |row| {
                    row.get::<_, Option<[u8; 32]>>(0)
                })
                .optional()
                .map(Option::flatten)
                .map_err(backend)
        })
        .await
    }
}
