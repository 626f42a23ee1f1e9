import type { SealedColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { enterprise } from "../../contract/resources/enterprise.js";
import { invitation } from "../../contract/resources/invitation.js";

export const ENTERPRISE_TABLE = tableOf(enterprise, { status: "auditStatus", generated: ["businessMode", "enabled", "auditStatus"], notNull: ["tenantId", "registeredAt"] });

/** 企业资料 (domain 2.1): `id` = organisations.id = org_id. */
export interface EnterpriseProfilesTable extends TableOf<typeof ENTERPRISE_TABLE>, Omit<EngineColumns, "tenant_id">, SealedColumns<"legal_person_id_no"> {
  admin_user_id: number | null;
}

export const INVITATION_TABLE = tableOf(invitation, { status: "status", generated: ["sendCountDay"], notNull: ["inviteNo", "inviteCode", "inviterName", "invitedAt", "expiresAt"] });

/** 注册邀请 (domain 2.9). */
export interface RegistrationInvitationsTable extends TableOf<typeof INVITATION_TABLE>, EngineColumns {
  /** The keyed hash of the invitation's code (invite-codes.ts); `invite_code` keeps only its last two characters. */
  invite_code_hash: string;
  inviter_user_id: number | null;
  registered_user_id: number | null;
}

export interface EnterpriseTables {
  enterprise_profiles: EnterpriseProfilesTable;
  registration_invitations: RegistrationInvitationsTable;
}
