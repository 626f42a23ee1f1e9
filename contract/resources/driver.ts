/**
 * 司机 (domain 1.1, 1.2, 2.3): the platform-level 司机档案 (`driverProfile`, a person certified once per
 * platform and audited by platform or tenant staff) and an organisation's roster entry (`driver`, its
 * 企业司机, which dispatch uses). Adding a roster entry finds the person's profile by ID number or
 * creates one awaiting audit; the roster keeps copies of name and mobile.
 */
import { VEHICLE_CLASS_LIST } from "../code-lists.js";
import { idCardWithCheck, isQualificationCertNo } from "../validation.js";
import { access, defineResource, f, labelled } from "./kit.js";
import { auditedPersonTail, AUDIT_STATES, AUDITORS, idCardNoField, OWNERS, PERSON_KEYWORD, personFields, registeredPerson, rosterMachine } from "./vocabulary.js";

/** 准驾车型: the code list (contract/code-lists.ts). */
export const VEHICLE_CLASSES = VEHICLE_CLASS_LIST.codes;

export const PROFILE_SOURCES = labelled({ APP: "司机APP注册", ORG: "企业添加", PLATFORM: "平台添加", IMPORT: "批量导入", INVITE: "邀请注册" });

export const DRIVER_TYPES = { OWN: { label: "自有司机" }, AFFILIATED: { label: "挂靠司机" }, EXTERNAL: { label: "外协司机" } } as const;

/**
 * A valid ID number for examples (合肥市包河区, born 1970–1999), different for every n below 10,080,000:
 * n's digits fill the sequence, then the day, month and year (independent remainders repeated every
 * 21,000 and made tests that add a driver collide with the demo data's).
 */
export const exampleIdCard = (n: number) => {
  const day = 1 + (Math.floor(n / 1000) % 28);
  const month = 1 + (Math.floor(n / 28_000) % 12);
  const year = 1970 + (Math.floor(n / 336_000) % 30);
  return idCardWithCheck(`340111${year}${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}${String(n % 1000).padStart(3, "0")}`);
};
const exampleMobile = (n: number) => `139${String(10_000_000 + (n % 89_999_999)).padStart(8, "0")}`;

const upper = (v: string) => v.toUpperCase();
const LICENCE_NO_MESSAGE = "驾驶证号应为持证人的 18 位身份证号";

const PERSON = { list: true, detail: "基本信息", export: true } as const;
const LICENCE = { detail: "驾驶证", export: true } as const;
const QUALIFICATION = { detail: "从业资格证", export: true } as const;

/**
 * The fields a roster entry and a profile share (the person block and the licence data). The mobile is
 * shown in full on the organisation's roster, whose dispatchers call their drivers, and masked on the
 * platform-wide 司机档案 (docs/design/security-data.md "Mobiles").
 */
const driverFields = (form: true | "create", maskMobile: boolean) => ({
  ...personFields({ ...PERSON, form }, { maskMobile }),
  vehicleClass: f.enumOf("准驾车型", VEHICLE_CLASSES, { ...LICENCE, list: true, form, required: true, filter: "eq" }),
  licenseValidTo: f.date("驾驶证有效期至", { ...LICENCE, form, required: true, expiry: true }),
  qualificationCertNo: f.text("从业资格证号", 18, { ...QUALIFICATION, form, mask: "idCard", normalise: upper, checks: [[isQualificationCertNo, "从业资格证号应为 6–18 位字母或数字"]], hint: "驾驶总质量 4.5 吨以上车辆须填写" }),
  qualificationValidTo: f.date("从业资格证有效期至", { ...QUALIFICATION, form, expiry: true }),
});

export const driverProfile = defineResource({
  key: "driverProfile",
  name: "司机档案",
  api: "tms-driver-profile",
  titleField: "name",
  fields: {
    ...driverFields(true, true),
    drivingLicenseNo: idCardNoField({ ...LICENCE, form: true, required: true }, "驾驶证号", LICENCE_NO_MESSAGE),
    source: f.enumOf("来源", PROFILE_SOURCES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    ...auditedPersonTail(),
  },
  ...registeredPerson("TMS_DRIVER_APPROVE", ["TMS_DRIVER_MANAGEMENT"], "TMS_DRIVER_MANAGEMENT", { owners: AUDITORS }),
  permissions: access(["TMS_DRIVER_MANAGEMENT", "TMS_DRIVER_APPROVE", "TMS_RESOURCE_DRIVER"], ["TMS_DRIVER_MANAGEMENT"], ["create", "update"], ["TMS_DRIVER_MANAGEMENT", "TMS_DRIVER_APPROVE"]),
  example: {
    as: "SYSTEM_USER",
    body: (n) => ({
      name: "周建国",
      mobile: exampleMobile(n),
      idCardNo: exampleIdCard(n),
      drivingLicenseNo: exampleIdCard(n),
      vehicleClass: "A2",
      licenseValidTo: "2031-05-20",
      qualificationCertNo: exampleIdCard(n),
      qualificationValidTo: "2030-08-31",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

export const driver = defineResource({
  key: "driver",
  name: "司机",
  api: "tms-driver",
  titleField: "name",
  fields: {
    ...driverFields("create", false),
    licenseNo: { ...idCardNoField({ ...LICENCE, form: "create" }, "驾驶证号", LICENCE_NO_MESSAGE), hint: "不填时与身份证号相同" },
    driverType: f.enumOf("司机类别", DRIVER_TYPES, { list: true, detail: "基本信息", export: true, form: true, required: true, filter: "eq" }),
    fleetLeaderId: f.ref("所属车队长", "fleetLeader", "fleetLeaderName", { list: true, detail: "基本信息", export: true, form: true }),
    profileStatus: f.enumOf("认证状态", AUDIT_STATES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    profileId: f.ref("司机档案", "driverProfile", "profileName", { detail: "基本信息" }),
    remark: f.textarea("备注", 200, { detail: "基本信息", form: true }),
  },
  status: rosterMachine("TMS_RESOURCE_DRIVER", { remove: "解除合作后该司机不能再被本企业调度；有待装货或运输中运单时不能解除" }),
  permissions: access(["TMS_RESOURCE_DRIVER"], ["TMS_RESOURCE_DRIVER"], ["create", "update"]),
  kinds: { read: OWNERS, write: OWNERS },
  keyword: PERSON_KEYWORD,
  createdFilter: "添加时间",
  example: {
    as: "ORG_USER",
    body: (n) => ({
      name: "吴志强",
      mobile: exampleMobile(n + 7),
      idCardNo: exampleIdCard(n + 500),
      vehicleClass: "A2",
      licenseValidTo: "2032-03-15",
      qualificationCertNo: exampleIdCard(n + 500),
      qualificationValidTo: "2030-12-31",
      driverType: "OWN",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

