//! Promotion templates, channel links, site banners and company details.

use crate::Store;
use crate::db::{Conn, Row, args, conflict};
use crate::promotion::{TEMPLATE_COLUMNS, template};
use async_trait::async_trait;
use hiram_domain::company::CompanyDetails;
use hiram_domain::promotion::{ChannelLink, LinkFunnel, LinkKind, PromotionTemplate};
use hiram_domain::site_banner::SiteBanner;
use hiram_domain::store::{MarketingStore, StoreResult, exactly_one};
use time::OffsetDateTime;

const LINK_COLUMNS: &str = "id, name, template_id, user_from, app_from, utm_tag, kind, code, created_at";

fn link(row: &Row<'_>) -> StoreResult<ChannelLink> {
    Ok(ChannelLink {
        id: row.get(0)?,
        name: row.get(1)?,
        template_id: row.get(2)?,
        user_from: row.get(3)?,
        app_from: row.get(4)?,
        utm_tag: row.get(5)?,
        kind: row.parse(6, LinkKind::parse)?,
        code: row.get(7)?,
        created_at: row.get(8)?,
    })
}

const BANNER_COLUMNS: &str = "id, text, link, shows_from, shows_until, position";

fn banner(row: &Row<'_>) -> StoreResult<SiteBanner> {
    Ok(SiteBanner {
        id: row.get(0)?,
        text: row.get(1)?,
        link: row.get(2)?,
        shows_from: row.get(3)?,
        shows_until: row.get(4)?,
        position: row.get(5)?,
    })
}

async fn count(db: &mut Conn, table: &str) -> StoreResult<i64> {
    db.value(&format!("SELECT COUNT(*) FROM {table}"), args![]).await
}

#[async_trait]
impl MarketingStore for Store {
    async fn promotion_templates(&self, offset: i64, limit: i64) -> StoreResult<(Vec<PromotionTemplate>, i64)> {
        let mut db = self.db.read().await?;
        let sql = format!("SELECT {TEMPLATE_COLUMNS} FROM promotion_template ORDER BY id LIMIT $1 OFFSET $2");
        let templates = db.all(&sql, args![limit, offset], template).await?;
        Ok((templates, count(&mut db, "promotion_template").await?))
    }

    async fn insert_promotion_template(&self, t: &PromotionTemplate) -> StoreResult<i64> {
        self.db
            .insert(
                &format!(
                    "INSERT INTO promotion_template ({TEMPLATE_COLUMNS}) \
                     SELECT COALESCE(MAX(id), 0) + 1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CAST($11 AS BOOLEAN) \
                     FROM promotion_template RETURNING id"
                ),
                args![
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
    }

    async fn insert_channel_link(&self, l: &ChannelLink) -> StoreResult<i64> {
        self.db
            .insert(
                "INSERT INTO promotion_link (name, template_id, user_from, app_from, utm_tag, kind, code, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
                args![
                    &l.name,
                    l.template_id,
                    &l.user_from,
                    &l.app_from,
                    &l.utm_tag,
                    l.kind.key(),
                    &l.code,
                    l.created_at
                ],
            )
            .await
            .map_err(conflict("promotion_link_code"))
    }

    async fn update_channel_link(&self, l: &ChannelLink) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE promotion_link SET name = $2, template_id = $3, user_from = $4, app_from = $5, utm_tag = $6 \
                 WHERE id = $1",
                args![l.id, &l.name, l.template_id, &l.user_from, &l.app_from, &l.utm_tag],
            )
            .await?;
        exactly_one(changed)
    }

    async fn channel_link(&self, id: i64) -> StoreResult<Option<ChannelLink>> {
        self.db.opt(&format!("SELECT {LINK_COLUMNS} FROM promotion_link WHERE id = $1"), args![id], link).await
    }

    async fn channel_links(&self, offset: i64, limit: i64) -> StoreResult<(Vec<LinkFunnel>, i64)> {
        // The page of links first, then the events carrying each one's code
        // under the name its kind uses (both names are indexed).
        let sql = format!(
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
        );
        let mut db = self.db.read().await?;
        let links = db
            .all(&sql, args![limit, offset], |row| {
                Ok(LinkFunnel {
                    link: link(row)?,
                    visits: row.get(9)?,
                    clicks: row.get(10)?,
                    codes_sent: row.get(11)?,
                    registrations: row.get(12)?,
                })
            })
            .await?;
        Ok((links, count(&mut db, "promotion_link").await?))
    }

