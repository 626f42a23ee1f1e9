/** The row selection of the 数据报送 lists (SubmissionListPage): 批量上报 over the ticked waybills (the platform's row `actions`). */
import type { BulkAction } from "~/pages/kit";

export const SUBMIT_SELECTED: BulkAction = {
  key: "submit",
  label: "批量上报",
  hint: "发送勾选运单的待上报报文（及其依赖的司机、车辆报文）；灰色的没有待上报的报文",
  title: "上报",
  submit: "确认上报",
  noun: "运单",
  param: "freightId",
  value: "freightId",
  note: "，立即发送其待上报的报文。",
};

export const SUBMISSION_BULK = { bulkActions: [SUBMIT_SELECTED] } as const;
