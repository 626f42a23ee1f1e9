/**
 * Loader and action of 消息中心 (/sysNotification): the caller's messages, filtered by status and
 * tag and paged in the URL; `?open=<id>` shows one in the message box (a GET never marks it read: the
 * click that opens it posts here first, which does); every control posts here and redirects back to the same page and filters.
 */
import { json, redirect } from "@remix-run/node";
import type { Notification } from "../../../contract/notification";
import { notificationListHref, notificationListQuery } from "~/lib/notification-target";
import { notificationsApi } from "~/services/notifications.server";
import { PlatformError } from "~/services/platform.server";
import { pageJson } from "~/services/page-data.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";

const ID_PATTERN = /^[1-9]\d{0,14}$/;
const NOT_FOUND_MESSAGE = "消息不存在或已被删除";

type Opened = { notification: Notification; targetHref: string | null } | { error: string };

function failureMessage(error: unknown): string {
  if (error instanceof PlatformError) return error.kind === "not-found" ? NOT_FOUND_MESSAGE : error.message;
  throw error;
}

/** Reads one message for the message box and finds the page its 查看详情 goes to. */
async function openMessage(user: CurrentUser, id: string): Promise<Opened> {
  if (!ID_PATTERN.test(id)) return { error: NOT_FOUND_MESSAGE };
  try {
    const notification = await notificationsApi.read(user, id);
    return { notification, targetHref: await notificationsApi.targetHref(user, notification) };
  } catch (error) {
    return { error: failureMessage(error) };
  }
}

export async function loadNotifications(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const query = notificationListQuery(url);
  const openId = url.searchParams.get("open");
  const opened = openId ? await openMessage(user, openId) : null;
  const page = await notificationsApi.search(user, query);
  const lastPage = Math.max(1, Math.ceil(page.total / query.size));
  // Marking read under the 未读 filter can leave a page past the end: show the last one instead.
  if (page.records.length === 0 && query.current > lastPage) throw redirect(notificationListHref({ ...query, current: lastPage }, openId));
  return pageJson(user, { page, query, opened });
}

/**
 * Every control of the page is a form posting here: open a message (marks it read), mark the
 * selected ones read, or all of them. Each redirects back to the same page and filters.
 */
export async function notificationsAction(request: Request) {
  const user = await requirePage(request);
  const query = notificationListQuery(new URL(request.url));
  const form = await readForm(request);
  const openId = form.get("open");
  const intent = form.get("intent");
  try {
    if (typeof openId === "string" && openId) {
      if (!ID_PATTERN.test(openId)) return json({ error: NOT_FOUND_MESSAGE }, { status: 400 });
      await notificationsApi.open(user, openId);
      return redirect(notificationListHref(query, openId));
    }
    if (intent === "read-all") {
      await notificationsApi.markRead(user, { readAll: true });
    } else if (intent === "read-selected") {
      const ids = form.getAll("ids").filter((id): id is string => typeof id === "string" && ID_PATTERN.test(id));
      if (ids.length === 0) return json({ error: "请先勾选要标记为已读的消息" }, { status: 400 });
      await notificationsApi.markRead(user, { ids });
    } else {
      return json({ error: "不支持的操作" }, { status: 400 });
    }
  } catch (error) {
    return json({ error: failureMessage(error) }, { status: 400 });
  }
  return redirect(notificationListHref(query));
}
