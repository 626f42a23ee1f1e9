/**
 * The order rules the engine's generated tests cannot know (domain 3.1, 3.4): names copied from the
 * master data, tonnage and price bounds, what an order with waybills may still change, cancel and close
 * with open waybills, delete only as 草稿, dispatch only from open orders, progress from the waybills,
 * individuals seeing only their own orders, and the ORDER notification.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { order } from "../../contract/resources/order.js";
import { as, driveTo, freshCarrier, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

type Rec = Record<string, unknown> & { id: number; version: number; status: string; actions: string[] };
let f: FreightTestPlatform;
let refs: { shipperId: number; cargoId: number };

/** A refused call's Chinese message: 400 for bad input (HTTP 400, or a 4000 business refusal), else the business code. */
const refusal = async (promise: ReturnType<typeof as>, code: number) => {
  const res = await promise;
  const answer = res.body as { code: number; message?: string; errorMsg?: string };
  if (code === 4000 && res.status === 400) return String(answer.errorMsg);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(answer.code, JSON.stringify(res.body)).toBe(code);
  return String(answer.message);
};

/** The definition's example body (the generated tests create from it too), with overrides. */
const body = (extra: Record<string, unknown> = {}) => ({ ...order.example!.body(0, { shipper: refs.shipperId, cargo: refs.cargoId }), plannedWeight: 200_000, ...extra });

const create = (extra: Record<string, unknown> = {}) => okData<Rec>(as(f, "ORG_USER", "/tms-order-manage", body(extra)));
const get = (id: number, account: "ORG_USER" | "INDIVIDUAL_USER" = "ORG_USER") => okData<Rec>(as(f, account, `/tms-order-manage/${id}`, undefined, "GET"));
const dispatch = async (orderId: number, plannedWeight: number) => {
  const { driverId, vehicleId } = await freshCarrier(f);
  return okData<{ freights: Array<{ id: number }> }>(as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId, items: [{ driverId, vehicleId, plannedWeight }] }));
};

beforeAll(async () => {
  f = await startFreightPlatform("orders");
  const db = f.p.db.kysely;
  const shipper = await db.selectFrom("shippers").select("id").where("org_id", "=", f.orgIds[0]!).where("audit_status", "=", "APPROVED").where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  const cargo = await db.selectFrom("cargos").select("id").where("org_id", "=", f.orgIds[0]!).where("enabled", "=", "ENABLED").orderBy("id").executeTakeFirstOrThrow();
  refs = { shipperId: Number(shipper.id), cargoId: Number(cargo.id) };
});
afterAll(async () => {
  await f?.close();
});

