//! No circles of imports in the app and the domain (issue 30): a file that
//! imports another, directly or through others, is never imported back by
//! it. A circle means two parts that cannot be understood, tested or moved
//! one without the other; here it was always a value living beside the
//! code that uses the state (a cache type beside its functions, a report
//! beside its run).
//!
//! Each file is a module (`src/a/b.rs` and `src/a/b/mod.rs` are `a::b`).
//! Its imports are every path it names from its own crate: `use` trees,
//! paths in the code (`crate::…`, `super::…`, `self::…`) and paths through
//! its own child modules. A module's use of its own ancestors is not
//! counted: a parent's helpers are its children's own house (`super::…`),
//! while the parent's use of a child (routes, re-exports) is, so a circle
//! through a folder is still seen. Comments, strings and `#[cfg(test)]`
//! modules are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

fn crate_src(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Every module of the crate whose root is `src/lib.rs`, by its path.
fn modules_of(src: &Path) -> BTreeMap<Module, PathBuf> {
    let mut files = Vec::new();
    crate::architecture::rust_files(src, &mut files);
    let mut found = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under the crate's source folder");
        let mut module: Module = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
        let stem = module.pop().expect("a file name").trim_end_matches(".rs").to_owned();
        match stem.as_str() {
            "mod" | "lib" => {}
            // The binary is its own crate, naming this one as `hiram`.
            "main" if module.is_empty() => continue,
            _ => module.push(stem),
        }
        found.insert(module, file);
    }
    found
}

/// The source with comments, string and character literals blanked, and
/// without its test modules (by convention at the end, after
/// `#[cfg(test)]`).
fn code_of(source: &str) -> String {
    let source = source.find("#[cfg(test)]").map_or(source, |at| &source[..at]);
    let bytes = source.as_bytes();
    let mut code = String::with_capacity(source.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &source[at..];
        if rest.starts_with("//") {
            let end = rest.find('\n').unwrap_or(rest.len());
            at += end;
        } else if rest.starts_with("/*") {
            let end = rest.find("*/").map_or(rest.len(), |end| end + 2);
            at += end;
            code.push(' ');
        } else if let Some(hashes) = raw_string_start(rest) {
            let closing = format!("\"{}", "#".repeat(hashes));
            let body = 2 + hashes;
            let end = rest[body..].find(&closing).map_or(rest.len(), |end| body + end + closing.len());
            at += end;
            code.push_str("\"\"");
        } else if rest.starts_with('"') {
            let mut end = 1;
            while end < rest.len() && rest.as_bytes()[end] != b'"' {
                end += if rest.as_bytes()[end] == b'\\' { 2 } else { 1 };
            }
            at += (end + 1).min(rest.len());
            code.push_str("\"\"");
        } else if let Some(length) = char_literal(rest) {
            at += length;
            code.push_str("' '");
        } else {
            let c = rest.chars().next().unwrap();
            code.push(c);
            at += c.len_utf8();
        }
    }
    code
}

/// `r"`, `r#"`, … : how many `#` the raw string uses.
fn raw_string_start(rest: &str) -> Option<usize> {
    let after = rest.strip_prefix('r').or_else(|| rest.strip_prefix("br"))?;
    let hashes = after.chars().take_while(|&c| c == '#').count();
    after[hashes..].starts_with('"').then_some(hashes + usize::from(rest.starts_with("br")))
}

