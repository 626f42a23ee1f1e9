/**
 * 临时税务登记 on the resource engine (domain 5.8): drivers and captains registered with a tax
 * authority for 代开/代征 (platform/tax).
 */
import { defineResource, f, type Options } from "./kit.js";
import { AUDITORS } from "./vocabulary.js";

const SHOWN = { list: true, detail: true, export: true } as const;
const FORM = { ...SHOWN, form: true } as const;
const PLATFORM_STAFF = ["SYSTEM_USER"] as const;

export const TAX_REGISTRATION_STATES = {
  PENDING: { label: "待登记", tone: "warning" },
  REGISTERED: { label: "已登记", tone: "success" },
  FAILED: { label: "登记失败", tone: "error" },
  CANCELLED: { label: "已注销" },
} as const satisfies Options;

const TAX = ["TMS_TAX_MANAGEMENT"] as const;
/** Whose registration it is (domain 5.8 person_type): a driver profile or a captain profile. */
export const TAX_PERSON_TYPES = { DRIVER: { label: "司机" }, CAPTAIN: { label: "船长" } } as const satisfies Options;
export type TaxPersonType = keyof typeof TAX_PERSON_TYPES;

export const taxRegistration = defineResource({
  key: "taxRegistration",
  name: "临时税务登记",
  api: "tms-tax-registration",
  titleField: "name",
  fields: {
    driverProfileId: f.ref("司机档案", "driverProfile", "profileName", { detail: true, form: "create", where: { auditStatus: "APPROVED" }, hint: "司机与船长二选一，须为审核通过的档案" }),
    captainProfileId: f.ref("船长档案", "captainProfile", "captainName", { detail: true, form: "create", where: { auditStatus: "APPROVED" }, hint: "司机与船长二选一，须为审核通过的档案" }),
    name: f.text("姓名", 32, SHOWN),
    personType: f.enumOf("人员类型", TAX_PERSON_TYPES, { ...SHOWN, filter: "eq" }),
    idCardNo: f.text("身份证号", 18, { ...SHOWN, mask: "idCard" }),
    mobile: f.mobile("手机号", { ...SHOWN, mask: true }),
    taxAuthority: f.text("主管税务机关", 64, { ...FORM, required: true, filter: "contains" }),
    taxpayerNo: f.text("纳税人识别号", 20, SHOWN),
    registeredAt: f.date("登记日期", { ...SHOWN, filter: "range" }),
    validTo: f.date("有效期至", SHOWN),
    authorizationFile: f.images("委托代征授权书", 3, { detail: true, form: true, required: true }),
    failReason: f.textarea("失败原因", 200, { detail: true, export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: TAX_REGISTRATION_STATES,
    editableIn: ["PENDING", "FAILED"],
    transitions: {
      register: {
        label: "回填登记成功",
        from: ["PENDING"],
        to: "REGISTERED",
        permission: TAX,
        kinds: PLATFORM_STAFF,
        tone: "primary",
        input: { registeredAt: f.date("登记日期", { required: true }), validTo: f.date("有效期至", { required: true }) },
      },
      fail: { label: "回填登记失败", from: ["PENDING"], to: "FAILED", permission: TAX, kinds: PLATFORM_STAFF, tone: "danger", input: { failReason: f.textarea("失败原因", 200, { required: true }) } },
      retry: { label: "重新登记", from: ["FAILED"], to: "PENDING", permission: TAX, kinds: PLATFORM_STAFF, confirm: "重新提交到税务机关登记" },
      cancel: { label: "注销", from: ["REGISTERED"], to: "CANCELLED", permission: TAX, kinds: PLATFORM_STAFF, tone: "danger", confirm: "注销后该司机/船长的代开、代征须重新登记" },
    },
  },
  permissions: { list: TAX, detail: TAX, create: TAX, update: TAX, export: TAX },
  kinds: { read: AUDITORS, write: PLATFORM_STAFF },
  keyword: { label: "姓名/手机号", fields: ["name", "mobile"] },
  createdFilter: "提交时间",
  defaultSort: ["createdTime", "desc"],
  example: { as: "SYSTEM_USER", refs: ["driverProfile"], body: (n, refs) => ({ driverProfileId: refs.driverProfile ?? 1, taxAuthority: `国家税务总局蚌埠市蚌山区税务局（${n}）`, authorizationFile: ["/files/tax/authorization-demo.jpg"] }) },
});
