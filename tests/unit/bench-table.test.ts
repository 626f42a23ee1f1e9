import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BENCHMARKS_DOC, figuresTable, latestRuns, readRuns, withFiguresTable } from "../../bench/table";
import { headline } from "../../bench/lib/headlines";
import type { RecordedRun } from "../../bench/lib/record";

const run = (bench: string, at: string, figures: Record<string, unknown>): RecordedRun => ({
  bench,
  at,
  machine: { cpu: "Test CPU", cores: 2, memoryGb: 24, node: "v24.0.0" },
  load: { start: 0.4, end: 1.2 },
  quiet: true,
  figures,
});

describe("the benchmarks' figures table", () => {
  it("docs/benchmarks.md holds the table bench/results.jsonl gives (npx tsx bench/table.ts --write)", () => {
    const document = readFileSync(BENCHMARKS_DOC, "utf8");
    expect(document).toBe(withFiguresTable(document, readRuns()));
  });

  it("shows the newest run of each benchmark, one row per database", () => {
    const runs = [
      run("order-import", "2026-11-01T10:00:00.000Z", { dialect: "sqlite", rows: 10000, seconds: 5, rowsPerSecond: 2000 }),
      run("order-import", "2026-11-02T10:00:00.000Z", { dialect: "sqlite", rows: 10000, seconds: 2.5, rowsPerSecond: 4000 }),
      run("order-import", "2026-11-01T11:00:00.000Z", { dialect: "postgresql", rows: 10000, seconds: 4, rowsPerSecond: 2500 }),
    ];
    expect(latestRuns(runs).map((r) => [r.figures.dialect, r.figures.rowsPerSecond])).toEqual([
      ["postgresql", 2500],
      ["sqlite", 4000],
    ]);
    const table = figuresTable(runs);
    expect(table).toContain("| bench/order-import (sqlite) | 2026-11-02 10:00 UTC; 2 × Test CPU, 24 GB, Node v24.0.0; load 0.4 → 1.2 (quiet) | 10,000 rows (sqlite): 2.5 s, 4,000 rows/s | ≥ 3,000 rows/s | met |");
    expect(table).toContain("| bench/order-import (postgresql) |");
    expect(table).toContain("**not met**");
    expect(table).toMatch(/Not run since runs were recorded: bench\/freight/);
  });

  it("judges each target from the figures, not from the benchmark's own verdict", () => {
    const freight = run("freight", "2026-11-02T10:00:00.000Z", {
      waybills: 1_000_000,
      list: { requestsPerSecond: 250, p99Ms: 90 },
      listDirectDb: { requestsPerSecond: 900 },
      export: { rows: 100_000, rowsPerSecond: 31_000, consolePeakRssMb: 140, platformPeakRssMb: 240 },
    });
    expect(headline(freight).met).toBe(true);
    expect(headline({ ...freight, figures: { ...freight.figures, export: { ...freight.figures.export as object, platformPeakRssMb: 251 } } }).met).toBe(false);
    expect(headline(run("unknown-bench", "2026-11-02T10:00:00.000Z", { rate: 12.345, name: "x" }))).toEqual({ figures: "rate 12.35", target: "", met: null });
  });
});
