import { SelectAll, useHydrated } from "~/components/ui/SelectAll";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon } from "~/components/layout/Icon";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { useUnread } from "~/components/layout/Shell";
import { Dialog } from "~/components/ui/Dialog";
import { Pagination } from "~/components/ui/Pagination";
import { formatDateTime } from "~/lib/format";
import { confirmLabel, notificationListHref } from "~/lib/notification-target";
import { loadNotifications, notificationsAction } from "~/services/pages/notifications.server";

/** The tag filter's choices: the platform's tag names with the labels users read. */
const TAG_OPTIONS = [
  { value: "system", label: "系统" },
  { value: "freight", label: "运单" },
  { value: "order", label: "订单" },
  { value: "supply", label: "货源" },
  { value: "wallet", label: "钱包" },
  { value: "audit", label: "审核" },
  { value: "deliver", label: "发货" },
  { value: "pick", label: "提货" },
] as const;
const TAG_LABELS: Record<string, string> = Object.fromEntries(TAG_OPTIONS.map((t) => [t.value, t.label]));
const STATUS_OPTIONS = [
  { value: "PENDING", label: "未读" },
  { value: "READ", label: "已读" },
] as const;

export const loader = ({ request }: LoaderFunctionArgs) => loadNotifications(request);
export const action = ({ request }: ActionFunctionArgs) => notificationsAction(request);

function TagChips({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="ml-2 inline-flex flex-wrap gap-1 align-middle">
      {tags.map((tag) => (
        <span key={tag} className="rounded bg-gray-100 px-1.5 text-xs font-normal leading-5 text-muted">{TAG_LABELS[tag] ?? tag}</span>
      ))}
    </span>
  );
}

const LIST_FORM = "notification-list";

