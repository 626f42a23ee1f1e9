/** A chart as a page shows it: the server-drawn SVG and the same figures as a table (its text alternative). */
export interface ChartTable {
  /** What the rows are (the category axis, or the named series' name). */
  head: string[];
  rows: string[][];
}

export interface ChartView {
  title: string;
  svg: string;
  table: ChartTable;
}
