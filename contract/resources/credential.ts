/**
 * 证照 (domain 0.4.2): one row per document of a subject (a driver's 驾驶证, a vehicle's 行驶证 …), with
 * its own audit: each is approved or rejected on its own (驳回 picks a 驳回原因 from the dictionary;
 * 驳回次数 counts the rejections); approving the subject needs its mandatory ones approved.
 */
import { defineResource, f, labelled, type RecordOf } from "./kit.js";
import { AUDITORS, AUDIT_STATES, auditRemark, EVERYONE, rejectInput } from "./vocabulary.js";
import type { PermissionCode } from "../permissions.js";

/**
 * The subjects that hold credentials: each one's label, and the resource its rows are (that resource's
 * scope decides who sees the credentials).
 */
const SUBJECTS = {
  ENTERPRISE: { label: "企业", resource: "enterprise" },
  DRIVER: { label: "司机", resource: "driverProfile" },
  CAPTAIN: { label: "船长", resource: "captainProfile" },
  VEHICLE: { label: "车辆", resource: "vehicle" },
  SHIP: { label: "船舶", resource: "ship" },
  SHIPPER: { label: "托运人", resource: "shipper" },
  SHIPOWNER: { label: "船东", resource: "shipowner" },
  FLEET_LEADER: { label: "车队长", resource: "fleetLeader" },
  VEHICLE_RELATION: { label: "人车关系", resource: "vehicleRelation" },
  SHIP_RELATION: { label: "人船关系", resource: "shipRelation" },
} as const;
export type SubjectType = keyof typeof SUBJECTS;
const subjectTypes = Object.keys(SUBJECTS) as SubjectType[];
export const SUBJECT_TYPES = Object.fromEntries(subjectTypes.map((type) => [type, { label: SUBJECTS[type].label }])) as { [T in SubjectType]: { label: (typeof SUBJECTS)[T]["label"] } };
export const SUBJECT_RESOURCES = Object.fromEntries(subjectTypes.map((type) => [type, SUBJECTS[type].resource])) as Record<SubjectType, string>;

export const CREDENTIAL_TYPES = labelled({
  ID_CARD: "身份证", DRIVING_LICENSE: "机动车驾驶证", QUALIFICATION_CERT: "道路运输从业资格证", VEHICLE_LICENSE: "机动车行驶证", ROAD_TRANSPORT_CERT: "道路运输证",
  TRAILER_LICENSE: "挂车行驶证", BUSINESS_LICENSE: "营业执照", ROAD_TRANSPORT_PERMIT: "道路运输经营许可证", WATER_TRANSPORT_PERMIT: "国内水路运输经营许可证", CREW_COMPETENCY: "船员适任证书",
  SHIP_NATIONALITY: "船舶国籍证书", SHIP_OWNERSHIP: "船舶所有权登记证书", SHIP_INSPECTION: "船舶检验证书簿", SHIP_OPERATION_CERT: "船舶营业运输证", SHIP_MIN_MANNING: "最低安全配员证书",
  AUTHORIZATION: "授权书/挂靠协议/租赁合同", COLLECTION_AGREEMENT: "代收协议", COMMITMENT_LETTER: "承诺函", INSURANCE_POLICY: "保险单", PHOTO_WITH_VEHICLE: "人车合影",
});

export type CredentialType = keyof typeof CREDENTIAL_TYPES;

/**
 * 必备证照 (domain 0.4.2 "Required when", 0.5 rule 1 五证齐全): the credentials a subject must hold. Written
 * once: approving the subject needs each of them uploaded and approved (platform/masterdata/credentials.ts),
 * and dispatch eligibility needs each approved and unexpired (platform/masterdata/eligibility.ts). Grain
 * and bulk freight runs on heavy trucks (总质量 > 4.5 t), so the 从业资格证 and the 道路运输证 are always
 * required here; the 挂车行驶证 of a tractor is not (the trailer is not a registered subject).
 */
export const MANDATORY_CREDENTIALS: Partial<Record<SubjectType, readonly CredentialType[]>> = {
  DRIVER: ["ID_CARD", "DRIVING_LICENSE", "QUALIFICATION_CERT"],
  VEHICLE: ["VEHICLE_LICENSE", "ROAD_TRANSPORT_CERT"],
  CAPTAIN: ["ID_CARD", "CREW_COMPETENCY"],
  SHIP: ["SHIP_NATIONALITY", "SHIP_OWNERSHIP", "SHIP_INSPECTION", "SHIP_OPERATION_CERT"],
  ENTERPRISE: ["BUSINESS_LICENSE"],
};

/** One held credential, as the rule reads it. */
export interface HeldCredential {
  credType: string;
  status: string;
  validTo: string | null;
  longTerm: boolean;
}

/** Days before 有效期至 a credential counts as expiring (the nightly reminder). */
export const EXPIRY_NOTICE_DAYS = 30;

/**
 * What keeps a subject's mandatory credentials from counting, in Chinese, naming each credential
 * (empty: complete). `approve`: each must be uploaded, approved and unexpired before the subject is
 * approved (a pending one is audited first, one by one). `dispatch`: the same, for 五证齐全. `who` prefixes
 * each reason ("司机张三的").
 */
