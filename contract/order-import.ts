/** 批量导入订单 on the wire (domain 3.5): a batch with its counts and refused rows, and the file limits. */
export const ORDER_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const ORDER_IMPORT_MAX_ROWS = 10_000;

export interface ImportError {
  column: string;
  message: string;
}
export interface RefusedRow {
  rowNo: number;
  errors: ImportError[];
}
export interface ImportBatch {
  id: number;
  batchNo: string;
  fileName: string;
  status: "IMPORTED" | "FAILED";
  totalRows: number;
  validRows: number;
  invalidRows: number;
  importedRows: number;
  message: string | null;
  operatorName: string | null;
  createdTime: string;
  refused: RefusedRow[];
}
