/** 进项票批量导入: template link, upload form, and the outcome with each refused row's errors. */
import { Form, useActionData } from "@remix-run/react";
import { TICKET_IMPORT_MAX_BYTES, TICKET_IMPORT_MAX_ROWS, type TicketImportResult } from "../../../contract/billing";
import { Permission } from "~/components/ui/Permission";

export function TicketImportCard({ templatePath }: { templatePath: string }) {
  const data = useActionData<{ ticketImport?: TicketImportResult | null; importError?: string | null }>();
  const result = data?.ticketImport ?? null;
  return (
    <Permission roles={["TMS_TAX_MANAGEMENT"]}>
      <details className="card" open={!!(result || data?.importError)} data-testid="ticket-import">
        <summary className="cursor-pointer text-sm font-semibold">批量导入进项票（xlsx）</summary>
        <div className="mt-3 space-y-3">
          <p className="text-sm text-muted">
            先<a href={templatePath} className="btn-link" download>下载模板</a>，按“填写说明”填写后上传；文件不超过 {TICKET_IMPORT_MAX_BYTES / 1024 / 1024} MB、最多 {TICKET_IMPORT_MAX_ROWS} 行。任一行有错误时整个文件都不导入；已登记的发票号码不能重复导入。
          </p>
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
            <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className="text-sm" aria-label="进项票 xlsx 文件" />
            <button type="submit" className="btn btn-primary" data-testid="ticket-import-submit">导入</button>
          </Form>
          {data?.importError ? <p className="alert-error" role="alert">{data.importError}</p> : null}
          {result ? <p className={result.status === "IMPORTED" ? "alert-success" : "alert-error"} role="status" data-testid="ticket-import-result">{result.message}</p> : null}
          {result && result.errors.length ? (
            <table className="table" data-testid="ticket-import-errors">
              <thead><tr><th>行号</th><th>列</th><th>错误与修改方法</th></tr></thead>
              <tbody>
                {result.errors.map((e, i) => (
                  <tr key={i}><td>第 {e.rowNo} 行</td><td>{e.column}</td><td>{e.message}</td></tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </details>
    </Permission>
  );
}
