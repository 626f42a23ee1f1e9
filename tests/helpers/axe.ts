/**
 * axe-core (WCAG 2.1 A and AA rules) run inside a Playwright page, for the page sweeps. The engine is
 * evaluated into the page through the DevTools protocol, so the console's Content-Security-Policy
 * (nonce scripts only) does not stop it, and it runs with the page's JavaScript off too.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import type { Result } from "axe-core";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The impacts that fail the sweep. */
const BLOCKING = new Set(["serious", "critical"]);

/** The engine's minified build (a third of `axe.source`'s size: parsed again on every page). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeFinding {
  page: string;
  rule: string;
  impact: string;
  /** The violating elements' CSS selectors (the first few). */
  targets: string[];
  count: number;
}

type RawResult = Pick<Result, "id" | "impact" | "nodes">;

/** What axe has cost so far in this worker: pages checked and milliseconds spent (the sweep logs it). */
export const axeClock = { pages: 0, ms: 0 };

/** The violations axe finds on the page as it is now, one finding per rule. */
export async function axeFindings(page: Page, label: string): Promise<AxeFinding[]> {
  const started = Date.now();
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const engine = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: RawResult[] }> } }).axe;
    const result = await engine.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, AXE_TAGS);
  axeClock.pages += 1;
  axeClock.ms += Date.now() - started;
  return violations.map((v) => ({
    page: label,
    rule: v.id,
    impact: v.impact ?? "minor",
    targets: v.nodes.slice(0, 3).map((n) => n.target.map(String).join(" ")),
    count: v.nodes.length,
  }));
}

/** The findings that fail the sweep, one line each: page, rule, impact, count and selectors. */
export function blockingLines(findings: AxeFinding[]): string[] {
  return findings
    .filter((f) => BLOCKING.has(f.impact))
    .map((f) => `${f.page}: axe ${f.rule} (${f.impact}) on ${f.count} element(s): ${f.targets.join(" | ")}`);
}

/**
 * With AXE_REPORT=<dir> the sweep writes its findings there (one JSON file per test) instead of
 * failing on them: the counts of violating elements by rule, measured before and after a change.
 */
export const AXE_REPORT_DIR = process.env.AXE_REPORT || null;

export function writeAxeReport(name: string, findings: AxeFinding[]): void {
  if (!AXE_REPORT_DIR) return;
  mkdirSync(AXE_REPORT_DIR, { recursive: true });
  writeFileSync(`${AXE_REPORT_DIR}/${name}.json`, JSON.stringify(findings, null, 1));
}

/**
 * A page's address as the console routes it: the same page for every id and query value, so that a
 * page opened by several accounts (or for several rows) is one key.
 */
export function pageKey(path: string): string {
  const url = new URL(path, "http://console");
  const segments = url.pathname.split("/").map((segment) => (/\d{4,}|^\d+$/.test(segment) ? ":id" : segment));
  const query = [...new Set(url.searchParams.keys())].sort().join("&");
  return segments.join("/") + (query ? `?${query}` : "");
}

/**
 * axe once per page per run, across the sweeps and the two workers: the first sweep to open a page
 * claims it (a file created exclusively in the run's output directory, which Playwright empties when a
 * run starts, holding the claiming test's title) and checks it; the others skip it. The markup of a page
 * is the same engine's for every account, and axe took about 45 % of a sweep's time when each account
 * checked every page it opens. A retried sweep meets its own claims and checks those pages again, so a
 * violation fails its retry too; with AXE_REPORT every sweep checks every page, as the counts by account
 * need.
 */
export async function axeFindingsOncePerRun(page: Page, path: string, testInfo: TestInfo): Promise<AxeFinding[]> {
  if (AXE_REPORT_DIR) return axeFindings(page, path);
  const by = testInfo.titlePath.join(" › ");
  const dir = join(testInfo.project.outputDir, "axe-claims");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${createHash("sha1").update(pageKey(path)).digest("hex")}.txt`);
  try {
    writeFileSync(file, by, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (readFileSync(file, "utf8") !== by) return [];
  }
  return axeFindings(page, path);
}
