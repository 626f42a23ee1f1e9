/**
 * CPU time of the PostgreSQL server processes serving one database on this machine, from /proc
 * (utime + stime of each `postgres: user db …` backend). Parallel workers are short-lived processes
 * of their own and are not counted, so this is a lower bound when a plan runs in parallel.
 */
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // USER_HZ is 100 on Linux

export function serverCpuMs(database: string): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!command.startsWith("postgres: ") || !command.split(" ").includes(database)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
    } catch {
      // the process ended while we looked
    }
  }
  return ticks * TICK_MS;
}

/** CPU time (utime + stime) of one process so far, from /proc/<pid>/stat. */
export function processCpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
