#!/usr/bin/env bash
# After processes started together on an empty database with demo seeding
# on: the demo data is there once, whole (seed.rs: 4 lenders, 6 products,
# the demo borrower with 9 orders), and every process is still up.
#   scripts/fleet/seeded-once.sh     (APP_DATABASE__URL: the fleet's database)
set -euo pipefail
count() { psql "$APP_DATABASE__URL" -qAtc "$1"; }
lenders=$(count "SELECT count(*) FROM lender")
products=$(count "SELECT count(*) FROM product")
product_names=$(count "SELECT count(DISTINCT name) FROM product")
borrowers=$(count "SELECT count(*) FROM borrower")
orders=$(count "SELECT count(*) FROM loan_order")
echo "seeded once: $lenders lenders, $products products ($product_names names), $borrowers borrowers, $orders orders"
[ "$lenders $products $product_names $borrowers $orders" = "4 6 6 1 9" ] || {
  echo "seeded once: expected 4 lenders, 6 products (6 names), 1 borrower, 9 orders" >&2
  exit 1
}
