import { describe, expect, it } from "vitest";
import type { TrackPoint } from "../../contract/freight";
import { formatDuration, monitorFigures, OFFLINE_AFTER_MS } from "../../app/lib/monitorFigures";
import { monitorHref } from "../../app/lib/freight-links";
import { trackSketch } from "../../app/lib/trackSketch";

const T0 = Date.parse("2026-03-01T00:00:00Z");
const MIN = 60_000;
const at = (minutes: number, speed = 60): TrackPoint => ({ lat: 31 + minutes / 1000, lng: 117 + minutes / 1000, speed, time: new Date(T0 + minutes * MIN).toISOString() });

describe("monitorFigures", () => {
  it("reports the last position, its age and online while in transit within 30 minutes", () => {
    const points = [at(0, 0), at(10), at(20, 72)];
    const figures = monitorFigures(points, "IN_TRANSIT", T0 + 45 * MIN);
    expect(figures.state).toBe("ONLINE");
    expect(figures.pointCount).toBe(3);
    expect(figures.first).toEqual(points[0]);
    expect(figures.last).toEqual(points[2]);
    expect(figures.last?.speed).toBe(72);
    expect(figures.sinceLastMs).toBe(25 * MIN);
    expect(figures.longestGap).toEqual({ from: points[0]!.time, to: points[1]!.time, ms: 10 * MIN });
    expect(figures.gaps).toEqual([]);
    expect(figures.ongoingGap).toBeNull();
  });

  it("is online at exactly 30 minutes and offline just after, with the ongoing interruption", () => {
    const points = [at(0), at(5)];
    expect(monitorFigures(points, "IN_TRANSIT", T0 + 35 * MIN).state).toBe("ONLINE");
    const late = monitorFigures(points, "IN_TRANSIT", T0 + 35 * MIN + 1);
    expect(late.state).toBe("OFFLINE");
    expect(late.ongoingGap).toEqual({ from: points[1]!.time, to: null, ms: 30 * MIN + 1 });
    // The ongoing interruption is not a gap between points.
    expect(late.gaps).toEqual([]);
    expect(late.longestGap?.ms).toBe(5 * MIN);
  });

  it("lists every gap longer than 30 minutes in time order and finds the longest, whatever the input order", () => {
    const points = [at(200), at(0), at(20), at(80), at(110), at(111), at(100)];
    const figures = monitorFigures(points, "IN_TRANSIT", T0 + 201 * MIN);
    expect(figures.gaps).toEqual([
      { from: at(20).time, to: at(80).time, ms: 60 * MIN },
      { from: at(111).time, to: at(200).time, ms: 89 * MIN },
    ]);
    expect(figures.longestGap).toEqual({ from: at(111).time, to: at(200).time, ms: 89 * MIN });
    expect(figures.first?.time).toBe(at(0).time);
    expect(figures.last?.time).toBe(at(200).time);
  });

  it("does not count a gap of exactly 30 minutes as an interruption", () => {
    expect(monitorFigures([at(0), at(30), at(61)], "IN_TRANSIT", T0 + 61 * MIN).gaps).toEqual([{ from: at(30).time, to: at(61).time, ms: 31 * MIN }]);
    expect(OFFLINE_AFTER_MS).toBe(30 * MIN);
  });

  it("judges by status: not started before loading, ended after unloading, no signal in transit without points", () => {
    const old = [at(0), at(10)];
    const muchLater = T0 + 3 * 24 * 60 * MIN;
    expect(monitorFigures([], "WAIT_LOADING", muchLater).state).toBe("NOT_STARTED");
    for (const status of ["UNLOADED", "SIGNED", "CONFIRMED", "COMPLETED", "CANCELLED"] as const) {
      const figures = monitorFigures(old, status, muchLater);
      expect(figures.state, status).toBe("ENDED");
      expect(figures.ongoingGap, status).toBeNull();
    }
    const none = monitorFigures([], "IN_TRANSIT", muchLater);
    expect(none).toMatchObject({ state: "NO_SIGNAL", pointCount: 0, first: null, last: null, sinceLastMs: null, longestGap: null, gaps: [], ongoingGap: null });
  });

  it("takes a single point, never a negative age for a point stamped after now, and skips unreadable times", () => {
    const one = monitorFigures([at(10)], "IN_TRANSIT", T0);
    expect(one).toMatchObject({ state: "ONLINE", pointCount: 1, sinceLastMs: 0, longestGap: null, gaps: [] });
    const bad = monitorFigures([at(0), { ...at(5), time: "not a time" }], "IN_TRANSIT", T0 + MIN);
    expect(bad.pointCount).toBe(1);
  });

  it("honours another threshold", () => {
    const figures = monitorFigures([at(0), at(11)], "IN_TRANSIT", T0 + 11 * MIN, 10 * MIN);
    expect(figures.gaps).toHaveLength(1);
  });
});

describe("formatDuration", () => {
  it.each([
    [0, "不足 1 分钟"],
    [59_999, "不足 1 分钟"],
    [-5 * MIN, "不足 1 分钟"],
    [MIN, "1 分钟"],
    [59 * MIN + 59_000, "59 分钟"],
    [60 * MIN, "1 小时"],
    [125 * MIN, "2 小时 5 分钟"],
    [24 * 60 * MIN, "1 天"],
    [(3 * 24 * 60 + 4 * 60 + 7) * MIN, "3 天 4 小时"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe("monitorHref", () => {
  it("addresses the monitor page by waybill number", () => {
    expect(monitorHref("YD2026 01")).toBe("/dispatchManage/checkTheMonitor?freightNo=YD2026%2001");
  });
});

describe("trackSketch", () => {
  it("draws the line in time order, marks start and end, and places each interruption between its two points", () => {
    const points = [at(90), at(0), at(10), at(20)];
    const figures = monitorFigures(points, "IN_TRANSIT", T0 + 95 * MIN);
    const sketch = trackSketch(points, figures.gaps, 400, 200);
    expect(sketch.line.split(" ")).toHaveLength(4);
    const [first, , third, last] = sketch.line.split(" ").map((xy) => xy.split(",").map(Number));
    expect(sketch.start).toEqual({ x: first![0], y: first![1] });
    expect(sketch.end).toEqual({ x: last![0], y: last![1] });
    // The points run south-west to north-east: the end is right of and above the start.
    expect(sketch.end!.x).toBeGreaterThan(sketch.start!.x);
    expect(sketch.end!.y).toBeLessThan(sketch.start!.y);
    expect(sketch.gaps).toEqual([{ from: { x: third![0], y: third![1] }, to: sketch.end }]);
  });

  it("is empty without points and leaves out the ongoing interruption", () => {
    expect(trackSketch([], [])).toMatchObject({ line: "", start: null, end: null, gaps: [] });
    expect(trackSketch([at(0)], [{ from: at(0).time, to: null, ms: 40 * MIN }]).gaps).toEqual([]);
  });
});
