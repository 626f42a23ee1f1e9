import { timeoutConfig, vehicleAlert } from "../../contract/resources/fleet";
import { pagesOf } from "./kit";

/** 超时配置: the organisation's rules (默认 + 线路), added and edited on the list; 启用/停用 per row. */
export const timeoutConfigPages = pagesOf(timeoutConfig, {
  list: { path: "/carAdministration/timeoutConfiguration", rowActions: ["edit", "disable", "enable", "delete"], inlineForm: true },
});

/** 超时记录: alerts raised by the detector over the track; 处理 with a remark. */
export const timeoutRecordPages = pagesOf(vehicleAlert, {
  list: { path: "/carAdministration/timeoutRecord", rowActions: ["handle"] },
});

/**
 * 实时提醒: every alert of the organisation's vehicles, newest first. New alerts are pushed live as
 * notifications through the realtime channel (the header's bell and toast); without JavaScript the
 * list is refreshed with 查询.
 */
export const realtimeRemindPages = pagesOf(vehicleAlert, {
  list: { path: "/carAdministration/realtimeRemind", rowActions: ["handle"] },
});
