//! The served API document, and the copy the web generates its types from.

use hiram::features::legacy::ALIASES;
use serde_json::Value;
use std::collections::BTreeSet;

crate::on_both_stores! {
    async fn the_api_document_is_served_and_names_the_borrower_calls(app) {
        let response = app.get("/openapi.json").await;
        assert_eq!(response.status(), 200);
        let document: Value = response.json().await.unwrap();
        assert!(document["paths"]["/pany/v3/loan-details/loan-details"]["post"].is_object());
        assert!(document["components"]["schemas"]["LoanDetails"].is_object());
    }

    // A method a documented path does not serve answers 405, and its
    // `Allow` header names exactly the methods the path does serve (HEAD
    // with GET), so a client learns what to send instead.
    async fn every_documented_path_refuses_the_methods_it_does_not_serve_with_a_true_allow_header(app) {
        let mut served_by_path: std::collections::BTreeMap<String, BTreeSet<String>> = Default::default();
        for (path, method) in documented_routes() {
            served_by_path.entry(path).or_default().insert(method.to_uppercase());
        }
        let mut refusals = 0;
        for (path, served) in &served_by_path {
            let mut allowed = served.clone();
            if allowed.contains("GET") {
                allowed.insert("HEAD".to_owned());
            }
            // A path parameter takes any value: the method is refused first.
            let concrete = path.replace("{code}", "PC1").replace("{name}", "x.png");
            for method in ["GET", "POST", "PUT", "DELETE", "PATCH"] {
                if served.contains(method) {
                    continue;
                }
                let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
                let response = app.client.request(method.clone(), app.url(&concrete)).send().await.unwrap();
                assert_eq!(response.status(), 405, "{method} {path}");
                let header = response.headers().get("allow").map(|value| value.to_str().unwrap().to_owned());
                let named: BTreeSet<String> = header
                    .unwrap_or_default()
                    .split(',')
                    .map(|name| name.trim().to_owned())
                    .filter(|name| !name.is_empty())
                    .collect();
                assert_eq!(named, allowed, "the Allow header of {method} {path}");
                refusals += 1;
            }
        }
        assert!(refusals > 400, "only {refusals} refused methods were tried");
    }
}

/// The web's TypeScript API types are generated from the committed copy;
/// when the server's document changes, this fails until `make api-types`
/// refreshes it.
#[test]
fn the_web_copy_of_the_api_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/shared/src/api/openapi.json");
    let committed: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("the web copy exists")).unwrap();
    let current = serde_json::to_value(hiram::openapi::document()).unwrap();
    assert!(committed == current, "web/shared/src/api/openapi.json is stale: run `make api-types`");
}

/// Every route the API serves, as (path, method), read from the router
/// itself. axum has no public listing of its routes, but its `Debug` output
/// names each route's id with the methods it allows, and each id with its
/// path. Should a new axum print them otherwise, this finds no routes and
/// the test below fails rather than passing unchecked.
fn served_routes() -> BTreeSet<(String, String)> {
    let router: axum::Router<hiram::state::AppState> = hiram::features::api().into();
    let text = format!("{router:?}");
    // Only the routes proper: the fallback router after them answers the
    // envelope's 404 for every unknown path.
    let routes = text.split(", fallback_router:").next().unwrap_or_default();
    let mut methods = std::collections::BTreeMap::new();
    let mut paths = std::collections::BTreeMap::new();
    for entry in routes.split("RouteId(").skip(1) {
        let Some((id, rest)) = entry.split_once("): ") else { continue };
        if let Some(path) = rest.strip_prefix('"') {
            paths.insert(id.to_owned(), path[..path.find('"').unwrap_or(0)].to_owned());
        } else if let Some(allowed) = rest.split("allow_header: Bytes(b\"").nth(1) {
            methods.insert(id.to_owned(), allowed[..allowed.find('"').unwrap_or(0)].to_owned());
        }
    }
    let mut served = BTreeSet::new();
    for (id, path) in paths {
        for method in methods.get(&id).map(String::as_str).unwrap_or_default().split(',') {
            // axum answers HEAD wherever it answers GET.
            if !method.is_empty() && method != "HEAD" {
                served.insert((path.clone(), method.to_lowercase()));
            }
        }
    }
    served
}

fn documented_routes() -> BTreeSet<(String, String)> {
    let document = serde_json::to_value(hiram::openapi::document()).unwrap();
    let mut documented = BTreeSet::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("a path item").keys() {
            documented.insert((path.clone(), method.clone()));
        }
    }
    documented
}

