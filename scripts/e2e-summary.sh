#!/usr/bin/env bash
# Repeats, at the end of a Playwright run's output, what a reader of the log's
# tail needs: each failed try's first error lines, and the tests that failed
# or only passed on their second try (flaky).
set -euo pipefail
report="$1"
[ -f "$report" ] || exit 0
if grep -qE '^\s+[0-9]+\) ' "$report"; then
  echo
  echo "== end-to-end errors, first lines of each =="
  # A numbered header opens an error; it ends at its first attachment, the
  # next header, or 14 lines on.
  awk '
    /^ +[0-9]+\) / { shown = 0; printing = 1 }
    /attachment #|Error Context:/ { printing = 0 }
    printing && shown < 14 { print; shown++ }
  ' "$report"
fi
if grep -qE '^\s+[0-9]+ (failed|flaky)$' "$report"; then
  echo "== end-to-end summary =="
  awk '/^ +[0-9]+ (failed|flaky|passed|skipped|did not run)/ { on = 1 } on { print }' "$report"
fi
