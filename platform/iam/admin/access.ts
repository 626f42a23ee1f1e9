import { RefusalCode } from "../../../contract/envelope.js";
import type { PermissionCode } from "../../../contract/permissions.js";
import type { UserType } from "../../../contract/platforms.js";
import { Refusal } from "../../http/envelope.js";
import type { Caller } from "../../identity/caller.js";

/** Refuses (4003) a caller who lacks the code, or whose kind is not among `kinds`. */
export function requireCode(caller: Caller, code: PermissionCode, action: string, kinds?: readonly UserType[]): void {
  if ((kinds && !kinds.includes(caller.type)) || !caller.permissions.has(code)) {
    throw new Refusal(RefusalCode.notPermitted, `当前账号没有${action}的权限`);
  }
}
