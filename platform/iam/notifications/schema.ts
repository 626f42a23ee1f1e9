import type { Generated } from "kysely";
import type { FreightWay, NotificationStatus, NotificationTargetType } from "../../../contract/notification.js";

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  /** ISO-8601 UTC. */
  created_time: string;
  content: string;
  status: NotificationStatus;
  target_type: NotificationTargetType;
  target_id: string;
  /** Tags joined with commas and wrapped in commas (",system,freight,") so one tag matches with LIKE. */
  tags: string;
  freight_no: string | null;
  freight_way: FreightWay | null;
  /** The console path of the page where the thing is (查看详情), from the catalogue (notifications/events.ts). */
  target_path: string | null;
  /** The event told of; one event reaches one user once (0036). */
  event_key: string | null;
}

export interface NotificationTables {
  notifications: NotificationsTable;
}