/// Routes are declared once, with their handler's `#[utoipa::path]`
/// (`routes!`), so the document lists what is served. What it leaves out is
/// listed on purpose: the aliases of `legacy::ALIASES`, the staff API's
/// second mount at `/api/console` (listed at `/api/staff`) and the
/// promotion calls' second mount at `/api` (listed at `/pany/api`).
#[test]
fn every_route_the_api_serves_is_in_the_document_unless_listed_as_an_alias() {
    let served = served_routes();
    let documented = documented_routes();
    assert!(served.len() > 100, "the router's routes could not be read: {} found", served.len());
    let aliases: BTreeSet<String> = ALIASES.iter().map(|alias| format!("/pany{}", alias.path)).collect();
    let second_mount = |path: &str, method: &str| {
        let first = if let Some(rest) = path.strip_prefix("/api/console/") {
            format!("/api/staff/{rest}")
        } else if let Some(rest) = path.strip_prefix("/api/v2/") {
            format!("/pany/api/v2/{rest}")
        } else {
            return false;
        };
        documented.contains(&(first, method.to_owned()))
    };
    let missing: Vec<String> = served
        .iter()
        .filter(|(path, method)| {
            !documented.contains(&(path.clone(), method.clone()))
                && !aliases.contains(path)
                && !second_mount(path, method)
        })
        .map(|(path, method)| format!("{method} {path}"))
        .collect();
    assert!(
        missing.is_empty(),
        "served but not in the OpenAPI document (declare them with routes!):\n{}",
        missing.join("\n")
    );
    let unserved: Vec<String> = documented
        .iter()
        .filter(|route| !served.contains(*route))
        .map(|(path, method)| format!("{method} {path}"))
        .collect();
    assert!(unserved.is_empty(), "documented but not served:\n{}", unserved.join("\n"));
}

#[test]
fn every_alias_stands_for_a_documented_path_and_is_not_documented_itself() {
    let documented: BTreeSet<String> = documented_routes().into_iter().map(|(path, _)| path).collect();
    for alias in ALIASES {
        assert!(!documented.contains(&format!("/pany{}", alias.path)), "{} is documented", alias.path);
        assert!(documented.contains(&format!("/pany{}", alias.same_as)), "{} is not documented", alias.same_as);
    }
}

/// The web types a call at an alias by its documented twin, from its own
/// list (`web/shared/src/api/aliases.ts`, one pair a line); each pair must be
/// one of the server's aliases, or a call would be typed by another handler.
#[test]
fn every_alias_the_web_calls_is_an_alias_of_the_twin_it_names() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/shared/src/api/aliases.ts");
    let text = std::fs::read_to_string(path).expect("the web's list of aliases exists");
    let pairs: Vec<(&str, &str)> = text
        .lines()
        .filter_map(|line| {
            let (alias, twin) = line.trim().strip_prefix("'/pany")?.split_once("': '/pany")?;
            Some((alias, twin.strip_suffix("';")?))
        })
        .collect();
    assert!(!pairs.is_empty(), "no alias read from {path}: is it still written one pair a line?");
    for (alias, twin) in pairs {
        assert!(
            ALIASES.iter().any(|known| known.path == alias && known.same_as == twin),
            "the web calls /pany{alias} as /pany{twin}, which legacy::ALIASES does not say"
        );
    }
}

/// The names of the types that derive `ToSchema` in the server's source,
/// each with the file it is in. The document keys its schemas by the
/// type's bare name, so a second type of one name silently replaces the
/// first in it (and in the web's generated types).
fn schema_types() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    crate::architecture::rust_files(&root, &mut files);
    let mut found = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        let mut deriving = false;
        for line in source.lines().map(str::trim) {
            if line.starts_with("#[derive(") && line.contains("ToSchema") {
                deriving = true;
            } else if deriving && !line.starts_with("#[") && !line.starts_with("///") {
                let declared = line.strip_prefix("pub struct ").or_else(|| line.strip_prefix("pub enum "));
                if let Some(rest) = declared {
                    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    found.push((name, file.strip_prefix(&root).unwrap().display().to_string()));
                }
                deriving = false;
            }
        }
    }
    found
}

#[test]
fn no_two_documented_types_share_a_name() {
    let types = schema_types();
    assert!(
        types.iter().any(|(name, file)| name == "PortfolioShareView" && file.ends_with("general_ledger.rs")),
        "the scan finds the types: {types:?}"
    );
    let mut seen = std::collections::BTreeMap::new();
    let mut twice = Vec::new();
    for (name, file) in &types {
        if let Some(first) = seen.insert(name.clone(), file.clone()) {
            twice.push(format!("{name} in {first} and {file}"));
        }
    }
    assert!(twice.is_empty(), "one schema name, one type: {twice:?}");
}
