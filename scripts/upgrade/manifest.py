"""What a database holds, to compare before and after an upgrade
(scripts/upgrade-test.sh): each table's row count, and the ledger's and
the journals' sums per account and side. One line each, sorted.

    python3 scripts/upgrade/manifest.py sqlite://FILE | postgres://...
"""
import sqlite3
import subprocess
import sys

url = sys.argv[1]


def rows(sql):
    if url.startswith("sqlite://"):
        return [tuple(str(value) for value in row) for row in sqlite3.connect(url[len("sqlite://"):]).execute(sql)]
    out = subprocess.run(["psql", url, "-qAtF", "\t", "-c", sql], check=True, capture_output=True, text=True).stdout
    return [tuple(line.split("\t")) for line in out.splitlines() if line]


if url.startswith("sqlite://"):
    tables = [name for (name,) in rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
else:
    tables = [name for (name,) in rows("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]
lines = [f"table {table} {rows(f'SELECT COUNT(*) FROM {table}')[0][0]}" for table in tables]
lines += [f"ledger {a} {s} {n}" for a, s, n in rows("SELECT account, side, SUM(amount) FROM ledger_line GROUP BY account, side")]
lines += [f"journal {c} {s} {n}" for c, s, n in rows("SELECT code, side, SUM(amount) FROM gl_journal_line GROUP BY code, side")]
print("\n".join(sorted(lines)))
