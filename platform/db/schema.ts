import type { IamTables } from "../iam/schema.js";
import type { IdentityTables } from "../identity/schema.js";
import type { NotificationTables } from "../iam/notifications/schema.js";
import type { FreightTables } from "../freight/schema.js";
import type { AppealTables } from "../appeal/schema.js";

/** The whole database: each service declares its tables in its own schema.ts. */
export interface Database extends IamTables, IdentityTables, NotificationTables, FreightTables, AppealTables {}
