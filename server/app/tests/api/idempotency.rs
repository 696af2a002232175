//! Idempotency keys on the creates a client may retry (decision 037): a
//! retry under the same key stores one row and answers what the first did,
//! another request under a used key is refused and changes nothing, a bad
//! key is refused in the borrower's language, and requests under one key
//! sent at once store one row.

use crate::console::{Member, named_member};
use crate::helpers::{Checked, TestApp, join_all, png};
use crate::metrics::{sample, scrape};
use hiram_domain::borrower::BorrowerId;
use hiram_domain::files::ImagePurpose;
use hiram_domain::staff::Role;
use serde_json::Value;
use time::Duration;

const OWNER: &str = "09171230301";
const NEIGHBOUR: &str = "09181230302";
const KEY: &str = "0f8fad5b-d9cb-469f-a165-70867728950e";

/// A form POST under an `Idempotency-Key` (none when `key` is `None`).
async fn post(app: &TestApp, path: &str, session: &str, key: Option<&str>, form: &[(&str, &str)]) -> (u16, Value) {
    let mut request = app.client.post(app.url(&format!("{path}?sessionId={session}"))).form(form);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.expect("POST reaches the server");
    let checked = Checked::of(response).await;
    (checked.status(), checked.json().await.expect("an envelope"))
}

/// A picture POST under a key, as the upload calls take it.
async fn upload(app: &TestApp, path: &str, field: &str, session: &str, key: &str, shade: u8) -> (u16, Value) {
    let boundary = "hiram-idempotency-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"photo.png\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(&png(shade));
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let response = app
        .client
        .post(app.url(&format!("{path}?sessionId={session}")))
        .header("content-type", format!("multipart/form-data; boundary={boundary}"))
        .header("Idempotency-Key", key)
        .body(body)
        .send()
        .await
        .expect("POST reaches the server");
    let checked = Checked::of(response).await;
    (checked.status(), checked.json().await.expect("an envelope"))
}

async fn borrower_of(app: &TestApp, session: &str) -> BorrowerId {
    let digest = hiram::session::digest(session).unwrap();
    app.state.store.session(&digest).await.unwrap().unwrap().borrower_id
}

fn today(app: &TestApp) -> String {
    app.state.today().to_string()
}

async fn book_count(app: &TestApp, borrower: BorrowerId) -> usize {
    let (from, to) = (app.state.today() - Duration::days(3650), app.state.today() + Duration::days(1));
    app.state.store.book_records(borrower, from, to).await.unwrap().len()
}

async fn bill_count(app: &TestApp, borrower: BorrowerId) -> usize {
    app.state.store.bills_of(borrower).await.unwrap().len()
}

async fn complaint_count(app: &TestApp, borrower: BorrowerId) -> usize {
    app.state.store.complaints_of(borrower).await.unwrap().len()
}

async fn picture_count(app: &TestApp, borrower: BorrowerId) -> i64 {
    app.state.store.images_sent_since(borrower, app.state.now() - Duration::days(1)).await.unwrap()
}

const BOOK: &str = "/pany/book-keeping/save-record";
const BILL: &str = "/pany/repayment-product/save-repay-product";
const COMPLAINT: &str = "/pany/user-problem/problem-save";

fn record(date: &str, amount: &'static str) -> Vec<(&'static str, String)> {
    vec![("kind", "expense".into()), ("amount", amount.into()), ("category", "food".into()), ("date", date.into())]
}

