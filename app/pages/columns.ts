/** A list's columns from its definition: the table, the export and the page data read the same ones. */
import { listColumns } from "../../contract/resources/derive";
import { f, type AnyResource, type Field } from "../../contract/resources/kit";

/** The record's creation time as a column (添加时间, 注册时间 … as the definition names its filter). */
const createdColumn = (def: AnyResource) => f.datetime(def.createdFilter ?? "创建时间", { list: true });

export function columnsOf(def: AnyResource, keys?: readonly string[], showOrg = false): Array<[string, Field]> {
  const all: Array<[string, Field]> = [...listColumns(def), ["createdTime", createdColumn(def)]];
  const chosen = keys ? keys.map((k) => all.find(([key]) => key === k) ?? ([k, def.fields[k]] as [string, Field])).filter(([, field]) => !!field) : def.createdFilter ? all : all.slice(0, -1);
  return showOrg ? [...chosen, ["orgName", { label: "所属企业", kind: "text", format: String } as unknown as Field]] : chosen;
}
