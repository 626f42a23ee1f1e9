import { useId } from "react";
import type { ChartView } from "~/lib/chart-view";

/**
 * A chart drawn on the server (app/lib/charts.server.ts) with its figures as a table: 图表 / 表格 switch
 * between them. The switch is two radio buttons and CSS (`.chart-switch` in tailwind.css), so it works
 * with JavaScript off, and the table is always in the document for screen readers and text browsers.
 */
export function Chart({ chart, testId = "chart" }: { chart: ChartView; testId?: string }) {
  const id = useId();
  const name = `${id}-view`;
  return (
    <div className="chart-switch" data-testid={`${testId}-switch`}>
      <fieldset className="chart-modes">
        <legend className="sr-only">{`${chart.title}的显示方式`}</legend>
        <input type="radio" id={`${id}-chart`} name={name} value="chart" defaultChecked className="sr-only" />
        <label htmlFor={`${id}-chart`}>图表</label>
        <input type="radio" id={`${id}-table`} name={name} value="table" className="sr-only chart-show-table" />
        <label htmlFor={`${id}-table`}>表格</label>
      </fieldset>
      {/* The SVG is built by our renderer from escaped text; it needs no script to show. */}
      <div className="chart-pane overflow-x-auto [&>svg]:h-auto [&>svg]:w-full [&>svg]:min-w-[720px]" data-testid={testId} dangerouslySetInnerHTML={{ __html: chart.svg }} />
      <div className="chart-table-pane max-h-[420px] overflow-auto" data-testid={`${testId}-table`}>
        <table className="table chart-data">
          <caption className="sr-only">{`${chart.title}（数据表）`}</caption>
          <thead>
            <tr>
              {chart.table.head.map((h, i) => (
                <th key={i} scope="col" className={i === 0 ? "" : "text-right"}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.table.rows.length === 0 ? (
              <tr>
                <td colSpan={chart.table.head.length} className="text-center text-muted">暂无数据</td>
              </tr>
            ) : (
              chart.table.rows.map(([first, ...figures], r) => (
                <tr key={r}>
                  <th scope="row" className="font-normal">{first}</th>
                  {figures.map((v, c) => (
                    <td key={c} className="text-right tabular-nums">{v}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
