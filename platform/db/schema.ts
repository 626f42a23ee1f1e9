import type { IamTables } from "../iam/schema.js";
import type { IdentityTables } from "../identity/schema.js";
import type { NotificationTables } from "../iam/notifications/schema.js";
import type { FreightTables } from "../freight/schema.js";
import type { AppealTables } from "../appeal/schema.js";
import type { ResourceTables } from "../resources/schema.js";
import type { EnterpriseTables } from "../masterdata/enterprise-schema.js";
import type { OrgResourceTables } from "../masterdata/org-resources-schema.js";
import type { DriverTables } from "../masterdata/drivers-schema.js";
import type { WaterTables } from "../masterdata/water-schema.js";
import type { SupplyTables } from "../supply/schema.js";
import type { SubmissionTables } from "../submission/schema.js";
import type { SystemPageTables } from "../system/schema.js";
import type { OrderTables } from "../orders/schema.js";
import type { ReportTables } from "../reports/schema.js";
import type { LedgerTables } from "../ledger/schema.js";
import type { FleetRestTables } from "../fleet/schema.js";
import type { BillingTables } from "../billing/schema.js";
import type { Finance2Tables } from "../finance2/schema.js";
import type { FindShipTables } from "../findship/schema.js";

/** The whole database: each service declares its tables in its own schema.ts. */
export interface Database
  extends IamTables,
    IdentityTables,
    NotificationTables,
    FreightTables,
    AppealTables,
    ResourceTables,
    EnterpriseTables,
    OrgResourceTables,
    DriverTables,
    WaterTables,
    SupplyTables,
    SubmissionTables,
    SystemPageTables,
    OrderTables,
    ReportTables,
    LedgerTables,
    FleetRestTables,
    BillingTables,
    Finance2Tables,
    FindShipTables {}