/// A character literal (`'a'`, `'\n'`, `'"'`), not a lifetime.
fn char_literal(rest: &str) -> Option<usize> {
    let mut chars = rest.char_indices();
    if chars.next()?.1 != '\'' {
        return None;
    }
    let (_, first) = chars.next()?;
    if first == '\\' {
        let close = rest[2..].find('\'')?;
        return Some(2 + close + 1);
    }
    let (at, second) = chars.next()?;
    (second == '\'').then_some(at + 1)
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a `use` tree names, each as its segments.
fn expand_use(tree: &str, prefix: &Module, out: &mut Vec<Module>) {
    let tree = tree.trim();
    if let Some(group) = tree.strip_prefix('{') {
        let group = group.strip_suffix('}').unwrap_or(group);
        let mut depth = 0;
        let mut start = 0;
        for (at, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_use(&group[start..at], prefix, out);
                    start = at + 1;
                }
                _ => {}
            }
        }
        expand_use(&group[start..], prefix, out);
        return;
    }
    let mut path = prefix.clone();
    let mut rest = tree;
    loop {
        let name: String = rest.chars().take_while(|&c| is_ident(c)).collect();
        rest = &rest[name.len()..];
        if !name.is_empty() && name != "self" {
            path.push(name);
        }
        match rest.trim_start().strip_prefix("::") {
            Some(after) if after.trim_start().starts_with('{') => return expand_use(after, &path, out),
            Some(after) => rest = after.trim_start(),
            None => break,
        }
    }
    if !path.is_empty() {
        out.push(path);
    }
}

/// Every path of this crate the code names, as written (`crate::a::b`,
/// `super::x`, `child::y`).
fn paths_named(code: &str, children: &BTreeSet<String>) -> Vec<Module> {
    let ours = |path: &Module| {
        path.len() > 1 && (matches!(path[0].as_str(), "crate" | "super" | "self") || children.contains(&path[0]))
    };
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let boundary = rest[..at].chars().next_back().is_none_or(|c| !is_ident(c));
        let tail = &rest[at + 4..];
        if boundary && let Some(end) = tail.find(';') {
            expand_use(&tail[..end], &Vec::new(), &mut paths);
            rest = &tail[end..];
        } else {
            rest = tail;
        }
    }
    let chars: Vec<(usize, char)> = code.char_indices().collect();
    let mut index = 0;
    while index < chars.len() {
        let (at, c) = chars[index];
        let starts_word = is_ident(c) && (index == 0 || !is_ident(chars[index - 1].1));
        let after_path = index >= 2 && chars[index - 1].1 == ':' && chars[index - 2].1 == ':';
        if !starts_word || after_path {
            index += 1;
            continue;
        }
        let mut path = Vec::new();
        let mut end = at;
        loop {
            let name: String = code[end..].chars().take_while(|&c| is_ident(c)).collect();
            if name.is_empty() {
                break;
            }
            end += name.len();
            path.push(name);
            match code[end..].strip_prefix("::") {
                Some(_) => end += 2,
                None => break,
            }
        }
        paths.push(path);
        index = chars.partition_point(|(position, _)| *position < end.max(at + 1));
    }
    let ours: BTreeSet<Module> = paths.into_iter().filter(ours).collect();
    ours.into_iter().collect()
}

/// A path as written in `module`, from the crate root.
fn absolute(module: &Module, path: &Module) -> Module {
    let mut resolved = module.clone();
    let mut segments = path.iter().peekable();
    match segments.peek().map(|segment| segment.as_str()) {
        Some("crate") => {
            resolved.clear();
            segments.next();
        }
        Some("self") => {
            segments.next();
        }
        _ => {}
    }
    while segments.peek().is_some_and(|segment| segment.as_str() == "super") {
        resolved.pop();
        segments.next();
    }
    resolved.extend(segments.cloned());
    resolved
}

/// The files of the crate each file imports, but for its own ancestors.
fn import_graph(src: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules_of(src);
    let mut graph = BTreeMap::new();
    for (module, file) in &modules {
        let code = code_of(&std::fs::read_to_string(file).expect("a readable source file"));
        let children: BTreeSet<String> = modules
            .keys()
            .filter(|other| other.len() == module.len() + 1 && other.starts_with(module))
            .map(|child| child[module.len()].clone())
            .collect();
        let mut imports = BTreeSet::new();
        for path in paths_named(&code, &children) {
            let path = absolute(module, &path);
            let Some(target) = (1..=path.len())
                .rev()
                .map(|length| path[..length].to_vec())
                .find(|prefix| modules.contains_key(prefix))
            else {
                continue;
            };
            if !module.starts_with(&target) {
                imports.insert(target);
            }
        }
        graph.insert(module.clone(), imports);
    }
    graph
}

