//! The built pages: which file answers which path, compression and caching.

use crate::helpers::TestApp;

/// A GET from a client that accepts `encodings` (`Accept-Encoding`).
async fn get_accepting(app: &TestApp, path: &str, encodings: &str) -> reqwest::Response {
    app.client.get(app.url(path)).header("accept-encoding", encodings).send().await.expect("GET reaches the server")
}

crate::on_both_stores! {
    async fn the_marketing_site_answers_at_the_root(app) {
        let response = app.get("/").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["cache-control"], "no-cache");
        assert!(response.text().await.unwrap().contains("marketing site"));
    }

    async fn the_promotion_page_has_its_own_entry(app) {
        assert!(app.get("/promotion").await.text().await.unwrap().contains("promotion"));
    }

    async fn the_site_s_pages_are_sent_in_the_language_the_page_itself_would_choose(app) {
        let fetch = |path: &'static str, languages: Option<&'static str>| {
            let mut request = app.client.get(app.url(path));
            if let Some(languages) = languages {
                request = request.header("accept-language", languages);
            }
            async move {
                let response = request.send().await.unwrap();
                assert_eq!(response.status(), 200, "{path} {languages:?}");
                assert!(response.headers()["vary"].to_str().unwrap().contains("Accept-Language"), "{path}");
                response.text().await.unwrap().contains(r#"lang="fil""#)
            }
        };
        for path in ["/", "/promotion"] {
            assert!(!fetch(path, None).await, "{path} with no language is English");
            assert!(!fetch(path, Some("en-PH,fil;q=0.9")).await, "{path}: the first language counts");
        }
        assert!(fetch("/", Some("fil-PH,fil;q=0.9,en;q=0.8")).await);
        assert!(fetch("/promotion", Some("tl")).await);
        assert!(fetch("/?lang=fil", Some("en-US")).await, "the query wins over the browser");
        assert!(fetch("/promotion?id=1&lang=TL", None).await);
        assert!(!fetch("/?lang=en", Some("fil")).await, "the query wins over the browser");
        assert!(fetch("/?lang=xx", Some("fil")).await, "an unknown lang leaves the browser's");
    }

    async fn borrower_client_routes_fall_back_to_the_borrower_app(app) {
        for path in ["/testPreview", "/complainDetails?problemId=3", "/repaymentOfCode", "/loanDetails"] {
            let response = app.get(path).await;
            assert_eq!(response.status(), 200, "{path}");
            assert!(response.text().await.unwrap().contains("borrower app"), "{path}");
        }
    }

    async fn a_route_with_a_page_of_its_own_is_answered_with_that_page(app) {
        let app = &app;
        let page = |path: &'static str| async move {
            let response = app.get(path).await;
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
            response.text().await.unwrap()
        };
        assert!(page("/loanConfirm?orderId=3&productId=2").await.ends_with("confirmation</title>"));
        assert!(page("/calculator/saved").await.ends_with("saved</title>"), "a nested route");
        let compressed = get_accepting(app, "/calculator/saved", "br").await;
        assert_eq!(compressed.headers()["content-encoding"], "br");
        assert_eq!(compressed.text().await.unwrap(), "brotli page");
        // Only a route's exact path: anything else is the app's index.html.
        for path in ["/loanConfirm/", "/routes/loanConfirm", "/calculator", "/calculator/saved.html", "/loanConfirm.html"] {
            assert!(page(path).await.ends_with("borrower app</title>"), "{path}");
        }
        let posted = app.client.post(app.url("/loanConfirm")).send().await.unwrap();
        assert_eq!(posted.status(), 404);
        // A page gone since the start-up (a new build beside the running
        // server) leaves its route to index.html, not to a 404.
        let routes = app.state.settings.web.dist_root.join("app/dist/routes");
        std::fs::remove_file(routes.join("calculator/saved.html")).unwrap();
        std::fs::remove_file(routes.join("calculator/saved.html.br")).unwrap();
        assert!(page("/calculator/saved").await.ends_with("borrower app</title>"));
    }

    async fn console_routes_answer_with_the_console(app) {
        for path in ["/console", "/console/complaints/12"] {
            assert!(app.get(path).await.text().await.unwrap().contains("console"), "{path}");
        }
        let asset = app.get("/console/assets/console-def456.js").await;
        assert_eq!(asset.status(), 200);
    }

    async fn hashed_assets_are_cached_for_a_year_and_sent_precompressed(app) {
        let response = get_accepting(&app, "/app/assets/main-abc123.js", "br, gzip").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(response.headers()["content-encoding"], "br");
        assert_eq!(response.headers()["vary"], "Accept-Encoding", "a cache in front keys on the encoding");
        assert_eq!(response.headers()["x-content-type-options"], "nosniff");
        let plain = app.get("/app/assets/main-abc123.js").await;
        assert!(plain.headers().get("content-encoding").is_none());
        assert_eq!(plain.text().await.unwrap(), "console.log('borrower app');");
    }

    async fn a_missing_asset_is_a_404_not_a_page(app) {
        let response = app.get("/app/assets/missing-000.js").await;
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 404);
    }

    async fn the_service_worker_is_served_as_javascript_and_revalidated(app) {
        let response = app.get("/sw.js").await;
        assert_eq!(response.status(), 200);
        assert!(response.headers()["content-type"].to_str().unwrap().contains("javascript"));
        assert_eq!(response.headers()["cache-control"], "no-cache");
    }

    async fn a_post_to_a_page_path_is_not_found(app) {
        let response = app.client.post(app.url("/testPreview")).send().await.unwrap();
        let response = crate::helpers::Checked::of(response).await;
        assert_eq!(response.status(), 404);
    }

    async fn logos_of_the_catalogue_are_served_as_images(app) {
        let response = app.get("/media/logos/bayanihan.svg").await;
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "image/svg+xml");
        assert_eq!(crate::helpers::Checked::of(app.get("/media/logos/unknown.svg").await).await.status(), 404);
        assert_eq!(crate::helpers::Checked::of(app.get("/media/logos/..%2F..%2FCargo.toml").await).await.status(), 404);
    }
}
