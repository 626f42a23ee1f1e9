/**
 * 船长 (domain 1.3): a person is certified once per platform (`captain_profiles` 船长档案, audited with
 * TMS_SHIP_APPROVE — the spec has no captain audit code, and TMS_DRIVER_APPROVE is the drivers'); each
 * organisation keeps its own roster row (`freight_captains` 企业船长, used by water dispatch). Adding a
 * roster row finds the profile by 身份证号 or creates it 待审核.
 */
import { access, defineResource, f } from "./kit.js";
import { NAV_AREAS } from "./ship.js";
import { auditedPersonTail, AUDIT_STATES, EVERYONE, OWNERS, PERSON_KEYWORD, personFields, registeredPerson, rosterMachine } from "./vocabulary.js";
import { dayAfter, idCardNoOf } from "./samples.js";

/** 职务 on the 船员适任证书. */
export const CREW_POSITIONS = {
  CAPTAIN: { label: "船长" },
  CHIEF_MATE: { label: "大副" },
  MATE: { label: "驾驶员" },
  CHIEF_ENGINEER: { label: "轮机长" },
  ENGINEER: { label: "轮机员" },
} as const;

export const CAPTAIN_SOURCES = { ORG: { label: "企业添加" }, APP: { label: "船长APP注册" }, IMPORT: { label: "批量导入" }, INVITE: { label: "邀请注册" } } as const;
export const GENDERS = { M: { label: "男" }, F: { label: "女" } } as const;
const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const CERT = { detail: "船员适任证书", form: true, export: true } as const;

/**
 * The person (姓名, 手机号, 身份证号 set on create) a roster row copies from its profile: the mobile in
 * full on the organisation's roster (its dispatchers call their captains), masked on the platform-wide
 * 船长档案 (docs/design/security-data.md "Mobiles").
 */
const captainPerson = (maskMobile: boolean) => personFields(BASIC, { idCard: { form: "create" }, maskMobile });

const certNo = () => f.text("适任证书号", 32, { ...CERT, list: true, required: true, sanitize: true, filter: "contains", checks: [[(v) => v.length >= 6, "适任证书号至少 6 位"]] });
const certFields = () => ({
  crewPosition: f.enumOf("职务", CREW_POSITIONS, { ...CERT, list: true, required: true, filter: "eq" }),
  navArea: f.enumOf("航区", NAV_AREAS, { ...CERT }),
  serviceBookNo: f.text("船员服务簿号", 32, { ...CERT, sanitize: true }),
  certValidTo: f.date("适任证书有效期至", { ...CERT, list: true, required: true, expiry: true, filter: "range" }),
});

/** The n-th example captain of the generated tests: a unique mobile and ID number, a 船长 of 航区 B. */
const captainSample = (n: number, who: { name: string; mobilePrefix: string; region: string }) => ({
  name: who.name,
  mobile: `${who.mobilePrefix}${String(n % 100_000_000).padStart(8, "0")}`,
  idCardNo: idCardNoOf(who.region, dayAfter("1970-01-01", n % 12_000), 101 + (n % 800)),
  crewPosition: "CAPTAIN",
  navArea: "B",
  certValidTo: "2031-06-30",
});

/** 船长档案: platform-level, audited by platform or tenant staff. */
export const captainProfile = defineResource({
  key: "captainProfile",
  name: "船长档案",
  api: "tms-captain-profile",
  titleField: "name",
  fields: {
    ...captainPerson(true),
    gender: f.enumOf("性别", GENDERS, { detail: "基本信息", export: true }),
    address: f.text("住址", 200, { detail: "基本信息", form: true, export: true }),
    source: f.enumOf("来源", CAPTAIN_SOURCES, { detail: "基本信息", export: true, filter: "eq" }),
    crewCertNo: certNo(),
    ...certFields(),
    ...auditedPersonTail(),
  },
  ...registeredPerson("TMS_SHIP_APPROVE", ["TMS_RESOURCE_CAPTAIN"], "TMS_SHIP_APPROVE"),
  permissions: access(["TMS_SHIP_APPROVE", "TMS_RESOURCE_CAPTAIN"], ["TMS_SHIP_APPROVE"], ["create", "update"], ["TMS_SHIP_APPROVE"]),
  example: { as: "TENANT_USER", body: (n) => ({ ...captainSample(n, { name: "顾长江", mobilePrefix: "158", region: "320102" }), crewCertNo: `苏内河${String(300_000_000 + n)}` }) },
  defaultSort: ["createdTime", "desc"],
});

/** 企业船长: an organisation's roster row over a profile. */
export const captain = defineResource({
  key: "captain",
  name: "船长",
  api: "tms-captain",
  titleField: "name",
  fields: {
    ...captainPerson(false),
    certificateNo: certNo(),
    ...certFields(),
    profileAuditStatus: f.enumOf("认证状态", AUDIT_STATES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    profileId: f.ref("船长档案", "captainProfile", "profileName", { detail: "基本信息" }),
    remark: f.textarea("备注", 200, { detail: "基本信息", form: true, export: true }),
  },
  status: rosterMachine("TMS_RESOURCE_CAPTAIN", { remove: "解除后该船长不能再被调度", restore: "恢复后该船长可再被调度" }),
  permissions: access(["TMS_RESOURCE_CAPTAIN", "TMS_SHIP_APPROVE"], ["TMS_RESOURCE_CAPTAIN"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  keyword: PERSON_KEYWORD,
  createdFilter: "添加时间",
  example: { as: "ORG_USER", body: (n) => ({ ...captainSample(n, { name: "钱江海", mobilePrefix: "139", region: "320311" }), certificateNo: `苏内河${String(200_000_000 + n)}` }) },
  defaultSort: ["createdTime", "desc"],
});

