/**
 * The rule for a cross-origin write, written once. The console's server applies it
 * before Remix (whose own check answers a bare 500), and readForm applies it again in every action.
 */
export const CROSS_ORIGIN_MESSAGE = "拒绝跨站提交：请从本站页面提交表单";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** True for a write another site made the browser send: Sec-Fetch-Site cross-site, or an Origin naming another host. */
export function isCrossOriginWrite(method: string, header: (name: string) => string | null | undefined): boolean {
  if (!WRITES.has(method.toUpperCase())) return false;
  if (header("sec-fetch-site") === "cross-site") return true;
  const origin = header("origin");
  if (origin === null || origin === undefined) return false;
  const host = (header("x-forwarded-host") ?? header("host") ?? "").split(",")[0]!.trim().toLowerCase();
  try {
    return origin === "null" || new URL(origin).host.toLowerCase() !== host;
  } catch {
    return true;
  }
}
