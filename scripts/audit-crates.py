#!/usr/bin/env python3
"""The dependency audit of `make lint`: the registry crates locked in Cargo.lock
against a snapshot of the RustSec advisory database, offline, with the Python
standard library only (decision 084).

    scripts/audit-crates.py [Cargo.lock]           check (what make lint runs)
    scripts/audit-crates.py --strict [Cargo.lock]  informational advisories fail too
    scripts/audit-crates.py --db DIR|FILE [...]    check against that snapshot only
    scripts/audit-crates.py --refresh [DIR|URL]    rewrite scripts/advisories.json from an
                                                   advisory-db checkout, or clone one
                                                   (default https://github.com/rustsec/advisory-db)

Which snapshot: the one the repository carries (scripts/advisories.json,
written by --refresh with the commit and date of its source) or, when one is
beside the project (../shared/advisory-db, with its SNAPSHOT.txt or .git) and
is newer, that one; the run says which it took, its commit and date, and its
age. With none readable it prints "dependency audit SKIPPED" and exits 0.

A locked version is affected by an advisory unless it matches one of the
advisory's `patched` or `unaffected` requirements; withdrawn advisories are
left out. Affected by a vulnerability: a line naming the crate, version,
advisory, title and the fixed versions, and exit 1. Affected by an
informational advisory (unmaintained, unsound, notice): a warning line, and
exit 0 unless --strict. The advisories' [affected] functions, os and arch
do not narrow anything: a vulnerability in one function of a crate fails the
run like one in all of it.
"""
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CARRIED = os.path.join(HERE, "advisories.json")
BESIDE = os.path.normpath(os.path.join(ROOT, "..", "shared", "advisory-db"))
UPSTREAM = "https://github.com/rustsec/advisory-db"
FORMAT = 1


# --- versions and requirements (Cargo's semver) ---------------------------

def parse_version(text):
    """(major, minor, patch, pre) with minor/patch None when left out; build metadata dropped."""
    text = text.strip().split("+", 1)[0]
    m = re.fullmatch(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?", text)
    if not m:
        raise ValueError(f"not a version: {text!r}")
    major, minor, patch, pre = m.groups()
    return (int(major), None if minor is None else int(minor),
            None if patch is None else int(patch), tuple(pre.split(".")) if pre else ())


def precedence(v):
    """A sort key in semver precedence: a pre-release sorts before its release."""
    major, minor, patch, pre = v
    ids = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in pre)
    return (major, minor or 0, patch or 0, 0 if pre else 1, ids)


def matches_one(version, comparator):
    m = re.fullmatch(r"\s*(>=|<=|>|<|=|\^|~)?\s*(\S+)\s*", comparator)
    if not m:
        raise ValueError(f"not a requirement: {comparator!r}")
    op, bound = m.group(1) or "^", parse_version(m.group(2))
    v, b = precedence(version), precedence(bound)
    if op == ">=":
        return v >= b
    if op == ">":
        return v > b
    if op == "<=":
        return v <= b
    if op == "<":
        return v < b
    major, minor, patch, _ = bound
    if op == "=" and minor is not None and patch is not None:
        return v == b
    if op == "=":
        upper = (major + 1, 0, 0, ()) if minor is None else (major, minor + 1, 0, ())
    elif op == "~":
        upper = (major + 1, 0, 0, ()) if minor is None else (major, minor + 1, 0, ())
    elif major > 0 or minor is None:          # caret
        upper = (major + 1, 0, 0, ())
    elif minor > 0 or patch is None:
        upper = (0, minor + 1, 0, ())
    else:
        upper = (0, 0, patch + 1, ())
    # An upper bound excludes its own pre-releases (1.0.0-rc.1 is not in ^0.9).
    return v >= b and v < precedence(upper)[:3] + (0, ())


def matches(version, requirement):
    return all(matches_one(version, part) for part in requirement.split(","))


# --- snapshots ---------------------------------------------------------------

