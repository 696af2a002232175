//! Staff's marketing work on PostgreSQL: promotion templates, channel links
//! and their funnels, the site's banners and the company's details.

use crate::{PostgresStore, backend, database};
use async_trait::async_trait;
use hiram_domain::company::CompanyDetails;
use hiram_domain::promotion::{ChannelLink, LinkFunnel, LinkKind, PromotionTemplate};
use hiram_domain::site_banner::SiteBanner;
use hiram_domain::store::{MarketingStore, StoreResult, exactly_one};
use time::OffsetDateTime;
use tokio_postgres::Row;

const TEMPLATE_COLUMNS: &str =
    "id, app_name, headline, subheadline, button_text, theme_color, download_android_url, download_ios_url, active";

fn template(row: &Row) -> PromotionTemplate {
    PromotionTemplate {
        id: row.get(0),
        app_name: row.get(1),
        headline: row.get(2),
        subheadline: row.get(3),
        button_text: row.get(4),
        theme_color: row.get(5),
        download_android_url: row.get(6),
        download_ios_url: row.get(7),
        active: row.get(8),
    }
}

const LINK_COLUMNS: &str = "id, name, template_id, user_from, app_from, utm_tag, kind, code, created_at";

fn link(row: &Row) -> StoreResult<ChannelLink> {
    Ok(ChannelLink {
        id: row.get(0),
        name: row.get(1),
        template_id: row.get(2),
        user_from: row.get(3),
        app_from: row.get(4),
        utm_tag: row.get(5),
        kind: LinkKind::parse(row.get(6)).ok_or_else(|| backend("unknown link kind"))?,
        code: row.get(7),
        created_at: row.get(8),
    })
}

const BANNER_COLUMNS: &str = "id, text, link, shows_from, shows_until, position";

fn banner(row: &Row) -> SiteBanner {
    SiteBanner {
        id: row.get(0),
        text: row.get(1),
        link: row.get(2),
        shows_from: row.get(3),
        shows_until: row.get(4),
        position: row.get(5),
    }
}

impl PostgresStore {
    async fn count(&self, table: &str) -> StoreResult<i64> {
        let row =
            self.client().await?.query_one(&format!("SELECT COUNT(*) FROM {table}"), &[]).await.map_err(database)?;
        Ok(row.get(0))
    }
}

#[async_trait]
impl MarketingStore for PostgresStore {
    async fn promotion_templates(&self, offset: i64, limit: i64) -> StoreResult<(Vec<PromotionTemplate>, i64)> {
        let rows = self
            .client()
            .await?
            .query(
                &format!("SELECT {TEMPLATE_COLUMNS} FROM promotion_template ORDER BY id LIMIT $1 OFFSET $2"),
                &[&limit, &offset],
            )
            .await
            .map_err(database)?;
        Ok((rows.iter().map(template).collect(), self.count("promotion_template").await?))
    }

    async fn insert_promotion_template(&self, t: &PromotionTemplate) -> StoreResult<i64> {
        let mut client = self.client().await?;
        let transaction = client.transaction().await.map_err(database)?;
        // Template ids are chosen by the seed and by this call, so the next
        // one is taken under a lock rather than from a sequence.
        transaction.batch_execute("LOCK TABLE promotion_template IN EXCLUSIVE MODE").await.map_err(database)?;
        let row = transaction
            .query_one(
                "INSERT INTO promotion_template (id, app_name, headline, subheadline, button_text, theme_color, \
                 download_android_url, download_ios_url, active) \
                 SELECT COALESCE(MAX(id), 0) + 1, $1, $2, $3, $4, $5, $6, $7, $8::BOOLEAN FROM promotion_template RETURNING id",
                &[
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
        transaction.commit().await.map_err(database)?;
        Ok(row.get(0))
    }

    async fn insert_channel_link(&self, l: &ChannelLink) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO promotion_link (name, template_id, user_from, app_from, utm_tag, kind, code, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
                &[
                    &l.name,
                    &l.template_id,
                    &l.user_from,
                    &l.app_from,
                    &l.utm_tag,
                    &l.kind.key(),
                    &l.code,
                    &l.created_at,
                ],
            )
            .await
            .map_err(|error| crate::stores::unique_violation(error, "promotion_link_code"))?;
        Ok(row.get(0))
    }

    async fn update_channel_link(&self, l: &ChannelLink) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE promotion_link SET name = $2, template_id = $3, user_from = $4, app_from = $5, utm_tag = $6 \
                 WHERE id = $1",
                &[&l.id, &l.name, &l.template_id, &l.user_from, &l.app_from, &l.utm_tag],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn channel_link(&self, id: i64) -> StoreResult<Option<ChannelLink>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {LINK_COLUMNS} FROM promotion_link WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        row.as_ref().map(link).transpose()
    }

