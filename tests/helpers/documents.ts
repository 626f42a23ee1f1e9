/** Business documents in tests: a tiny real PNG, its upload through POST /document/upload, and its download. */
import { demoPng } from "../../platform/documents/png.js";
import type { CallResult } from "./platform.js";

export const tinyPng = (seed = "测试证照") => demoPng(seed, 16, 10);

/** Uploads bytes as one business document of `kind`; the answer's data.url is the `/files/<id>` a record takes. */
export async function uploadDocument(baseUrl: string, token: string, bytes: Buffer, options: { name?: string; kind?: string } = {}): Promise<CallResult<{ id: number; url: string; mime: string; sizeBytes: number }>> {
  const query = new URLSearchParams({ name: options.name ?? "证照.png", kind: options.kind ?? "CREDENTIAL" });
  const response = await fetch(`${baseUrl}/document/upload?${query.toString()}`, { method: "POST", headers: { "X-Platform": "A", Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" }, body: new Uint8Array(bytes) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** GETs a stored file as the token's caller (none: anonymous); the status (a refusal's envelope code, e.g. 4003, when answered in JSON) and bytes. */
export async function downloadFile(baseUrl: string, token: string | null, id: number): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${baseUrl}/system-file/${id}/download`, { headers: { "X-Platform": "A", ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  const bytes = Buffer.from(await response.arrayBuffer());
  if ((response.headers.get("content-type") ?? "").includes("application/json")) return { status: Number((JSON.parse(bytes.toString("utf8")) as { code?: number }).code ?? response.status), bytes };
  return { status: response.status, bytes };
}
