/**
 * Pure figures of the 查看监控 page from a waybill's track points: the last position, how old it is,
 * whether the conveyance counts as online, and the signal interruptions (gaps between consecutive
 * points longer than the threshold). `now` is passed in so the figures are testable.
 */
import type { FreightStatus, TrackPoint } from "../../contract/freight";

/** A position older than this while in transit means the conveyance is offline; a longer gap is an interruption. */
export const OFFLINE_AFTER_MS = 30 * 60_000;

/**
 * NOT_STARTED: not loaded yet, so no positions are expected. ONLINE / OFFLINE: in transit, by the age
 * of the last position. NO_SIGNAL: in transit without any position. ENDED: unloaded, finished or cancelled.
 */
export type MonitorState = "NOT_STARTED" | "ONLINE" | "OFFLINE" | "NO_SIGNAL" | "ENDED";

export const MONITOR_STATE_LABELS: Record<MonitorState, string> = {
  NOT_STARTED: "未开始运输",
  ONLINE: "在线",
  OFFLINE: "离线",
  NO_SIGNAL: "离线（无定位）",
  ENDED: "运输已结束",
};

export interface SignalGap {
  from: string;
  /** Null while the interruption lasts (the ongoing gap from the last point to now). */
  to: string | null;
  ms: number;
}

export interface MonitorFigures {
  state: MonitorState;
  pointCount: number;
  first: TrackPoint | null;
  last: TrackPoint | null;
  /** Age of the last point at `now` (never negative); null without points. */
  sinceLastMs: number | null;
  /** The longest gap between two consecutive points; null with fewer than two points. */
  longestGap: SignalGap | null;
  /** Gaps between consecutive points longer than the threshold, in time order. */
  gaps: SignalGap[];
  /** In transit and offline: the interruption from the last point until now. */
  ongoingGap: SignalGap | null;
}

const timeOf = (p: TrackPoint) => Date.parse(p.time);

/** The figures of `points` (any order; unparsable times are left out) for a waybill in `status` at `now`. */
export function monitorFigures(points: readonly TrackPoint[], status: FreightStatus, now: number, thresholdMs = OFFLINE_AFTER_MS): MonitorFigures {
  const sorted = points.filter((p) => Number.isFinite(timeOf(p))).sort((a, b) => timeOf(a) - timeOf(b));
  const first = sorted[0] ?? null;
  const last = sorted[sorted.length - 1] ?? null;
  const sinceLastMs = last ? Math.max(0, now - timeOf(last)) : null;

  let longestGap: SignalGap | null = null;
  const gaps: SignalGap[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const gap = { from: sorted[i - 1]!.time, to: sorted[i]!.time, ms: timeOf(sorted[i]!) - timeOf(sorted[i - 1]!) };
    if (!longestGap || gap.ms > longestGap.ms) longestGap = gap;
    if (gap.ms > thresholdMs) gaps.push(gap);
  }

  let state: MonitorState;
  if (status === "WAIT_LOADING") state = "NOT_STARTED";
  else if (status !== "IN_TRANSIT") state = "ENDED";
  else if (sinceLastMs === null) state = "NO_SIGNAL";
  else state = sinceLastMs > thresholdMs ? "OFFLINE" : "ONLINE";

  const ongoingGap = state === "OFFLINE" && last ? { from: last.time, to: null, ms: sinceLastMs! } : null;
  return { state, pointCount: sorted.length, first, last, sinceLastMs, longestGap, gaps, ongoingGap };
}

/** A duration in Chinese: 不足 1 分钟, 5 分钟, 2 小时 5 分钟, 3 天 4 小时 (minutes dropped from a day on). */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "不足 1 分钟";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} 天 ${hours} 小时` : `${days} 天`;
  if (hours > 0) return rest > 0 ? `${hours} 小时 ${rest} 分钟` : `${hours} 小时`;
  return `${rest} 分钟`;
}
