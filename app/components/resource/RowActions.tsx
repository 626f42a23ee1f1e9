import { useLocation } from "@remix-run/react";
import { actionSpecOf } from "../../../contract/resources/derive";
import type { AnyResource } from "../../../contract/resources/kit";
import { hrefFor, rowAllows, type ActionKey, type Links } from "~/pages/kit";
import { RowActionMenu } from "~/components/ui/RowActionMenu";

const LINK_LABELS: Record<string, string> = { detail: "详情", edit: "编辑", audit: "审核" };

/**
 * The address that opens a row's confirmation (删除, 驳回 …): this page with `?confirm=<action>:<id>`,
 * or `<resource>.<action>:<id>` for a row of a related list on a detail page.
 */
export function useConfirmHref() {
  const location = useLocation();
  return (action: string, id: number) => {
    const params = new URLSearchParams(location.search);
    params.set("confirm", `${action}:${id}`);
    return `${location.pathname}?${params}`;
  };
}

export function actionLabel(def: AnyResource, key: ActionKey, links?: Links): string {
  if (key === "delete") return "删除";
  return LINK_LABELS[key] ?? actionSpecOf(def, key)?.label ?? links?.labels?.[key] ?? key;
}

/**
 * A record's actions: the page's wanted actions that the platform allows for this row. 详情, 编辑 and
 * 审核 are links to their pages; the others (transitions and row actions) open a confirmation (with their inputs) first.
 */
export function RowActions({ def, record, wanted, links, title, confirmPrefix }: { def: AnyResource; record: { id: number; actions: string[] }; wanted: readonly ActionKey[]; links: Links; title: string; confirmPrefix?: string }) {
  const confirmHref = useConfirmHref();
  const items = wanted.filter((key) => rowAllows(def, record.actions, key));
  return (
    <RowActionMenu label={title}>
      {items.map((key) => {
        const page = key === "detail" ? links.detail : key === "edit" ? links.edit : key === "audit" ? links.audit : links.actions?.[key];
        const href = page ? hrefFor(page, record.id) : key in LINK_LABELS ? undefined : confirmHref(confirmPrefix ? `${confirmPrefix}.${key}` : key, record.id);
        if (!href) return null;
        const danger = key === "delete" || actionSpecOf(def, key)?.tone === "danger";
        if (links.files?.includes(key)) {
          return (
            <a key={key} href={href} className="btn-link" aria-label={`${actionLabel(def, key, links)} ${title}`} data-action={key} download>
              {actionLabel(def, key, links)}
            </a>
          );
        }
        return (
          <a key={key} href={href} className={danger ? "text-danger" : undefined} aria-label={`${actionLabel(def, key, links)} ${title}`} data-action={key} data-prevent-scroll-reset={page ? undefined : ""}>
            {actionLabel(def, key, links)}
          </a>
        );
      })}
    </RowActionMenu>
  );
}
