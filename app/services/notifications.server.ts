import type { Paged } from "../../contract/envelope";
import type { FreightWay, MarkReadResult, Notification } from "../../contract/notification";
import { DETAIL_PAGES, FALLBACK_PAGE, MONEY_PAGES } from "../../contract/notification-targets";
import { notificationTargetHref, type NotificationListQuery } from "~/lib/notification-target";
import { DRIVER_HOME, resolveAccess } from "~/navigation";
import { freightApi } from "./freight.server";
import { realtimeHub } from "./realtime.server";
import { viewerOf, type CurrentUser } from "./user.server";

/**
 * The page itself when this user's guard opens it, else the page every account may open: a message
 * never leads its reader to 没有访问权限 (the platform already picks each recipient's own page; this
 * also covers the build's version functions and codes changed since the message was written).
 */
function openable(user: CurrentUser, href: string | null): string | null {
  if (!href) return null;
  return resolveAccess(new URL(href, "http://console").pathname, viewerOf(user)).kind === "ok" ? href : FALLBACK_PAGE;
}

/**
 * A driver's own page for the console page a message leads to: a waybill's message opens his waybills,
 * a money message his wallet (his layout has these; the console's pages are for a computer).
 */
const DRIVER_PAGE_OF: Readonly<Record<string, string>> = {
  [DETAIL_PAGES.roadWaybill]: DRIVER_HOME,
  [DETAIL_PAGES.waterWaybill]: DRIVER_HOME,
  [MONEY_PAGES.accountInfo]: `${DRIVER_HOME}/wallet`,
  [MONEY_PAGES.accountFlow]: `${DRIVER_HOME}/wallet`,
};

/** Client of the platform's notification calls (spec 7.4). */
export const notificationsApi = {
  /**
   * Unread count for the avatar badge: the realtime hub's pushed count while the session's socket is
   * live (no platform call on every page), else the platform's; 0 when the platform cannot say (the
   * badge is not worth an error page).
   */
  async unreadCount(user: CurrentUser): Promise<number> {
    const pushed = realtimeHub().unreadCount(user.sessionKey);
    if (pushed !== null) return pushed;
    try {
      const data = await user.call<{ msgNum: number }>({ path: "/sys-notification/unread-count", silent: true });
      return Number(data?.msgNum ?? 0);
    } catch (error) {
      if (error instanceof Response) throw error;
      return 0;
    }
  },

  /** POST sys-notification/self/search: the caller's own messages, newest first. */
  search(user: CurrentUser, query: NotificationListQuery): Promise<Paged<Notification>> {
    return user.call<Paged<Notification>>({
      path: "/sys-notification/self/search",
      body: {
        current: query.current,
        size: query.size,
        ...(query.status ? { status: query.status } : {}),
        ...(query.tag ? { tags: [query.tag] } : {}),
      },
    });
  },

  /** POST sys-notification/mark-read with the selected ids, or readAll YES. */
  markRead(user: CurrentUser, selection: { ids: string[] } | { readAll: true }): Promise<MarkReadResult> {
    const body = "readAll" in selection ? { readAll: "YES" } : { ids: selection.ids };
    realtimeHub().forgetCount(user.sessionKey);
    return user.call<MarkReadResult>({ path: "/sys-notification/mark-read", body });
  },

  /** POST sys-notification/detail: one of the caller's messages; opening it marks it read. */
  open(user: CurrentUser, id: string): Promise<Notification> {
    realtimeHub().forgetCount(user.sessionKey);
    return user.call<Notification>({ path: "/sys-notification/detail", body: { id } });
  },

  /** The same message without marking it read: for rendering a GET. */
  read(user: CurrentUser, id: string): Promise<Notification> {
    return user.call<Notification>({ path: "/sys-notification/detail", body: { id, markRead: "NO" } });
  },

  /**
   * The page the message's 查看详情 opens. A FREIGHT message looks its waybill up by freightNo
   * (GET tms-freight/{freightNo}/detail) for the way to open; when the freight service cannot say,
   * the way the message carries is used, so the button never goes nowhere. A page this user may not
   * open leads to FALLBACK_PAGE instead.
   */
  async targetHref(user: CurrentUser, notification: Notification): Promise<string | null> {
    if (notification.targetType !== "FREIGHT" || !notification.freightNo) return openable(user, notificationTargetHref(notification));
    let way: FreightWay | null = null;
    try {
      way = (await freightApi.detail(user, notification.freightNo))?.freightWay ?? null;
    } catch {
      // Not visible to this user or the service is down: fall back to the message's own way. A thrown
      // login redirect is dropped on purpose: the page's own calls decide about the session.
    }
    return openable(user, notificationTargetHref(notification, way));
  },

  /** The page a driver's 查看详情 opens: his own page for it when he has one, else the console's (targetHref). */
  async driverTargetHref(user: CurrentUser, notification: Notification): Promise<string | null> {
    // A waybill's way does not matter here: both ways open his waybills.
    const own = DRIVER_PAGE_OF[new URL(notificationTargetHref(notification) ?? "/", "http://console").pathname];
    return own ?? this.targetHref(user, notification);
  },
};
