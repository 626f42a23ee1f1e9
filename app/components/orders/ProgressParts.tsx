import { kgToTonnes } from "~/lib/format";

/** Tonnage figures against the planned weight, each with its bar (order, delivery note and task progress). */
export function ProgressBars({ figures, planned, testId, columns }: { figures: Array<[string, number]>; planned: number; testId: string; columns: string }) {
  return (
    <dl className={`grid grid-cols-1 gap-2 text-sm ${columns}`} data-testid={testId}>
      {figures.map(([label, kg]) => (
        <div key={label}>
          <dt className="text-muted">{label}</dt>
          <dd className="text-gray-800">{kgToTonnes(kg)} 吨</dd>
          <div className="mt-1 h-2 rounded bg-gray-100" aria-hidden>
            <div className="h-2 rounded bg-blue-500" style={{ width: `${planned > 0 ? Math.min(100, Math.round((kg / planned) * 100)) : 0}%` }} />
          </div>
        </div>
      ))}
    </dl>
  );
}

/** One waybill as the progress sections list it. */
export interface WaybillLine {
  id: number;
  href: string;
  freightNo: string;
  carrier: string;
  conveyance: string;
  plannedKg: number;
  loadedKg: number | null;
  unloadedKg: number | null;
  status: string;
  last: string;
}

/** 运单（n）: the waybills under an order, a delivery note or a task; the last column differs (创建时间, 原运单). */
export function WaybillSection({ total, error, lines, testId, lastHeader }: { total: number; error?: string | null; lines: WaybillLine[]; testId: string; lastHeader: string }) {
  return (
    <section className="card" aria-label="运单">
      <h2 className="page-title">运单（{total}）</h2>
      {error ? <p className="alert-error">{error}</p> : null}
      {lines.length === 0 && !error ? (
        <p className="text-sm text-muted">暂无运单</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="table" data-testid={testId}>
            <thead>
              <tr>
                <th>运单号</th><th>司机/船长</th><th>车牌/船名</th><th>计划(吨)</th><th>装货(吨)</th><th>卸货(吨)</th><th>状态</th><th>{lastHeader}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((w) => (
                <tr key={w.id}>
                  <td><a href={w.href}>{w.freightNo}</a></td>
                  <td>{w.carrier}</td>
                  <td>{w.conveyance}</td>
                  <td>{kgToTonnes(w.plannedKg)}</td>
                  <td>{w.loadedKg == null ? "-" : kgToTonnes(w.loadedKg)}</td>
                  <td>{w.unloadedKg == null ? "-" : kgToTonnes(w.unloadedKg)}</td>
                  <td>{w.status}</td>
                  <td>{w.last}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
