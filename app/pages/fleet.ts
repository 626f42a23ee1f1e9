import { timeoutConfig, vehicleAlert } from "../../contract/resources/fleet";
import { pagesOf } from "./kit";

/** 超时配置: the organisation's rules (默认 + 线路), added and edited on the list; 启用/停用 per row. */
export const timeoutConfigPages = pagesOf(timeoutConfig, {
  list: { path: "/carAdministration/timeoutConfiguration", title: "超时配置", rowActions: ["edit", "disable", "enable", "delete"], inlineForm: true },
});

/** 超时记录: alerts raised by the detector over the track; 处理 with a remark. */
export const timeoutRecordPages = pagesOf(vehicleAlert, {
  list: { path: "/carAdministration/timeoutRecord", title: "超时记录", rowActions: ["handle"] },
});
