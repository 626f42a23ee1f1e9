// Adds up the Vitest and Playwright JSON reports: the slowest ten test files, then one
// "N passed, N failed, N skipped" line (the last line of `npm test`).
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0;
/** [report, file, seconds] of every test file. */
const files = [];

/** Playwright nests suites (file → describe → …); a spec's duration is its results' sum. */
function playwrightSeconds(suite) {
  let ms = 0;
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) for (const result of test.results ?? []) ms += result.duration ?? 0;
  for (const child of suite.suites ?? []) ms += playwrightSeconds(child) * 1000;
  return ms / 1000;
}

for (const name of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
  const report = JSON.parse(readFileSync(join(dir, name), "utf8"));
  const label = name.replace(/\.json$/, "");
  if (report.stats && "expected" in report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? []) files.push([label, suite.file, playwrightSeconds(suite)]);
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) files.push([label, relative(process.cwd(), result.name), (result.endTime - result.startTime) / 1000]);
  }
  console.log(`  ${label}: running total ${passed} passed, ${failed} failed`);
}

console.log("\n==> slowest test files");
for (const [label, file, seconds] of files.sort((a, b) => b[2] - a[2]).slice(0, 10)) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}  (${label})`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
