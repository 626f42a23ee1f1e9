/**
 * The bulk actions of the two views that pick rows from a hand-written candidate search (BatchApply.tsx):
 * 申请撮合开票 over waybills and 批量登记 over drivers and captains. The rows' checkboxes are the
 * platform's `actions` (`blocked.applyMatch` says why a waybill cannot be chosen yet).
 */
import { MATCH_INVOICE_TYPES } from "../../contract/resources/match-invoice";
import { f } from "../../contract/resources/kit";
import type { BulkAction } from "~/pages/kit";

export const APPLY_MATCH: BulkAction = {
  key: "applyMatch",
  label: "申请撮合开票",
  title: "申请撮合开票",
  submit: "确认提交申请",
  noun: "运单",
  param: "freightId",
  value: "freightId",
  sum: { field: "amount", label: "发票金额" },
  sameValue: { field: "shipperName", message: "选中的运单属于多个托运人，须分开申请" },
  note: "。提交后这些运单不能再申请同种发票（撤销申请可释放）。确认提交吗？",
  inputs: { invoiceType: f.enumOf("发票类型", MATCH_INVOICE_TYPES, { required: true }) },
  column: { label: "不可选原因", ok: "可申请" },
};

export const BATCH_REGISTER: BulkAction = {
  key: "batchRegister",
  label: "登记",
  hint: "审核通过、尚无待登记或已登记记录的司机和船长；勾选后提交到主管税务机关登记（全部成功或全部不登记）",
  title: "批量登记",
  submit: "确认登记",
  noun: "人员",
  param: "person",
  value: "key",
  pattern: /^(DRIVER|CAPTAIN):[1-9]\d{0,14}$/,
  names: "name",
  note: "，提交临时税务登记（待登记）。确认提交吗？",
  inputs: {
    taxAuthority: f.text("主管税务机关", 64, { required: true, placeholder: "例如 国家税务总局蚌埠市蚌山区税务局" }),
    authorizationFile: f.textarea("委托代征授权书（图片地址，每行一个，最多 3 个）", 1000, { required: true }),
  },
};
