//! The income and expense book (`/book-keeping/*`): every call, records that
//! are their owner's only (S5), receipts through the one picture pipeline,
//! refusals that change nothing, delete with undo inside its window, and
//! account erasure taking the book with it.

use crate::helpers::{TestApp, png};
use hiram_domain::book_keeping::{BookRecord, Month};
use hiram_domain::borrower::BorrowerId;
use serde_json::{Value, json};
use time::Duration;

const OWNER: &str = "09171230001";
const STRANGER: &str = "09181230002";

async fn call(app: &TestApp, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
    app.call(session, &format!("/book-keeping/{path}"), form).await
}

/// The raw reply, for comparing refusals byte for byte.
async fn raw(app: &TestApp, session: &str, path: &str, form: &[(&str, &str)]) -> (u16, String) {
    app.call_raw(session, &format!("/book-keeping/{path}"), form).await
}

async fn receipt(app: &TestApp, session: &str, shade: u8) -> String {
    app.upload_png("/pany/book-keeping/upload-image", "image", session, shade).await
}

async fn borrower_of(app: &TestApp, session: &str) -> BorrowerId {
    let digest = hiram::session::digest(session).unwrap();
    app.state.store.session(&digest).await.unwrap().unwrap().borrower_id
}

/// Every record the borrower has that is not deleted, whatever its date.
async fn book_of(app: &TestApp, borrower: BorrowerId) -> Vec<BookRecord> {
    let (from, to) = (Month::parse("2000-01").unwrap(), Month::parse("2100-12").unwrap());
    app.state.store.book_records(borrower, from.first_day(), to.last_day()).await.unwrap()
}

fn today(app: &TestApp) -> String {
    hiram_domain::book_keeping::format_date(app.state.today())
}

async fn save(app: &TestApp, session: &str, form: &[(&str, &str)]) -> i64 {
    let (status, body) = call(app, session, "save-record", form).await;
    assert_eq!(status, 200, "{form:?}: {body}");
    body["data"]["id"].as_i64().unwrap()
}

