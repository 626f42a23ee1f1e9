import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // The console's config reads its session secret at import time; keep the test off ./data.
  process.env.SESSION_SECRET ??= "unit-test-secret";
});

import { freightDetailHref, freightStepHref, trackPlaybackHref } from "../../app/lib/freight-links";
import { cumulativeLengths, layoutTrack, pointAlong, polylinePoints } from "../../app/lib/trackGeometry";
import { exportDisposition, freightExportHref, freightListQuery, freightSearchBody, relayStream } from "../../app/services/freight.server";
import { listHrefOf } from "../../app/services/pages/freight.server";

const url = (query: string) => new URL(`http://console.test/dispatchManage/waybillList${query}`);

describe("export Content-Disposition", () => {
  it("names the file after the China calendar day, with an ASCII fallback and the UTF-8 name", () => {
    // 17:00 UTC on 14 January is already 15 January in China.
    const header = exportDisposition(new Date("2026-01-14T17:00:00Z"));
    expect(header.startsWith("attachment; ")).toBe(true);
    expect(header).toContain('filename="waybills-20260115.xlsx"');
    const encoded = header.match(/filename\*=UTF-8''(\S+)$/)?.[1];
    expect(encoded).toBeDefined();
    expect(encoded).toMatch(/^[A-Za-z0-9%._-]+$/);
    expect(decodeURIComponent(encoded!)).toBe("运单列表_20260115.xlsx");
  });

  it("uses the same day before 16:00 UTC", () => {
    expect(exportDisposition(new Date("2026-03-01T15:59:59Z"))).toContain('filename="waybills-20260301.xlsx"');
  });
});

describe("export relay", () => {
  /** An upstream body that records how far it was read and whether it was cancelled. */
  function upstream(chunks: string[]) {
    const state = { pulled: 0, cancelled: null as unknown };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (state.pulled === chunks.length) return controller.close();
        controller.enqueue(new TextEncoder().encode(chunks[state.pulled++]!));
      },
      cancel(reason) {
        state.cancelled = reason ?? "cancelled";
      },
    }, { highWaterMark: 0 });
    return { body, state };
  }

  it("passes every chunk through in order", async () => {
    const { body, state } = upstream(["PK", "zip", "end"]);
    const text = await new Response(relayStream(body, new AbortController().signal)).text();
    expect(text).toBe("PKzipend");
    expect(state.cancelled).toBeNull();
  });

  it("reads only as far as the client has asked", async () => {
    const { body, state } = upstream(["a", "b", "c", "d"]);
    const reader = relayStream(body, new AbortController().signal).getReader();
    await reader.read();
    expect(state.pulled).toBeLessThanOrEqual(2);
  });

  it("stops reading the platform when the client goes away", async () => {
    const { body, state } = upstream(["a", "b", "c"]);
    const client = new AbortController();
    const reader = relayStream(body, client.signal).getReader();
    await reader.read();
    client.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(state.cancelled).not.toBeNull();
  });

  it("cancels the platform's body when the consumer cancels", async () => {
    const { body, state } = upstream(["a", "b"]);
    const reader = relayStream(body, new AbortController().signal).getReader();
    await reader.cancel("bye");
    expect(state.cancelled).toBe("bye");
  });
});

describe("waybill list query", () => {
  it("reads the filters and the page from the URL", () => {
    const q = freightListQuery(url("?freightNo=yd2026&status=IN_TRANSIT&loadingPlace=%E8%8A%9C%E6%B9%96&current=3&size=50"));
    expect(q.filter).toMatchObject({ freightNo: "yd2026", status: ["IN_TRANSIT"], loadingPlace: "芜湖" });
    expect(q).toMatchObject({ current: 3, size: 50, errors: {} });
  });

  it("reports a refused value in Chinese and searches with the rest", () => {
    const q = freightListQuery(url("?status=LOST&orderNo=DD1&createdFrom=2026-02-30"));
    expect(q.errors.status).toMatch(/status 只能是/);
    expect(q.errors.createdFrom).toBe("创建开始日期不是有效日期");
    expect(q.filter.status).toBeUndefined();
    expect(q.filter.createdFrom).toBeUndefined();
    expect(q.filter.orderNo).toBe("DD1");
  });

  it("refuses a range whose start is after its end", () => {
    const q = freightListQuery(url("?loadingFrom=2026-02-10&loadingTo=2026-02-01"));
    expect(q.errors.loadingTo).toBe("装货开始日期不能晚于结束日期");
    expect(q.filter.loadingFrom).toBe("2026-02-10");
    expect(q.filter.loadingTo).toBeUndefined();
  });

  it("lets the page's preset win over the query and reads abnormal", () => {
    const q = freightListQuery(url("?status=COMPLETED&abnormal=true"), { status: ["IN_TRANSIT"] });
    expect(q.filter.status).toEqual(["IN_TRANSIT"]);
    expect(q.filter.abnormal).toBe(true);
    expect(freightListQuery(url("?abnormal=maybe")).filter.abnormal).toBeUndefined();
  });

  it("drops empty fields from the search body and adds paging", () => {
    const q = freightListQuery(url("?freightNo=&orderNo=DD9&status="));
    expect(freightSearchBody(q.filter, { current: 2, size: 10 })).toEqual({ orderNo: "DD9", current: 2, size: 10 });
  });

  it("gives the export link the same filter", () => {
    const q = freightListQuery(url("?status=SIGNED&carrierName=%E5%BC%A0&abnormal=false&current=4"));
    const href = freightExportHref(q.filter);
    expect(href.startsWith("/dispatchManage/waybillList/export.xlsx?")).toBe(true);
    const again = freightListQuery(new URL(href, "http://console.test"));
    expect(again.filter).toEqual(q.filter);
    expect(href).not.toContain("current=");
  });

  it("leaves row dialog parameters out of the list's own address", () => {
    expect(listHrefOf(url("?status=SIGNED&cancel=12&current=2"))).toBe("/dispatchManage/waybillList?status=SIGNED&current=2");
    expect(listHrefOf(url("?complete=3"))).toBe("/dispatchManage/waybillList");
  });
});

