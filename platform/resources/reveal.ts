/**
 * 查看完整证件号: a sealed ID number opened for a caller holding TMS_SENSITIVE_VIEW, one field of one row
 * it can read, or the export's columns when the exporter ticks it; each written to 操作日志 (kind
 * SENSITIVE_VIEW: who, whose, which field, when). Everything else shows the stored mask.
 */
import type { FastifyRequest } from "fastify";
import { columnOf, rowTitle } from "../../contract/resources/derive.js";
import { RefusalCode } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import { openIdNo, sealedColumnsOf } from "../db/personal.js";
import { HttpError, Refusal } from "../http/envelope.js";
import type { CallerScope } from "../scope.js";
import type { Binding } from "./bind.js";
import { findRow, fromColumn, SENSITIVE_VIEW } from "./query.js";
import { engineServices } from "./services.js";

/** The binding's fields whose column is sealed (platform/db/personal.ts). */
export const sealedFieldsOf = (binding: Binding) => Object.entries(binding.def.fields).filter(([key, field]) => sealedColumnsOf(binding.table).includes(columnOf(key, field)));

/** What 导出完整证件号 opens in a sheet: the sealed ID fields and the masked mobiles (masked in every other export). */
export const fullExportFieldsOf = (binding: Binding) => Object.entries(binding.def.fields).filter(([key, field]) => field.mask === "mobile" || sealedColumnsOf(binding.table).includes(columnOf(key, field)));

export function requireSensitiveView(scope: CallerScope): void {
  if (!scope.permissions.has(SENSITIVE_VIEW)) throw new Refusal(RefusalCode.notPermitted, "查看完整证件号需要「查看完整证件号」权限，请联系管理员");
}

export async function revealField(ctx: ServiceContext, binding: Binding, scope: CallerScope, request: FastifyRequest, id: number, key: string): Promise<{ field: string; value: string | null }> {
  requireSensitiveView(scope);
  const found = sealedFieldsOf(binding).find(([k]) => k === key);
  if (!found) throw new HttpError(400, `${binding.def.name}没有可查看的完整证件号字段「${key}」`);
  const [, field] = found;
  const row = await findRow(ctx.db.kysely, binding, scope, id);
  const stored = row[columnOf(key, field)];
  const record = Object.fromEntries(Object.entries(binding.def.fields).map(([k, f]) => [k, fromColumn(f, row[columnOf(k, f)])]));
  await engineServices().logSensitiveView(ctx, request, scope, `查看完整${field.label}：${rowTitle(binding.def, record)}（编号 ${id}）`);
  return { field: key, value: typeof stored === "string" && stored ? openIdNo(stored) : null };
}