crate::on_both_stores! {
    async fn a_borrower_keeps_a_month_of_income_and_expenses(app) {
        let session = app.login(OWNER).await;
        let (status, categories) = call(&app, &session, "get-category-list", &[]).await;
        assert_eq!(status, 200);
        let expense = categories["data"]["expense"].as_array().unwrap();
        let income = categories["data"]["income"].as_array().unwrap();
        assert_eq!((expense.len(), income.len()), (11, 4));
        assert_eq!(expense[0], json!({ "key": "food", "kind": "expense", "title": "Food and groceries", "icon": "food" }));
        assert_eq!(income[2]["title"], "Remittance received");
        let filipino = app.post_form(&format!("/pany/book-keeping/get-category-list?sessionId={session}&lang=fil"), &[]).await;
        assert_eq!(filipino.json::<Value>().await.unwrap()["data"]["expense"][1]["title"], "Pamasahe");

        let today = today(&app);
        let month = &today[..7];
        let picture = receipt(&app, &session, 10).await;
        assert!(picture.starts_with("/pany/uploads/"), "{picture}");
        let lunch = save(&app, &session, &[("kind", "expense"), ("amount", "12550"), ("category", "food"), ("date", &today), ("note", "  Tanghalian sa karinderya "), ("image", &picture)]).await;
        let fare = save(&app, &session, &[("kind", "expense"), ("amount", "4500"), ("category", "transport"), ("date", &today)]).await;
        let salary = save(&app, &session, &[("kind", "income"), ("amount", "1500000"), ("category", "salary"), ("date", &today), ("note", "Kinsenas")]).await;

        let (status, list) = call(&app, &session, "get-list", &[]).await;
        assert_eq!(status, 200, "{list}");
        let data = &list["data"];
        assert_eq!((data["month"].as_str(), data["currentMonth"].as_str()), (Some(month), Some(month)), "the current Manila month by default");
        assert_eq!((data["income"].as_i64(), data["expense"].as_i64(), data["balance"].as_i64()), (Some(1_500_000), Some(17_050), Some(1_482_950)));
        let ids: Vec<i64> = data["records"].as_array().unwrap().iter().map(|record| record["id"].as_i64().unwrap()).collect();
        assert_eq!(ids, [salary, fare, lunch], "newest first");
        assert_eq!(call(&app, &session, "get-list", &[("month", month)]).await.1["data"]["records"].as_array().unwrap().len(), 3);
        let (_, earlier) = call(&app, &session, "get-list", &[("month", data["previousMonth"].as_str().unwrap())]).await;
        assert_eq!((earlier["data"]["records"].as_array().unwrap().len(), earlier["data"]["balance"].as_i64()), (0, Some(0)));

        let (status, info) = call(&app, &session, "get-info", &[("id", &lunch.to_string())]).await;
        assert_eq!(status, 200);
        assert_eq!(
            info["data"],
            json!({ "id": lunch, "kind": "expense", "amount": 12550, "category": "food", "categoryTitle": "Food and groceries",
                    "icon": "food", "date": today, "note": "Tanghalian sa karinderya", "image": picture })
        );
        let served = app.get(&format!("{picture}?sessionId={session}")).await;
        assert_eq!((served.status().as_u16(), served.headers()["content-type"].to_str().unwrap()), (200, "image/jpeg"));

        // Editing keeps the id and may drop the receipt.
        let edited = save(&app, &session, &[("id", &lunch.to_string()), ("kind", "expense"), ("amount", "13000"), ("category", "food"), ("date", &today), ("note", "Hapunan")]).await;
        assert_eq!(edited, lunch);
        let (_, info) = call(&app, &session, "get-info", &[("id", &lunch.to_string())]).await;
        assert_eq!((info["data"]["amount"].as_i64(), info["data"]["note"].as_str(), info["data"]["image"].as_str()), (Some(13_000), Some("Hapunan"), Some("")));

        let (status, stats) = call(&app, &session, "data-statistics", &[("month", month)]).await;
        assert_eq!(status, 200, "{stats}");
        let stats = &stats["data"];
        assert_eq!((stats["income"].as_i64(), stats["expense"].as_i64()), (Some(1_500_000), Some(17_500)));
        let shares: Vec<(&str, i64, i64)> = stats["expenseByCategory"].as_array().unwrap().iter()
            .map(|share| (share["category"].as_str().unwrap(), share["amount"].as_i64().unwrap(), share["share"].as_i64().unwrap()))
            .collect();
        // 130/175 = 74.29%, 45/175 = 25.71%: basis points that add up to 10 000.
        assert_eq!(shares, [("food", 13_000, 7429), ("transport", 4_500, 2571)]);
        assert_eq!(stats["incomeByCategory"][0]["share"], 10_000);
        let months = stats["months"].as_array().unwrap();
        assert_eq!(months.len(), 6);
        assert_eq!(months[5], json!({ "month": month, "income": 1_500_000, "expense": 17_500 }));
        assert!(months[..5].iter().all(|bar| bar["income"] == 0 && bar["expense"] == 0));

        // Delete, gone from the list and the figures; undo brings it back.
        let (status, _) = call(&app, &session, "delete-book-keeping", &[("id", &fare.to_string())]).await;
        assert_eq!(status, 200);
        let (_, list) = call(&app, &session, "get-list", &[]).await;
        assert_eq!((list["data"]["records"].as_array().unwrap().len(), list["data"]["expense"].as_i64()), (2, Some(13_000)));
        assert_eq!(call(&app, &session, "data-statistics", &[]).await.1["data"]["expenseByCategory"].as_array().unwrap().len(), 1);
        assert_eq!(call(&app, &session, "get-info", &[("id", &fare.to_string())]).await.0, 404, "a deleted record looks missing");
        assert_eq!(call(&app, &session, "delete-book-keeping", &[("id", &fare.to_string())]).await.0, 404, "deleted once");
        let (status, _) = call(&app, &session, "delete-book-keeping", &[("id", &fare.to_string()), ("undo", "1")]).await;
        assert_eq!(status, 200);
        let (_, list) = call(&app, &session, "get-list", &[]).await;
        assert_eq!((list["data"]["records"].as_array().unwrap().len(), list["data"]["expense"].as_i64()), (3, Some(17_500)));
        let (status, again) = call(&app, &session, "delete-book-keeping", &[("id", &fare.to_string()), ("undo", "1")]).await;
        assert_eq!((status, again["message"].as_str()), (409, Some("This entry can no longer be brought back.")), "nothing to undo");

        let menu: Value = app.post_form(&format!("/pany/v3/personal-center/user-menu?sessionId={session}"), &[]).await.json().await.unwrap();
        assert!(menu["data"]["items"].as_array().unwrap().iter().any(|item| item["path"] == "/bookKeeping" && item["title"] == "Income and expense book"));
        for path in ["get-list", "get-category-list", "get-info", "save-record", "data-statistics", "delete-book-keeping"] {
            assert_eq!(crate::helpers::Checked::of(app.post_form(&format!("/pany/book-keeping/{path}"), &[("id", "1")]).await).await.status(), 401, "{path} needs a session");
        }
    }

    async fn another_borrowers_records_and_receipts_look_missing(app) {
        let owner = app.login(OWNER).await;
        let stranger = app.login(STRANGER).await;
        let today = today(&app);
        let picture = receipt(&app, &owner, 30).await;
        let id = save(&app, &owner, &[("kind", "expense"), ("amount", "25000"), ("category", "bills"), ("date", &today), ("note", "Meralco"), ("image", &picture)]).await;
        let id = id.to_string();
        let owner_id = borrower_of(&app, &owner).await;
        let before = book_of(&app, owner_id).await;
        let missing = "987654321";
        let edit = |id: &str| vec![("id", id.to_owned()), ("kind", "expense".to_owned()), ("amount", "1".to_owned()), ("category", "food".to_owned()), ("date", today.clone())];

        let mut checked = 0;
        for (path, form) in [
            ("get-info", vec![("id", id.clone())]),
            ("save-record", edit(&id)),
            ("delete-book-keeping", vec![("id", id.clone())]),
            ("delete-book-keeping", vec![("id", id.clone()), ("undo", "1".to_owned())]),
        ] {
            let form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
            let missing_form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, if *key == "id" { missing } else { value })).collect();
            let (missing_status, missing_body) = raw(&app, &stranger, path, &missing_form).await;
            let (status, body) = raw(&app, &stranger, path, &form).await;
            assert_eq!(missing_status, 404, "{path}: {missing_body}");
            assert_eq!((status, body), (404, missing_body), "{path} on another borrower's record");
            checked += 1;
        }
        assert_eq!(checked, 4);
        // The owner's record also looks missing while deleted, to the stranger's undo too.
        assert_eq!(call(&app, &owner, "delete-book-keeping", &[("id", &id)]).await.0, 200);
        let (status, body) = raw(&app, &stranger, "delete-book-keeping", &[("id", &id), ("undo", "1")]).await;
        let (_, missing_body) = raw(&app, &stranger, "delete-book-keeping", &[("id", missing), ("undo", "1")]).await;
        assert_eq!((status, body), (404, missing_body));
        assert_eq!(call(&app, &owner, "delete-book-keeping", &[("id", &id), ("undo", "1")]).await.0, 200);

        // The receipt: served only to its owner, and never attachable by anyone else.
        let theirs = crate::helpers::Checked::of(app.get(&format!("{picture}?sessionId={stranger}")).await).await;
        let nobody = crate::helpers::Checked::of(app.get(&format!("/pany/uploads/{}?sessionId={stranger}", "0".repeat(32))).await).await;
        assert_eq!((theirs.status(), nobody.status()), (404, 404));
        assert_eq!(theirs.text().await.unwrap(), nobody.text().await.unwrap());
        let (status, refused) = call(&app, &stranger, "save-record", &[("kind", "expense"), ("amount", "100"), ("category", "food"), ("date", &today), ("image", &picture)]).await;
        assert_eq!((status, refused["message"].as_str()), (400, Some("The receipt picture was not found. Please add it again.")));

        assert_eq!(book_of(&app, owner_id).await, before, "the owner's book is as it was");
        assert!(book_of(&app, borrower_of(&app, &stranger).await).await.is_empty(), "the stranger stored nothing");
        let (_, list) = call(&app, &stranger, "get-list", &[]).await;
        assert_eq!(list["data"]["records"], json!([]));
        assert_eq!(list["data"]["expense"], 0);
    }

    async fn bad_records_are_refused_with_a_clear_message_and_nothing_is_stored(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let today = today(&app);
        let id = save(&app, &session, &[("kind", "expense"), ("amount", "5000"), ("category", "load"), ("date", &today), ("note", "Load")]).await;
        let before = book_of(&app, borrower).await;
        let too_far = hiram_domain::book_keeping::format_date(app.state.today() + Duration::days(2));
        let long_note = "ñ".repeat(101);
        let complaint_picture = {
            let response = app.post_file(&format!("/pany/user-problem/upload-problem-img?sessionId={session}"), "problemImage", "x.png", "image/png", &png(7)).await;
            response.json::<Value>().await.unwrap()["data"]["url"].as_str().unwrap().to_owned()
        };
        let unknown_picture = format!("/pany/uploads/{}", "ab".repeat(16));
        let good = [("kind", "expense"), ("amount", "5000"), ("category", "food"), ("date", today.as_str()), ("note", "ok")];
        let with = |key: &'static str, value: &str| -> Vec<(&'static str, String)> {
            let mut form: Vec<(&str, String)> = good.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
            form.retain(|(k, _)| *k != key);
            form.push((key, value.to_owned()));
            form
        };
        let cases: Vec<(Vec<(&str, String)>, &str)> = vec![
            (with("amount", "-5000"), "Please enter an amount more than ₱0.00."),
            (with("amount", "0"), "Please enter an amount more than ₱0.00."),
            (with("amount", "1000000001"), "The amount can be at most ₱10,000,000.00. Please check the number."),
            (with("amount", "9999999999999999999999"), "The amount can be at most ₱10,000,000.00. Please check the number."),
            (with("amount", "125.50"), "Please enter the amount as a number, like 125.50."),
            (with("amount", ""), "Please enter the amount as a number, like 125.50."),
            (with("date", "2026-02-30"), "Please enter a real date, written year-month-day."),
            (with("date", "14/05/2026"), "Please enter a real date, written year-month-day."),
            (with("date", "yesterday"), "Please enter a real date, written year-month-day."),
            (with("date", &too_far), "The date can be from 1 January 2000 up to tomorrow."),
            (with("date", "1999-12-31"), "The date can be from 1 January 2000 up to tomorrow."),
            (with("category", "sabong"), "Please choose a category from the list."),
            (with("category", "salary"), "That category is not for this kind of entry. Please choose another."),
            (with("kind", "loan"), "Please choose income or expense."),
            (with("note", &long_note), "Please keep the note to 100 characters or fewer."),
            (with("image", &complaint_picture), "The receipt picture was not found. Please add it again."),
            (with("image", &unknown_picture), "The receipt picture was not found. Please add it again."),
            (with("image", "../../etc/passwd"), "The receipt picture was not found. Please add it again."),
        ];
        for (form, message) in &cases {
            for edit in [false, true] {
                let mut form: Vec<(&str, &str)> = form.iter().map(|(key, value)| (*key, value.as_str())).collect();
                let id = id.to_string();
                if edit {
                    form.push(("id", &id));
                }
                let (status, body) = call(&app, &session, "save-record", &form).await;
                assert_eq!((status, body["message"].as_str()), (400, Some(*message)), "{form:?}: {body}");
            }
        }
        let long = with("note", &long_note);
        let form: Vec<(&str, &str)> = long.iter().map(|(key, value)| (*key, value.as_str())).collect();
        let filipino = app.post_form(&format!("/pany/book-keeping/save-record?sessionId={session}&lang=fil"), &form).await;
        let filipino = crate::helpers::Checked::of(filipino).await;
        assert_eq!(filipino.status(), 400);
        assert_eq!(filipino.json::<Value>().await.unwrap()["message"], "Hanggang 100 titik lang ang tala.");
        for month in ["2026-13", "2026-5", "May 2026", "1999-12", "2026-05-01"] {
            for path in ["get-list", "data-statistics"] {
                let (status, body) = call(&app, &session, path, &[("month", month)]).await;
                assert_eq!((status, body["message"].as_str()), (400, Some("Please choose a month, written year-month.")), "{path} {month}");
            }
        }
        for (path, form) in [("get-info", vec![("id", "abc")]), ("delete-book-keeping", vec![("id", "1"), ("undo", "2")]), ("save-record", vec![("id", "x1")])] {
            assert_eq!(call(&app, &session, path, &form).await.0, 400, "{path} {form:?}");
        }
        for (name, content_type, bytes) in [("x.svg", "image/svg+xml", b"<svg onload=\"alert(1)\"/>".to_vec()), ("x.png", "image/png", b"GIF89a not a png".to_vec())] {
            let response = app.post_file(&format!("/pany/book-keeping/upload-image?sessionId={session}"), "image", name, content_type, &bytes).await;
            let response = crate::helpers::Checked::of(response).await;
            assert_eq!(response.status(), 400, "{name}");
        }
        assert_eq!(book_of(&app, borrower).await, before, "no refusal changed the book");
    }

    async fn undo_is_open_for_ten_minutes_after_a_delete(app) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let today = today(&app);
        let first = save(&app, &session, &[("kind", "income"), ("amount", "300000"), ("category", "remittance"), ("date", &today)]).await.to_string();
        let second = save(&app, &session, &[("kind", "expense"), ("amount", "100000"), ("category", "family"), ("date", &today)]).await.to_string();
        assert_eq!(call(&app, &session, "delete-book-keeping", &[("id", &first)]).await.0, 200);
        app.clock.advance(Duration::minutes(9));
        assert_eq!(call(&app, &session, "delete-book-keeping", &[("id", &first), ("undo", "1")]).await.0, 200, "within ten minutes");
        assert_eq!(call(&app, &session, "delete-book-keeping", &[("id", &first)]).await.0, 200);
        app.clock.advance(Duration::minutes(11));
        let (status, late) = call(&app, &session, "delete-book-keeping", &[("id", &first), ("undo", "1")]).await;
        assert_eq!((status, late["message"].as_str()), (409, Some("This entry can no longer be brought back.")));
        // The next write removes what can no longer come back.
        assert_eq!(call(&app, &session, "delete-book-keeping", &[("id", &second)]).await.0, 200);
        assert!(app.state.store.book_record(first.parse().unwrap()).await.unwrap().is_none(), "purged for good");
        assert!(app.state.store.book_record(second.parse().unwrap()).await.unwrap().unwrap().deleted_at.is_some(), "still undoable");
        assert!(book_of(&app, borrower).await.is_empty());
    }

    async fn deleting_the_account_takes_the_book_with_it(app with [("APP_OTP__RESEND_AFTER_SECONDS", "0")]) {
        let session = app.login(OWNER).await;
        let borrower = borrower_of(&app, &session).await;
        let today = today(&app);
        let kept = save(&app, &session, &[("kind", "expense"), ("amount", "800000"), ("category", "rent"), ("date", &today)]).await;
        let deleted = save(&app, &session, &[("kind", "expense"), ("amount", "20000"), ("category", "health"), ("date", &today)]).await;
        assert_eq!(call(&app, &session, "delete-book-keeping", &[("id", &deleted.to_string())]).await.0, 200);
        let deletion = app.post_form(&format!("/pany/v3/personal-center/user-delete?sessionId={session}"), &[]).await;
        assert_eq!(deletion.status(), 200);
        for id in [kept, deleted] {
            assert!(app.state.store.book_record(id).await.unwrap().is_none(), "record {id} is gone");
        }
        let again = app.login(OWNER).await;
        assert_eq!(borrower_of(&app, &again).await, borrower, "the same borrower logs in again");
        assert_eq!(call(&app, &again, "get-list", &[]).await.1["data"]["records"], json!([]));
    }
}
