/**
 * How a benchmark reports: one JSON line on stdout, and the same line appended to bench/results.jsonl,
 * the record that docs/benchmarks.md's figures table is generated from (scripts/bench-table.ts). Each
 * line says when it ran, on what machine and how busy that machine was, so a figure is never read
 * without the conditions it was measured under.
 */
import { appendFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";

export const RESULTS_FILE = fileURLToPath(new URL("../results.jsonl", import.meta.url));

/** The 1-minute load average under which a run counts as quiet: the machine had next to nothing else to do. */
export const QUIET_LOAD = 1;

const loadAtStart = loadavg()[0]!;
const round2 = (n: number) => Math.round(n * 100) / 100;

export interface RecordedRun {
  bench: string;
  /** ISO time the line was written. */
  at: string;
  machine: { cpu: string; cores: number; memoryGb: number; node: string };
  load: { start: number; end: number };
  quiet: boolean;
  figures: Record<string, unknown>;
}

/**
 * Prints the run's one JSON line and appends it to the record; BENCH_RECORD=0 prints only (a trial run,
 * a run on another machine that should not become the table's figures).
 */
export function printResult(bench: string, figures: Record<string, unknown>): RecordedRun {
  const run: RecordedRun = {
    bench,
    at: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model.trim() ?? "unknown", cores: availableParallelism(), memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version },
    load: { start: round2(loadAtStart), end: round2(loadavg()[0]!) },
    quiet: loadAtStart < QUIET_LOAD,
    figures,
  };
  const line = JSON.stringify(run);
  console.log(line);
  if (process.env.BENCH_RECORD !== "0") appendFileSync(RESULTS_FILE, `${line}\n`);
  return run;
}