describe("waybill links", () => {
  it("opens the road or water page by the way of transport", () => {
    expect(freightDetailHref("ROAD", "YD1")).toBe("/dispatchManage/wayillDetails/index?freightNo=YD1");
    expect(freightDetailHref("WATER", "YD2")).toBe("/dispatchManage/wayillDetails/waterIndex?freightNo=YD2");
    expect(trackPlaybackHref("ROAD", "YD1")).toBe("/dispatchManage/trackPlayback?freightNo=YD1");
    expect(trackPlaybackHref("WATER", "YD2")).toBe("/dispatchManage/trackPlaybackWater?freightNo=YD2");
    expect(freightStepHref("unloading", "WATER", "YD3")).toBe("/dispatchManage/waterdelivery?freightNo=YD3");
    expect(freightStepHref("sign", "ROAD", "YD4")).toBe("/dispatchManage/sign?freightNo=YD4");
  });
});

describe("track layout", () => {
  const square = [
    { lat: 31, lng: 117 },
    { lat: 32, lng: 117 },
    { lat: 32, lng: 118 },
  ];

  it("fits the track in the box inside the padding, north up", () => {
    const { points, width, height } = layoutTrack(square, 800, 500, 20);
    expect([width, height]).toEqual([800, 500]);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(20);
      expect(p.x).toBeLessThanOrEqual(780);
      expect(p.y).toBeGreaterThanOrEqual(20);
      expect(p.y).toBeLessThanOrEqual(480);
    }
    // Going north moves up the screen; going east moves right.
    expect(points[1]!.y).toBeLessThan(points[0]!.y);
    expect(points[2]!.x).toBeGreaterThan(points[1]!.x);
    // The taller axis fills the inner height exactly.
    expect(points[0]!.y - points[1]!.y).toBeCloseTo(460, 1);
  });

  it("keeps the map's aspect: a degree of longitude is cos(latitude) of a degree of latitude", () => {
    const { points } = layoutTrack(square, 800, 500, 20);
    const north = points[0]!.y - points[1]!.y;
    const east = points[2]!.x - points[1]!.x;
    expect(east / north).toBeCloseTo(Math.cos((31.5 * Math.PI) / 180), 3);
    // Centred horizontally.
    expect(points[0]!.x - 20).toBeCloseTo(780 - points[2]!.x, 1);
  });

  it("puts a single point, or identical points, in the middle", () => {
    expect(layoutTrack([{ lat: 30, lng: 120 }], 800, 500, 20).points).toEqual([{ x: 400, y: 250 }]);
    expect(layoutTrack([{ lat: 30, lng: 120 }, { lat: 30, lng: 120 }], 100, 100, 10).points).toEqual([{ x: 50, y: 50 }, { x: 50, y: 50 }]);
    expect(layoutTrack([]).points).toEqual([]);
  });

  it("lays a due-east track along the vertical middle", () => {
    const { points } = layoutTrack([{ lat: 30, lng: 117 }, { lat: 30, lng: 118 }], 800, 500, 20);
    expect(points).toEqual([{ x: 20, y: 250 }, { x: 780, y: 250 }]);
    expect(polylinePoints(points)).toBe("20,250 780,250");
  });
});

describe("position along the track", () => {
  const line = [{ x: 0, y: 0 }, { x: 30, y: 40 }, { x: 30, y: 90 }];
  const lengths = cumulativeLengths(line);

  it("measures the line", () => {
    expect(lengths).toEqual([0, 50, 100]);
  });

  it("moves by length, not by point count", () => {
    expect(pointAlong(line, lengths, 0)).toEqual({ x: 0, y: 0, index: 0 });
    expect(pointAlong(line, lengths, 0.25)).toEqual({ x: 15, y: 20, index: 0 });
    expect(pointAlong(line, lengths, 0.75)).toEqual({ x: 30, y: 65, index: 1 });
    expect(pointAlong(line, lengths, 1)).toEqual({ x: 30, y: 90, index: 2 });
  });

  it("clamps the fraction and copes with degenerate lines", () => {
    expect(pointAlong(line, lengths, 7)).toEqual({ x: 30, y: 90, index: 2 });
    expect(pointAlong(line, lengths, -1)).toEqual({ x: 0, y: 0, index: 0 });
    expect(pointAlong([], [], 0.5).index).toBe(-1);
    expect(pointAlong([{ x: 5, y: 5 }], [0], 0.5)).toEqual({ x: 5, y: 5, index: 0 });
  });
});
