/**
 * What each benchmark's JSON line means in one row of docs/benchmarks.md's figures table: the figures an
 * operator reads first, the target they are held to, and whether the run met it. The targets are the
 * product's (docs/benchmarks.md says where each comes from); a benchmark without one shows null.
 */
import type { RecordedRun } from "./record.js";

export interface Headline {
  figures: string;
  target: string;
  /** null: the benchmark has no target; it is measured to be watched. */
  met: boolean | null;
}

/* The figures come from JSON; each headline reads the fields its benchmark prints. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Figures = any;

const n = (value: unknown, digits = 0) =>
  typeof value === "number" ? value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 }) : "—";
const all = (...checks: boolean[]) => checks.every(Boolean);
const maxOf = (values: number[]) => (values.length ? Math.max(...values) : NaN);

const EXPORT_TARGET = { rowsPerSecond: 30_000, consoleMb: 150, platformMb: 250 };
const exportTarget = `≥ ${n(EXPORT_TARGET.rowsPerSecond)} rows/s, console ≤ ${EXPORT_TARGET.consoleMb} MB, platform ≤ ${EXPORT_TARGET.platformMb} MB`;
const exportMet = (e: Figures) => e.rowsPerSecond >= EXPORT_TARGET.rowsPerSecond && e.consolePeakRssMb <= EXPORT_TARGET.consoleMb && e.platformPeakRssMb <= EXPORT_TARGET.platformMb;
const exportText = (e: Figures) => `${n(e.rows)} rows, ${n(e.rowsPerSecond)} rows/s, console ${n(e.consolePeakRssMb)} MB, platform ${n(e.platformPeakRssMb)} MB`;

/** The list page's share of its own query's rate, and the percentile figures both were measured at. */
const LIST_SHARE_TARGET = 0.25;
const listShare = (f: Figures) => f.list.requestsPerSecond / Math.max(f.listDirectDb.requestsPerSecond, 0.01);
const listText = (f: Figures) =>
  `list ${n(f.list.requestsPerSecond, 1)} req/s (p99 ${n(f.list.p99Ms)} ms) = ${n(listShare(f) * 100, 1)} % of its query's ${n(f.listDirectDb.requestsPerSecond, 1)} req/s`;

const REPORT_P99_MS = 500;

function rowsPerCpuSecond(f: Figures): Headline {
  const parts = Object.entries(f).filter(([, v]) => (v as Figures)?.rowsPerCpuS);
  return { figures: `${n(f.rows)} rows: ${parts.map(([what, v]) => `${what} ${n((v as Figures).rowsPerCpuS)} rows/CPU s`).join(", ")}`, target: "", met: null };
}

