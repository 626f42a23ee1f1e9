/** Import batches and their refused rows (migration 0012, domain 3.5). */
import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";

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

/** 发货单 (migration 0020, domain 3.6): copies of the order's number, way, shipper, cargo and places. */
export interface DeliveriesTable extends EngineColumns {
  delivery_no: string;
  order_id: number;
  order_no: string;
  freight_way: string;
  shipper_name: string;
  cargo_name: string;
  pickup_no: string | null;
  loading_place: string;
  unloading_place: string;
  planned_weight: number;
  dispatched_weight: Generated<number>;
  loading_from: string;
  loading_to: string;
  status: string;
  remark: string | null;
  close_reason: string | null;
}

/** 运输任务 (migration 0020, domain 3.8): one of carrier_org_id / fleet_leader_id / shipowner_id names the assignee. */
export interface TransportTasksTable extends EngineColumns {
  task_no: string;
  order_id: number;
  order_no: string;
  freight_way: string;
  cargo_name: string;
  loading_place: string;
  unloading_place: string;
  assignee_type: string;
  carrier_org_id: number | null;
  fleet_leader_id: number | null;
  shipowner_id: number | null;
  assignee_name: string;
  planned_weight: number;
  dispatched_weight: Generated<number>;
  completed_weight: Generated<number>;
  unit_price: number;
  period_from: string;
  period_to: string;
  status: string;
  remark: string | null;
  reject_reason: string | null;
  cancel_reason: string | null;
}

/** 集装箱 (migration 0020, domain 3.9); its movements are its resource_events. */
export interface ContainersTable extends EngineColumns {
  container_no: string;
  size_type: string;
  seal_no: string | null;
  carrier_line: string | null;
  order_id: number;
  order_no: string;
  freight_id: number | null;
  freight_no: string | null;
  pickup_yard: string;
  picked_at: string;
  free_days: number;
  return_deadline: string;
  return_yard: string;
  returned_at: string | null;
  demurrage_per_day: number | null;
  demurrage_amount: number | null;
  overdue_days: number | null;
  last_event: string | null;
  last_event_place: string | null;
  last_event_at: string | null;
  status: string;
}

export interface OrderTables {
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
  deliveries: DeliveriesTable;
  transport_tasks: TransportTasksTable;
  containers: ContainersTable;
}
