-- Promotion landing pages, their funnel, and image captchas.

CREATE TABLE promotion_template (
    id                   INTEGER PRIMARY KEY,
    app_name             TEXT NOT NULL,
    headline             TEXT NOT NULL,
    subheadline          TEXT NOT NULL,
    button_text          TEXT NOT NULL,
    theme_color          TEXT NOT NULL,
    download_android_url TEXT NOT NULL,
    download_ios_url     TEXT NOT NULL,
    active               INTEGER NOT NULL CHECK (active IN (0, 1))
);

CREATE TABLE funnel_event (
    id          INTEGER PRIMARY KEY,
    step        TEXT NOT NULL,
    template_id INTEGER,
    client_type TEXT NOT NULL,
    user_from   TEXT NOT NULL,
    app_from    TEXT NOT NULL,
    utm_tag     TEXT NOT NULL,
    links_id    TEXT NOT NULL,
    down_id     TEXT NOT NULL,
    invite_code TEXT NOT NULL,
    borrower_id INTEGER REFERENCES borrower (id),
    at          INTEGER NOT NULL
);

CREATE INDEX funnel_event_template ON funnel_event (template_id, step, at);

CREATE TABLE captcha (
    sid_digest    BLOB PRIMARY KEY,
    answer_digest BLOB,
    passed_phone  TEXT,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    closed_at     INTEGER
) WITHOUT ROWID;
