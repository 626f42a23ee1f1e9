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

export interface OrderTables {
  import_batches: ImportBatchesTable;
  import_rows: ImportRowsTable;
}
