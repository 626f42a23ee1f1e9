/**
 * The engine's share of the decision notifications: which transitions are decisions someone must hear
 * of. Every audit decision (审核通过, 审核驳回, 撤销认证) on an audited resource (one whose status is the
 * generic audit machine: enterprises, driver and captain profiles, vehicles, ships, shipowners,
 * shippers, projects, …), a 证照's own 通过 / 驳回, and the audit of an invoice application (通过 / 驳回). The transition stages the event
 * in its own transaction; who hears it, the text and the page 查看详情 opens are the catalogue's
 * (platform/iam/notifications/events.ts).
 */
import type { Binding, Row } from "../../resources/bind.js";
import type { TransitionNotices } from "../../resources/services.js";
import type { CallerScope } from "../../scope.js";
import { Outbox, type NotificationEvent } from "./events.js";

const AUDIT_TRANSITIONS = new Set(["approve", "reject", "revoke"]);

function decisionEvent(binding: Binding, scope: CallerScope, row: Row, transition: string, title: string): NotificationEvent | null {
  const { def } = binding;
  if (def.key === "invoiceApplication" && (transition === "approve" || transition === "reject")) {
    return { kind: transition === "approve" ? "invoiceApproved" : "invoiceRejected", application: row, actorId: scope.userId };
  }
  // A 证照 is audited on its own (its status is the audit machine under another name): its owner hears of it.
  if (def.key === "credential" && (transition === "approve" || transition === "reject")) return { kind: "credentialDecided", credential: row, transition, actorId: scope.userId };
  if (!AUDIT_TRANSITIONS.has(transition) || def.status?.field !== "auditStatus") return null;
  return { kind: "auditDecided", resourceKey: def.key, resourceName: def.name, row, transition: transition as "approve" | "reject" | "revoke", title, actorId: scope.userId };
}

/** The engine's transitions' notices: the decision's event staged in the outbox, delivered after commit. */
export function transitionNotices(): TransitionNotices {
  const outbox = new Outbox();
  return {
    async stage(trx, binding, scope, row, transition, title) {
      const event = decisionEvent(binding, scope, row, transition, title);
      if (event) await outbox.stage(trx as never, event);
    },
    deliver: (ctx) => outbox.deliver(ctx),
  };
}
