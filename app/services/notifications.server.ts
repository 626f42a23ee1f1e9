import type { CurrentUser } from "./user.server";

/** Client of the platform's notification calls (spec 7.4). */
export const notificationsApi = {
  /** Unread count for the avatar badge; 0 when the platform cannot say (the badge is not worth an error page). */
  async unreadCount(user: CurrentUser): Promise<number> {
    try {
      const data = await user.call<{ msgNum: number }>({ path: "/sys-notification/unread-count", silent: true });
      return Number(data?.msgNum ?? 0);
    } catch (error) {
      if (error instanceof Response) throw error;
      return 0;
    }
  },
};
