//! The copy to keep (issue 33, decision 089): once a borrower accepts,
//! their agreement and disclosure, as stored, download as a PDF in both
//! languages, and the acceptance text links to them. The PDF is read back
//! with Debian's `pdftotext` (poppler-utils; `make pdftotext`), a reader
//! that is not ours.

use crate::helpers::TestApp;
use crate::journey::{fill_kyc, product_named};

const PHONE: &str = "09201234568";

/// The text a PDF reader finds in `file`, its white space made single
/// spaces (a value wrapped over two lines reads as one).
fn read_pdf(file: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("hiram-copy-{}.pdf", crate::helpers::random_suffix()));
    std::fs::write(&path, file).unwrap();
    let output =
        std::process::Command::new("pdftotext").args(["-enc", "UTF-8"]).arg(&path).arg("-").output().unwrap_or_else(
            |error| panic!("pdftotext reads the copy back ({error}): install poppler-utils (`make pdftotext`)"),
        );
    std::fs::remove_file(&path).ok();
    assert!(output.status.success(), "pdftotext could not read the copy: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap().split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn download(app: &TestApp, session: &str, order: &str, lang: &str) -> reqwest::Response {
    app.get(&format!("/pany/v3/contract/loan-copy?orderId={order}&sessionId={session}&lang={lang}")).await
}

/// A figure as the copy writes it: the peso sign, which the PDF's standard
/// font lacks, as the currency code.
fn as_written(value: &str) -> String {
    value.replace('₱', "PHP ")
}

crate::on_both_stores! {
    async fn an_accepted_loan_downloads_its_documents_with_the_disclosures_figures(app) {
        app.demo_session().await;
        let session = app.login(PHONE).await;
        fill_kyc(&app, &session, "18000").await;
        let (_, home) = app.call(&session, "/v4/index/home-page", &[]).await;
        let product = product_named(&home, "Bayanihan Cash Express")["id"].as_i64().unwrap().to_string();
        let (status, applied) = app.call(&session, "/v3/product/apply", &[("productId", &product), ("amount", "300000")]).await;
        assert_eq!(status, 200, "{applied}");
        let order = applied["data"]["orderId"].as_i64().unwrap().to_string();

        let (status, before) = crate::helpers::outcome(download(&app, &session, &order, "en").await).await;
        assert_eq!(status, 404, "no copy before the borrower accepts: {before}");

        let push = [("orderId", order.as_str()), ("amount", "300000"), ("periods", "1"), ("termUnit", "days"), ("act", "checkbox")];
        let (status, accepted) = app.call(&session, "/v3/loan-confirm/loan-detail-push", &push).await;
        assert_eq!(status, 200, "{accepted}");

        // The acceptance text carries the link to the page with the copy.
        let phone = hiram_domain::phone::Phone::parse(PHONE).unwrap();
        let texts = app.state.store.outbox(Some(&phone), 10).await.unwrap();
        let text = texts.iter().find(|entry| entry.body.contains("you accepted loan")).expect("the acceptance text");
        assert!(text.body.contains(&format!("/loanAgreement?orderId={order}&doc=agreement")), "{}", text.body);
        assert!(text.body.starts_with("Hiram: you accepted loan ") && text.body.contains("₱3,000.00"), "{}", text.body);

        let response = download(&app, &session, &order, "en").await;
        assert_eq!(response.status(), 200);
        let header = |name: &str| response.headers()[name].to_str().unwrap().to_owned();
        assert_eq!(header("content-type"), "application/pdf");
        assert!(header("content-disposition").starts_with("attachment; filename=\"hiram-loan-"), "{}", header("content-disposition"));
        assert_eq!(header("cache-control"), "private, no-store");
        let file = response.bytes().await.unwrap();
        assert!(file.len() < 60_000, "a copy to download on mobile data: {} bytes", file.len());
        let copy = read_pdf(&file);

        // Every figure of the disclosure as stored is in the copy, and each
        // schedule line; the sentences (the ceilings, the clauses) too.
        let (_, stored) = app.call(&session, "/v3/contract/loan-agreement-detail", &[("orderId", &order), ("doc", "disclosure")]).await;
        let disclosure = &stored["data"]["disclosure"];
        let rows = disclosure["rows"].as_array().unwrap();
        assert!(rows.len() > 10);
        for row in rows {
            let (label, value) = (row["label"].as_str().unwrap(), row["value"].as_str().unwrap());
            assert!(copy.contains(&as_written(label)), "the copy lacks the label {label:?}");
            assert!(copy.contains(&as_written(value)), "the copy lacks {label}: {value:?}");
        }
        for line in disclosure["schedule"].as_array().unwrap() {
            let amount = hiram_domain::money::format_amount(
                hiram_domain::money::Centavos::new(line["amount"].as_i64().unwrap()),
                hiram_domain::money::CurrencySymbol::Peso,
            );
            assert!(copy.contains(&as_written(&amount)), "the schedule's {amount}");
        }
        assert!(copy.contains("PHP 3,000.00") && copy.contains("PHP 364.00") && copy.contains("PHP 2,910.00"), "{copy}");
        // Both languages, the request's first.
        let (english, filipino) = (copy.find("Loan Agreement").expect("English"), copy.find("Kasunduan sa Loan").expect("Filipino"));
        assert!(english < filipino, "English first on an English request");
        let order_no = rows.iter().find(|row| row["label"] == "Loan number").unwrap()["value"].as_str().unwrap();
        assert!(copy.starts_with(&format!("Your copy of loan {order_no}")), "{}", &copy[..80]);

        let response = download(&app, &session, &order, "fil").await;
        let copy = read_pdf(&response.bytes().await.unwrap());
        assert!(copy.starts_with("Ang kopya mo ng loan"), "{}", &copy[..80]);
        assert!(copy.find("Kasunduan sa Loan").unwrap() < copy.find("Loan Agreement").unwrap(), "Filipino first");
        assert!(copy.contains("Halaga ng loan") && copy.contains("Kabuuang babayaran") && copy.contains("PHP 3,364.00"), "{copy}");
        assert!(copy.contains("Pahina 1 ng"), "the pages are numbered in Filipino");

        // Nobody else's copy: another borrower meets a missing order.
        let stranger = app.login("09381234569").await;
        let (status, theirs) = crate::helpers::outcome(download(&app, &stranger, &order, "en").await).await;
        assert_eq!(status, 404, "{theirs}");
    }
}
