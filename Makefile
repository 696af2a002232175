# The verbs of the project. `make run` and `make test` are the two commands
# the README promises; each installs what it needs on a fresh Debian machine
# that has Rust and python3 (Node comes from `make node`: decision 084).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
PORT ?= 8080
export CARGO_TERM_COLOR ?= never
# Every recipe, and every script it calls, runs the Node and npm of
# .tools/node/ (the version .node-version pins; scripts/node.sh installs it).
export PATH := $(CURDIR)/.tools/node/bin:$(PATH)

.PHONY: run test node deps advisories callbacks-smoke restore-drill upgrade chromium zbar pdftotext postgres-programs promtool web lint test-rust test-web e2e fleet api-conformance api-conformance-full api-types bench bench-daily bench-ledger bench-lighthouse bench-fleet screenshots seed clean

## run: build everything and serve the product at http://127.0.0.1:$(PORT) on the embedded SQLite file
run: web
	cargo build --release -p hiram
	@# The demo collects through the sandbox (decision D8): its test page at
	@# /sandbox/pay pays pay codes with no money. It signs its callbacks with
	@# a random secret of the process unless you set APP_PAYMENTS__SANDBOX_SECRET.
	@# Months of demo loans and their books, once (decision 081).
	APP_LOG__FORMAT=text ./target/release/hiram demo-history
	APP_SERVER__PORT=$(PORT) APP_LOG__FORMAT=text \
	APP_PAYMENTS__COLLECTIONS=$${APP_PAYMENTS__COLLECTIONS:-sandbox} \
	./target/release/hiram serve

## test: every test and lint, Rust on SQLite and PostgreSQL, web units, browser end-to-end, the fleet, API conformance
test: deps lint test-rust test-web e2e callbacks-smoke restore-drill upgrade release-install fleet api-conformance
	@echo "make test: all checks passed"

## node: the pinned Node (.node-version) and npm (package.json "packageManager") in .tools/node/
node:
	@scripts/node.sh

node_modules/.package-lock.json: package.json package-lock.json .node-version | node
	npm ci --no-audit --no-fund
	@touch $@

deps: node_modules/.package-lock.json

## chromium: Debian's browser for the end-to-end tests (Playwright never downloads one here)
chromium:
	@command -v chromium >/dev/null || scripts/apt-install.sh chromium

## zbar: Debian's zbarimg, which the API tests read QR codes and barcodes back with
zbar:
	@command -v zbarimg >/dev/null || scripts/apt-install.sh zbar-tools

## pdftotext: Debian's poppler reader, which the tests read the copy to keep (a PDF) back with
pdftotext:
	@command -v pdftotext >/dev/null || scripts/apt-install.sh poppler-utils

## postgres-programs: PostgreSQL's server programs and openssl, for the private TLS server the API tests start
postgres-programs:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || scripts/apt-install.sh postgresql
	@command -v psql >/dev/null || scripts/apt-install.sh postgresql-client
	@command -v openssl >/dev/null || scripts/apt-install.sh openssl

## promtool: Prometheus's checker (Debian's prometheus), which the API tests run on the scraped /metrics text
promtool:
	@command -v promtool >/dev/null || scripts/apt-install.sh prometheus

web: deps
	npm run build

lint: deps
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --locked -- -D warnings
	scripts/store-duplication.sh
	npm run typecheck
	npm run lint
	npm run check:api
	npm run check:imports
	@# Locked crates against the RustSec snapshot the repository carries, or a newer one beside it (offline)
	python3 scripts/audit-crates.py Cargo.lock

test-rust: zbar pdftotext postgres-programs promtool
	scripts/with-test-database.sh scripts/with-object-store.sh cargo test --workspace --locked

test-web: deps web
	npm run test
	@# The pages' first-load bytes against their budgets (decision 094): measured, not timed.
	npm run size

# The report's failures and flaky tests are repeated last, where a CI log's
# tail shows them.
e2e: deps chromium pdftotext web
	cargo build -p hiram --locked
	npm run e2e 2>&1 | tee target/e2e-report.txt || { scripts/e2e-summary.sh target/e2e-report.txt; exit 1; }
	scripts/e2e-summary.sh target/e2e-report.txt

