import { appVersion } from "../../contract/resources/app-version";
import { pagesOf } from "./kit";

/** 版本管理 (domain 6.4): the apps' versions, added in a dialog; no edit (a wrong version is deleted and re-added). */
export const appVersionPages = pagesOf(appVersion, {
  list: { path: "/system/publishApp", rowActions: ["disable", "enable", "delete"], inlineForm: true, createLabel: "发布新版本" },
});
