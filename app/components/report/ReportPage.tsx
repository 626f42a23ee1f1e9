import { DefaultSubmit, RefPicker } from "~/components/resource/RefPicker";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { columnHeader, formatCell, REPORT_DIMENSIONS, REPORT_PERIODS, type ReportId } from "../../../contract/reports";
import { Chart } from "~/components/charts/Chart";
import type { loadReport } from "~/services/pages/reports.server";
import { ScrollBox } from "~/components/ui/ScrollBox";

const labelClass = "filter-label";
/** More rows than this are in the export only, so the page stays light. */
const SHOWN_ROWS = 500;
const PERIODS: Partial<Record<ReportId, Array<keyof typeof REPORT_PERIODS>>> = {
  loadingUnit: ["ALL", "DAY", "MONTH"],
  unloadingUnit: ["ALL", "DAY", "MONTH"],
  waybillAnalysis: ["ALL", "DAY", "MONTH"],
  waybillRisk: ["DAY", "MONTH"],
  shareStatistics: ["ALL", "DAY", "MONTH"],
  platformData: ["DAY", "MONTH"],
  expenditure: ["MONTH", "DAY"],
};

function Err({ error }: { error?: string }) {
  return error ? <p className="field-error">{error}</p> : null;
}

/** A report: its parameters (a GET form), the chart drawn on the server, the table with its totals row, 导出. */
export function ReportPage() {
  const data = useLoaderData<typeof loadReport>();
  const location = useLocation();
  const { values, errors, result } = data;
  const periods = PERIODS[data.id];
  const rows = result?.rows ?? [];
  return (
    <section className="card space-y-3" aria-labelledby="report-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="report-title" className="page-title mb-0">{data.meta.title}</h2>
        {result ? <a href={data.exportHref} className="btn" download data-testid="report-export">导出</a> : null}
      </div>
      <Form method="get" key={location.search} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={`${data.meta.title}查询`}>
        {data.staff ? <DefaultSubmit label="查询" /> : null}
        <fieldset className="min-w-0">
          <legend className={labelClass}>时间范围</legend>
          <div className="flex items-center gap-1">
            <input type="date" name="dateFrom" aria-label="开始日期" defaultValue={values.dateFrom} className={`input min-w-0 ${errors.dateFrom ? "input-error" : ""}`} />
            <span className="text-muted">至</span>
            <input type="date" name="dateTo" aria-label="结束日期" defaultValue={values.dateTo} className={`input min-w-0 ${errors.dateTo ? "input-error" : ""}`} />
          </div>
          <Err error={errors.dateFrom ?? errors.dateTo} />
        </fieldset>
        <div>
          <label htmlFor="report-way" className={labelClass}>运输方式</label>
          <select id="report-way" name="freightWay" defaultValue={values.freightWay ?? ""} className="input">
            <option value="">全部</option>
            <option value="ROAD">公路运输</option>
            <option value="WATER">水路运输</option>
          </select>
          <Err error={errors.freightWay} />
        </div>
        {data.staff ? (
          <div>
            <label htmlFor="report-org" className={labelClass}>企业</label>
            <RefPicker name="orgId" id="report-org" label="企业" picker={data.orgs ?? undefined} defaultValue={values.orgId ?? ""} emptyLabel="全部" />
            <Err error={errors.orgId} />
          </div>
        ) : null}
        {data.id !== "waybillAnalysis" ? (
          <div>
            <label htmlFor="report-shipper" className={labelClass}>托运人</label>
            <input id="report-shipper" name="shipper" defaultValue={values.shipper ?? ""} maxLength={64} placeholder="请输入托运人" className="input" />
            <Err error={errors.shipper} />
          </div>
        ) : null}
        {periods ? (
          <div>
            <label htmlFor="report-period" className={labelClass}>统计周期</label>
            <select id="report-period" name="period" defaultValue={values.period ?? periods[0]} className="input">
              {periods.map((p) => (
                <option key={p} value={p}>{REPORT_PERIODS[p]}</option>
              ))}
            </select>
          </div>
        ) : null}
        {data.meta.dimensions ? (
          <div>
            <label htmlFor="report-dimension" className={labelClass}>统计维度</label>
            <select id="report-dimension" name="dimension" defaultValue={values.dimension ?? data.meta.dimensions[0]} className="input">
              {data.meta.dimensions.map((d) => (
                <option key={d} value={d}>{REPORT_DIMENSIONS[d]}</option>
              ))}
            </select>
            <Err error={errors.dimension} />
          </div>
        ) : null}
        <div className="flex items-end gap-2">
          <button type="submit" className="btn btn-primary">查询</button>
          <a href={location.pathname} className="btn">重置</a>
        </div>
      </Form>
      {data.error ? <p className="alert-error" role="alert">{data.error}</p> : null}
      {data.chart ? <Chart chart={data.chart} testId="report-chart" /> : null}
      {result ? (
        <ScrollBox label={`${data.meta.title}结果`}>
          <table className="table" aria-label={`${data.meta.title}结果`} data-testid="report-table">
            <thead>
              <tr>
                {result.columns.map((c) => (
                  <th key={c.key} className={c.decimals === undefined ? "" : "text-right"}>{columnHeader(c)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={result.columns.length} className="py-6 text-center text-muted">所选时间范围内暂无数据</td>
                </tr>
              ) : (
                rows.slice(0, SHOWN_ROWS).map((row, i) => (
                  <tr key={i} data-testid="report-row">
                    {result.columns.map((c) => (
                      <td key={c.key} className={c.decimals === undefined ? "" : "text-right tabular-nums"}>{formatCell(c, row[c.key] ?? null)}</td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
            {result.totals ? (
              <tfoot>
                <tr className="font-semibold" data-testid="report-totals">
                  {result.columns.map((c) => (
                    <td key={c.key} className={c.decimals === undefined ? "" : "text-right tabular-nums"}>{formatCell(c, result.totals![c.key] ?? null)}</td>
                  ))}
                </tr>
              </tfoot>
            ) : null}
          </table>
          {rows.length > SHOWN_ROWS ? <p className="mt-2 text-sm text-muted">共 {rows.length} 行，页面显示前 {SHOWN_ROWS} 行，完整数据请导出。</p> : null}
        </ScrollBox>
      ) : null}
    </section>
  );
}
