//! Staff's marketing work on SQLite: promotion templates, channel links and
//! their funnels, the site's banners and the company's details.

use crate::pool::{SqliteStore, backend};
use crate::rows::{self, millis};
use async_trait::async_trait;
use hiram_domain::company::CompanyDetails;
use hiram_domain::promotion::{ChannelLink, LinkFunnel, LinkKind, PromotionTemplate};
use hiram_domain::site_banner::SiteBanner;
use hiram_domain::store::{MarketingStore, StoreResult, exactly_one};
use rusqlite::types::Type;
use rusqlite::{Connection, OptionalExtension, Row, params};
use time::OffsetDateTime;

const TEMPLATE_COLUMNS: &str =
    "id, app_name, headline, subheadline, button_text, theme_color, download_android_url, download_ios_url, active";

fn template(row: &Row<'_>) -> rusqlite::Result<PromotionTemplate> {
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
}

const LINK_COLUMNS: &str = "id, name, template_id, user_from, app_from, utm_tag, kind, code, created_at";

fn link(row: &Row<'_>) -> rusqlite::Result<ChannelLink> {
    let kind: String = row.get(6)?;
    Ok(ChannelLink {
        id: row.get(0)?,
        name: row.get(1)?,
        template_id: row.get(2)?,
        user_from: row.get(3)?,
        app_from: row.get(4)?,
        utm_tag: row.get(5)?,
        kind: LinkKind::parse(&kind)
            .ok_or_else(|| rusqlite::Error::FromSqlConversionFailure(6, Type::Text, "link kind".into()))?,
        code: row.get(7)?,
        created_at: rows::instant(row.get(8)?)?,
    })
}

const BANNER_COLUMNS: &str = "id, text, link, shows_from, shows_until, position";

fn banner(row: &Row<'_>) -> rusqlite::Result<SiteBanner> {
    Ok(SiteBanner {
        id: row.get(0)?,
        text: row.get(1)?,
        link: row.get(2)?,
        shows_from: rows::optional_instant(row.get(3)?)?,
        shows_until: rows::optional_instant(row.get(4)?)?,
        position: row.get(5)?,
    })
}

fn count(connection: &Connection, table: &str) -> StoreResult<i64> {
    connection.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |row| row.get(0)).map_err(backend)
}

