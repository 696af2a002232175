//! The shape of the server's source, checked like behaviour: features do
//! not import each other. What several features share lives in app-level
//! modules (`services/`, `views.rs`, `extract.rs` ...); the one exception is
//! the file of `legacy`'s aliases, second paths onto other features'
//! handlers (D6), and that folder holds nothing else.

use std::path::{Path, PathBuf};

/// The one file allowed to import other features: it only names handlers.
const ALIASES_FILE: &str = "legacy/mod.rs";

fn features_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/features")
}

/// Every `.rs` file under `dir`, in a stable order.
pub(crate) fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            found.push(path);
        }
    }
}

/// The module path of a file under `features/`, from the crate root:
/// `features/console/marketing/links.rs` is `features::console::marketing::links`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut module = vec!["features".to_owned()];
    let parts: Vec<String> = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
    for (index, part) in parts.iter().enumerate() {
        if index + 1 == parts.len() {
            let stem = part.trim_end_matches(".rs");
            if stem != "mod" {
                module.push(stem.to_owned());
            }
        } else {
            module.push(part.clone());
        }
    }
    module
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The names a path continues with after `prefix`: one name, or each name
/// of a `{a, b::c}` group.
fn names_after(rest: &str) -> Vec<String> {
    if let Some(group) = rest.strip_prefix('{') {
        let group = &group[..group.find('}').unwrap_or(group.len())];
        return group
            .split(',')
            .map(|item| item.trim().split("::").next().unwrap_or("").trim().to_owned())
            .filter(|name| !name.is_empty() && name != "self")
            .collect();
    }
    let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
    if name.is_empty() { Vec::new() } else { vec![name] }
}

/// Every feature a file's code names, whether as `crate::features::x`,
/// `features::x` after `use crate::features`, or `super::…::x` climbing up
/// to the features folder.
fn features_named(module: &[String], source: &str) -> Vec<String> {
    let mut named = Vec::new();
    for line in source.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        for (start, _) in code.match_indices("features::") {
            let preceded_by = code[..start].chars().next_back();
            let absolute = code[..start].ends_with("crate::");
            if absolute || !preceded_by.is_some_and(|c| is_ident(c) || c == ':') {
                named.extend(names_after(&code[start + "features::".len()..]));
            }
        }
        let mut rest = code;
        while let Some(start) = rest.find("super::") {
            let preceded_by = rest[..start].chars().next_back();
            let mut tail = &rest[start..];
            if preceded_by.is_some_and(|c| is_ident(c) || c == ':') {
                rest = &tail["super::".len()..];
                continue;
            }
            let mut depth = module.len();
            while let Some(after) = tail.strip_prefix("super::") {
                depth = depth.saturating_sub(1);
                tail = after;
            }
            if depth == 1 {
                named.extend(names_after(tail));
            }
            rest = tail;
        }
    }
    named
}

/// Every import of another feature, as `file: feature`.
fn cross_feature_imports() -> Vec<String> {
    let root = features_dir();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&root).expect("under the features folder");
        let module = module_of(relative);
        let Some(own) = module.get(1) else { continue };
        if relative == Path::new(ALIASES_FILE) {
            continue;
        }
        let source = std::fs::read_to_string(&file).expect("a readable source file");
        for other in features_named(&module, &source) {
            if &other != own {
                found.push(format!("{}: {other}", relative.display()));
            }
        }
    }
    found
}

#[test]
fn features_do_not_import_each_other() {
    let found = cross_feature_imports();
    assert!(
        found.is_empty(),
        "features import other features (move what they share to an app-level module such as services/):\n{}",
        found.join("\n")
    );
}

#[test]
fn legacy_holds_only_its_aliases() {
    let aliases = features_dir().join(ALIASES_FILE);
    let folder = aliases.parent().expect("the aliases' folder");
    let mut files = Vec::new();
    rust_files(folder, &mut files);
    assert_eq!(
        files,
        std::slice::from_ref(&aliases),
        "legacy holds only its aliases: move the rest into a feature of its own"
    );
    let source = std::fs::read_to_string(&aliases).expect("a readable source file");
    let code = source.lines().map(str::trim_start).filter(|line| !line.starts_with("//"));
    let calls_something: Vec<&str> = code.filter(|line| line.contains(".await") || line.contains("state.")).collect();
    assert!(
        calls_something.is_empty(),
        "legacy's aliases only name handlers; they do no work:\n{}",
        calls_something.join("\n")
    );
}

#[test]
fn the_scan_sees_every_way_of_naming_another_feature() {
    let file = |path: &str| module_of(Path::new(path));
    let named = |path: &str, source: &str| features_named(&file(path), source);
    assert_eq!(named("sandbox/mod.rs", "use crate::features::repayment::sign;"), ["repayment"]);
    assert_eq!(named("sandbox/mod.rs", "use crate::features::{repayment, uploads::serve};"), ["repayment", "uploads"]);
    assert_eq!(named("console/mod.rs", "let x = super::uploads::stored(&state);"), ["uploads"]);
    assert_eq!(named("console/borrowers.rs", "use super::super::uploads;"), ["uploads"]);
    assert_eq!(named("console/marketing/links.rs", "use super::super::super::calculator::RateView;"), ["calculator"]);
    assert_eq!(named("console/borrowers.rs", "use crate::features;\n  features::uploads::serve()"), ["uploads"]);
    // A feature's own modules, and names in comments, are not imports.
    assert!(named("console/marketing/links.rs", "use super::super::listing::Listing;").is_empty());
    assert!(named("console/orders.rs", "use super::listing::Listing;").is_empty());
    assert!(named("console/orders.rs", "// see crate::features::repayment").is_empty());
    assert_eq!(named("console/orders.rs", "use crate::features::console::listing;"), ["console"]);
}
