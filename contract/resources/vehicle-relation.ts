/**
 * 人车关系 (domain 2.5): an organisation declares that a driver may drive a vehicle that is neither
 * theirs by default nor the organisation's own (挂靠, 租赁, 受雇驾驶); platform or tenant staff audit it,
 * and dispatch accepts the pair only while it is approved, valid and not dissolved (domain 0.5 rule 1).
 */
import { access, defineResource, f } from "./kit.js";
import { auditMachine, EVERYONE, OWNERS, relationMachine } from "./vocabulary.js";

export const RELATION_TYPES = {
  OWNER: { label: "本人车辆" },
  AFFILIATED: { label: "挂靠" },
  LEASED: { label: "租赁" },
  EMPLOYED: { label: "受雇驾驶（车主授权）" },
} as const;

export const RELATION_STATES = { ACTIVE: { label: "有效", tone: "success" }, DISSOLVED: { label: "已解除", tone: "default" } } as const;

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;

export const vehicleRelation = defineResource({
  key: "vehicleRelation",
  name: "人车关系",
  api: "tms-vehicle-relation",
  titleField: "pairName",
  fields: {
    pairName: f.text("司机与车辆", 64, { detail: "基本信息", export: true }),
    driverProfileId: f.ref("司机", "driverProfile", "driverName", { ...BASIC, form: "create", required: true, filter: "eq" }),
    vehicleId: f.ref("车辆", "vehicle", "plateNo", { ...BASIC, form: "create", required: true }),
    relationType: f.enumOf("关系类型", RELATION_TYPES, { ...BASIC, required: true, filter: "eq" }),
    validFrom: f.date("有效期起", { ...BASIC }),
    validTo: f.date("有效期至", { ...BASIC, expiry: true, hint: "租赁、受雇驾驶须填写" }),
    authImages: f.images("授权材料", 4, { detail: "基本信息", form: true }),
    status: f.enumOf("关系状态", RELATION_STATES, { list: true, detail: "基本信息", export: true, filter: "eq" }),
    dissolveReason: f.text("解除原因", 50, { detail: "基本信息" }),
    remark: f.textarea("备注", 200, { detail: "基本信息", form: true }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: relationMachine(auditMachine("TMS_VEHICLE_RELATION_APPROVE", ["TMS_RESOURCE_DRIVER", "TMS_VEHICLE_ADD"]), { field: "status", permission: ["TMS_VEHICLE_RELATION_APPROVE", "TMS_RESOURCE_DRIVER"], kinds: EVERYONE, reason: f.text("解除原因", 50, { required: true }) }),
  permissions: access(["TMS_VEHICLE_RELATION_APPROVE", "TMS_RESOURCE_DRIVER"], ["TMS_RESOURCE_DRIVER", "TMS_VEHICLE_ADD"], ["create", "update"]),
  kinds: { read: EVERYONE, write: OWNERS },
  createdFilter: "提交时间",
  example: {
    as: "ORG_USER",
    body: (_n, refs) => ({ driverProfileId: refs.driverProfile, vehicleId: refs.vehicle, relationType: "AFFILIATED", validFrom: "2025-01-01", validTo: "2030-12-31" }),
  },
  defaultSort: ["createdTime", "desc"],
});