#[async_trait]
impl MarketingStore for SqliteStore {
    async fn promotion_templates(&self, offset: i64, limit: i64) -> StoreResult<(Vec<PromotionTemplate>, i64)> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {TEMPLATE_COLUMNS} FROM promotion_template ORDER BY id LIMIT ?1 OFFSET ?2"
                ))
                .map_err(backend)?;
            let templates = statement
                .query_map([limit, offset], template)
                .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
                .map_err(backend)?;
            Ok((templates, count(connection, "promotion_template")?))
        })
        .await
    }

    async fn insert_promotion_template(&self, template: &PromotionTemplate) -> StoreResult<i64> {
        let t = template.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO promotion_template (app_name, headline, subheadline, button_text, theme_color, \
                 download_android_url, download_ios_url, active) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
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
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn insert_channel_link(&self, link: &ChannelLink) -> StoreResult<i64> {
        let l = link.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO promotion_link (name, template_id, user_from, app_from, utm_tag, kind, code, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    l.name,
                    l.template_id,
                    l.user_from,
                    l.app_from,
                    l.utm_tag,
                    l.kind.key(),
                    l.code,
                    millis(l.created_at)
                ],
            )
            .map_err(|error| crate::stores::unique_violation(error, "promotion_link_code"))?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn update_channel_link(&self, link: &ChannelLink) -> StoreResult<()> {
        let l = link.clone();
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE promotion_link SET name = ?2, template_id = ?3, user_from = ?4, app_from = ?5, \
                     utm_tag = ?6 WHERE id = ?1",
                    params![l.id, l.name, l.template_id, l.user_from, l.app_from, l.utm_tag],
                )
                .map_err(backend)?;
            exactly_one(changed as u64)
        })
        .await
    }

    async fn channel_link(&self, id: i64) -> StoreResult<Option<ChannelLink>> {
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {LINK_COLUMNS} FROM promotion_link WHERE id = ?1"), [id], link)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn channel_links(&self, offset: i64, limit: i64) -> StoreResult<(Vec<LinkFunnel>, i64)> {
        self.read(move |connection| {
            // The page of links first, then the events carrying each one's
            // code under the name its kind uses (both names are indexed).
            let mut statement = connection
                .prepare_cached(&format!(
                    "WITH page AS (SELECT {LINK_COLUMNS} FROM promotion_link ORDER BY id DESC LIMIT ?1 OFFSET ?2), \
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
                     GROUP BY page.id ORDER BY page.id DESC"
                ))
                .map_err(backend)?;
            let links = statement
                .query_map([limit, offset], |row| {
                    Ok(LinkFunnel {
                        link: link(row)?,
                        visits: row.get(9)?,
                        clicks: row.get(10)?,
                        codes_sent: row.get(11)?,
                        registrations: row.get(12)?,
                    })
                })
                .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
                .map_err(backend)?;
            Ok((links, count(connection, "promotion_link")?))
        })
        .await
    }

    async fn insert_site_banner(&self, banner: &SiteBanner) -> StoreResult<i64> {
        let b = banner.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO site_banner (text, link, shows_from, shows_until, position) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![b.text, b.link, b.shows_from.map(millis), b.shows_until.map(millis), b.position],
            )
            .map_err(backend)?;
            Ok(tx.last_insert_rowid())
        })
        .await
    }

    async fn update_site_banner(&self, banner: &SiteBanner) -> StoreResult<()> {
        let b = banner.clone();
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE site_banner SET text = ?2, link = ?3, shows_from = ?4, shows_until = ?5, position = ?6 \
                     WHERE id = ?1",
                    params![b.id, b.text, b.link, b.shows_from.map(millis), b.shows_until.map(millis), b.position],
                )
                .map_err(backend)?;
            exactly_one(changed as u64)
        })
        .await
    }

    async fn site_banner(&self, id: i64) -> StoreResult<Option<SiteBanner>> {
        self.read(move |connection| {
            connection
                .query_row(&format!("SELECT {BANNER_COLUMNS} FROM site_banner WHERE id = ?1"), [id], banner)
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn site_banners(&self, offset: i64, limit: i64) -> StoreResult<(Vec<SiteBanner>, i64)> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {BANNER_COLUMNS} FROM site_banner ORDER BY position, id LIMIT ?1 OFFSET ?2"
                ))
                .map_err(backend)?;
            let banners = statement
                .query_map([limit, offset], banner)
                .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
                .map_err(backend)?;
            Ok((banners, count(connection, "site_banner")?))
        })
        .await
    }

    async fn showing_site_banners(&self, now: OffsetDateTime, limit: i64) -> StoreResult<Vec<SiteBanner>> {
        self.read(move |connection| {
            let mut statement = connection
                .prepare_cached(&format!(
                    "SELECT {BANNER_COLUMNS} FROM site_banner \
                     WHERE (shows_from IS NULL OR shows_from <= ?1) AND (shows_until IS NULL OR shows_until > ?1) \
                     ORDER BY position, id LIMIT ?2"
                ))
                .map_err(backend)?;
            statement
                .query_map(params![millis(now), limit], banner)
                .and_then(Iterator::collect::<rusqlite::Result<Vec<_>>>)
                .map_err(backend)
        })
        .await
    }

    async fn company_details(&self) -> StoreResult<Option<CompanyDetails>> {
        self.read(|connection| {
            connection
                .query_row(
                    "SELECT corporate_name, trade_name, sec_registration_no, certificate_of_authority_no, address, \
                     phone, email, service_hours, whatsapp FROM company_details WHERE id = 1",
                    [],
                    |row| {
                        Ok(CompanyDetails {
                            corporate_name: row.get(0)?,
                            trade_name: row.get(1)?,
                            sec_registration_no: row.get(2)?,
                            certificate_of_authority_no: row.get(3)?,
                            address: row.get(4)?,
                            phone: row.get(5)?,
                            email: row.get(6)?,
                            service_hours: row.get(7)?,
                            whatsapp: row.get(8)?,
                        })
                    },
                )
                .optional()
                .map_err(backend)
        })
        .await
    }

    async fn save_company_details(&self, details: &CompanyDetails, at: OffsetDateTime) -> StoreResult<()> {
        let d = details.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO company_details (id, corporate_name, trade_name, sec_registration_no, \
                 certificate_of_authority_no, address, phone, email, service_hours, whatsapp, saved_at) \
                 VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
                 ON CONFLICT (id) DO UPDATE SET corporate_name = excluded.corporate_name, \
                 trade_name = excluded.trade_name, sec_registration_no = excluded.sec_registration_no, \
                 certificate_of_authority_no = excluded.certificate_of_authority_no, address = excluded.address, \
                 phone = excluded.phone, email = excluded.email, service_hours = excluded.service_hours, \
                 whatsapp = excluded.whatsapp, saved_at = excluded.saved_at",
                params![
                    d.corporate_name,
                    d.trade_name,
                    d.sec_registration_no,
                    d.certificate_of_authority_no,
                    d.address,
                    d.phone,
                    d.email,
                    d.service_hours,
                    d.whatsapp,
                    millis(at)
                ],
            )
            .map_err(backend)?;
            Ok(())
        })
        .await
    }
}
