import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import type { DriverMessagesLoader } from "~/services/pages/driver.server";
import { driverMessagesHref } from "~/lib/driver";

/**
 * 我的消息 on his phone: newest first, each unread one marked 未读 with 标为已读; 查看详情 marks it read and
 * opens his own page for it (a waybill's message his waybills, a money message his wallet).
 */
export function DriverMessagesPage() {
  const { page, notice } = useLoaderData<DriverMessagesLoader>();
  const failed = useActionData<{ error?: string }>();
  const unread = page.records.some((n) => n.status === "PENDING");
  const hasNext = page.current * page.size < page.total;
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">我的消息</h1>
        {unread ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="driver-tap px-2 font-semibold text-primary">全部标为已读</button>
          </Form>
        ) : null}
      </div>
      {notice ? <p className="alert-success text-base" role="status" data-testid="messages-notice">{notice}</p> : null}
      {failed?.error ? <p className="alert-error text-base" role="alert" data-testid="messages-error">{failed.error}</p> : null}
      {page.records.length ? (
        <ul className="divide-y divide-gray-100 rounded-lg bg-white shadow-sm" data-testid="driver-messages">
          {page.records.map((n) => {
            const isUnread = n.status === "PENDING";
            return (
              <li key={n.id} className={`px-4 py-3 text-base ${isUnread ? "bg-blue-50" : ""}`} data-testid="driver-message" data-unread={isUnread ? "yes" : "no"}>
                <div className="flex items-center justify-between gap-2 text-sm text-gray-600">
                  <span>{formatDateTime(n.createdTime)}</span>
                  {isUnread ? <span className="rounded-full bg-danger px-2 font-semibold text-white">未读</span> : <span>已读</span>}
                </div>
                <p className={`mt-1 break-words ${isUnread ? "font-semibold" : ""}`}>{n.content}</p>
                <div className="mt-2 grid grid-cols-2 gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="open" />
                    <input type="hidden" name="id" value={n.id} />
                    <button type="submit" className="driver-button btn-primary">查看详情</button>
                  </Form>
                  {isUnread ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="read" />
                      <input type="hidden" name="id" value={n.id} />
                      <button type="submit" className="driver-button border border-gray-400 bg-white text-gray-800">标为已读</button>
                    </Form>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-lg bg-white p-4 text-base text-gray-600 shadow-sm">还没有消息。</p>
      )}
      {page.current > 1 || hasNext ? (
        <nav className="grid grid-cols-2 gap-2" aria-label="消息翻页">
          {page.current > 1 ? <Link to={driverMessagesHref(page.current - 1)} className="driver-button border border-gray-400 bg-white text-gray-800">上一页</Link> : <span />}
          {hasNext ? <Link to={driverMessagesHref(page.current + 1)} className="driver-button border border-gray-400 bg-white text-gray-800">下一页</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