def read_advisory_file(path):
    """The fields the audit needs from one RUSTSEC-*.md (its ```toml front matter)."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"```toml\n(.*?)\n```", text, re.S)
    if not m:
        return None
    meta = tomllib.loads(m.group(1))
    advisory, versions = meta.get("advisory", {}), meta.get("versions", {})
    rest = text[m.end():].strip().splitlines()
    title = rest[0].lstrip("#").strip() if rest else ""
    return {
        "id": advisory["id"],
        "package": advisory["package"],
        "withdrawn": bool(advisory.get("withdrawn")),
        "kind": advisory.get("informational") or "vulnerability",
        "title": title,
        "patched": list(versions.get("patched", [])),
        "unaffected": list(versions.get("unaffected", [])),
    }


def checkout_origin(db):
    """(commit, date) of an advisory-db folder: from git, else from its SNAPSHOT.txt."""
    if os.path.exists(os.path.join(db, ".git")):
        try:
            out = subprocess.run(["git", "-C", db, "log", "-1", "--format=%H %cs"],
                                 capture_output=True, text=True, check=True, timeout=30).stdout.split()
            return out[0], out[1]
        except (OSError, subprocess.SubprocessError, IndexError):
            pass
    try:
        with open(os.path.join(db, "SNAPSHOT.txt"), encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None, None
    commit = re.search(r"\b([0-9a-f]{40})\b", text)
    date = re.search(r"\b(\d{4}-\d{2}-\d{2})\b", text)
    return (commit.group(1) if commit else None), (date.group(1) if date else None)


def load_checkout(db):
    """A snapshot read from an advisory-db folder, or None when it has no crates/."""
    crates = os.path.join(db, "crates")
    if not os.path.isdir(crates):
        return None
    advisories = []
    for name in sorted(os.listdir(crates)):
        folder = os.path.join(crates, name)
        if not os.path.isdir(folder):
            continue
        for file in sorted(os.listdir(folder)):
            if file.startswith("RUSTSEC-") and file.endswith(".md"):
                a = read_advisory_file(os.path.join(folder, file))
                if a:
                    advisories.append(a)
    commit, date = checkout_origin(db)
    where = os.path.relpath(db, ROOT) if os.path.abspath(db) == BESIDE else db
    return {"where": where, "commit": commit, "date": date, "advisories": advisories}


def load_carried(path):
    """The snapshot in scripts/advisories.json, or None when it is missing or unreadable."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        if data.get("format") != FORMAT:
            print(f"audit-crates: {path} is of format {data.get('format')}, not {FORMAT}; not used",
                  file=sys.stderr)
            return None
        advisories = []
        for package, rows in data["advisories"].items():
            for id_, kind, title, patched, unaffected in rows:
                advisories.append({"id": id_, "package": package, "withdrawn": False, "kind": kind,
                                   "title": title, "patched": patched, "unaffected": unaffected})
        return {"where": os.path.relpath(path, ROOT), "commit": data.get("commit"), "date": data.get("date"),
                "advisories": advisories}
    except (OSError, ValueError, KeyError, TypeError) as e:
        if os.path.exists(path):
            print(f"audit-crates: {path} unreadable ({e}); not used", file=sys.stderr)
        return None


def load_any(path):
    return load_carried(path) if os.path.isfile(path) else load_checkout(path)


def describe(snapshot, today):
    commit = (snapshot["commit"] or "unknown")[:12]
    if snapshot["date"]:
        age = (today - datetime.date.fromisoformat(snapshot["date"])).days
        return f"{snapshot['where']} (advisory-db commit {commit} of {snapshot['date']}, {age} days old)"
    return f"{snapshot['where']} (advisory-db commit {commit}, date unknown)"


def choose(today):
    """The carried snapshot, or the one beside the project when it is newer; with the reason."""
    carried, beside = load_carried(CARRIED), load_checkout(BESIDE)
    if carried and beside:
        if beside["commit"] and beside["commit"] == carried["commit"]:
            return carried, "carried; the one beside the project is the same commit"
        if (beside["date"] or "") > (carried["date"] or ""):
            return beside, f"beside the project, newer than the carried one of {carried['date']}"
        return carried, f"carried; the one beside the project ({beside['date'] or 'date unknown'}) is not newer"
    if carried:
        return carried, "carried; none beside the project"
    if beside:
        return beside, "beside the project; the carried scripts/advisories.json is missing"
    return None, None


# --- the check -----------------------------------------------------------------

def audit(lock_path, snapshot, strict):
    with open(lock_path, "rb") as f:
        packages = tomllib.load(f).get("package", [])
    by_crate = {}
    for a in snapshot["advisories"]:
        if not a["withdrawn"]:
            by_crate.setdefault(a["package"], []).append(a)
    failing, warnings, checked = [], [], 0
    for package in packages:
        if not package.get("source", "").startswith("registry+"):
            continue
        checked += 1
        version = parse_version(package["version"])
        for a in by_crate.get(package["name"], []):
            if any(matches(version, r) for r in a["patched"] + a["unaffected"]):
                continue
            fixed = " or ".join(a["patched"]) or "no fixed version"
            row = f"{package['name']} {package['version']}: {a['id']} ({a['kind']}) {a['title']}; fixed in: {fixed}"
            (warnings if a["kind"] != "vulnerability" else failing).append(row)
    for row in failing:
        print(f"VULNERABLE {row}")
    for row in warnings:
        print(f"warning    {row}")
    fails = bool(failing) or (strict and bool(warnings))
    print(f"audit-crates: {checked} registry crates of {lock_path}: {len(failing)} vulnerable, "
          f"{len(warnings)} informational ({'failing' if strict else 'warnings only'})"
          + (" -- FAILED" if fails else ""))
    return 1 if fails else 0