fn pairs<'a>(form: &'a [(&'static str, String)]) -> Vec<(&'static str, &'a str)> {
    form.iter().map(|(name, value)| (*name, value.as_str())).collect()
}

/// A console POST under a key, as a signed-in staff member.
pub(crate) async fn staff_post(
    app: &TestApp,
    member: &Member,
    path: &str,
    key: &str,
    form: &[(&str, &str)],
) -> (u16, Value) {
    let response = app
        .client
        .post(app.url(path))
        .form(form)
        .header("cookie", member.cookie())
        .header("Idempotency-Key", key)
        .send()
        .await
        .expect("POST reaches the server");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// A console create: who sends it, its path, the audit action it writes,
/// its form.
type Create<'a> = (&'a Member, &'a str, &'a str, Vec<(&'a str, &'a str)>);

/// How many audit entries of `action` the log holds.
async fn audited(app: &TestApp, action: &str) -> usize {
    let page = hiram_domain::back_office::PageRequest { offset: 0, size: 10_000 };
    let entries = app.state.store.audit_entries(None, page).await.unwrap();
    entries.rows.iter().filter(|logged| logged.entry.action == action).count()
}

async fn adjustment_count(app: &TestApp) -> usize {
    app.state.store.adjustments(None, 1000).await.unwrap().len()
}

crate::on_both_stores! {
    async fn the_daily_run_purges_keys_past_their_days_and_a_newer_one_still_answers(app with [
        ("APP_JOBS__REQUEST_KEY_DAYS", "2"),
        ("APP_SERVER__METRICS_TOKEN", "metrics-token-for-tests"),
    ]) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let lunch = record(&today(&app), "12550");
        let (status, old) = post(&app, BOOK, &session, Some("old-key"), &pairs(&lunch)).await;
        assert_eq!(status, 200, "{old}");
        app.clock.advance(Duration::days(3));
        let session = app.login(OWNER).await;
        let (status, new) = post(&app, BOOK, &session, Some("new-key"), &pairs(&lunch)).await;
        assert_eq!(status, 200, "{new}");

        let purged = ["item=\"request_keys_purged\""];
        let before = sample(&scrape(&app).await, "hiram_daily_run_items_total", &purged);
        let report = hiram::services::daily::run(&app.state).await.unwrap();
        assert_eq!(report.request_keys_purged, 1, "{report:?}");
        assert_eq!(sample(&scrape(&app).await, "hiram_daily_run_items_total", &purged) - before, 1.0);
        let (status, retried) = post(&app, BOOK, &session, Some("new-key"), &pairs(&lunch)).await;
        assert_eq!((status, &retried), (200, &new), "a key within its days still answers its retry");
        assert_eq!(book_count(&app, borrower).await, 2);
        let (status, again) = post(&app, BOOK, &session, Some("old-key"), &pairs(&lunch)).await;
        assert_eq!(status, 200, "{again}");
        assert_ne!(again["data"]["id"], old["data"]["id"], "a purged key's request is a new one");
        assert_eq!(book_count(&app, borrower).await, 3);
    }

    async fn a_proposed_adjustment_retried_under_its_key_is_proposed_and_audited_once(app) {
        let demo = app.demo_session().await;
        let order = crate::helpers::order_in(&demo, 180).order_id.to_string();
        let maker = named_member(&app, Role::Finance, "maker").await;
        let waive = [("orderId", order.as_str()), ("bucket", "interest"), ("amount", "7300"), ("reason", "complaint upheld")];
        let propose = "/api/console/adjustments/propose";
        let (status, first) = staff_post(&app, &maker, propose, KEY, &waive).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = staff_post(&app, &maker, propose, KEY, &waive).await;
        assert_eq!((status, &retried), (200, &first));
        assert_eq!(adjustment_count(&app).await, 1);

        let more = [("orderId", order.as_str()), ("bucket", "interest"), ("amount", "7400"), ("reason", "complaint upheld")];
        let (status, refused) = staff_post(&app, &maker, propose, KEY, &more).await;
        assert_eq!(status, 409, "{refused}");
        assert_eq!(adjustment_count(&app).await, 1);
        let (status, bad) = staff_post(&app, &maker, propose, "no spaces", &waive).await;
        assert_eq!(status, 400, "{bad}");
        assert!(bad["message"].as_str().unwrap().contains("Idempotency-Key"), "{bad}");

        let checker = named_member(&app, Role::Finance, "checker").await;
        let (status, theirs) = staff_post(&app, &checker, propose, KEY, &waive).await;
        assert_eq!(status, 200, "another member's key is their own: {theirs}");
        assert_ne!(theirs["data"]["id"], first["data"]["id"]);

        let auditor = crate::console::member(&app, Role::Auditor).await;
        let (_, audit) = crate::console::send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let proposals = audit["data"]["rows"].as_array().unwrap().iter().filter(|row| row["action"] == "adjustment.propose").count();
        assert_eq!(proposals, 2, "{audit}");

        let lower = [("orderId", order.as_str()), ("bucket", "interest"), ("amount", "100"), ("reason", "at once")];
        let replies = join_all((0..10).map(|_| staff_post(&app, &maker, propose, "at-once", &lower)).collect()).await;
        assert!(replies.iter().all(|reply| reply == &replies[0] && reply.0 == 200), "{replies:?}");
        assert_eq!(adjustment_count(&app).await, 3);
    }

    async fn a_product_and_an_exchange_rate_retried_under_their_keys_are_created_once(app) {
        app.demo_session().await;
        let admin = named_member(&app, Role::Admin, "catalogue").await;
        let lender = app.state.store.products().await.unwrap()[0].lender_id.0;
        let fields = crate::products_and_transitions::base(lender);
        let products_before = app.state.store.products().await.unwrap().len();
        let create = "/api/console/products";
        let (status, first) = staff_post(&app, &admin, create, KEY, &pairs(&fields)).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = staff_post(&app, &admin, create, KEY, &pairs(&fields)).await;
        assert_eq!((status, &retried), (200, &first), "a second copy would be listed to borrowers");
        assert_eq!(app.state.store.products().await.unwrap().len(), products_before + 1);
        let renamed = crate::products_and_transitions::with(fields.clone(), "name", "Another loan");
        let (status, refused) = staff_post(&app, &admin, create, KEY, &pairs(&renamed)).await;
        assert_eq!(status, 409, "{refused}");
        assert_eq!(app.state.store.products().await.unwrap().len(), products_before + 1);

        let finance = named_member(&app, Role::Finance, "rates").await;
        let today = today(&app);
        let rate = [("currency", "USD"), ("rate", "58.1234"), ("effectiveOn", today.as_str()), ("source", "BSP reference rate")];
        let rates = || async { app.state.store.exchange_rates(app.state.today() - Duration::days(30)).await.unwrap().len() };
        let rates_before = rates().await;
        let add = "/api/console/exchange-rates/add";
        let (status, first) = staff_post(&app, &finance, add, KEY, &rate).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = staff_post(&app, &finance, add, KEY, &rate).await;
        assert_eq!((status, &retried), (200, &first));
        assert_eq!(rates().await, rates_before + 1);
        let other = [("currency", "USD"), ("rate", "58.5"), ("effectiveOn", today.as_str()), ("source", "BSP reference rate")];
        let (status, refused) = staff_post(&app, &finance, add, KEY, &other).await;
        assert_eq!(status, 409, "{refused}");
        assert_eq!(rates().await, rates_before + 1);
        let auditor = crate::console::member(&app, Role::Auditor).await;
        let (_, audit) = crate::console::send(&app, &auditor, "GET", "/api/console/audit?pageSize=100", &[]).await;
        let audited = |action: &str| audit["data"]["rows"].as_array().unwrap().iter().filter(|row| row["action"] == action).count();
        assert_eq!((audited("product.create"), audited("exchange_rate.add")), (1, 1), "{audit}");
    }

    async fn twenty_retries_at_once_of_each_console_create_make_one_change_and_one_audit_entry(app with [("APP_PAYMENTS__SANDBOX_SECRET", "sandbox-secret-for-tests")]) {
        let demo = app.demo_session().await;
        let overdue = crate::helpers::order_in(&demo, 180).order_id.to_string();
        let repaid = crate::helpers::order_in(&demo, 174).order_id;
        let (payment, _) = crate::console::reversals::pay_in_full(&app, &demo.session_id, repaid, "MAYA-RETRY-20").await;
        let (payment, repaid) = (payment.to_string(), repaid.to_string());
        // 10:00 in Manila, inside the hours a collector may call.
        let manila_hour = app.state.now().to_offset(time::macros::offset!(+8)).hour();
        app.clock.advance(Duration::hours((24 + 10 - i64::from(manila_hour)) % 24));
        let finance = named_member(&app, Role::Finance, "finance").await;
        let admin = named_member(&app, Role::Admin, "catalogue").await;
        let collector = named_member(&app, Role::CreditOfficer, "collector").await;
        let lender = app.state.store.products().await.unwrap()[0].lender_id.0;
        let fields = crate::products_and_transitions::base(lender);
        let product = pairs(&fields);
        let today = today(&app);
        let creates: [Create; 5] = [
            (&finance, "/api/console/adjustments/propose", "adjustment.propose",
                vec![("orderId", overdue.as_str()), ("bucket", "interest"), ("amount", "100"), ("reason", "retried at once")]),
            (&finance, "/api/console/reversals/propose", "reversal.propose",
                vec![("orderId", repaid.as_str()), ("entryId", payment.as_str()), ("reason", "GCash reversed the transfer")]),
            (&admin, "/api/console/products", "product.create", product),
            (&finance, "/api/console/exchange-rates/add", "exchange_rate.add",
                vec![("currency", "USD"), ("rate", "58.1234"), ("effectiveOn", today.as_str()), ("source", "BSP reference rate")]),
            (&collector, "/api/console/collections/contacts", "collection.contact",
                vec![("orderId", overdue.as_str()), ("channel", "call"), ("outcome", "promised_to_pay"), ("note", "retried at once")]),
        ];
        for (who, path, action, form) in &creates {
            let audit_before = audited(&app, action).await;
            let key = format!("twenty-{action}").replace('.', "-");
            let replies = join_all((0..20).map(|_| staff_post(&app, who, path, &key, form)).collect()).await;
            assert!(replies.iter().all(|reply| reply.0 == 200 && reply == &replies[0]), "{path}: {replies:?}");
            assert_eq!(audited(&app, action).await, audit_before + 1, "{path}: one change, one audit entry");
        }
        assert_eq!(adjustment_count(&app).await, 1, "one proposal");
    }

    async fn a_book_record_retried_under_its_key_is_stored_once(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let lunch = record(&today(&app), "12550");
        let (status, first) = post(&app, BOOK, &session, Some(KEY), &pairs(&lunch)).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = post(&app, BOOK, &session, Some(KEY), &pairs(&lunch)).await;
        assert_eq!(status, 200, "{retried}");
        assert_eq!(retried, first, "the retry answers what the first did");
        assert_eq!(book_count(&app, borrower).await, 1);

        let (status, refused) = post(&app, BOOK, &session, Some(KEY), &pairs(&record(&today(&app), "99900"))).await;
        assert_eq!(status, 409, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("already used for a different request"), "{refused}");
        assert_eq!(book_count(&app, borrower).await, 1, "a refused request stores nothing");

        let (status, other) = post(&app, BOOK, &session, Some("another-key"), &pairs(&lunch)).await;
        assert_eq!(status, 200);
        assert_ne!(other["data"]["id"], first["data"]["id"], "a new key is a new record");
        post(&app, BOOK, &session, None, &pairs(&lunch)).await;
        post(&app, BOOK, &session, None, &pairs(&lunch)).await;
        assert_eq!(book_count(&app, borrower).await, 4, "without a key every save adds, as before");
    }

    async fn one_key_is_its_owners_only(app) {
        let owner = app.login(OWNER).await;
        let neighbour = app.login(NEIGHBOUR).await;
        let lunch = record(&today(&app), "12550");
        let (_, mine) = post(&app, BOOK, &owner, Some(KEY), &pairs(&lunch)).await;
        let (status, theirs) = post(&app, BOOK, &neighbour, Some(KEY), &pairs(&lunch)).await;
        assert_eq!(status, 200, "{theirs}");
        assert_ne!(theirs["data"]["id"], mine["data"]["id"]);
        assert_eq!(book_count(&app, borrower_of(&app, &neighbour).await).await, 1);
    }

    async fn a_bad_key_is_refused_in_the_borrowers_language_and_stores_nothing(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let long = "k".repeat(65);
        let lunch = record(&today(&app), "12550");
        for key in ["", "has space", "dot.ted", "ñ", long.as_str()] {
            for path in [BOOK, BILL, COMPLAINT] {
                let (status, body) = post(&app, path, &session, Some(key), &pairs(&lunch)).await;
                assert_eq!(status, 400, "{path} {key:?}: {body}");
                assert_eq!(body["message"], "The request's Idempotency-Key must be 1 to 64 letters, digits, - or _. Nothing was saved.");
            }
        }
        let (status, filipino) = post(&app, BOOK, &format!("{session}&lang=fil"), Some("a b"), &pairs(&lunch)).await;
        assert_eq!(status, 400);
        assert!(filipino["message"].as_str().unwrap().starts_with("Ang Idempotency-Key ng kahilingan"), "{filipino}");
        let (status, _) = upload(&app, "/pany/book-keeping/upload-image", "image", &session, "a/b", 10).await;
        assert_eq!(status, 400);
        assert_eq!(book_count(&app, borrower).await, 0);
        assert_eq!(picture_count(&app, borrower).await, 0);
        assert_eq!(post(&app, BOOK, &session, Some(&"k".repeat(64)), &pairs(&lunch)).await.0, 200, "64 characters is a key");
    }

    async fn a_bill_retried_under_its_key_is_stored_once(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let due = (app.state.today() + Duration::days(5)).to_string();
        let bill = [("name", "Meralco"), ("amount", "245075"), ("dueDate", due.as_str()), ("repeat", "monthly")];
        let (status, first) = post(&app, BILL, &session, Some(KEY), &bill).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = post(&app, BILL, &session, Some(KEY), &bill).await;
        assert_eq!((status, &retried), (200, &first));
        assert_eq!(bill_count(&app, borrower).await, 1);

        let water = [("name", "Maynilad"), ("amount", "245075"), ("dueDate", due.as_str()), ("repeat", "monthly")];
        let (status, refused) = post(&app, BILL, &session, Some(KEY), &water).await;
        assert_eq!(status, 409, "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("Idempotency-Key"), "{refused}");
        assert_eq!(bill_count(&app, borrower).await, 1);
    }

    async fn a_complaint_retried_under_its_key_is_filed_once(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let complaint = [("problemType", "6"), ("problemDetail", "Hindi ko makita ang aking resibo.")];
        let (status, first) = post(&app, COMPLAINT, &session, Some(KEY), &complaint).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = post(&app, COMPLAINT, &session, Some(KEY), &complaint).await;
        assert_eq!((status, &retried), (200, &first));
        assert_eq!(complaint_count(&app, borrower).await, 1);

        let other = [("problemType", "6"), ("problemDetail", "Ibang reklamo.")];
        let (status, refused) = post(&app, COMPLAINT, &session, Some(KEY), &other).await;
        assert_eq!(status, 409, "{refused}");
        assert_eq!(complaint_count(&app, borrower).await, 1);
    }

    async fn a_picture_retried_under_its_key_is_kept_once(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        for (path, field) in [("/pany/book-keeping/upload-image", "image"), ("/pany/user-problem/upload-problem-img", "problemImage")] {
            let key = format!("picture-{field}");
            let (status, first) = upload(&app, path, field, &session, &key, 10).await;
            assert_eq!(status, 200, "{first}");
            let (status, retried) = upload(&app, path, field, &session, &key, 10).await;
            assert_eq!((status, &retried), (200, &first), "{path}");
            let (status, refused) = upload(&app, path, field, &session, &key, 200).await;
            assert_eq!(status, 409, "another picture under the key: {refused}");
        }
        assert_eq!(picture_count(&app, borrower).await, 2);
        let (status, same_key_other_call) =
            upload(&app, "/pany/book-keeping/upload-image", "image", &session, "picture-problemImage", 10).await;
        assert_eq!(status, 409, "the key named a complaint picture: {same_key_other_call}");
        let kept = app.state.store.image(first_name(&app, &session).await.as_str()).await.unwrap().unwrap();
        assert_eq!(kept.purpose, ImagePurpose::Receipt);
    }

    async fn a_retry_at_the_picture_limit_still_answers_its_picture(app with [("APP_UPLOADS__PER_BORROWER_DAY", "1")]) {
        let session = app.login(OWNER).await;
        let (status, first) = upload(&app, "/pany/book-keeping/upload-image", "image", &session, KEY, 10).await;
        assert_eq!(status, 200, "{first}");
        let (status, retried) = upload(&app, "/pany/book-keeping/upload-image", "image", &session, KEY, 10).await;
        assert_eq!((status, &retried), (200, &first));
        let (status, _) = upload(&app, "/pany/book-keeping/upload-image", "image", &session, "new-key", 10).await;
        assert_eq!(status, 429, "a new picture is over the limit");
    }

    async fn requests_sent_at_once_under_one_key_store_one_row(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let lunch = record(&today(&app), "12550");
        let due = (app.state.today() + Duration::days(5)).to_string();
        let bill = [("name", "Meralco"), ("amount", "245075"), ("dueDate", due.as_str())];
        let complaint = [("problemType", "6"), ("problemDetail", "Dalawang beses?")];

        let lunch = pairs(&lunch);
        let books = join_all((0..12).map(|_| post(&app, BOOK, &session, Some(KEY), &lunch)).collect()).await;
        let bills = join_all((0..12).map(|_| post(&app, BILL, &session, Some("bill-key"), &bill)).collect()).await;
        let complaints = join_all((0..12).map(|_| post(&app, COMPLAINT, &session, Some("complaint-key"), &complaint)).collect()).await;
        let pictures = join_all((0..8).map(|_| upload(&app, "/pany/book-keeping/upload-image", "image", &session, "picture-key", 10)).collect()).await;
        for replies in [&books, &bills, &complaints, &pictures] {
            assert!(replies.iter().all(|(status, _)| *status == 200), "{replies:?}");
            assert!(replies.iter().all(|(_, body)| body == &replies[0].1), "every request answers the first: {replies:?}");
        }
        assert_eq!(book_count(&app, borrower).await, 1);
        assert_eq!(bill_count(&app, borrower).await, 1);
        assert_eq!(complaint_count(&app, borrower).await, 1);
        assert_eq!(picture_count(&app, borrower).await, 1);
    }
}

/// The receipt picture the borrower sent first under `picture-image`.
async fn first_name(app: &TestApp, session: &str) -> String {
    let (_, first) = upload(app, "/pany/book-keeping/upload-image", "image", session, "picture-image", 10).await;
    first["data"]["url"].as_str().unwrap().rsplit('/').next().unwrap().to_owned()
}