describe(`orders (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("numbers a new order, copies the shipper's and the cargo's names, and offers it to dispatch", async () => {
    const order = await create();
    expect(String(order.orderNo)).toMatch(/^DD\d{14}$/);
    expect(order.status).toBe("WAIT_DISPATCH");
    expect(order.contractNo).toBe(`HT${String(order.orderNo)}`);
    const shipper = await f.p.db.kysely.selectFrom("shippers").select("name").where("id", "=", refs.shipperId).executeTakeFirstOrThrow();
    expect(order.shipperName).toBe(shipper.name);
    expect(order.cargoName).toBeTruthy();
    expect(order.lossAllowanceBp).not.toBeNull();
    const awaiting = await okData<{ records: Array<{ id: number }> }>(as(f, "ORG_USER", "/tms-order/search", { scope: "AWAITING", orderNo: String(order.orderNo), current: 1, size: 10 }));
    expect(awaiting.records.map((r) => r.id)).toContain(order.id);
    const events = (await get(order.id)).events as Array<{ action: string }>;
    expect(events.map((e) => e.action)).toContain("CREATE");
  });

  it("keeps tonnage and prices in bounds", async () => {
    expect(await refusal(as(f, "ORG_USER", "/tms-order-manage", body({ plannedWeight: 0 })), 4000)).toContain("计划重量");
    expect(await refusal(as(f, "ORG_USER", "/tms-order-manage", body({ plannedWeight: 20_000_001 })), 4000)).toContain("计划重量不能超过 20000 吨");
    expect(await refusal(as(f, "ORG_USER", "/tms-order-manage", body({ unitPrice: 0 })), 4000)).toContain("承运单价");
    expect(await refusal(as(f, "ORG_USER", "/tms-order-manage", body({ shipperUnitPrice: 8_000 })), 4000)).toBe("托运单价不能低于承运单价");
    expect(await refusal(as(f, "ORG_USER", "/tms-order-manage", body({ shipperUnitPrice: null })), 4000)).toBe("自营业务请填写托运单价");
    expect(await refusal(as(f, "ORG_USER", "/tms-order-manage", body({ distanceKm: 5_001 })), 4000)).toContain("运输里程");
  });

  it("lets an order without waybills change everything, and one with waybills only plans, prices, contacts and remark", async () => {
    const order = await create();
    const free = await okData<Rec>(as(f, "ORG_USER", `/tms-order-manage/${order.id}`, { loadingPlace: "蚌埠东粮库", version: order.version }, "PUT"));
    expect(free.loadingPlace).toBe("蚌埠东粮库");
    await dispatch(order.id, 40_000);
    let current = await get(order.id);
    expect(current.status).toBe("DISPATCHING");
    expect(current.dispatchedWeight).toBe(40_000);
    const fixed = await refusal(as(f, "ORG_USER", `/tms-order-manage/${order.id}`, { loadingPlace: "淮南粮库", version: current.version }, "PUT"), 4009);
    expect(fixed).toContain("已派单，不能修改「装货地」");
    expect(await refusal(as(f, "ORG_USER", `/tms-order-manage/${order.id}`, { plannedWeight: 30_000, version: current.version }, "PUT"), 4000)).toBe("计划重量不能小于已调度重量 40.00 吨");
    const edited = await okData<Rec>(as(f, "ORG_USER", `/tms-order-manage/${order.id}`, { plannedWeight: 40_000, unitPrice: 8_800, remark: "只发一车", version: current.version }, "PUT"));
    expect(edited.status).toBe("DISPATCHED");
    expect(edited.unitPrice).toBe(8_800);
    current = await get(order.id);
    const edit = (current.events as Array<{ action: string; detail: Record<string, unknown> }>).find((e) => e.action === "UPDATE")!;
    expect(Object.keys(edit.detail)).toEqual(expect.arrayContaining(["planned_weight", "unit_price"]));
    expect(await refusal(as(f, "ORG_USER", `/tms-order-manage/${order.id}`, { plannedWeight: 50_000, version: order.version }, "PUT"), 4009)).toContain("已被他人修改");
  });

  it("refuses to cancel an order with open waybills, and cancels it once they are cancelled", async () => {
    const order = await create();
    const { freights } = await dispatch(order.id, 40_000);
    expect(await refusal(as(f, "ORG_USER", `/tms-order-manage/${order.id}/cancel`, { cancelReason: "货主取消" }), 4009)).toContain("不能取消订单");
    await driveTo(f, freights[0]!.id, "CANCELLED");
    const back = await get(order.id);
    expect(back.status).toBe("WAIT_DISPATCH");
    expect(back.dispatchedWeight).toBe(0);
    expect(await refusal(as(f, "ORG_USER", `/tms-order-manage/${order.id}/cancel`, {}), 4000)).toContain("取消原因");
    const cancelled = await okData<Rec>(as(f, "ORG_USER", `/tms-order-manage/${order.id}/cancel`, { cancelReason: "货主取消" }));
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.cancelReason).toBe("货主取消");
    expect(cancelled.cancelledAt).toBeTruthy();
    const { driverId, vehicleId } = await freshCarrier(f);
    const res = await as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId: order.id, items: [{ driverId, vehicleId, plannedWeight: 30_000 }] });
    expect((res.body as { code: number }).code).toBe(4009);
  });

  it("closes an order with open waybills, which continue; a cancelled one does not reopen the order", async () => {
    const order = await create({ plannedWeight: 400_000 });
    const { freights } = await dispatch(order.id, 40_000);
    const second = await dispatch(order.id, 40_000);
    const closed = await okData<Rec>(as(f, "ORG_USER", `/tms-order-manage/${order.id}/close`, { closedReason: "剩余改铁路" }));
    expect(closed.status).toBe("CLOSED");
    await driveTo(f, second.freights[0]!.id, "CANCELLED");
    const after = await get(order.id);
    expect(after.status).toBe("CLOSED");
    expect(after.dispatchedWeight).toBe(40_000);
    await driveTo(f, freights[0]!.id, "UNLOADED");
    const progress = await get(order.id);
    expect(progress.loadedWeight).toBe(40_000);
    expect(progress.unloadedWeight).toBe(39_950);
  });

  it("completes a fully dispatched order when its last waybill completes", async () => {
    const order = await create({ plannedWeight: 40_000 });
    const { freights } = await dispatch(order.id, 40_000);
    expect((await get(order.id)).status).toBe("DISPATCHED");
    await driveTo(f, freights[0]!.id, "COMPLETED");
    const done = await get(order.id);
    expect(done.status).toBe("COMPLETED");
    expect(done.completedWeight).toBe(39_950);
    expect(done.actions).not.toContain("edit");
  });

  it("deletes only drafts, and submits a draft to dispatch", async () => {
    const order = await create();
    expect(order.actions).not.toContain("delete");
    expect(await refusal(as(f, "ORG_USER", `/tms-order-manage/${order.id}`, undefined, "DELETE"), 4009)).toContain("不能删除");
    await f.p.db.kysely.updateTable("freight_orders").set({ status: "DRAFT" }).where("id", "=", order.id).execute();
    const draft = await get(order.id);
    expect(draft.actions).toEqual(expect.arrayContaining(["delete", "submit", "cancel", "edit"]));
    const submitted = await okData<Rec>(as(f, "ORG_USER", `/tms-order-manage/${order.id}/submit`, {}));
    expect(submitted.status).toBe("WAIT_DISPATCH");
    const other = await create();
    await f.p.db.kysely.updateTable("freight_orders").set({ status: "DRAFT" }).where("id", "=", other.id).execute();
    await okData(as(f, "ORG_USER", `/tms-order-manage/${other.id}`, undefined, "DELETE"));
    expect((await as(f, "ORG_USER", `/tms-order-manage/${other.id}`, undefined, "GET")).status).toBe(404);
  });

  it("shows an individual only the orders they created", async () => {
    const orgOrder = await create();
    expect((await as(f, "INDIVIDUAL_USER", `/tms-order-manage/${orgOrder.id}`, undefined, "GET")).status).toBe(404);
    const individual = await f.p.db.kysely.selectFrom("users").select("org_id").where("id", "=", f.userIds.INDIVIDUAL_USER).executeTakeFirstOrThrow();
    const shipper = await f.p.db.kysely.selectFrom("shippers").select("id").where("org_id", "=", Number(individual.org_id)).executeTakeFirstOrThrow();
    const cargo = await f.p.db.kysely.selectFrom("cargos").select("id").where("org_id", "=", Number(individual.org_id)).where("enabled", "=", "ENABLED").executeTakeFirstOrThrow();
    const own = await okData<Rec>(as(f, "INDIVIDUAL_USER", "/tms-order-manage", body({ shipperId: Number(shipper.id), cargoId: Number(cargo.id) })));
    const list = await okData<{ records: Rec[]; total: number }>(as(f, "INDIVIDUAL_USER", "/tms-order-manage/search", { current: 1, size: 50 }));
    expect(list.records.map((r) => r.id)).toContain(own.id);
    const owners = await f.p.db.kysely.selectFrom("freight_orders").select("owner_user_id").where("id", "in", list.records.map((r) => r.id)).execute();
    expect(owners.every((o) => Number(o.owner_user_id) === f.userIds.INDIVIDUAL_USER)).toBe(true);
    expect(await refusal(as(f, "INDIVIDUAL_USER", "/tms-order-manage", body()), 4000)).toBe("托运人不存在或不可选");
  });

  it("notifies the organisation's other users of a new order (ORDER target)", async () => {
    const created = await okData<Rec>(as(f, "SYSTEM_USER", "/tms-order-manage", { ...body(), orgId: f.orgIds[0] }));
    const note = await f.p.db.kysely.selectFrom("notifications").selectAll().where("target_type", "=", "ORDER").where("target_id", "=", String(created.id)).executeTakeFirst();
    expect(note?.user_id).toBe(f.userIds.ORG_USER);
    expect(note?.content).toContain(String(created.orderNo));
  });

  it("seeds orders in every state, with dispatched weight equal to the planned weight of their waybills", async () => {
    const db = f.p.db.kysely;
    for (const orgId of f.orgIds.slice(0, 3)) {
      const states = await db.selectFrom("freight_orders").select("status").distinct().where("org_id", "=", orgId).where("order_no", "not like", "DDTEST%").execute();
      // The seeded waybills' states follow today's date: an organisation whose orders all still have a
      // waybill on the road has no order to complete today.
      const finishable = await db
        .selectFrom("freight_orders as o")
        .select("o.id")
        .where("o.org_id", "=", orgId)
        .where(({ exists, not, selectFrom }) => not(exists(selectFrom("freights as w").select("w.id").whereRef("w.order_id", "=", "o.id").where("w.status", "not in", ["CANCELLED", "COMPLETED"]))))
        .where(({ exists, selectFrom }) => exists(selectFrom("freights as w").select("w.id").whereRef("w.order_id", "=", "o.id").where("w.status", "=", "COMPLETED")))
        .executeTakeFirst();
      const expected = ["CANCELLED", "CLOSED", "COMPLETED", "DISPATCHED", "DISPATCHING", "DRAFT", "WAIT_DISPATCH"].filter((state) => state !== "COMPLETED" || finishable);
      expect(states.map((s) => s.status).sort(), `org ${orgId}`).toEqual(expected);
    }
    const mismatched = await db
      .selectFrom("freight_orders as o")
      .select(["o.order_no", "o.dispatched_weight"])
      .where(({ eb, selectFrom }) => eb("o.dispatched_weight", "<>", selectFrom("freights as w").select((x) => x.fn.coalesce(x.fn.sum<number>("w.planned_weight"), x.lit(0)).as("s")).whereRef("w.order_id", "=", "o.id").where("w.status", "<>", "CANCELLED")))
      .execute();
    expect(mismatched).toEqual([]);
  });
});
