// Reads bench/lighthouse.sh's reports (<page>-<slowdown>x-<run>.json) and
// writes the Lighthouse section of docs/benchmarks.md: per page and CPU
// slowdown, the run of median performance score with its own metrics, next
// to the target. The section goes before "## Daily run" (that section stays
// last, bench/daily-run.sh's rule), replacing the previous one.
//
//   node bench/lighthouse-table.mjs <reports dir> <runs> <lighthouse version> <load> <benchmarks.md>
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const [dir, runs, version, load, doc] = process.argv.slice(2);
const PAGES = ['order details', 'repayment', 'confirmation', 'home', 'site', 'promotion'];
const BORROWER = new Set(['order details', 'repayment', 'confirmation', 'home']);
/** Issue 20's targets: the borrower's pages at 4x and 8x, the site's at 8x. */
const target = (page, slowdown) => (BORROWER.has(page) ? (slowdown === 4 ? 0.95 : 0.9) : slowdown === 8 ? 0.95 : null);

const reports = new Map();
for (const file of await readdir(dir)) {
  const match = /^(.+)-(\d+)x-\d+\.json$/.exec(file);
  if (!match) continue;
  const key = `${match[1].replaceAll('-', ' ')}|${match[2]}`;
  const report = JSON.parse(await readFile(join(dir, file), 'utf8'));
  if (!reports.has(key)) reports.set(key, []);
  reports.get(key).push(report);
}

const ms = (report, audit) => `${Math.round(report.audits[audit].numericValue)} ms`;
const rows = [];
let missed = 0;
for (const slowdown of [4, 8]) {
  for (const page of PAGES) {
    const all = reports.get(`${page}|${slowdown}`) ?? [];
    if (all.length === 0) continue;
    const scored = all.filter((r) => typeof r.categories.performance.score === 'number');
    scored.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const median = scored[Math.floor((scored.length - 1) / 2)];
    if (!median) {
      rows.push(`| ${page} | ${slowdown}× | no score | | | | | | |`);
      continue;
    }
    const score = median.categories.performance.score;
    const goal = target(page, slowdown);
    const met = goal === null ? '—' : score >= goal ? `≥ ${goal.toFixed(2)} met` : `≥ ${goal.toFixed(2)} **missed**`;
    if (goal !== null && score < goal) missed += 1;
    const scores = scored.map((r) => r.categories.performance.score.toFixed(2)).join(', ');
    rows.push(
      `| ${page} | ${slowdown}× | **${score.toFixed(2)}** (${scores}) | ${ms(median, 'first-contentful-paint')} | ` +
        `${ms(median, 'largest-contentful-paint')} | ${ms(median, 'total-blocking-time')} | ` +
        `${median.audits['cumulative-layout-shift'].numericValue.toFixed(3)} | ${ms(median, 'speed-index')} | ${met} |`,
    );
  }
}

const section = `## Lighthouse

Made by \`bench/lighthouse.sh\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse ${version} (npx), mobile
preset (simulated slow 4G, 412×823), performance only, Debian's chromium, against the debug
build of the server on SQLite with the demo data; the borrower's pages signed in as the demo
borrower (order details and repayment of the disbursed loan, the confirmation of the approved one).
Each row is the run of median score of ${runs} (all ${runs} scores in brackets), with that run's metrics.
The machine's other work slows the page's main thread as much as the throttling does, so
total blocking time moves between runs; the 1-minute load average at the end was ${load}.

| page | CPU | score | FCP | LCP | TBT | CLS | Speed Index | target |
|---|---:|---|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

Targets missed: ${missed}.
`;

const text = await readFile(doc, 'utf8');
const lines = text.split('\n');
const start = lines.indexOf('## Lighthouse');
let kept;
if (start >= 0) {
  let end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  if (end < 0) end = lines.length;
  kept = [...lines.slice(0, start), ...section.trimEnd().split('\n'), '', ...lines.slice(end)];
} else {
  const daily = lines.indexOf('## Daily run');
  const at = daily >= 0 ? daily : lines.length;
  kept = [...lines.slice(0, at), ...section.trimEnd().split('\n'), '', ...lines.slice(at)];
}
await writeFile(doc, kept.join('\n').replace(/\n{3,}/g, '\n\n'));
