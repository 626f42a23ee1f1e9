// Adds up the Vitest and Playwright JSON reports: the slowest ten test files, every failed test with
// the first line of its error, then one "N passed, N failed, N skipped" line (the last line of
// `npm test`). The failures come last so that a log cut to its tail still names them.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

const dir = process.argv[2];
let passed = 0, failed = 0, skipped = 0;
/** [report, file, seconds] of every test file. */
const files = [];
/** [report, file, test title, first error line] of every test that failed (a flaky retry is not one). */
const failures = [];
const firstLine = (text) => String(text ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").map((l) => l.trim()).find(Boolean) ?? "";

function playwrightFailures(label, suite, titles = []) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status !== "unexpected") continue;
      const last = (test.results ?? []).at(-1);
      failures.push([label, `${spec.file}:${spec.line}`, [...titles, spec.title].join(" › "), firstLine(last?.error?.message ?? last?.errors?.[0]?.message)]);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(label, child, child.file === child.title ? titles : [...titles, child.title]);
}

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
    for (const suite of report.suites ?? []) {
      files.push([label, suite.file, playwrightSeconds(suite)]);
      playwrightFailures(label, suite);
    }
  } else {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      const file = relative(process.cwd(), result.name);
      files.push([label, file, (result.endTime - result.startTime) / 1000]);
      for (const test of result.assertionResults ?? []) if (test.status === "failed") failures.push([label, file, test.fullName, firstLine(test.failureMessages?.[0])]);
      if (result.status === "failed" && !(result.assertionResults ?? []).some((t) => t.status === "failed")) failures.push([label, file, "(the file itself)", firstLine(result.message)]);
    }
  }
  console.log(`  ${label}: running total ${passed} passed, ${failed} failed`);
}

console.log("\n==> slowest test files");
for (const [label, file, seconds] of files.sort((a, b) => b[2] - a[2]).slice(0, 10)) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}  (${label})`);
if (failures.length) {
  console.log("\n==> failed tests");
  for (const [label, file, title, error] of failures) console.log(`  (${label}) ${file} › ${title}\n      ${error.slice(0, 300)}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
