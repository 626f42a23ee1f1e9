/**
 * Demo documents: small real PNG images in the file store for every seeded
 * 证照, 磅单 and 转账凭证, and the mandatory credentials (MANDATORY_CREDENTIALS) of every seeded driver,
 * vehicle, captain, ship and enterprise, in the subject's own audit state, so the demo carriers
 * dispatched today stay eligible (五证齐全) and every audit page shows thumbnails. The bytes are made
 * from the file's name (png.ts); `restoreSeedDocuments` writes them into the data directory at start.
 */
import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import { CREDENTIAL_TYPES, MANDATORY_CREDENTIALS, type CredentialType, type SubjectType } from "../../contract/resources/credential.js";
import type { AuditState } from "../../contract/resources/vocabulary.js";
import { addDays, chinaDate } from "../../contract/units.js";
import type { Db } from "../db/index.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import type { SeedIds } from "../db/seed.js";
import { demoPng } from "./png.js";
import { SEED_DOCUMENT, seedDocumentName } from "./documents.js";

/** Inserts one demo document's file row; returns its address. */
async function seedDocument(trx: Transaction<Database>, seed: string): Promise<string> {
  const bytes = demoPng(seed);
  const hash = createHash("sha256").update(bytes).digest("hex");
  const row = await trx
    .insertInto("system_files")
    .values({ platform_id: "A", file_code: null, category: "UPLOAD", original_name: seedDocumentName(seed), storage_key: `files/${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`, mime: "image/png", size_bytes: bytes.length, sha256: hash, version: 1, visibility: "PRIVATE", biz_type: SEED_DOCUMENT, biz_id: null, uploaded_by: null, created_at: nowIso(), deleted_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return `/files/${Number(row.id)}`;
}

interface Subject {
  id: number;
  tenant_id: number | null;
  org_id: number | null;
  status: string;
  name: string;
  certNo: string;
}

async function subjectsOf(trx: Transaction<Database>, type: SubjectType): Promise<Subject[]> {
  const map = (rows: Array<{ id: number; tenant_id: number | null; org_id: number | null; audit_status: string; name: string; no: string | null }>) => rows.map((r) => ({ id: Number(r.id), tenant_id: r.tenant_id == null ? null : Number(r.tenant_id), org_id: r.org_id == null ? null : Number(r.org_id), status: r.audit_status, name: r.name, certNo: r.no ?? "" }));
  switch (type) {
    case "DRIVER":
      return map(await trx.selectFrom("driver_profiles").select(["id", "tenant_id", "org_id", "audit_status", "name", "id_card_no as no"]).where("deleted_at", "is", null).execute());
    case "CAPTAIN":
      return map(await trx.selectFrom("captain_profiles").select(["id", "tenant_id", "org_id", "audit_status", "name", "id_card_no as no"]).where("deleted_at", "is", null).execute());
    case "VEHICLE":
      return map(await trx.selectFrom("freight_vehicles").select(["id", "tenant_id", "org_id", "audit_status", "plate_no as name", "plate_no as no"]).execute());
    case "SHIP":
      return map(await trx.selectFrom("freight_ships").select(["id", "tenant_id", "org_id", "audit_status", "ship_name as name", "mmsi as no"]).execute());
    case "ENTERPRISE":
      return map(await trx.selectFrom("enterprise_profiles").select(["id", "tenant_id", "org_id", "audit_status", "name", "credit_code as no"]).where("deleted_at", "is", null).execute());
    default:
      return [];
  }
}

export async function seedDocuments(db: Db, _ids: SeedIds): Promise<void> {
  const today = chinaDate();
  const at = nowIso();
  await db.kysely.transaction().execute(async (trx) => {
    const images = new Map<string, string>();
    for (const code of Object.keys(CREDENTIAL_TYPES)) images.set(code, await seedDocument(trx, `证照样例-${code}`));
    // Credentials seeded earlier (the vehicles' 行驶证 and 道路运输证) get real images too.
    const earlier = await trx.selectFrom("credentials").select(["id", "cred_type"]).where("deleted_at", "is", null).execute();
    for (const c of earlier) await trx.updateTable("credentials").set({ images: JSON.stringify([images.get(c.cred_type)!]) }).where("id", "=", c.id).execute();
    for (const [type, codes] of Object.entries(MANDATORY_CREDENTIALS) as Array<[SubjectType, readonly CredentialType[]]>) {
      const subjects = await subjectsOf(trx, type);
      const held = await trx.selectFrom("credentials").select(["subject_id", "cred_type"]).where("subject_type", "=", type).where("deleted_at", "is", null).execute();
      const has = new Set(held.map((h) => `${Number(h.subject_id)}:${h.cred_type}`));
      const rows = [];
      for (const s of subjects) {
        for (const [i, code] of codes.entries()) {
          if (has.has(`${s.id}:${code}`)) continue;
          // A rejected subject has its first credential rejected (the reason shown on its audit page); one in seven expires within 30 days.
          const status: AuditState = s.status === "REJECTED" ? (i === 0 ? "REJECTED" : "PENDING") : s.status === "APPROVED" ? "APPROVED" : "PENDING";
          const validTo = code === "ID_CARD" ? addDays(today, 3650) : addDays(today, s.id % 7 === 0 && i === codes.length - 1 ? 20 : 300 + ((s.id * 37 + i * 11) % 400));
          rows.push({
            platform_id: "A",
            tenant_id: s.tenant_id,
            org_id: s.org_id,
            subject_type: type,
            subject_id: s.id,
            cred_type: code,
            cert_no: (s.certNo || `${code}-${s.id}`).slice(0, 64),
            holder_name: s.name.slice(0, 128),
            issuing_authority: null,
            valid_from: addDays(today, -365),
            valid_to: validTo,
            long_term: 0,
            images: JSON.stringify([images.get(code)!]),
            status,
            reject_count: status === "REJECTED" ? 1 : 0,
            reject_reason: status === "REJECTED" ? "证照照片模糊，请重新上传清晰的照片" : null,
            created_at: at,
            updated_at: at,
          });
        }
      }
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto("credentials").values(rows.slice(i, i + 200)).execute();
    }
    // 磅单 and 转账凭证 seeded as paths become real documents.
    const load = await seedDocument(trx, "装货磅单样例");
    const unload = await seedDocument(trx, "卸货磅单样例");
    await trx.updateTable("freights").set({ loading_ticket_url: load }).where("loading_ticket_url", "is not", null).execute();
    await trx.updateTable("freights").set({ unloading_ticket_url: unload }).where("unloading_ticket_url", "is not", null).execute();
    const voucher = await seedDocument(trx, "转账凭证样例");
    await trx.updateTable("recharges").set({ voucher_url: voucher }).execute();
    // Issued invoices carry their 发票影像; the newest issued one still waits for it (上传发票影像 has a row to act on).
    const invoiceImage = await seedDocument(trx, "发票影像样例");
    const waiting = await trx.selectFrom("invoices").select("id").where("status", "=", "ISSUED").orderBy("id", "desc").limit(1).executeTakeFirst();
    await trx.updateTable("invoices").set({ images: JSON.stringify([invoiceImage]) }).where("id", "!=", waiting?.id ?? -1).execute();
  });
}
