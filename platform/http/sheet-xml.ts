/**
 * The SpreadsheetML of a one-sheet export workbook (ECMA-376), written as strings: the fixed parts
 * once, then the sheet row by row. Cells are inline strings (no shared-string table to hold in
 * memory) or numbers; each number format is one cell style, declared once in styles.xml. Row 1 is
 * the header, frozen.
 */

export type CellValue = string | number | null;

export interface SheetLayout {
  sheetName: string;
  columns: ReadonlyArray<{ header: string; width: number; numFmt?: string }>;
}

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Excel keeps at most this many characters in a cell. */
const MAX_CELL_CHARS = 32767;
/** Custom number formats are numbered from 164 (0–163 are built in). */
const FIRST_CUSTOM_FORMAT = 164;

const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const ESCAPED = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** Text for XML content or attributes; characters XML 1.0 cannot hold are dropped. */
export function xmlText(text: string): string {
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, (c) => ENTITY[c] ?? "") : text;
}

/** A, B, … Z, AA, AB … for 0, 1, … */
export function columnLetter(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Excel's sheet-name rules: at most 31 characters, none of \ / ? * [ ] :, not blank. */
export function safeSheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, "_").slice(0, 31).trim() || "Sheet1";
}

/** The parts besides the sheet, by path in the zip. */
export function workbookParts(layout: SheetLayout): Array<[string, string]> {
  const formats = [...new Set(layout.columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
  const numFmts = formats.map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_FORMAT + i}" formatCode="${xmlText(code)}"/>`).join("");
  const xfs = formats.map((_, i) => `<xf numFmtId="${FIRST_CUSTOM_FORMAT + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join("");
  return [
    [
      "[Content_Types].xml",
      `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        "</Types>",
    ],
    [
      "_rels/.rels",
      `${DECLARATION}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      "xl/workbook.xml",
      `${DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${xmlText(safeSheetName(layout.sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      "xl/_rels/workbook.xml.rels",
      `${DECLARATION}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      "xl/styles.xml",
      `${DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
        (formats.length ? `<numFmts count="${formats.length}">${numFmts}</numFmts>` : "") +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        `<cellXfs count="${formats.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${xfs}</cellXfs>` +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    ],
  ];
}

/** Serialises rows of cells; row 1 is the header. */
export class SheetXml {
  /** Per column: the cell's opening up to its row number, and the style attribute of its numbers. */
  private readonly refs: string[];
  private readonly numberStyles: string[];
  private rowNumber = 0;

  constructor(private readonly layout: SheetLayout) {
    const formats = [...new Set(layout.columns.flatMap((c) => (c.numFmt ? [c.numFmt] : [])))];
    this.refs = layout.columns.map((_, i) => `<c r="${columnLetter(i)}`);
    this.numberStyles = layout.columns.map((c) => (c.numFmt ? ` s="${formats.indexOf(c.numFmt) + 1}"` : ""));
  }

  /** The sheet's opening: frozen header pane, column widths, the header row. */
  head(): string {
    const cols = this.layout.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join("");
    return (
      `${DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
      `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>` +
      this.row(this.layout.columns.map((c) => c.header))
    );
  }

  /** One row's XML; empty cells (null, "", not a finite number) are left out. */
  row(cells: readonly CellValue[]): string {
    const r = ++this.rowNumber;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i];
      if (typeof value === "number") {
        if (Number.isFinite(value)) xml += `${this.refs[i]}${r}"${this.numberStyles[i]}><v>${value}</v></c>`;
      } else if (value) {
        const text = value.length > MAX_CELL_CHARS ? value.slice(0, MAX_CELL_CHARS) : value;
        const space = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32 ? ' xml:space="preserve"' : "";
        xml += `${this.refs[i]}${r}" t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
      }
    }
    return `${xml}</row>`;
  }

  tail(): string {
    return "</sheetData></worksheet>";
  }
}
