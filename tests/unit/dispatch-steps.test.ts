import { describe, expect, it } from "vitest";
import { FREIGHT_STATUSES } from "../../contract/freight";
import { actionsOffered } from "../../contract/freight-steps";
import {
  chinaLocalToIso,
  isoToChinaLocal,
  kgToTonnesInput,
  maxUnloadKg,
  QUEUES,
  queueForStatus,
  queueHref,
  queueTab,
  STEP_ACTIONS,
  stepBody,
  stepDoneMessage,
  stepFormSchema,
  stepsFor,
  stepsOffered,
  tonnesToKg,
  type StepContext,
} from "~/lib/steps";

const road: StepContext = { freightWay: "ROAD", loadedWeight: null, unloadedWeight: null };
const water: StepContext = { freightWay: "WATER", loadedWeight: null, unloadedWeight: null };

/** Field messages of a failed parse, by field name ("" for the form's own). */
function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: Array<string | number>; message: string }> } }) {
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join(".") || "", i.message]));
}

describe("tonnes as entered → kilograms", () => {
  it.each([
    ["35", 35_000],
    ["35.5", 35_500],
    ["0.001", 1],
    ["200.000", 200_000],
    [" 12.34 ", 12_340],
    ["0.1", 100],
  ])("%s 吨 is %i kg, exactly", (text, kg) => expect(tonnesToKg(text)).toBe(kg));

  it.each(["", "abc", "1.2345", "-3", "1e3", "3,5", ".5"])("%j is not a weight", (text) => expect(tonnesToKg(text)).toBeNull());

  it("round-trips kilograms through the input text", () => {
    for (const kg of [1, 100, 35_500, 199_999, 200_000]) expect(tonnesToKg(kgToTonnesInput(kg))).toBe(kg);
    expect(kgToTonnesInput(null)).toBe("");
  });
});

describe("China local times", () => {
  it("reads a datetime-local value as UTC+8", () => {
    expect(chinaLocalToIso("2026-03-01T08:30")).toBe("2026-03-01T00:30:00.000Z");
    expect(chinaLocalToIso("2026-03-01T07:59:30")).toBe("2026-02-28T23:59:30.000Z");
  });

  it("refuses dates that do not exist and other text", () => {
    expect(chinaLocalToIso("2026-02-30T10:00")).toBeNull();
    expect(chinaLocalToIso("2026-03-01 10:00")).toBeNull();
    expect(chinaLocalToIso("2026-03-01T24:00")).toBeNull();
    expect(chinaLocalToIso("")).toBeNull();
  });

  it("writes an instant back in China time", () => {
    expect(isoToChinaLocal("2026-02-28T23:59:30.000Z")).toBe("2026-03-01T07:59");
  });
});

describe("step forms", () => {
  it("装货 converts tonnes and the China time for the platform", () => {
    const result = stepFormSchema("LOADING", road).safeParse({ loadedWeight: "35.5", loadingTime: "2026-03-01T08:30", weighTicketUrl: "/files/t.jpg" });
    expect(result.success && stepBody(7, result.data)).toEqual({ id: 7, loadedWeight: 35_500, loadingTime: "2026-03-01T00:30:00.000Z", weighTicketUrl: "/files/t.jpg" });
  });

  it("装货 needs a weight and a weigh ticket", () => {
    expect(errorsOf(stepFormSchema("LOADING", road).safeParse({}))).toEqual({ loadedWeight: "请输入装货重量", weighTicketUrl: "请上传装货磅单" });
  });

  it("refuses a road load above 200 t, a water one not", () => {
    const body = { weighTicketUrl: "https://img.example.com/t.jpg" };
    expect(stepFormSchema("LOADING", road).safeParse({ ...body, loadedWeight: "200" }).success).toBe(true);
    expect(errorsOf(stepFormSchema("LOADING", road).safeParse({ ...body, loadedWeight: "200.001" }))).toEqual({
      loadedWeight: "装货重量不能超过 200.00 吨（公路运输单车上限）",
    });
    expect(errorsOf(stepFormSchema("LOADING", road).safeParse({ ...body, loadedWeight: "30", pickupWeight: "250" }))).toEqual({
      pickupWeight: "提货重量不能超过 200.00 吨（公路运输单车上限）",
    });
    expect(stepFormSchema("LOADING", water).safeParse({ ...body, loadedWeight: "1500" }).success).toBe(true);
  });

  it("refuses zero, words and a ticket that is not an image address", () => {
    const errors = errorsOf(stepFormSchema("LOADING", road).safeParse({ loadedWeight: "0", weighTicketUrl: "bangdan" }));
    expect(errors.loadedWeight).toBe("装货重量必须大于 0");
    expect(errors.weighTicketUrl).toMatch(/应为图片地址/);
    expect(errorsOf(stepFormSchema("LOADING", road).safeParse({ loadedWeight: "三十", weighTicketUrl: "/files/t.jpg" })).loadedWeight).toBe(
      "装货重量须为数字（单位：吨），最多 3 位小数",
    );
  });

  it("卸货 may exceed the loaded weight by 1 % and no more", () => {
    const loaded: StepContext = { freightWay: "ROAD", loadedWeight: 30_000, unloadedWeight: null };
    const ticket = { weighTicketUrl: "/files/t.jpg" };
    expect(maxUnloadKg(30_000)).toBe(30_300);
    expect(stepFormSchema("UNLOADING", loaded).safeParse({ ...ticket, unloadedWeight: "30.3" }).success).toBe(true);
    expect(errorsOf(stepFormSchema("UNLOADING", loaded).safeParse({ ...ticket, unloadedWeight: "30.301" }))).toEqual({
      unloadedWeight: "卸货重量超过装货重量 30.00 吨的 1%，最多 30.30 吨",
    });
  });

  it("修正装货 needs a reason and at least one change, and keeps the loaded weight above what was unloaded", () => {
    const unloaded: StepContext = { freightWay: "ROAD", loadedWeight: 30_000, unloadedWeight: 30_000 };
    expect(errorsOf(stepFormSchema("LOADING_UPDATE", unloaded).safeParse({ reason: "磅单录错" }))).toEqual({ "": "请至少修改一项装货信息" });
    expect(errorsOf(stepFormSchema("LOADING_UPDATE", unloaded).safeParse({ loadedWeight: "31" })).reason).toBe("请填写修正原因");
    expect(errorsOf(stepFormSchema("LOADING_UPDATE", unloaded).safeParse({ loadedWeight: "29.6", reason: "磅单录错" }))).toEqual({
      loadedWeight: "已卸货 30.00 吨，装货重量不能少于 29.703 吨",
    });
    expect(stepFormSchema("LOADING_UPDATE", unloaded).safeParse({ loadedWeight: "29.702", reason: "磅单录错" }).success).toBe(false);
    expect(stepFormSchema("LOADING_UPDATE", unloaded).safeParse({ loadedWeight: "29.703", reason: "磅单录错" }).success).toBe(true);
  });

  it("the stamp steps take an optional remark of at most 200 characters", () => {
    expect(stepFormSchema("SIGN", road).safeParse({}).success).toBe(true);
    expect(errorsOf(stepFormSchema("COMPLETE", road).safeParse({ remark: "字".repeat(201) }))).toEqual({ remark: "备注最多 200 个字" });
  });
});