/// The circles of a graph: its strongly connected parts of more than one
/// module (Tarjan's algorithm), each sorted.
fn circles(graph: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Search<'a> {
        graph: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<&'a Module, usize>,
        low: BTreeMap<&'a Module, usize>,
        stack: Vec<&'a Module>,
        on_stack: BTreeSet<&'a Module>,
        found: Vec<Vec<Module>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, module: &'a Module) {
            let next = self.index.len();
            self.index.insert(module, next);
            self.low.insert(module, next);
            self.stack.push(module);
            self.on_stack.insert(module);
            for target in self.graph.get(module).into_iter().flatten() {
                if !self.index.contains_key(target) {
                    self.visit(target);
                    let low = self.low[module].min(self.low[target]);
                    self.low.insert(module, low);
                } else if self.on_stack.contains(target) {
                    let low = self.low[module].min(self.index[target]);
                    self.low.insert(module, low);
                }
            }
            if self.low[module] == self.index[module] {
                let mut part = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack.remove(member);
                    part.push(member.clone());
                    if member == module {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut search = Search {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for module in graph.keys() {
        if !search.index.contains_key(module) {
            search.visit(module);
        }
    }
    search.found
}

fn described(graph: &BTreeMap<Module, BTreeSet<Module>>, found: &[Vec<Module>]) -> String {
    let name = |module: &Module| if module.is_empty() { "crate".to_owned() } else { module.join("::") };
    found
        .iter()
        .map(|circle| {
            let members: BTreeSet<&Module> = circle.iter().collect();
            let ties: Vec<String> = circle
                .iter()
                .flat_map(|from| {
                    graph[from]
                        .iter()
                        .filter(|to| members.contains(to))
                        .map(move |to| format!("  {} -> {}", name(from), name(to)))
                })
                .collect();
            format!("circle of {}:\n{}", circle.len(), ties.join("\n"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn neither_the_app_nor_the_domain_imports_in_a_circle() {
    for src in ["src", "../domain/src"] {
        let graph = import_graph(&crate_src(src));
        assert!(graph.len() > 10, "{src}: the scan found the crate's files");
        let found = circles(&graph);
        assert!(
            found.is_empty(),
            "{src} imports in circles (move the value both sides need where neither imports the other):\n{}",
            described(&graph, &found)
        );
    }
}

#[test]
fn the_scan_sees_every_way_of_naming_a_module_and_finds_a_circle() {
    let children = BTreeSet::from(["child".to_owned()]);
    let named = |code: &str| paths_named(&code_of(code), &children);
    let path = |text: &str| text.split("::").map(str::to_owned).collect::<Module>();
    assert_eq!(named("use crate::state::AppState;"), [path("crate::state::AppState")]);
    assert_eq!(
        named("use crate::{metrics::Metrics, services::{daily, loans::account}};"),
        [path("crate::metrics::Metrics"), path("crate::services::daily"), path("crate::services::loans::account")]
    );
    assert_eq!(named("let x = crate::company::details(&state);"), [path("crate::company::details")]);
    assert_eq!(named("fn f() { super::refused(x) }"), [path("super::refused")]);
    assert_eq!(named("routes!(child::list)"), [path("child::list")]);
    assert!(
        named("// crate::state::AppState\nlet s = \"crate::x::y\";").is_empty(),
        "comments and strings are no imports"
    );
    assert!(
        named("hiram_domain::order::Order; other::thing()").is_empty(),
        "other crates and unknown names are not this crate's"
    );
    assert!(
        named("fn f() {}\n#[cfg(test)]\nmod tests { use crate::state::AppState; }").is_empty(),
        "tests are not read"
    );
    assert_eq!(absolute(&path("services::daily"), &path("super::loans::account")), path("services::loans::account"));
    assert_eq!(absolute(&path("a::b"), &path("crate::c")), path("c"));

    let graph = BTreeMap::from([
        (path("state"), BTreeSet::from([path("metrics")])),
        (path("metrics"), BTreeSet::from([path("services::daily")])),
        (path("services::daily"), BTreeSet::from([path("state")])),
        (path("clock"), BTreeSet::new()),
    ]);
    assert_eq!(circles(&graph), [vec![path("metrics"), path("services::daily"), path("state")]]);
}
