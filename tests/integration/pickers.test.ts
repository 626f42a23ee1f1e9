/**
 * Pickers offer what can be chosen, on SQLite and PostgreSQL: the engine's options
 * list a resource's choosable rows first and grey the others with the reason its definition derives
 * (项目: 已通过 and 进行中; 托运人: 已认证 and 启用); a write naming a greyed row is refused with the same
 * reason, while a record keeping the row it already holds can still be edited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { order } from "../../contract/resources/order.js";
import { as, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

/** A picker option; `disabledReason` is present only on a greyed one. */
type Option = { id: number; label: string; disabledReason?: string };
let f: FreightTestPlatform;

beforeAll(async () => {
  f = await startFreightPlatform("pickers");
});
afterAll(async () => {
  await f?.close();
});

const options = (api: string) => okData<Option[]>(as(f, "ORG_USER", `/${api}/options`, {}));

describe(`pickers offer only choosable rows (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("projects: approved and 进行中 first; the others greyed with their reason", async () => {
    const list = await options("tms-project");
    const byName = new Map(list.map((o) => [o.label, o]));
    expect(byName.has("2026年最低收购价小麦移库")).toBe(true);
    expect(byName.get("2026年最低收购价小麦移库")?.disabledReason).toBeUndefined();
    expect(byName.get("2026年玉米轮换出库")?.disabledReason).toBe("审核状态为「待审核」");
    expect(byName.get("2025年秋粮收购运输")?.disabledReason).toBe("项目状态为「已结束」");
    const firstGreyed = list.findIndex((o) => o.disabledReason !== undefined);
    expect(firstGreyed).toBeGreaterThan(0);
    expect(list.slice(firstGreyed).every((o) => o.disabledReason !== undefined)).toBe(true);
  });

  it("orders refuse a greyed project or shipper with the reason, accept a choosable one, and keep the one a record holds", async () => {
    const db = f.p.db.kysely;
    const projects = await options("tms-project");
    const shippers = await options("tms-shipper");
    const okShipper = shippers.find((o) => o.disabledReason === undefined)!;
    const cargo = (await okData<Option[]>(as(f, "ORG_USER", "/tms-cargo/options", {})))[0]!;
    const body = { ...order.example!.body(7, { shipper: okShipper.id, cargo: cargo.id }) };
    const pending = projects.find((o) => o.label === "2026年玉米轮换出库")!;
    const refused = await as<{ code: number; message: string }>(f, "ORG_USER", "/tms-order-manage", { ...body, projectId: pending.id });
    expect(refused.body.code).toBe(4000);
    expect(refused.body.message).toBe("项目「2026年玉米轮换出库」不可选：审核状态为「待审核」，请选择其他项目");

    const greyedShipper = shippers.find((o) => o.disabledReason !== undefined);
    if (greyedShipper) {
      const res = await as<{ code: number; message: string }>(f, "ORG_USER", "/tms-order-manage", { ...body, shipperId: greyedShipper.id });
      expect(res.body.message).toContain(`托运人「${greyedShipper.label}」不可选：`);
    }

    const active = projects.find((o) => o.label === "2026年最低收购价小麦移库")!;
    const created = await okData<{ id: number; version: number }>(as(f, "ORG_USER", "/tms-order-manage", { ...body, projectId: active.id }));
    // The project ends later: the order keeps it and can still be edited.
    await db.updateTable("projects").set({ status: "FINISHED" }).where("id", "=", active.id).execute();
    try {
      const edited = await okData<{ remark?: string }>(as(f, "ORG_USER", `/tms-order-manage/${created.id}`, { ...body, projectId: active.id, version: created.version }, "PUT"));
      expect(edited).toBeTruthy();
    } finally {
      await db.updateTable("projects").set({ status: "ACTIVE" }).where("id", "=", active.id).execute();
    }
  });

  it("a project may still be drafted for a 托运人 waiting for audit (both are audited)", async () => {
    const shipper = (await options("tms-shipper")).find((o) => o.disabledReason?.includes("待审核"));
    expect(shipper, "the seed has a 托运人 waiting for audit").toBeTruthy();
    const project = await as<{ code: number; message?: string }>(f, "ORG_USER", "/tms-project", { name: `草拟项目${Date.now() % 100000}`, shipperId: shipper!.id });
    expect(project.body.code, project.body.message).toBe(200);
  });
});
