//! The promotion page's templates and its funnel.

use crate::Store;
use crate::db::{Row, args};
use async_trait::async_trait;
use hiram_domain::promotion::{FunnelCount, FunnelEvent, PromotionTemplate};
use hiram_domain::store::{PromotionStore, StoreResult};

pub(crate) const TEMPLATE_COLUMNS: &str = "id, app_name, headline, subheadline, button_text, headline_fil, \
     subheadline_fil, button_text_fil, theme_color, download_android_url, download_ios_url, active";

pub(crate) fn template(row: &Row<'_>) -> StoreResult<PromotionTemplate> {
    Ok(PromotionTemplate {
        id: row.get(0)?,
        app_name: row.get(1)?,
        headline: row.get(2)?,
        subheadline: row.get(3)?,
        button_text: row.get(4)?,
        headline_fil: row.get(5)?,
        subheadline_fil: row.get(6)?,
        button_text_fil: row.get(7)?,
        theme_color: row.get(8)?,
        download_android_url: row.get(9)?,
        download_ios_url: row.get(10)?,
        active: row.get(11)?,
    })
}

#[async_trait]
impl PromotionStore for Store {
    async fn upsert_promotion_template(&self, t: &PromotionTemplate) -> StoreResult<()> {
        self.db
            .exec(
                &format!(
                    "INSERT INTO promotion_template ({TEMPLATE_COLUMNS}) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
                     ON CONFLICT (id) DO UPDATE SET app_name = excluded.app_name, headline = excluded.headline, \
                     subheadline = excluded.subheadline, button_text = excluded.button_text, \
                     headline_fil = excluded.headline_fil, subheadline_fil = excluded.subheadline_fil, \
                     button_text_fil = excluded.button_text_fil, theme_color = excluded.theme_color, \
                     download_android_url = excluded.download_android_url, \
                     download_ios_url = excluded.download_ios_url, active = excluded.active"
                ),
                args![
                    t.id,
                    &t.app_name,
                    &t.headline,
                    &t.subheadline,
                    &t.button_text,
                    &t.headline_fil,
                    &t.subheadline_fil,
                    &t.button_text_fil,
                    &t.theme_color,
                    &t.download_android_url,
                    &t.download_ios_url,
                    t.active,
                ],
            )
            .await
            .map(drop)
    }

    async fn promotion_template(&self, id: i64) -> StoreResult<Option<PromotionTemplate>> {
        self.db
            .opt(&format!("SELECT {TEMPLATE_COLUMNS} FROM promotion_template WHERE id = $1"), args![id], template)
            .await
    }

    async fn record_funnel_event(&self, e: &FunnelEvent) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO funnel_event (step, template_id, client_type, user_from, app_from, utm_tag, links_id, \
                 down_id, invite_code, borrower_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                args![
                    e.step.as_str(),
                    e.template_id,
                    &e.client_type,
                    &e.user_from,
                    &e.app_from,
                    &e.utm_tag,
                    &e.links_id,
                    &e.down_id,
                    &e.invite_code,
                    e.borrower_id,
                    e.at,
                ],
            )
            .await
            .map(drop)
    }

    async fn funnel_counts(&self) -> StoreResult<Vec<FunnelCount>> {
        self.db
            .all(
                "SELECT template_id, user_from, utm_tag, \
                 COUNT(*) FILTER (WHERE step = 'visit'), COUNT(*) FILTER (WHERE step = 'click'), \
                 COUNT(*) FILTER (WHERE step = 'code_sent'), COUNT(*) FILTER (WHERE step = 'register') \
                 FROM funnel_event GROUP BY template_id, user_from, utm_tag ORDER BY template_id, user_from, utm_tag",
                args![],
                |row| {
                    Ok(FunnelCount {
                        template_id: row.get(0)?,
                        user_from: row.get(1)?,
                        utm_tag: row.get(2)?,
                        visits: row.get(3)?,
                        clicks: row.get(4)?,
                        codes_sent: row.get(5)?,
                        registrations: row.get(6)?,
                    })
                },
            )
            .await
    }
}
