/** The project binding (domain 1.6): org-scoped `projects`; the period runs forwards, a finished project is not edited. */
import { project } from "../../contract/resources/project.js";
import { bindResource, orgScope } from "../resources/bind.js";
import { invalid, taken } from "./org-rules.js";

function checkPeriod(row: Record<string, unknown>): void {
  if (row.period_from && row.period_to && String(row.period_to) < String(row.period_from)) throw invalid("项目结束日期不能早于开始日期");
}

export const projectBinding = bindResource(project, {
  table: "projects",
  scope: orgScope(),
  number: { field: "projectNo", prefix: "XM" },
  labels: {
    shipperName: { table: "shippers", via: "shipper_id", column: "name" },
    loadingPlace: { table: "contacts", via: "loading_contact_id", column: "place" },
    unloadingPlace: { table: "contacts", via: "unloading_contact_id", column: "place" },
  },
  hooks: {
    beforeCreate: async (_trx, _scope, values) => checkPeriod(values),
    beforeUpdate: async (_trx, _scope, before, values) => {
      if (before.status === "FINISHED") throw taken(`项目 ${String(before.name)} 已结束，不能编辑`);
      checkPeriod({ ...before, ...values });
    },
  },
});
