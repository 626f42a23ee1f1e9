/**
 * 人船关系 (domain 2.8): who stands in what relation to a ship — a captain (their 船长档案) or a
 * shipowner, as 所有人, 经营人, 在船船长 or 光租 — submitted by the ship's organisation and audited by
 * platform or tenant staff (TMS_SHIP_RELATION_APPROVE); 解除 ends it.
 */
import { SUBJECT_TYPES } from "./credential.js";
import { access, defineResource, f, someOf } from "./kit.js";
import { auditMachine, AUDITORS, EVERYONE, OWNERS, relationMachine } from "./vocabulary.js";
import { dayAfter } from "./samples.js";

export const PARTY_TYPES = someOf(SUBJECT_TYPES, ["CAPTAIN", "SHIPOWNER"]);
export const SHIP_RELATION_TYPES = { OWNER: { label: "所有人" }, OPERATOR: { label: "经营人" }, CAPTAIN: { label: "在船船长" }, LEASED: { label: "光租" } } as const;
export const RELATION_STATES = { ACTIVE: { label: "有效", tone: "success" }, DISSOLVED: { label: "已解除", tone: "default" } } as const;

const BASIC = { list: true, detail: "基本信息", export: true } as const;

export const shipRelation = defineResource({
  key: "shipRelation",
  name: "人船关系",
  api: "tms-ship-relation",
  titleField: "partyName",
  fields: {
    shipId: f.ref("船舶", "ship", "shipName", { ...BASIC, form: "create", required: true, filter: "eq" }),
    partyName: f.text("人员", 128, { ...BASIC, filter: "contains" }),
    partyType: f.enumOf("人员类型", PARTY_TYPES, { ...BASIC, form: "create", required: true, filter: "eq" }),
    captainProfileId: f.ref("船长", "captainProfile", "captainProfileName", { detail: "基本信息", form: "create", hint: "人员类型为船长时选择" }),
    shipownerId: f.ref("船东", "shipowner", "shipownerName", { detail: "基本信息", form: "create", filter: "eq", hint: "人员类型为船东时选择" }),
    relationType: f.enumOf("关系", SHIP_RELATION_TYPES, { ...BASIC, form: true, required: true, filter: "eq" }),
    validFrom: f.date("有效期起", { ...BASIC, form: true }),
    validTo: f.date("有效期至", { ...BASIC, form: true, expiry: true, hint: "光租须填写" }),
    materials: f.images("授权材料", 4, { ...BASIC, form: true, hint: "人员不是证书所有人时须上传授权书或租赁合同" }),
    relationStatus: f.enumOf("关系状态", RELATION_STATES, { ...BASIC, filter: "eq" }),
    dissolveReason: f.textarea("解除原因", 200, { detail: "审核" }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: relationMachine(auditMachine("TMS_SHIP_RELATION_APPROVE", ["TMS_RESOURCE_CAPTAIN", "TMS_RESOURCE_SHIPOWNER"], { owners: OWNERS }), { field: "relationStatus", permission: ["TMS_SHIP_RELATION_APPROVE", "TMS_RESOURCE_CAPTAIN", "TMS_RESOURCE_SHIPOWNER"], kinds: [...AUDITORS, ...OWNERS], reason: f.textarea("解除原因", 200, { required: true }), confirm: "解除后该关系不能再用于水运调度和收款" }),
  permissions: access(["TMS_SHIP_RELATION_APPROVE", "TMS_RESOURCE_CAPTAIN", "TMS_RESOURCE_SHIPOWNER"], ["TMS_RESOURCE_CAPTAIN", "TMS_RESOURCE_SHIPOWNER"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  createdFilter: "提交时间",
  example: {
    as: "ORG_USER",
    /** Each n gets its own two-day validity, so examples with the same ship and shipowner never overlap. */
    body: (n, refs) => ({
      shipId: refs.ship,
      partyType: "SHIPOWNER",
      shipownerId: refs.shipowner,
      relationType: "OPERATOR",
      validFrom: dayAfter("2030-01-01", (n % 30_000) * 2),
      validTo: dayAfter("2030-01-02", (n % 30_000) * 2),
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

