/** Where a message leads: its detail page (spec 2.3), and the message centre's own addresses. */
import { z } from "zod";
import { DEFAULT_PAGE_SIZE } from "../../contract/envelope";
import { NOTIFICATION_STATUSES, TAG_PATTERN, type FreightWay, type Notification, type NotificationStatus } from "../../contract/notification";
import { DETAIL_PAGES } from "../../contract/notification-targets";
import { parseListQuery } from "~/services/list-query";

/** Spec 2.3: the message box's confirm button reads 查看详情 when there is a detail page to open, else 确定. */
export function confirmLabel(targetHref: string | null): "查看详情" | "确定" {
  return targetHref ? "查看详情" : "确定";
}

function withQuery(path: string, name: string, value: string): string {
  return `${path}?${new URLSearchParams({ [name]: value })}`;
}

/**
 * The detail page a notification opens (spec 2.3), or null when its type has none or it lacks the
 * key to open it. `freightWay` is the waybill's way as the freight service reports it; the way the
 * notification carries is the fallback.
 */
export function notificationTargetHref(
  notification: Pick<Notification, "targetType" | "targetId" | "freightNo" | "freightWay"> & { targetPath?: string | null },
  freightWay?: FreightWay | null,
): string | null {
  // The platform's catalogue names the page (contract/notification-targets.ts, where the pages by type
  // below are too); only a path of this console is followed, never another site.
  const path = notification.targetPath;
  if (path && path.startsWith("/") && !path.startsWith("//") && !path.includes("\\")) return path;
  switch (notification.targetType) {
    case "FREIGHT": {
      if (!notification.freightNo) return null;
      const way = freightWay ?? notification.freightWay ?? "ROAD";
      return withQuery(way === "WATER" ? DETAIL_PAGES.waterWaybill : DETAIL_PAGES.roadWaybill, "freightNo", notification.freightNo);
    }
    case "SOURCE_GOODS_LIST":
      return notification.targetId ? withQuery(DETAIL_PAGES.supply, "id", notification.targetId) : null;
    case "ORDER":
      return notification.targetId ? withQuery(DETAIL_PAGES.order, "id", notification.targetId) : null;
    default:
      return null;
  }
}

/** The message centre's list state, all of it in the URL query (so paging and filters work without JavaScript). */
export interface NotificationListQuery {
  current: number;
  size: number;
  status: NotificationStatus | null;
  tag: string | null;
}

const notificationFilterSchema = z.object({ status: z.enum(NOTIFICATION_STATUSES).optional(), tag: z.string().regex(TAG_PATTERN).optional() });

/** Reads the list query, ignoring values the platform would refuse (an unknown status, a malformed tag). */
export function notificationListQuery(url: URL): NotificationListQuery {
  const { filter, current, size } = parseListQuery(notificationFilterSchema, url);
  return { current, size, status: filter.status ?? null, tag: filter.tag ?? null };
}

/** The message centre's address for a list query, optionally with one message opened in the message box. */
export function notificationListHref(query: Partial<NotificationListQuery>, openId?: string | null): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.tag) params.set("tag", query.tag);
  if (query.current && query.current > 1) params.set("current", String(query.current));
  if (query.size && query.size !== DEFAULT_PAGE_SIZE) params.set("size", String(query.size));
  if (openId) params.set("open", openId);
  const search = params.toString();
  return search ? `/sysNotification?${search}` : "/sysNotification";
}
