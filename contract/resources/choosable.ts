/**
 * Which rows a picker may offer: a resource's `choosable` rule (e.g. 项目: 审核状态
 * 已通过 and 项目状态 进行中) says it once; the reason a row is greyed is derived from the definition's
 * own labels (「审核状态为「待审核」」), so the platform's options, its refusal of a write naming such a
 * row and the console's greyed option all say the same.
 */
import { columnOf, snake } from "./derive.js";
import type { AnyResource } from "./kit.js";

/** The rule's fields with their database columns. */
export function choosableColumns(def: AnyResource): Array<{ field: string; column: string; states: readonly string[] }> {
  return Object.entries(def.choosable ?? {}).flatMap(([field, states]) => {
    if (!states) return [];
    const column = field === def.status?.field ? snake(field) : def.fields[field] ? columnOf(field, def.fields[field]) : snake(field);
    return [{ field, column, states }];
  });
}

/** Why a row (its columns) cannot be chosen, or null when it can. */
export function unchoosableReason(def: AnyResource, row: Readonly<Record<string, unknown>>): string | null {
  const reasons: string[] = [];
  for (const { field, column, states } of choosableColumns(def)) {
    const value = String(row[column] ?? "");
    if (states.includes(value)) continue;
    const isStatus = field === def.status?.field;
    const label = isStatus ? def.status!.label : (def.fields[field]?.label ?? field);
    const options = (isStatus ? def.status!.states : def.fields[field]?.options) as Record<string, { label: string }> | undefined;
    reasons.push(`${label}为「${options?.[value]?.label ?? value}」`);
  }
  return reasons.length ? reasons.join("，") : null;
}
