/**
 * The audit trail of every resource (`resource_events`): one row per create, edit, delete and
 * transition, written in the same transaction as the change, shown on every detail page.
 */
import type { ResourceEvent } from "../../contract/resources/kit.js";
import { nowIso } from "../db/index.js";
import type { CallerScope } from "../scope.js";
import type { AnyDb, Row } from "./bind.js";


const clip = (text: string | null | undefined, max: number) => (text ? (text.length > max ? `${text.slice(0, max - 1)}…` : text) : null);

export async function recordResourceEvent(
  trx: AnyDb,
  scope: Pick<CallerScope, "userId" | "name" | "platformId">,
  resource: string,
  row: Row,
  event: { action: string; label: string; from?: string | null; to?: string | null; remark?: string | null; detail?: unknown },
): Promise<void> {
  await trx
    .insertInto("resource_events")
    .values({
      resource,
      record_id: Number(row.id),
      action: event.action,
      action_label: event.label,
      from_status: event.from ?? null,
      to_status: event.to ?? null,
      remark: clip(event.remark, 500),
      detail: event.detail === undefined ? null : JSON.stringify(event.detail),
      operator_user_id: scope.userId || null,
      operator_name: scope.name.slice(0, 32),
      platform_id: String(row.platform_id ?? scope.platformId),
      tenant_id: row.tenant_id == null ? null : Number(row.tenant_id),
      org_id: row.org_id == null ? null : Number(row.org_id),
      created_at: nowIso(),
    })
    .execute();
}

export async function eventsOf(db: AnyDb, resource: string, recordId: number): Promise<ResourceEvent[]> {
  const rows = await db.selectFrom("resource_events").selectAll().where("resource", "=", resource).where("record_id", "=", recordId).orderBy("id", "desc").limit(200).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    action: String(r.action),
    actionLabel: String(r.action_label),
    fromStatus: (r.from_status as string | null) ?? null,
    toStatus: (r.to_status as string | null) ?? null,
    remark: (r.remark as string | null) ?? null,
    detail: r.detail ? (JSON.parse(String(r.detail)) as unknown) : null,
    operatorName: String(r.operator_name),
    createdTime: String(r.created_at),
  }));
}
