/**
 * 船舶 (domain 2.6): an organisation's ships on freight_ships, registered by the organisation and
 * audited by platform or tenant staff (TMS_SHIP_APPROVE) before water dispatch may use them. Water
 * data: only callers with TMS_FREIGHT_WATER and the CAPTAIN version function see it.
 */
import { isImo, isMmsi, isShipIdentityNo } from "../validation.js";
import { access, defineResource, f, labelled } from "./kit.js";
import { AUDITORS, auditMachine, enableToggles, enabledField, EVERYONE, OPERATION_STATES } from "./vocabulary.js";

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const REGISTRY = { detail: "登记情况", form: true, export: true } as const;
const QUOTA = { detail: "载货定额", form: true, export: true } as const;

/** 船舶类型 (dictionary SHIP_TYPE, domain 6.10). */
export const SHIP_TYPES = labelled({
  BULK: "散货船", DRY_CARGO: "干货船", CONTAINER: "集装箱船", DECK_BARGE: "甲板驳", SAND_DUMP: "自卸砂船", OIL: "油船", CHEMICAL: "化学品船", GENERAL: "多用途船",
});

/** 航区 (dictionary NAV_AREA): inland classes A/B/C, the rapids classes J1/J2, and coastal. */
export const NAV_AREAS = labelled({ A: "A级", B: "B级", C: "C级", J1: "J1级（急流）", J2: "J2级（急流）", COASTAL: "沿海" });

/** The heaviest inland bulk carrier we expect: 20 000 t deadweight. */
export const MAX_SHIP_LOAD_KG = 20_000_000;

export const ship = defineResource({
  key: "ship",
  name: "船舶",
  api: "tms-ship",
  titleField: "shipName",
  fields: {
    shipName: f.text("船名", 32, { ...BASIC, required: true, form: "create", sanitize: true }),
    mmsi: f.text("MMSI 编号", 9, { ...BASIC, required: true, checks: [[isMmsi, "MMSI 应为 9 位数字，国内船舶以 412、413、414 开头"]] }),
    shipIdentityNo: f.text("船舶识别号", 13, { ...BASIC, required: true, normalise: (v) => v.toUpperCase(), checks: [[isShipIdentityNo, "船舶识别号应为 CN 加 11 位数字"]], filter: "contains" }),
    shipType: f.enumOf("船舶类型", SHIP_TYPES, { ...BASIC, required: true, filter: "eq" }),
    loadCapacity: f.weightKg("载重吨", MAX_SHIP_LOAD_KG, { ...BASIC, required: true, hint: "调度时计划重量不能超过载重吨" }),
    navArea: f.enumOf("航区", NAV_AREAS, { ...BASIC, required: true, filter: "eq" }),
    shipownerId: f.ref("船东", "shipowner", "shipownerName", { ...BASIC, filter: "eq" }),
    captainId: f.ref("当前船长", "captain", "captainName", { ...BASIC, filter: "eq" }),
    selfOwned: f.bool("自有船舶", { detail: "基本信息", form: true, export: true, required: true, filter: "eq" }),
    operationStatus: f.enumOf("运营状态", OPERATION_STATES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    registryPort: f.text("船籍港", 32, { ...REGISTRY, required: true, sanitize: true }),
    buildDate: f.date("建成日期", REGISTRY),
    imo: f.text("IMO 编号", 10, { ...REGISTRY, normalise: (v) => v.toUpperCase(), checks: [[isImo, "IMO 编号应为 IMO 加 7 位数字（含校验位）"]] }),
    callSign: f.text("呼号", 10, { ...REGISTRY, normalise: (v) => v.toUpperCase(), checks: [[(v) => /^[A-Z0-9]{3,10}$/.test(v), "呼号应为 3–10 位字母或数字"]] }),
    grossTonnage: f.int("总吨", 1, 200_000, { ...QUOTA, required: true }),
    netTonnage: f.int("净吨", 1, 200_000, { ...QUOTA, required: true }),
    enabled: enabledField(),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: (() => {
    const machine = auditMachine("TMS_SHIP_APPROVE", ["TMS_RESOURCE_CAPTAIN"], { owners: ["ORG_USER"] });
    return { ...machine, transitions: { ...machine.transitions, ...enableToggles("TMS_SHIP_APPROVE", AUDITORS) } };
  })(),
  permissions: access(["TMS_SHIP_APPROVE", "TMS_RESOURCE_CAPTAIN"], ["TMS_RESOURCE_CAPTAIN"], ["create", "update", "delete"]),
  /** The spec's routes give organisations no ship pages; they keep their ships through the API (and captain details). */
  kinds: { read: EVERYONE, write: ["ORG_USER"] },
  keyword: { label: "船名/MMSI", fields: ["shipName", "mmsi"] },
  createdFilter: "添加时间",
  example: {
    as: "ORG_USER",
    body: (n) => ({
      shipName: `苏宿迁货${String(10000 + (n % 90000))}`,
      mmsi: `4139${String(n % 100_000).padStart(5, "0")}`,
      shipIdentityNo: `CN${String(20_190_000_000 + (n % 10_000_000))}`,
      shipType: "BULK",
      loadCapacity: 3_200_000,
      navArea: "B",
      selfOwned: true,
      registryPort: "宿迁",
      buildDate: "2019-05-20",
      grossTonnage: 1_980,
      netTonnage: 1_108,
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