export function credentialGaps(type: SubjectType, held: readonly HeldCredential[], today: string, who = ""): string[] {
  const gaps: string[] = [];
  for (const code of MANDATORY_CREDENTIALS[type] ?? []) {
    const label = CREDENTIAL_TYPES[code].label;
    const row = held.find((c) => c.credType === code);
    if (!row) gaps.push(`${who}${label}未上传`);
    else if (row.status === "PENDING") gaps.push(`${who}${label}待审核`);
    else if (row.status === "REJECTED") gaps.push(`${who}${label}已驳回，须重新上传`);
    else if (!row.longTerm && row.validTo !== null && row.validTo < today) gaps.push(`${who}${label}已过期（有效期至 ${row.validTo}）`);
  }
  return gaps;
}

/** Those who maintain subjects may upload their credentials; those who audit subjects audit them. */
const WRITERS: PermissionCode[] = ["TMS_RESOURCE_DRIVER", "TMS_RESOURCE_CAPTAIN", "TMS_RESOURCE_SHIPOWNER", "TMS_RESOURCE_SHIPPER", "TMS_VEHICLE_ADD", "TMS_ENTERPRISE_MANAGEMENT", "TMS_DRIVER_MANAGEMENT"];
const AUDIT_CODES: PermissionCode[] = [
  "TMS_DRIVER_APPROVE",
  "TMS_VEHICLE_APPROVE",
  "TMS_ENTERPRISE_APPROVE",
  "TMS_DRIVER_MASTER_APPROVE",
  "TMS_VEHICLE_RELATION_APPROVE",
  "TMS_SHIP_APPROVE",
  "TMS_SHIPOWNER_APPROVE",
  "TMS_SHIPPER_APPROVE",
  "TMS_SHIP_RELATION_APPROVE",
];
const READERS: PermissionCode[] = [...WRITERS, ...AUDIT_CODES, "TMS_VEHICLE_LIST"];

const SHOWN = { list: true, detail: true, form: true, export: true } as const;

export const credential = defineResource({
  key: "credential",
  name: "证照",
  api: "tms-credential",
  titleField: "certNo",
  fields: {
    subjectType: f.enumOf("主体类型", SUBJECT_TYPES, { detail: true, form: "create", export: true, required: true, filter: "eq" }),
    subjectId: f.int("主体编号", 1, Number.MAX_SAFE_INTEGER, { detail: true, form: "create", required: true, filter: "eq" }),
    credType: f.enumOf("证照类型", CREDENTIAL_TYPES, { ...SHOWN, form: "create", required: true, filter: "eq" }),
    certNo: f.text("证件号码", 64, { ...SHOWN, sanitize: true }),
    holderName: f.text("证载姓名/所有人", 128, { ...SHOWN, sanitize: true }),
    issuingAuthority: f.text("发证机关", 128, { detail: true, form: true, export: true }),
    validFrom: f.date("有效期起", { detail: true, form: true, export: true }),
    validTo: f.date("有效期至", { ...SHOWN, expiry: true }),
    longTerm: f.bool("长期有效", { detail: true, form: true }),
    images: f.images("证照图片", 4, { detail: true, form: true, required: true }),
    rejectCount: f.int("驳回次数", 0, 9999, { list: true, detail: true }),
    rejectReason: f.text("末次驳回原因", 200, { list: true, detail: true }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核信息" }),
  },
  status: {
    field: "status",
    label: "审核状态",
    initial: "PENDING",
    states: AUDIT_STATES,
    transitions: {
      approve: { label: "通过", from: ["PENDING"], to: "APPROVED", permission: AUDIT_CODES, kinds: AUDITORS, group: "audit", input: auditRemark(false), tone: "primary" },
      reject: { label: "驳回", from: ["PENDING", "APPROVED"], to: "REJECTED", permission: AUDIT_CODES, kinds: AUDITORS, group: "audit", input: rejectInput(), tone: "danger" },
    },
    editableIn: ["PENDING", "APPROVED", "REJECTED"],
    onEdit: "PENDING",
  },
  permissions: { list: READERS, detail: READERS, create: WRITERS, update: WRITERS, delete: WRITERS, export: READERS },
  kinds: { read: EVERYONE, write: EVERYONE },
  defaultSort: ["createdTime", "desc"],
  example: {
    as: "ORG_USER",
    refs: ["vehicle"],
    body: (n, refs) => ({ subjectType: "VEHICLE", subjectId: refs.vehicle ?? 1, credType: "INSURANCE_POLICY", certNo: `PDAA2026${String(n).padStart(8, "0")}`, holderName: "蚌埠粮食运输有限公司", validTo: "2030-12-31", images: [`/files/credentials/policy-${n}.jpg`] }),
  },
});

export type CredentialRecord = RecordOf<typeof credential>;

/**
 * 我的证照: a driver's or captain's own papers on his phone. The platform answers each paper of each
 * subject he holds papers for (his driver or captain profile, a vehicle he owns): its mandatory ones,
 * held or not, then any other he holds; he submits one (new or a replacement) for staff review.
 */
export const OWN_CREDENTIAL_PATHS = { search: "/tms-credential/mine/search", submit: "/tms-credential/mine" } as const;
/** The subjects a carrier holds his own papers for, in the order his page lists them. */
export const OWN_SUBJECT_TYPES = ["DRIVER", "CAPTAIN", "VEHICLE"] as const satisfies readonly SubjectType[];

export interface OwnPaper {
  subjectType: SubjectType;
  subjectId: number;
  /** His name, or the vehicle's plate. */
  subjectLabel: string;
  credType: CredentialType;
  credLabel: string;
  mandatory: boolean;
  /** The live credential; null when he has not uploaded it. */
  record: CredentialRecord | null;
}

export interface OwnPapers {
  papers: OwnPaper[];
}
