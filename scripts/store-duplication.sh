#!/usr/bin/env bash
# How much storage code is written twice. Prints the SQL statements of the
# store's code (string literals that start with a statement keyword) whose
# text appears in both backends, the migration files that read the same in
# both dialects, and the store's lines of Rust against the 8,101 of the two
# hand-written store crates it replaced (server/store-sqlite and
# server/store-postgres at d0c1714).
#
# Exits 1 when a statement is written twice, so `make lint` keeps it at 0.
set -euo pipefail
cd "$(dirname "$0")/../server/store"

python3 - <<'PY'
import pathlib, re, sys

BASELINE_LINES = 8101
KEYWORD = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|BEGIN|COMMIT|ROLLBACK|PRAGMA)\b")
LITERAL = re.compile(r'r#"(.*?)"#|"((?:[^"\\]|\\.)*)"', re.S)

def statements(path):
    """SQL string literals of a Rust file outside its tests, whitespace and placeholders normalised."""
    found = []
    for match in LITERAL.finditer(path.read_text().split("#[cfg(test)]")[0]):
        text = match.group(1) if match.group(1) is not None else match.group(2)
        text = re.sub(r"\\\n\s*", "", text)
        if KEYWORD.match(text):
            text = re.sub(r"[$?](\d+)", r"$\1", re.sub(r"\s+", " ", text).strip())
            found.append(text)
    return found

src = pathlib.Path("src")
backends = {name: statements(src / f"{name}.rs") for name in ("sqlite", "postgres")}
shared = [s for path in sorted(src.glob("*.rs")) if path.stem not in backends for s in statements(path)]
twice = sorted(set(backends["sqlite"]) & set(backends["postgres"]))

migrations = pathlib.Path("migrations")
same_files = [p.name for p in sorted((migrations / "sqlite").glob("*.sql"))
              if (migrations / "postgres" / p.name).exists()
              and (migrations / "postgres" / p.name).read_text() == p.read_text()]
shared_files = len(list((migrations / "shared").glob("*.sql")))

lines = sum(len(path.read_text().splitlines()) for path in src.glob("*.rs"))

print(f"SQL statements written once, for both backends:      {len(shared)}")
print(f"SQL statements of one backend only (sqlite/postgres): {len(backends['sqlite'])}/{len(backends['postgres'])}")
print(f"SQL statements whose text appears in both backends:  {len(twice)}")
for text in twice:
    print(f"  {text[:120]}")
print(f"migration files identical in both dialects:          {len(same_files)} ({shared_files} kept once in migrations/shared)")
for name in same_files:
    print(f"  {name}")
print(f"store code: {lines} lines of Rust, {100 * (BASELINE_LINES - lines) / BASELINE_LINES:.1f}% fewer than the {BASELINE_LINES} of the two store crates")
sys.exit(1 if twice or same_files else 0)
PY
