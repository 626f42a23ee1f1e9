import type { IamTables } from "../iam/schema.js";
import type { IdentityTables } from "../identity/schema.js";
import type { NotificationTables } from "../iam/notifications/schema.js";

/** The whole database: each service declares its tables in its own schema.ts. */
export interface Database extends IamTables, IdentityTables, NotificationTables {}
