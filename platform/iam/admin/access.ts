import { RefusalCode } from "../../../contract/envelope.js";
import { codeKinds, type PermissionCode } from "../../../contract/permissions.js";
import type { UserType } from "../../../contract/platforms.js";
import { Refusal } from "../../http/envelope.js";
import type { Caller } from "../../identity/caller.js";

/**
 * Refuses (4003) a caller who lacks the code, or whose kind is not among the code's catalogue kinds
 * (contract/permissions.ts, which the console's menu reads too) or the narrower `kinds` of one action.
 */
export function requireCode(caller: Caller, code: PermissionCode, action: string, kinds: readonly UserType[] | null = codeKinds(code)): void {
  if ((kinds && !kinds.includes(caller.type)) || !caller.permissions.has(code)) {
    throw new Refusal(RefusalCode.notPermitted, `当前账号没有${action}的权限`);
  }
}
