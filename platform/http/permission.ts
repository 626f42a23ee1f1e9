/**
 * The permission check of the hand-written routes and services (the engine checks its definitions'
 * codes itself, from the same catalogue): the caller's kind must be among the code's catalogue kinds
 * (contract/permissions.ts, which the console's menu reads too) or the narrower `kinds` of one action,
 * and the caller must hold the code. Refuses with 4003 and a Chinese message naming the action.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { codeKinds, type PermissionCode } from "../../contract/permissions.js";
import type { UserType } from "../../contract/platforms.js";
import { Refusal } from "./envelope.js";

export function requireCode(caller: { type: UserType; permissions: ReadonlySet<string> }, code: PermissionCode, action: string, kinds: readonly UserType[] | null = codeKinds(code)): void {
  if (kinds && !kinds.includes(caller.type)) throw new Refusal(RefusalCode.notPermitted, `当前账号类型不能${action}`);
  if (!caller.permissions.has(code)) throw new Refusal(RefusalCode.notPermitted, `当前账号没有「${action}」的权限（${code}）`);
}
