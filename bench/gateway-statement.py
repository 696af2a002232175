"""Writes payments into the sandbox gateway's statement (table gateway_payment),
as if its page had collected them, so that benchmark callbacks for them pass
the server's re-check with the gateway.

    python3 bench/gateway-statement.py DATABASE PAY_CODE AMOUNT PREFIX WORKERS PER_WORKER

Transaction ids are PREFIX-<worker>-<n>, the ids bench/callbacks.mjs and
bench/kill9.mjs send.
"""
import sqlite3
import sys
import time

database, pay_code, amount, prefix, workers, per_worker = sys.argv[1:7]
connection = sqlite3.connect(database, timeout=30)
now_ms = int(time.time() * 1000)
rows = (
    (f"{prefix}-{worker}-{n}", pay_code, int(amount), now_ms)
    for worker in range(int(workers))
    for n in range(int(per_worker))
)
with connection:
    connection.executemany(
        "INSERT INTO gateway_payment (transaction_id, pay_code, amount, paid_at) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (transaction_id) DO NOTHING",
        rows,
    )
connection.close()