export const HEADLINES: Record<string, (f: Figures) => Headline> = {
  freight: (f) => ({
    figures: `${n(f.waybills)} waybills: ${listText(f)}; export ${exportText(f.export)}`,
    target: `list ≥ ${LIST_SHARE_TARGET * 100} % of its query; export ${exportTarget}`,
    met: all(listShare(f) >= LIST_SHARE_TARGET, exportMet(f.export)),
  }),
  resources: (f) => ({ figures: `${n(f.vehicles)} vehicles: ${listText(f)}`, target: `≥ ${LIST_SHARE_TARGET * 100} % of its query`, met: listShare(f) >= LIST_SHARE_TARGET }),
  "page-cost": (f) => {
    const page = f.waybillList ?? Object.values(f).find((v: Figures) => v?.consoleCpuMs !== undefined);
    if (!page) return { figures: "no page measured", target: "", met: null };
    return {
      figures: `waybill list: console ${n(page.consoleCpuMs, 1)} ms, platform ${n(page.platformCpuMs, 1)} ms CPU; HTML ${n(page.htmlKb, 1)} KB (${n(page.htmlSentKb ?? page.htmlGzipKb, 1)} KB gzip${page.htmlSentKb === undefined ? "" : " as sent"}); first-load JS ${n(page.firstLoadJsGzipKb, 1)} KB gzip`,
      target: "console ≤ 8 ms, platform ≤ 4 ms; HTML ≤ 12 KB gzip",
      met: all(page.consoleCpuMs <= 8, page.platformCpuMs <= 4, (page.htmlSentKb ?? page.htmlGzipKb) <= 12),
    };
  },
  export: (f) => {
    const runs = Object.entries(f)
      .filter(([key]) => key.startsWith("rows"))
      .map(([, run]) => run as Figures);
    return {
      figures: runs.map(exportText).join("; ") + (f.stalled ? `; ${f.stalled.clients} stalled clients: ${f.stalled.accepted} accepted, ${f.stalled.refused429} refused` : ""),
      target: exportTarget,
      met: runs.length > 0 && runs.every(exportMet),
    };
  },
  // Each phase (read, map, full) or writer, by rows per CPU second.
  "export-cpu": rowsPerCpuSecond,
  "export-writers": rowsPerCpuSecond,
  reports: (f) => ({
    figures: `${n(f.waybills)} waybills, ${n(f.calls)} calls: p50 ${n(f.p50Ms)} ms, p99 ${n(f.p99Ms)} ms (slowest ${f.slowest?.report} ${n(f.slowest?.p99Ms)} ms)`,
    target: `every report p99 < ${REPORT_P99_MS} ms`,
    met: f.slowest ? f.slowest.p99Ms < REPORT_P99_MS : null,
  }),
  "postgres-10m": (f) => {
    const listP99 = maxOf(Object.values(f.list ?? {}).flatMap((who: Figures) => Object.values(who).filter((v: Figures) => v?.p99Ms !== undefined).map((v: Figures) => v.p99Ms as number)));
    const reportsP99 = maxOf(Object.values(f.reports?.perReport ?? {}).map((r: Figures) => r.p99Ms as number));
    return {
      figures: `${n(f.waybills)} waybills: slowest list call p99 ${n(listP99)} ms; slowest report p99 ${n(reportsP99)} ms${f.reports?.over500MsP99?.length ? ` (over: ${f.reports.over500MsP99.join(", ")})` : ""}`,
      target: `every list page and report p99 < ${REPORT_P99_MS} ms`,
      met: listP99 < REPORT_P99_MS && (Number.isNaN(reportsP99) || reportsP99 < REPORT_P99_MS),
    };
  },
  writes: (f) => {
    const steps = Object.entries(f.steps ?? {}) as Array<[string, Figures]>;
    return {
      figures: `${n(f.waybills)} waybills${f.label ? ` (${f.label})` : ""}: ${steps.map(([step, s]) => `${step} ${n(s.perSecond, 1)}/s p99 ${n(s.p99Ms)} ms`).join(", ")}; import ${n(f.import?.rowsPerSecond)} rows/s; ${n(f.storage?.bytesPerWaybill?.table)} + ${n(f.storage?.bytesPerWaybill?.indexes)} bytes a waybill (table + indexes, ${n(f.storage?.indexToTable, 2)}×); summaries' triggers ${n(f.triggers?.cpuCostUs?.summaries ?? f.triggers?.costUs?.summaries)} µs a write`,
      target: `every step p99 < ${n(f.targets?.stepP99Ms)} ms; import ≥ ${n(f.targets?.importRowsPerSecond)} rows/s; indexes ≤ ${n(f.targets?.indexToTable, 1)}× the table`,
      met: all(f.slowestStepP99Ms < f.targets?.stepP99Ms, f.import?.rowsPerSecond >= f.targets?.importRowsPerSecond, f.storage?.indexToTable <= f.targets?.indexToTable),
    };
  },
  "index-use": (f) => ({
    figures: `${n(f.waybills)} waybills${f.label ? ` (${f.label})` : ""}: ${n(f.calls)} reads, slowest p99 ${n(f.slowestP99Ms)} ms; full scans of freights in ${n(f.fullScans?.length)} (${(f.fullScans ?? []).join(", ")}); indexes no read named: ${(f.unusedIndexes ?? []).join(", ")}`,
    target: "",
    met: null,
  }),
  "order-import": (f) => ({ figures: `${n(f.rows)} rows (${f.dialect}): ${n(f.seconds, 2)} s, ${n(f.rowsPerSecond)} rows/s`, target: "≥ 3,000 rows/s", met: f.rowsPerSecond >= 3000 }),
  ledger: (f) => ({
    figures: `${f.database}: ${n(f.paymentsPerSecond)} payments/s, p99 ${n(f.p99Ms)} ms, ${f.failed} failed; ledger:check over ${n(f.checkLines)} lines ${n(f.checkMs)} ms ${f.checkOk ? "passes" : "FAILS"}`,
    target: "no failed payment; ledger:check passes",
    met: f.failed === 0 && f.checkOk === true,
  }),
  realtime: (f) => ({
    figures: `${n(f.clients)} clients, ${n(f.deliveries)} deliveries, ${n(f.lost)} lost, p50 ${n(f.p50Ms)} ms, p99 ${n(f.p99Ms)} ms`,
    target: "none lost, p99 < 200 ms",
    met: f.lost === 0 && f.p99Ms < 200,
  }),
  cluster: (f) => ({
    figures: `one console ${n(f.single?.requestsPerSecond, 1)} req/s, through the proxy ${n(f.singleViaProxy?.requestsPerSecond, 1)}, two of each ${n(f.cluster?.requestsPerSecond, 1)}: scale ${n(f.scale, 2)} on ${f.cpus} cores`,
    target: "",
    met: null,
  }),
  "idle-rss": (f) => ({ figures: `at rest: platform ${n(f.platformRestRssMb)} MB, console ${n(f.consoleRestRssMb)} MB`, target: "", met: null }),
  jobs: (f) => ({
    figures: `${n(f.waybills)} waybills (${f.database}): ${n(f.statementsOverLimit)} statements over ${n(f.limitMs)} ms`,
    target: `no statement over ${n(f.limitMs)} ms`,
    met: f.statementsOverLimit === 0,
  }),
  "list-totals": (f) => ({ figures: `${n(f.waybills)} waybills (${f.database}), ${n(Object.keys(f.calls ?? {}).length)} totals from the summary, each equal to the live count`, target: "", met: null }),
};

/** The row a run gives: its headline, or its numbers as they are for a benchmark without one. */
export function headline(run: RecordedRun): Headline {
  const describe = HEADLINES[run.bench];
  if (describe) return describe(run.figures);
  const numbers = Object.entries(run.figures).filter(([, v]) => typeof v === "number");
  return { figures: numbers.map(([k, v]) => `${k} ${n(v, 2)}`).join(", "), target: "", met: null };
}

/** Runs of one benchmark on different databases are different rows. */
export const variantOf = (run: RecordedRun) => String(run.figures.database ?? run.figures.dialect ?? "");
