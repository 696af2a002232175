"""Writes payments into the sandbox gateway's statement (table gateway_payment),
as if its page had collected them, so that benchmark callbacks for them pass
the server's re-check with the gateway.

    <rows as JSON lines> | python3 bench/gateway-statement.py DATABASE

Each line is {"transactionId": ..., "payCode": ..., "amount": centavos}, as
bench/callbacks.mjs and bench/kill9.mjs plan them.
"""
import json
import sqlite3
import sys
import time

connection = sqlite3.connect(sys.argv[1], timeout=30)
now_ms = int(time.time() * 1000)
rows = (
    (row["transactionId"], row["payCode"], int(row["amount"]), now_ms)
    for row in map(json.loads, filter(str.strip, sys.stdin))
)
with connection:
    connection.executemany(
        "INSERT INTO gateway_payment (transaction_id, pay_code, amount, paid_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (transaction_id) DO NOTHING",
        rows,
    )
connection.close()
