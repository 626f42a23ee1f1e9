/**
 * 我的证照: an individual carrier's own credentials, for his phone (docs/design/driver-workspace.md). The
 * credential binding's own scope and hooks (an individual sees and submits the papers of his own profile
 * and of the vehicles he owns, never another's), served without the staff's permission codes: a driver
 * whose role holds only his wallet's codes still keeps his papers up to date.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { CREDENTIAL_TYPES, credential, MANDATORY_CREDENTIALS, OWN_CREDENTIAL_PATHS, OWN_SUBJECT_TYPES, SUBJECT_RESOURCES, type CredentialRecord, type CredentialType, type OwnPaper, type OwnPapers } from "../../contract/resources/credential.js";
import type { UserType } from "../../contract/platforms.js";
import type { ServiceContext } from "../context.js";
import { ok, Refusal } from "../http/envelope.js";
import type { Binding } from "../resources/bind.js";
import { bindingOf } from "../resources/lookup.js";
import { searchResource } from "../resources/query.js";
import { engineServices } from "../resources/services.js";
import { createResource } from "../resources/write.js";
import type { CallerScope } from "../scope.js";
import { credentialBinding, visibleSubjects } from "./credential.resource.js";

const CARRIERS: readonly UserType[] = ["INDIVIDUAL_USER"];

/** The credential binding as his own: read and create need no permission code; the scope is the binding's. */
const ownBinding: Binding = {
  ...credentialBinding,
  def: { ...credential, permissions: { list: [], detail: [], create: [] }, kinds: { read: CARRIERS, write: CARRIERS } },
} as Binding;

/** The column that names each subject on his page. */
const SUBJECT_LABEL: Record<(typeof OWN_SUBJECT_TYPES)[number], string> = { DRIVER: "name", CAPTAIN: "name", VEHICLE: "plate_no" };
const OWN_LIMIT = 100;

async function ownPapers(ctx: ServiceContext, scope: CallerScope): Promise<OwnPapers> {
  const db = ctx.db.kysely;
  const { records } = await searchResource(db, ownBinding, scope, {}, { current: 1, size: OWN_LIMIT });
  const held = records as unknown as CredentialRecord[];
  const papers: OwnPaper[] = [];
  for (const type of OWN_SUBJECT_TYPES) {
    const ids = visibleSubjects(type, scope);
    const table = bindingOf(SUBJECT_RESOURCES[type])?.table;
    if (!ids || !table) continue;
    const subjects = await sql<{ id: number; label: string }>`select s.id, ${sql.ref(`s.${SUBJECT_LABEL[type]}`)} as label from ${sql.table(table)} s where s.id in ${ids} order by s.id`.execute(db);
    for (const subject of subjects.rows) {
      const mine = held.filter((r) => r.subjectType === type && Number(r.subjectId) === Number(subject.id));
      const mandatory = MANDATORY_CREDENTIALS[type] ?? [];
      const extra = mine.map((r) => r.credType as CredentialType).filter((t) => !mandatory.includes(t));
      for (const credType of [...mandatory, ...extra]) {
        papers.push({
          subjectType: type,
          subjectId: Number(subject.id),
          subjectLabel: subject.label,
          credType,
          credLabel: CREDENTIAL_TYPES[credType].label,
          mandatory: mandatory.includes(credType),
          record: mine.find((r) => r.credType === credType) ?? null,
        });
      }
    }
  }
  return { papers };
}

export async function ownCredentialRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const carrier = async (request: FastifyRequest) => {
    const scope = await engineServices().requireScope(ctx, request);
    if (!CARRIERS.includes(scope.type)) throw new Refusal(RefusalCode.notPermitted, "「我的证照」只对司机、船长本人开放；管理证照请到资源管理或用户信息管理");
    return scope;
  };
  app.post(OWN_CREDENTIAL_PATHS.search, async (request) => ok(await ownPapers(ctx, await carrier(request))));
  app.post(OWN_CREDENTIAL_PATHS.submit, async (request) => ok(await createResource(ctx, ownBinding, await carrier(request), request.body)));
}