export default function SysNotificationPage() {
  const { page, query, opened } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { msgNum } = useUnread();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  // A new page of records (paging, filtering, marking read) starts with nothing selected.
  useEffect(() => setSelected(new Set()), [page]);

  const records = page.records;
  const listHref = notificationListHref(query);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const allSelected = records.length > 0 && records.every((n) => selected.has(n.id));
  const openedMessage = opened && "notification" in opened ? opened : null;
  const error = actionData?.error ?? (opened && "error" in opened ? opened.error : null);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const openRow = (id: string) => submit({ open: id }, { method: "post", preventScrollReset: true });
  const close = () => navigate(listHref, { preventScrollReset: true });

  return (
    <section className="card" aria-labelledby="notification-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="notification-title" className="page-title mb-0">
          消息中心
          {msgNum > 0 ? <span className="ml-2 text-sm font-normal text-muted">未读 <b className="text-danger">{msgNum}</b> 条</span> : null}
        </h2>
        <div className="flex gap-2">
          <button
            type="submit"
            form={LIST_FORM}
            name="intent"
            value="read-selected"
            className="btn"
            disabled={busy || (hydrated && selected.size === 0)}
          >
            标记已读{hydrated && selected.size > 0 ? `（${selected.size}）` : ""}
          </button>
          <button type="submit" form={LIST_FORM} name="intent" value="read-all" className="btn btn-primary" disabled={busy}>
            一键已读
          </button>
        </div>
      </div>

      <Form method="get" className="mb-3 flex flex-wrap items-end gap-3" aria-label="筛选消息" onChange={(e) => hydrated && submit(e.currentTarget, { preventScrollReset: true })}>
        <input type="hidden" name="size" value={query.size} />
        <div className="flex items-center gap-2 text-sm text-gray-600">
          <label htmlFor="filter-status">状态</label>
          <select id="filter-status" name="status" defaultValue={query.status ?? ""} key={`status-${query.status ?? ""}`} className="input w-28">
            <option value="">全部</option>
            {STATUS_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>{s.label}</option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2 text-sm text-gray-600">
          <label htmlFor="filter-tag">标签</label>
          <select id="filter-tag" name="tag" defaultValue={query.tag ?? ""} key={`tag-${query.tag ?? ""}`} className="input w-28">
            <option value="">全部</option>
            {TAG_OPTIONS.map((t) => (
              <option key={t.value} value={t.value}>{t.label}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn">查询</button>
      </Form>

      {error ? <p className="alert-error mb-3" role="alert">{error}</p> : null}

      <Form method="post" id={LIST_FORM} preventScrollReset>
        <div className="overflow-x-auto">
          <table className="table table-fixed" aria-label="消息列表">
            <thead>
              <tr>
                <th scope="col" className="w-10">
                  <SelectAll
                    label="全选"
                    checked={allSelected}
                    indeterminate={!allSelected && records.some((n) => selected.has(n.id))}
                    disabled={!hydrated || records.length === 0}
                    onChange={(on) => setSelected(on ? new Set(records.map((n) => n.id)) : new Set())}
                  />
                </th>
                <th scope="col" className="hidden w-[170px] sm:table-cell">时间</th>
                <th scope="col">消息详情</th>
              </tr>
            </thead>
            <tbody>
              {records.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-12 text-center text-muted">
                    <Icon name="message" className="mx-auto mb-2 h-8 w-8" />
                    暂无消息
                  </td>
                </tr>
              ) : (
                records.map((n) => {
                  const unread = n.status === "PENDING";
                  return (
                    <tr
                      key={n.id}
                      data-testid="notification-row"
                      data-status={n.status}
                      className={`cursor-pointer ${unread ? "text-gray-800" : "text-muted"}`}
                      onClick={(e) => {
                        if ((e.target as HTMLElement).closest("button, input, label, a")) return;
                        openRow(n.id);
                      }}
                    >
                      <td className="w-10">
                        <label className="-m-2 block p-2">
                          <span className="sr-only">选择此消息</span>
                          <input
                            type="checkbox"
                            name="ids"
                            value={n.id}
                            className="h-4 w-4 align-middle accent-[var(--theme-color)]"
                            checked={selected.has(n.id)}
                            onChange={(e) => toggle(n.id, e.currentTarget.checked)}
                          />
                        </label>
                      </td>
                      <td className={`hidden whitespace-nowrap sm:table-cell ${unread ? "font-semibold" : ""}`}>{formatDateTime(n.createdTime)}</td>
                      <td>
                        <button type="submit" name="open" value={n.id} className="flex w-full items-start gap-2 text-left">
                          <span
                            className={`mt-[7px] h-2 w-2 shrink-0 rounded-full ${unread ? "bg-danger" : "bg-transparent"}`}
                            aria-label={unread ? "未读" : undefined}
                            role={unread ? "img" : undefined}
                          />
                          <span className="min-w-0 flex-1">
                            <span className={`break-words ${unread ? "font-semibold" : ""}`}>{n.content}</span>
                            <TagChips tags={n.tags} />
                            <span className="mt-0.5 block text-xs font-normal text-muted sm:hidden">{formatDateTime(n.createdTime)}</span>
                          </span>
                        </button>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      </Form>

      <Pagination total={page.total} current={page.current} size={page.size} />

      <Dialog
        open={!!openedMessage}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title="消息内容"
        data-testid="notification-dialog"
        footer={
          openedMessage ? (
            <>
              <Link to={listHref} preventScrollReset className="btn">关闭</Link>
              {openedMessage.targetHref ? (
                <Link to={openedMessage.targetHref} className="btn btn-primary">{confirmLabel(openedMessage.targetHref)}</Link>
              ) : (
                <Link to={listHref} preventScrollReset className="btn btn-primary">{confirmLabel(null)}</Link>
              )}
            </>
          ) : null
        }
      >
        {openedMessage ? (
          <>
            {openedMessage.notification.content}
            <span className="mt-3 block text-xs text-muted">{formatDateTime(openedMessage.notification.createdTime)}</span>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";
