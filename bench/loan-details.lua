-- wrk script: POST the order-details call of the borrower pages.
-- BENCH_SESSION and BENCH_ORDER come from `hiram demo-session`;
-- WRK_SUMMARY names the shared script that prints the JSON summary line.
-- Every reply is HTTP 200 under /pany (D7), so a refusal (an expired
-- session, a limit) shows only in the envelope: replies whose code is not
-- "00" are counted and written into the summary as "refused", which
-- bench/check-refusals.mjs reads.
wrk.method = "POST"
wrk.path = "/pany/v3/loan-details/loan-details?sessionId=" .. os.getenv("BENCH_SESSION")
wrk.body = "orderId=" .. os.getenv("BENCH_ORDER")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
dofile(os.getenv("WRK_SUMMARY"))

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

function init()
  refused = 0
end

function response(status, headers, body)
  if not string.find(body, '"code":"00"', 1, true) then
    refused = refused + 1
  end
end

local write_summary = done
function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("refused")
  end
  local line
  local write = io.write
  io.write = function(text) line = text end
  write_summary(summary, latency, requests)
  io.write = write
  io.write((string.gsub(line, "^{", '{"refused":' .. total .. ',')))
end