## screenshots: a picture of each borrower screen (360×800) and console section (1280×800), and the site's,
## in target/screenshots/ (open its index.html); not part of make test
screenshots: deps chromium web
	cargo build -p hiram --locked
	npm run screenshots
	@echo "screenshots: $$(ls target/screenshots/*.png | wc -l) pictures in target/screenshots/index.html"

## callbacks-smoke: a few seconds of the money-in benchmark on the debug build; fails when more than
## 1% of the notifications are refused (bench/callbacks-smoke.sh), asserting no time
callbacks-smoke: deps
	cargo build -p hiram --locked
	bench/callbacks-smoke.sh

## restore-drill: hiram backup while payment callbacks stream in, hiram restore into a new database, on
## SQLite and PostgreSQL; fails when a callback acknowledged before the backup's point is missing
## (scripts/restore-drill.sh)
restore-drill: deps postgres-programs
	cargo build -p hiram --locked
	scripts/restore-drill.sh

## upgrade: builds the previous release (packaging/previous-release), restores its SQLite and PostgreSQL
## databases with this one (data intact), and upgrades a fleet of three of its processes behind nginx
## one at a time while the journey and payment callbacks run (scripts/upgrade-test.sh)
upgrade: deps chromium postgres-programs web
	cargo build -p hiram --locked
	scripts/upgrade-test.sh

## fleet: three server processes started together on a new PostgreSQL database, behind nginx,
## the borrower journey through it and the processes' races (scripts/fleet.sh)
fleet: deps chromium postgres-programs web
	cargo build -p hiram --locked
	scripts/fleet.sh

.PHONY: release release-install

## release: the Debian package operations install, target/release/hiram_<version>_amd64.deb, from a
## release build (scripts/release.sh, packaging/debian/; decision 083)
release: web
	scripts/release.sh

## release-install: the package of the debug build installed with dpkg into a scratch root: its units,
## settings and nginx site checked, the borrower journey through them (scripts/release-install-test.sh)
release-install: deps chromium web
	cargo build -p hiram --locked
	scripts/release-install-test.sh

## api-conformance: schemathesis against a fresh server and the OpenAPI document, 3 examples per operation
# One worker, one seed: schemathesis 4.32.5 once failed inside itself
# (a KeyError in its shared generation cache) with two workers, and make
# test must fail only for the API. The full pass keeps two and fresh seeds.
api-conformance:
	API_CONFORMANCE_WORKERS=1 API_CONFORMANCE_SEED=140616567384500474767098987838157132793 scripts/api-conformance.sh

## api-conformance-full: the full pass (100 examples per operation), reliability figure S11
api-conformance-full:
	scripts/api-conformance.sh --full

## advisories: rewrite scripts/advisories.json from an advisory-db checkout or clone
## (ADVISORY_DB=../shared/advisory-db for the snapshot beside the project)
ADVISORY_DB ?= https://github.com/rustsec/advisory-db
advisories:
	python3 scripts/audit-crates.py --refresh $(ADVISORY_DB)

## api-types: refresh the OpenAPI copy in web/ and the TypeScript types generated from it
api-types: deps
	cargo run -q -p hiram -- openapi > web/shared/src/api/openapi.json
	npm run gen:api

## bench: throughput, latency and page weight; writes docs/benchmarks.md
bench: web
	bench/run.sh

## bench-lighthouse: Lighthouse (mobile, median of 5 with the spread) on eight borrower pages, the site and the
## promotion page at 4x and 8x CPU slowdown scaled to a reference benchmarkIndex of 1,200; writes the
## Lighthouse section of docs/benchmarks.md (about 50 minutes)
bench-lighthouse: chromium web
	bench/lighthouse.sh

## bench-daily: times the daily run on 10k, 100k and 1M loans, SQLite and PostgreSQL (about half an hour);
## writes the Daily run section of docs/benchmarks.md
bench-daily: node
	bench/daily-run.sh

bench-ledger: node
	bench/general-ledger.sh

## bench-fleet: order details straight to one process and through nginx to one and to three, on PostgreSQL;
## writes the Order details through nginx section of docs/benchmarks.md
bench-fleet: web
	bench/fleet-order-details.sh

clean:
	cargo clean
	rm -rf node_modules web/*/dist e2e/test-results