describe("queues", () => {
  it("each step's platform path is the spec's", () => {
    expect(Object.values(STEP_ACTIONS).map((s) => s.platformPath)).toEqual([
      "/tms-freight/loading",
      "/tms-freight/loadingUpdate",
      "/tms-freight/unLoading",
      "/tms-freight/sign",
      "/tms-freight/review",
      "/tms-freight/fleet-confirm",
      "/tms-freight/complete",
    ]);
  });

  it("lists the statuses its steps start from, road or water", () => {
    expect(queueTab(QUEUES.loading, null).statuses).toEqual(["WAIT_LOADING"]);
    expect(queueTab(QUEUES.loading, "loaded").statuses).toEqual(["IN_TRANSIT", "UNLOADED"]);
    expect(queueTab(QUEUES.loading, "nonsense").key).toBe("wait");
    expect(QUEUES.delivery.tabs[0]!.statuses).toEqual(["IN_TRANSIT"]);
    expect(QUEUES.watersign.tabs[0]!.statuses).toEqual(["UNLOADED"]);
    expect([QUEUES.waterloading.freightWay, QUEUES.loading.freightWay, QUEUES.confirm.freightWay]).toEqual(["WATER", "ROAD", null]);
  });

  it("offers the steps a status allows, to the kinds of account that may take them", () => {
    expect(stepsFor(QUEUES.loading, "WAIT_LOADING")).toEqual(["LOADING"]);
    expect(stepsFor(QUEUES.loading, "UNLOADED")).toEqual(["LOADING_UPDATE"]);
    expect(stepsFor(QUEUES.loading, "SIGNED")).toEqual([]);
    expect(stepsOffered(QUEUES.confirm, { status: "SIGNED", actions: actionsOffered("SIGNED", "ORG_USER") })).toEqual(["FLEET_CONFIRM"]);
    expect(stepsOffered(QUEUES.confirm, { status: "SIGNED", actions: actionsOffered("SIGNED", "TENANT_USER") })).toEqual(["REVIEW"]);
    expect(stepsOffered(QUEUES.confirm, { status: "CONFIRMED", actions: actionsOffered("CONFIRMED", "INDIVIDUAL_USER") })).toEqual([]);
    expect(stepsOffered(QUEUES.delivery, { status: "IN_TRANSIT", actions: actionsOffered("IN_TRANSIT", "INDIVIDUAL_USER") })).toEqual(["UNLOADING"]);
  });

  it("sends each open status to the page that handles it", () => {
    const pages = FREIGHT_STATUSES.map((status) => {
      const found = queueForStatus(status, "WATER");
      return [status, found ? queueHref(found.queue, found.tab, "YD1") : null];
    });
    expect(Object.fromEntries(pages)).toEqual({
      WAIT_LOADING: "/dispatchManage/waterloading?freightNo=YD1",
      IN_TRANSIT: "/dispatchManage/waterdelivery?freightNo=YD1",
      UNLOADED: "/dispatchManage/watersign?freightNo=YD1",
      SIGNED: "/dispatchManage/confirm?freightNo=YD1",
      CONFIRMED: "/dispatchManage/confirm?tab=confirmed&freightNo=YD1",
      COMPLETED: null,
      CANCELLED: null,
    });
    expect(queueForStatus("IN_TRANSIT", "ROAD")?.queue.path).toBe("/dispatchManage/delivery");
  });

  it("says what a step did", () => {
    expect(stepDoneMessage("LOADING", "YD1")).toBe("运单 YD1 装货成功，当前状态「运输中」");
    expect(stepDoneMessage("LOADING_UPDATE", "YD1")).toBe("运单 YD1 修正装货成功");
  });
});