    async fn channel_links(&self, offset: i64, limit: i64) -> StoreResult<(Vec<LinkFunnel>, i64)> {
        // The page of links first, then the events carrying each one's code
        // under the name its kind uses (both names are indexed).
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "WITH page AS (SELECT {LINK_COLUMNS} FROM promotion_link ORDER BY id DESC LIMIT $1 OFFSET $2), \
                     hits AS ( \
                       SELECT page.id AS link_id, e.step FROM page JOIN funnel_event e \
                         ON page.kind = 'register' AND e.links_id <> '' AND e.links_id = page.code \
                       UNION ALL \
                       SELECT page.id, e.step FROM page JOIN funnel_event e \
                         ON page.kind = 'download' AND e.down_id <> '' AND e.down_id = page.code) \
                     SELECT page.id, page.name, page.template_id, page.user_from, page.app_from, page.utm_tag, \
                       page.kind, page.code, page.created_at, \
                       COUNT(hits.step) FILTER (WHERE hits.step = 'visit'), \
                       COUNT(hits.step) FILTER (WHERE hits.step = 'click'), \
                       COUNT(hits.step) FILTER (WHERE hits.step = 'code_sent'), \
                       COUNT(hits.step) FILTER (WHERE hits.step = 'register') \
                     FROM page LEFT JOIN hits ON hits.link_id = page.id \
                     GROUP BY page.id, page.name, page.template_id, page.user_from, page.app_from, page.utm_tag, \
                       page.kind, page.code, page.created_at \
                     ORDER BY page.id DESC"
                ),
                &[&limit, &offset],
            )
            .await
            .map_err(database)?;
        let links = rows
            .iter()
            .map(|row| {
                Ok(LinkFunnel {
                    link: link(row)?,
                    visits: row.get(9),
                    clicks: row.get(10),
                    codes_sent: row.get(11),
                    registrations: row.get(12),
                })
            })
            .collect::<StoreResult<Vec<_>>>()?;
        Ok((links, self.count("promotion_link").await?))
    }

    async fn insert_site_banner(&self, b: &SiteBanner) -> StoreResult<i64> {
        let row = self
            .client()
            .await?
            .query_one(
                "INSERT INTO site_banner (text, link, shows_from, shows_until, position) \
                 VALUES ($1, $2, $3, $4, $5) RETURNING id",
                &[&b.text, &b.link, &b.shows_from, &b.shows_until, &b.position],
            )
            .await
            .map_err(database)?;
        Ok(row.get(0))
    }

    async fn update_site_banner(&self, b: &SiteBanner) -> StoreResult<()> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE site_banner SET text = $2, link = $3, shows_from = $4, shows_until = $5, position = $6 \
                 WHERE id = $1",
                &[&b.id, &b.text, &b.link, &b.shows_from, &b.shows_until, &b.position],
            )
            .await
            .map_err(database)?;
        exactly_one(changed)
    }

    async fn site_banner(&self, id: i64) -> StoreResult<Option<SiteBanner>> {
        let row = self
            .client()
            .await?
            .query_opt(&format!("SELECT {BANNER_COLUMNS} FROM site_banner WHERE id = $1"), &[&id])
            .await
            .map_err(database)?;
        Ok(row.as_ref().map(banner))
    }

    async fn site_banners(&self, offset: i64, limit: i64) -> StoreResult<(Vec<SiteBanner>, i64)> {
        let rows = self
            .client()
            .await?
            .query(
                &format!("SELECT {BANNER_COLUMNS} FROM site_banner ORDER BY position, id LIMIT $1 OFFSET $2"),
                &[&limit, &offset],
            )
            .await
            .map_err(database)?;
        Ok((rows.iter().map(banner).collect(), self.count("site_banner").await?))
    }

    async fn showing_site_banners(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<SiteBanner>> {
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {BANNER_COLUMNS} FROM site_banner \
                     WHERE (shows_from IS NULL OR shows_from <= $1) AND (shows_until IS NULL OR shows_until > $1) \
                     ORDER BY position, id LIMIT $2"
                ),
                &[&now, &limit],
            )
            .await
            .map_err(database)?;
        Ok(rows.iter().map(banner).collect())
    }

    async fn company_details(&self) -> StoreResult<Option<CompanyDetails>> {
        let row = self
            .client()
            .await?
            .query_opt(
                "SELECT corporate_name, trade_name, sec_registration_no, certificate_of_authority_no, address, \
                 phone, email, service_hours, whatsapp FROM company_details WHERE id = 1",
                &[],
            )
            .await
            .map_err(database)?;
        Ok(row.map(|row| CompanyDetails {
            corporate_name: row.get(0),
            trade_name: row.get(1),
            sec_registration_no: row.get(2),
            certificate_of_authority_no: row.get(3),
            address: row.get(4),
            phone: row.get(5),
            email: row.get(6),
            service_hours: row.get(7),
            whatsapp: row.get(8),
        }))
    }

    async fn save_company_details(&self, d: &CompanyDetails, at: OffsetDateTime) -> StoreResult<()> {
        self.client()
            .await?
            .execute(
                "INSERT INTO company_details (id, corporate_name, trade_name, sec_registration_no, \
                 certificate_of_authority_no, address, phone, email, service_hours, whatsapp, saved_at) \
                 VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (id) DO UPDATE SET corporate_name = excluded.corporate_name, \
                 trade_name = excluded.trade_name, sec_registration_no = excluded.sec_registration_no, \
                 certificate_of_authority_no = excluded.certificate_of_authority_no, address = excluded.address, \
                 phone = excluded.phone, email = excluded.email, service_hours = excluded.service_hours, \
                 whatsapp = excluded.whatsapp, saved_at = excluded.saved_at",
                &[
                    &d.corporate_name,
                    &d.trade_name,
                    &d.sec_registration_no,
                    &d.certificate_of_authority_no,
                    &d.address,
                    &d.phone,
                    &d.email,
                    &d.service_hours,
                    &d.whatsapp,
                    &at,
                ],
            )
            .await
            .map_err(database)?;
        Ok(())
    }
}
