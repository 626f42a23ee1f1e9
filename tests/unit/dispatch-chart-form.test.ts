import { describe, expect, it } from "vitest";
import { dispatchContext, dispatchFormSchema, dispatchRequest } from "~/lib/dispatch-form";
import { trendOption } from "~/lib/dispatch-trend";

describe("the 30-day chart", () => {
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
