/**
 * How many exports may stream at once: each holds a database walk and a zip
 * stream, so a few stalled downloads must not take the platform down. Per user and in total, per
 * platform process; `TMS_EXPORTS_PER_USER` (default 2) and `TMS_EXPORTS_TOTAL` (default 6).
 * A refused export is HTTP 429 with a Chinese message, before any byte of the file.
 */
import { readSettings } from "../../contract/settings.js";
import { HttpError } from "./envelope.js";
import { exportSlotsInUse } from "../observability/metrics.js";

export interface ExportLimits {
  perUser: number;
  total: number;
}

const { settings } = readSettings(process.env, "platform");
export const exportLimits: ExportLimits = { perUser: settings.TMS_EXPORTS_PER_USER, total: settings.TMS_EXPORTS_TOTAL };

const runningByUser = new Map<number, number>();
let runningTotal = 0;

export const USER_BUSY_MESSAGE = (n: number) => `您已有 ${n} 个导出正在进行，请等它们完成后再导出`;
export const SERVER_BUSY_MESSAGE = "当前导出任务较多，请稍后再试";

/** Takes a slot for `userId` or throws 429; the returned function gives it back (once). */
export function takeExportSlot(userId: number, limits: ExportLimits = exportLimits): () => void {
  const mine = runningByUser.get(userId) ?? 0;
  if (mine >= limits.perUser) throw new HttpError(429, USER_BUSY_MESSAGE(mine));
  if (runningTotal >= limits.total) throw new HttpError(429, SERVER_BUSY_MESSAGE);
  runningByUser.set(userId, mine + 1);
  runningTotal++;
  exportSlotsInUse.inc();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    runningTotal--;
    exportSlotsInUse.dec();
    const left = (runningByUser.get(userId) ?? 1) - 1;
    if (left > 0) runningByUser.set(userId, left);
    else runningByUser.delete(userId);
  };
}

/** Exports streaming now (for tests and logs). */
export const runningExports = () => runningTotal;
