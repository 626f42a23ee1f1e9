/**
 * The page sweep's axe findings (written with AXE_REPORT=<dir>) as counts of violating elements by
 * rule and impact, with the pages each rule was found on: `npx tsx scripts/axe-counts.ts <dir> [<dir>]`.
 * Given two directories (before, after), prints both columns side by side as a Markdown table.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AxeFinding } from "../tests/helpers/axe";

function countsOf(dir: string): Map<string, { elements: number; pages: number }> {
  const counts = new Map<string, { elements: number; pages: number }>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    for (const finding of JSON.parse(readFileSync(join(dir, file), "utf8")) as AxeFinding[]) {
      const key = `${finding.rule} (${finding.impact})`;
      const entry = counts.get(key) ?? { elements: 0, pages: 0 };
      entry.elements += finding.count;
      entry.pages += 1;
      counts.set(key, entry);
    }
  }
  return counts;
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: npx tsx scripts/axe-counts.ts <dir> [<dir>]");
const columns = dirs.map(countsOf);
const rules = [...new Set(columns.flatMap((c) => [...c.keys()]))].sort();
const cell = (c: Map<string, { elements: number; pages: number }>, rule: string) => {
  const entry = c.get(rule);
  return entry ? `${entry.elements} on ${entry.pages} pages` : "0";
};
console.log(`| rule (impact) | ${dirs.join(" | ")} |`);
console.log(`|---|${dirs.map(() => "---").join("|")}|`);
for (const rule of rules) console.log(`| ${rule} | ${columns.map((c) => cell(c, rule)).join(" | ")} |`);
const total = (c: Map<string, { elements: number; pages: number }>) => [...c.values()].reduce((sum, e) => sum + e.elements, 0);
console.log(`| all | ${columns.map(total).join(" | ")} |`);
