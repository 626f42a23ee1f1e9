/**
 * 联系人 / 常用地址 (domain 1.5): an organisation's loading and unloading places with their contact, the
 * region code the ministry's waybill needs, and the fence radius for sign-in checks. One default per kind.
 */
import { isPhone } from "../validation.js";
import { access, defineResource, f } from "./kit.js";
import { EVERYONE, OWNERS } from "./vocabulary.js";

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;

export const CONTACT_KINDS = {
  LOADING: { label: "装货" },
  UNLOADING: { label: "卸货" },
  BOTH: { label: "通用" },
  RECEIVER: { label: "收货方" },
} as const;

export const contact = defineResource({
  key: "contact",
  name: "联系人",
  api: "tms-contact",
  titleField: "place",
  fields: {
    kind: f.enumOf("类型", CONTACT_KINDS, { ...BASIC, required: true, filter: "eq" }),
    contactName: f.text("联系人", 32, { ...BASIC, required: true, sanitize: true }),
    contactMobile: f.text("联系电话", 16, { ...BASIC, required: true, checks: [[isPhone, "联系电话应为手机号或固定电话（如 0552-3012345）"]] }),
    place: f.text("地点名称", 64, { ...BASIC, required: true, sanitize: true, filter: "contains", placeholder: "如 中储粮蚌埠直属库" }),
    regionCode: f.region("所在地区", { ...BASIC, required: true, level: "district", hint: "选到区县（GB/T 2260）" }),
    address: f.text("详细地址", 200, { ...BASIC, required: true }),
    companyName: f.text("所属单位", 128, { ...BASIC, sanitize: true }),
    fenceRadiusM: f.int("电子围栏半径", 100, 5000, { detail: "基本信息", form: true, export: true, unit: "米", hint: "100–5000 米，装卸货签到时校验" }),
    isDefault: f.bool("默认", { ...BASIC, hint: "每种类型只有一个默认地址" }),
  },
  permissions: access(["TMS_RESOURCE_CONTACT"], ["TMS_RESOURCE_CONTACT"], ["create", "update", "delete"]),
  kinds: { read: EVERYONE, write: OWNERS },
  keyword: { label: "联系人/电话", fields: ["contactName", "contactMobile"] },
  example: {
    as: "ORG_USER",
    body: (n) => ({
      kind: "LOADING",
      contactName: "孙保管",
      contactMobile: "13805520001",
      place: `中储粮蚌埠直属库${n}号仓`.slice(0, 64),
      regionCode: "340302",
      address: "安徽省蚌埠市龙子湖区东海大道 1688 号",
      companyName: "中储粮蚌埠直属库有限公司",
      fenceRadiusM: 500,
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

