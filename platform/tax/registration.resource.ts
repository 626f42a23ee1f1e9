/**
 * 临时税务登记 on the engine (contract/resources/tax-registration.ts): platform rows, tenant staff see their
 * tenant's. The hooks copy the person from the APPROVED profile and keep one REGISTERED registration per
 * person (driver or captain).
 */
import { taxRegistration, type TaxPersonType } from "../../contract/resources/tax-registration.js";
import { nowIso } from "../db/index.js";
import { HttpError } from "../http/envelope.js";
import { bindResource, type ScopeRule } from "../resources/bind.js";
import { rowsFor } from "../scope.js";
import { approvedProfile, requireMatchingProfile } from "./registrations.js";

/** Platform staff see the platform's registrations, tenant staff their tenant's drivers'. */
const taxScope: ScopeRule = (scope, alias) => rowsFor(scope, alias, { org: null, individual: null });

export const taxRegistrationBinding = bindResource(taxRegistration, {
  table: "tax_registrations",
  scope: taxScope,
  stamp: "platform",
  labels: {
    profileName: { table: "driver_profiles", via: "driver_profile_id", column: "name" },
    captainName: { table: "captain_profiles", via: "captain_profile_id", column: "name" },
  },
  hooks: {
    /**
     * A driver's or a captain's (one of the two): the person's name, ID number and mobile come from
     * their APPROVED profile; the taxpayer number of a person is the ID number.
     */
    async beforeCreate(trx, scope, values) {
      const driverId = values.driver_profile_id == null ? null : Number(values.driver_profile_id);
      const captainId = values.captain_profile_id == null ? null : Number(values.captain_profile_id);
      if ((driverId === null) === (captainId === null)) throw new HttpError(400, "请选择司机档案或船长档案（二选一）");
      const type: TaxPersonType = driverId !== null ? "DRIVER" : "CAPTAIN";
      const profile = await approvedProfile(trx, scope.platformId, type, (driverId ?? captainId)!);
      Object.assign(values, { person_type: type, person_id: profile.id, name: profile.name, id_card_no: profile.id_card_no, mobile: profile.mobile, taxpayer_no: profile.id_card_no, tenant_id: profile.tenant_id });
    },
    /** The copies must still match the APPROVED profile; one REGISTERED registration per person: a new registration ends the earlier one. */
    async onTransition(trx, scope, row, transition) {
      if (transition === "retry") await requireMatchingProfile(trx, row);
      if (transition !== "register") return;
      if (row.valid_to && row.registered_at && String(row.valid_to) < String(row.registered_at)) throw new HttpError(400, "有效期至不能早于登记日期");
      await requireMatchingProfile(trx, row);
      await trx
        .updateTable("tax_registrations")
        .set((eb) => ({ status: "CANCELLED", updated_at: nowIso(), updated_by: scope.userId, version: eb("version", "+", 1) }))
        .where("person_type", "=", String(row.person_type))
        .where("person_id", "=", Number(row.person_id))
        .where("status", "=", "REGISTERED")
        .where("id", "<>", row.id)
        .execute();
    },
  },
});