# --- refresh -----------------------------------------------------------------------

def refresh(source, out=CARRIED):
    with tempfile.TemporaryDirectory() as tmp:
        if re.match(r"^(https?|git|ssh|file)://|^git@", source):
            db = os.path.join(tmp, "advisory-db")
            print(f"audit-crates: cloning {source}", file=sys.stderr)
            try:
                subprocess.run(["git", "clone", "--quiet", "--depth", "1", source, db],
                               check=True, timeout=300)
            except (OSError, subprocess.SubprocessError) as e:
                print(f"audit-crates: cannot clone {source} ({e}); {out} left as it was", file=sys.stderr)
                return 1
            where = source
        else:
            db, where = source, source
        snapshot = load_checkout(db)
        if snapshot is None:
            print(f"audit-crates: no advisory-db at {db} (no crates/ folder)", file=sys.stderr)
            return 1
        if not snapshot["commit"] or not snapshot["date"]:
            print(f"audit-crates: {db} names no commit and date (neither .git nor SNAPSHOT.txt)", file=sys.stderr)
            return 1
    advisories, withdrawn = {}, 0
    for a in sorted(snapshot["advisories"], key=lambda a: (a["package"], a["id"])):
        if a["withdrawn"]:
            withdrawn += 1
            continue
        advisories.setdefault(a["package"], []).append(
            [a["id"], a["kind"], a["title"], a["patched"], a["unaffected"]])
    count = sum(len(rows) for rows in advisories.values())
    # One crate a line: small, and a refresh's diff reads crate by crate.
    lines = [
        "{",
        f'"format": {FORMAT},',
        '"what": "RustSec advisories for crates (id, kind, title, patched, unaffected), withdrawn ones left out; '
        'written by scripts/audit-crates.py --refresh, read by scripts/audit-crates.py",',
        f'"source": {json.dumps(where)},',
        f'"commit": {json.dumps(snapshot["commit"])},',
        f'"date": {json.dumps(snapshot["date"])},',
        f'"count": {count},',
        '"advisories": {',
        ",\n".join(f"{json.dumps(p)}: {json.dumps(rows, ensure_ascii=False, separators=(',', ':'))}"
                   for p, rows in advisories.items()),
        "}",
        "}",
    ]
    with open(out + ".new", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(out + ".new", out)
    print(f"audit-crates: wrote {os.path.relpath(out, ROOT)}: {count} advisories of {len(advisories)} crates "
          f"({withdrawn} withdrawn left out), advisory-db commit {snapshot['commit']} of {snapshot['date']}, "
          f"{os.path.getsize(out)} bytes")
    return 0


def main(argv):
    args = list(argv)
    if "-h" in args or "--help" in args:
        print(__doc__)
        return 0
    if "--refresh" in args:
        i = args.index("--refresh")
        source = args[i + 1] if i + 1 < len(args) else UPSTREAM
        return refresh(source)
    strict = "--strict" in args
    args = [a for a in args if a != "--strict"]
    db = None
    if "--db" in args:
        i = args.index("--db")
        db = args[i + 1]
        del args[i:i + 2]
    lock_path = args[0] if args else "Cargo.lock"
    today = datetime.date.today()
    if db:
        snapshot, reason = load_any(db), "given with --db"
        if snapshot is None:
            # Asked for by name: a snapshot that cannot be read is a fault, not a skip.
            print(f"dependency audit FAILED: no advisory snapshot readable at {db}", file=sys.stderr)
            return 1
    else:
        snapshot, reason = choose(today)
        if snapshot is None and os.path.exists(CARRIED):
            # The repository carries one: unreadable, it is broken, and the audit must not stop in silence.
            print(f"dependency audit FAILED: {os.path.relpath(CARRIED, ROOT)} is there but cannot be read; "
                  f"write it again with `make advisories`", file=sys.stderr)
            return 1
        if snapshot is None:
            print(f"dependency audit SKIPPED: no advisory snapshot: {os.path.relpath(CARRIED, ROOT)} is missing or unreadable "
                  f"and there is no advisory-db at {BESIDE}; write one with `make advisories`")
            return 0
    print(f"audit-crates: advisories from {describe(snapshot, today)}: {reason}")
    return audit(lock_path, snapshot, strict)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
