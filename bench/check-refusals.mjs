// Fails (exit 1, the reason printed) when a load run was mostly refused:
// more than 1% of its requests refused or failed. A run whose requests were
// refused measured the refusal, not the product, and its figures must not be
// written down (issue 27: a per-address limit once held money in to two
// postings a second and the benchmark reported it as a speed).
//
//   node bench/check-refusals.mjs FILE...
// Each FILE is one JSON line: bench/callbacks.mjs's ({posted, failed}) or
// wrk's summary ({requests, errors, refused?}).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** The most of a run's requests that may be refused or fail. */
const MOST_REFUSED = 0.01;

function counts(run) {
  if ('posted' in run) return { requests: run.posted + run.failed, refused: run.failed };
  const errors = Object.values(run.errors ?? {}).reduce((sum, count) => sum + count, 0);
  return { requests: run.requests, refused: errors + (run.refused ?? 0) };
}

let failed = false;
for (const file of process.argv.slice(2)) {
  const { requests, refused } = counts(JSON.parse(readFileSync(file, 'utf8')));
  const share = requests > 0 ? refused / requests : 1;
  if (requests === 0 || share > MOST_REFUSED) {
    console.error(
      `bench: ${basename(file, '.json')}: ${refused} of ${requests} requests refused or failed ` +
        `(${(100 * share).toFixed(1)}%, more than ${100 * MOST_REFUSED}%); its figures measure the refusal, not the product`,
    );
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
