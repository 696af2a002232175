-- wrk script: POST the order-details call of the borrower pages.
-- BENCH_SESSION and BENCH_ORDER come from `hiram demo-session`;
-- WRK_SUMMARY names the shared script that prints the JSON summary line.
wrk.method = "POST"
wrk.path = "/pany/v3/loan-details/loan-details?sessionId=" .. os.getenv("BENCH_SESSION")
wrk.body = "orderId=" .. os.getenv("BENCH_ORDER")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
dofile(os.getenv("WRK_SUMMARY"))
