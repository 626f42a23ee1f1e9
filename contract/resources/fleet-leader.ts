/**
 * 车队长 (domain 2.4): a person who organises drivers and vehicles and may collect their freight (代收),
 * audited by platform or tenant staff; and the members of the fleet (车队成员).
 */
import { exampleIdCard } from "./driver.js";
import { access, defineResource, f } from "./kit.js";
import { auditedPersonTail, AUDITORS, personFields, registeredPerson } from "./vocabulary.js";

export const DISTRIBUTION_RULES = { NONE: { label: "不清分" }, PERCENT: { label: "按比例" }, FIXED_PER_TON: { label: "按吨固定金额" } } as const;
export const MEMBER_STATES = { ACTIVE: { label: "在队", tone: "success" }, QUIT: { label: "已退出", tone: "default" } } as const;

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const COLLECT = { detail: "代收与清分", form: true, export: true } as const;

export const fleetLeader = defineResource({
  key: "fleetLeader",
  name: "车队长",
  api: "tms-fleet-leader",
  titleField: "name",
  fields: {
    ...personFields(BASIC, { idCard: { list: false } }),
    fleetName: f.text("车队名称", 64, { ...BASIC, required: true, sanitize: true, filter: "contains" }),
    collectEnabled: f.bool("允许代收运费", { ...COLLECT, list: true, required: true, filter: "eq" }),
    distributionRule: f.enumOf("清分规则", DISTRIBUTION_RULES, { ...COLLECT, list: true, required: true }),
    distributionValue: f.int("清分值", 0, 100_000, { ...COLLECT, hint: "按比例：基点（100 = 1%，最多 3000）；按吨：分/吨" }),
    ...auditedPersonTail(),
  },
  ...registeredPerson("TMS_DRIVER_MASTER_APPROVE", ["TMS_DRIVER_MANAGEMENT"], "TMS_DRIVER_MASTER_APPROVE", { owners: AUDITORS }),
  permissions: access(["TMS_DRIVER_MASTER_APPROVE", "TMS_DRIVER_MANAGEMENT", "TMS_RESOURCE_DRIVER"], ["TMS_DRIVER_MANAGEMENT"], ["create", "update"], ["TMS_DRIVER_MASTER_APPROVE", "TMS_DRIVER_MANAGEMENT"]),
  example: {
    as: "SYSTEM_USER",
    body: (n) => ({
      name: "孙海峰",
      mobile: `137${String(20_000_000 + (n % 79_999_999)).padStart(8, "0")}`,
      idCardNo: exampleIdCard(n + 2000),
      fleetName: `海峰运输车队${n}`,
      collectEnabled: false,
      distributionRule: "PERCENT",
      distributionValue: 300,
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

export const fleetLeaderMember = defineResource({
  key: "fleetLeaderMember",
  name: "车队成员",
  api: "tms-fleet-leader-member",
  titleField: "joinedAt",
  fields: {
    fleetLeaderId: f.ref("车队长", "fleetLeader", "fleetLeaderName", { detail: "基本信息", export: true, form: "create", required: true, filter: "eq" }),
    driverProfileId: f.ref("司机", "driverProfile", "driverName", { list: true, detail: "基本信息", export: true, form: "create", required: true }),
    vehicleId: f.ref("车辆", "vehicle", "plateNo", { list: true, detail: "基本信息", export: true, form: true }),
    joinedAt: f.date("加入日期", { list: true, detail: "基本信息", export: true }),
    quitAt: f.date("退出日期", { list: true, detail: "基本信息", export: true }),
    collectAuthorized: f.bool("代收授权", { list: true, detail: "基本信息", export: true, form: true }),
    remark: f.text("备注", 200, { list: true, detail: "基本信息", form: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "ACTIVE",
    states: MEMBER_STATES,
    transitions: {
      quit: { label: "退出车队", from: ["ACTIVE"], to: "QUIT", permission: "TMS_DRIVER_MANAGEMENT", kinds: AUDITORS, tone: "danger", confirm: "退出后该司机不再属于此车队" },
    },
    editableIn: ["ACTIVE"],
  },
  permissions: access(["TMS_DRIVER_MASTER_APPROVE", "TMS_DRIVER_MANAGEMENT"], ["TMS_DRIVER_MANAGEMENT"], ["create", "update"]),
  kinds: { read: AUDITORS, write: AUDITORS },
  example: { as: "SYSTEM_USER", body: (_n, refs) => ({ fleetLeaderId: refs.fleetLeader, driverProfileId: refs.driverProfile, vehicleId: refs.vehicle ?? null, collectAuthorized: false }) },
  defaultSort: ["createdTime", "desc"],
});

