-- Staff's marketing work: channel links (a campaign link's code, sent by
-- the promotion page as links_id or down_id, and the tags of its address),
-- the marketing site's banners, and the company's details once staff
-- change them (configuration gives them until then).

CREATE TABLE promotion_link (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name        TEXT NOT NULL,
    template_id BIGINT NOT NULL REFERENCES promotion_template (id),
    user_from   TEXT NOT NULL,
    app_from    TEXT NOT NULL,
    utm_tag     TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('register', 'download')),
    code        TEXT NOT NULL CHECK (code <> ''),
    created_at  TIMESTAMPTZ NOT NULL,
    CONSTRAINT promotion_link_code UNIQUE (kind, code)
);

-- A link's funnel is found by its code.
CREATE INDEX funnel_event_links_id ON funnel_event (links_id, step) WHERE links_id <> '';
CREATE INDEX funnel_event_down_id ON funnel_event (down_id, step) WHERE down_id <> '';

CREATE TABLE site_banner (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    text        TEXT NOT NULL,
    link        TEXT NOT NULL,
    shows_from  TIMESTAMPTZ,
    shows_until TIMESTAMPTZ,
    position    BIGINT NOT NULL,
    CHECK (shows_until IS NULL OR shows_from IS NULL OR shows_until > shows_from)
);

CREATE INDEX site_banner_position ON site_banner (position, id);

-- One row at most: the company's details as staff last saved them.
CREATE TABLE company_details (
    id                          BIGINT PRIMARY KEY CHECK (id = 1),
    corporate_name              TEXT NOT NULL,
    trade_name                  TEXT NOT NULL,
    sec_registration_no         TEXT NOT NULL,
    certificate_of_authority_no TEXT NOT NULL,
    address                     TEXT NOT NULL,
    phone                       TEXT NOT NULL,
    email                       TEXT NOT NULL,
    service_hours               TEXT NOT NULL,
    whatsapp                    TEXT NOT NULL,
    saved_at                    TIMESTAMPTZ NOT NULL
);
