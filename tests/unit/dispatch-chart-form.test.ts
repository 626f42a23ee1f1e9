import { describe, expect, it } from "vitest";
import { bandCentre, linearAxis, linePath, niceStep, tickLabel, yFor } from "~/components/charts/scale";
import { dispatchContext, dispatchFormSchema, dispatchRequest } from "~/lib/dispatch-form";
import { trendOption } from "~/components/dispatch/DispatchFigures";

describe("chart scaling", () => {
  it.each([
    [0.7, 1],
    [1, 1],
    [1.2, 2],
    [2.2, 2.5],
    [3, 5],
    [7, 10],
    [12, 20],
    [230, 250],
    [0.03, 0.05],
  ])("the nice step for %f is %f", (raw, step) => expect(niceStep(raw)).toBeCloseTo(step, 10));

  it("covers the data in whole nice steps from 0", () => {
    expect(linearAxis(37, 4)).toEqual({ max: 40, step: 10, ticks: [0, 10, 20, 30, 40] });
    expect(linearAxis(1234.5, 4)).toEqual({ max: 1500, step: 500, ticks: [0, 500, 1000, 1500] });
    expect(linearAxis(0.3, 4).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it("keeps count axes whole and gives an empty series an axis", () => {
    expect(linearAxis(3, 4, true)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(linearAxis(0, 4, true).max).toBeGreaterThan(0);
    expect(linearAxis(0, 4).ticks[0]).toBe(0);
  });

  it("maps values to pixels, top down, clamped to the axis", () => {
    const axis = linearAxis(40, 4);
    expect(yFor(0, axis, 10, 200)).toBe(210);
    expect(yFor(40, axis, 10, 200)).toBe(10);
    expect(yFor(20, axis, 10, 200)).toBe(110);
    expect(yFor(99, axis, 10, 200)).toBe(10);
    expect(yFor(-5, axis, 10, 200)).toBe(210);
  });

  it("places bands and draws the line through the points", () => {
    expect(bandCentre(0, 30, 0, 600)).toBe(10);
    expect(bandCentre(29, 30, 0, 600)).toBe(590);
    expect(linePath([[1, 2], [3.04, 4.06]])).toBe("M1 2 L3 4.1");
    expect(linePath([])).toBe("");
    expect(tickLabel(2.5)).toBe("2.5");
    expect(tickLabel(0.30000000000000004)).toBe("0.3");
  });

  it("draws created waybills as bars and loaded tonnes as the line", () => {
    const option = trendOption([{ date: "2026-03-01", created: 4, completed: 2, loadedWeight: 123_450 }]);
    expect(option.xAxis?.data).toEqual(["03-01"]);
    expect(option.series).toEqual([
      { type: "bar", name: "新建运单（单）", data: [4] },
      { type: "line", name: "装货吨位（吨）", yAxisIndex: 1, data: [123.45] },
    ]);
  });
});

describe("dispatch form", () => {
  const roadOrder = dispatchContext({ freightWay: "ROAD", remainingWeight: 300_000 });

  it("turns rows into the platform's dispatch request in kilograms", () => {
    const result = dispatchFormSchema(roadOrder).safeParse({ items: [{ driverId: "3", vehicleId: "5", plannedWeight: "35.5" }] });
    expect(result.success && dispatchRequest(9, result.data)).toEqual({ orderId: 9, items: [{ driverId: 3, vehicleId: 5, plannedWeight: 35_500 }] });
  });

  it("needs a driver, a vehicle and a positive weight of at most 200 t a truck", () => {
    const result = dispatchFormSchema(roadOrder).safeParse({ items: [{ plannedWeight: "201" }] });
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({
      "items.0.driverId": "请选择司机",
      "items.0.vehicleId": "请选择车辆",
      "items.0.plannedWeight": "计划重量不能超过 200.00 吨（公路运输单车上限）",
    });
  });

  it("refuses more than the order has left", () => {
    const result = dispatchFormSchema(roadOrder).safeParse({
      items: [
        { driverId: "1", vehicleId: "1", plannedWeight: "160" },
        { driverId: "2", vehicleId: "2", plannedWeight: "150" },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe("派单重量合计 310.00 吨，超过订单剩余可派重量 300.00 吨");
  });

  it("lets a barge carry more than a truck, up to the ship's capacity", () => {
    const waterOrder = dispatchContext({ freightWay: "WATER", remainingWeight: 5_000_000 }, { "4": 1_500_000 });
    expect(dispatchFormSchema(waterOrder).safeParse({ items: [{ captainId: "2", shipId: "4", plannedWeight: "1200" }] }).success).toBe(true);
    const over = dispatchFormSchema(waterOrder).safeParse({ items: [{ captainId: "2", shipId: "4", plannedWeight: "1600" }] });
    expect(over.success).toBe(false);
    expect(over.error!.issues[0]).toMatchObject({ path: ["items", 0, "plannedWeight"], message: "计划重量超过该船载重 1500.00 吨" });
  });
});