    async fn insert_site_banner(&self, b: &SiteBanner) -> StoreResult<i64> {
        self.db
            .insert(
                "INSERT INTO site_banner (text, link, shows_from, shows_until, position) VALUES ($1, $2, $3, $4, $5) \
                 RETURNING id",
                args![&b.text, &b.link, b.shows_from, b.shows_until, b.position],
            )
            .await
    }

    async fn update_site_banner(&self, b: &SiteBanner) -> StoreResult<()> {
        let changed = self
            .db
            .exec(
                "UPDATE site_banner SET text = $2, link = $3, shows_from = $4, shows_until = $5, position = $6 WHERE id = $1",
                args![b.id, &b.text, &b.link, b.shows_from, b.shows_until, b.position],
            )
            .await?;
        exactly_one(changed)
    }

    async fn site_banner(&self, id: i64) -> StoreResult<Option<SiteBanner>> {
        self.db.opt(&format!("SELECT {BANNER_COLUMNS} FROM site_banner WHERE id = $1"), args![id], banner).await
    }

    async fn site_banners(&self, offset: i64, limit: i64) -> StoreResult<(Vec<SiteBanner>, i64)> {
        let mut db = self.db.read().await?;
        let sql = format!("SELECT {BANNER_COLUMNS} FROM site_banner ORDER BY position, id LIMIT $1 OFFSET $2");
        let banners = db.all(&sql, args![limit, offset], banner).await?;
        Ok((banners, count(&mut db, "site_banner").await?))
    }

    async fn showing_site_banners(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<SiteBanner>> {
        let sql = format!(
            "SELECT {BANNER_COLUMNS} FROM site_banner \
             WHERE (shows_from IS NULL OR shows_from <= $1) AND (shows_until IS NULL OR shows_until > $1) \
             ORDER BY position, id LIMIT $2"
        );
        self.db.all(&sql, args![now, limit], banner).await
    }

    async fn company_details(&self) -> StoreResult<Option<CompanyDetails>> {
        self.db
            .opt(
                "SELECT corporate_name, trade_name, sec_registration_no, certificate_of_authority_no, address, \
                 phone, email, service_hours, whatsapp FROM company_details WHERE id = 1",
                args![],
                |row| {
                    Ok(CompanyDetails {
                        corporate_name: row.get(0)?,
                        trade_name: row.get(1)?,
                        sec_registration_no: row.get(2)?,
                        certificate_of_authority_no: hiram_domain::company::unlabelled_authority_number(row.get(3)?),
                        address: row.get(4)?,
                        phone: row.get(5)?,
                        email: row.get(6)?,
                        service_hours: row.get(7)?,
                        whatsapp: row.get(8)?,
                    })
                },
            )
            .await
    }

    async fn save_company_details(&self, d: &CompanyDetails, at: OffsetDateTime) -> StoreResult<()> {
        self.db
            .exec(
                "INSERT INTO company_details (id, corporate_name, trade_name, sec_registration_no, \
                 certificate_of_authority_no, address, phone, email, service_hours, whatsapp, saved_at) \
                 VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                 ON CONFLICT (id) DO UPDATE SET corporate_name = excluded.corporate_name, \
                 trade_name = excluded.trade_name, sec_registration_no = excluded.sec_registration_no, \
                 certificate_of_authority_no = excluded.certificate_of_authority_no, address = excluded.address, \
                 phone = excluded.phone, email = excluded.email, service_hours = excluded.service_hours, \
                 whatsapp = excluded.whatsapp, saved_at = excluded.saved_at",
                args![
                    &d.corporate_name,
                    &d.trade_name,
                    &d.sec_registration_no,
                    &d.certificate_of_authority_no,
                    &d.address,
                    &d.phone,
                    &d.email,
                    &d.service_hours,
                    &d.whatsapp,
                    at,
                ],
            )
            .await
            .map(drop)
    }
}
