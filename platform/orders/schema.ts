/** Import batches and their refused rows (migration 0012, domain 3.5). */
import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { delivery } from "../../contract/resources/delivery.js";
import { transportTask } from "../../contract/resources/transport-task.js";
import { container } from "../../contract/resources/container.js";

export interface ImportBatchesTable extends EngineColumns {
  batch_no: string;
  /** ORDER (reusable for other imports). */
  kind: string;
  file_name: string;
  file_sha256: string;
  total_rows: Generated<number>;
  valid_rows: Generated<number>;
  invalid_rows: Generated<number>;
  imported_rows: Generated<number>;
  /** IMPORTED: every row imported; FAILED: refused (a bad file, or bad rows: nothing imported). */
  status: string;
  message: string | null;
  /** JSON: the header row as read, for the refused rows' xlsx. */
  headers: string | null;
}

export interface ImportRowsTable {
  id: Generated<number>;
  batch_id: number;
  row_no: number;
  /** JSON: the cells as read. */
  data: string;
  /** JSON: [{ column, message }]. */
  errors: string;
  status: string;
  entity_id: number | null;
}

export const DELIVERY_TABLE = tableOf(delivery, { status: "status", generated: ["dispatchedWeight"], notNull: ["deliveryNo", "orderNo", "freightWay", "shipperName", "cargoName", "loadingPlace", "unloadingPlace"] });

/** 发货单 (migration 0020, domain 3.6): copies of the order's number, way, shipper, cargo and places. */
export interface DeliveriesTable extends TableOf<typeof DELIVERY_TABLE>, EngineColumns {}

export const TRANSPORT_TASK_TABLE = tableOf(transportTask, { status: "status", generated: ["dispatchedWeight", "completedWeight"], notNull: ["taskNo", "orderNo", "freightWay", "cargoName", "unitPrice", "loadingPlace", "unloadingPlace", "assigneeName"] });

/** 运输任务 (migration 0020, domain 3.8): one of carrier_org_id / fleet_leader_id / shipowner_id names the assignee. */
export interface TransportTasksTable extends TableOf<typeof TRANSPORT_TASK_TABLE>, EngineColumns {}

export const CONTAINER_TABLE = tableOf(container, { status: "status", notNull: ["orderNo", "returnDeadline"] });

/** 集装箱 (migration 0020, domain 3.9); its movements are its resource_events. */
export interface ContainersTable extends TableOf<typeof CONTAINER_TABLE>, EngineColumns {
  freight_id: number | null;
}

export interface OrderTables {
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
  deliveries: DeliveriesTable;
  transport_tasks: TransportTasksTable;
  containers: ContainersTable;
}
