/** Weight is stored in kilograms and shown in 吨 with 2 decimals. */
export function kgToTonnes(kg: number | null | undefined): string {
  return ((kg ?? 0) / 1000).toFixed(2);
}

/** Money is stored in fen and shown in 元 with 2 decimals. */
export function fenToYuan(fen: number | null | undefined): string {
  return ((fen ?? 0) / 100).toFixed(2);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "-";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "-";
  const pad = (n: number) => String(n).padStart(2, "0");
  // Shown in China Standard Time regardless of the server's zone.
  const cst = new Date(d.getTime() + 8 * 3600_000);
  return `${cst.getUTCFullYear()}-${pad(cst.getUTCMonth() + 1)}-${pad(cst.getUTCDate())} ${pad(cst.getUTCHours())}:${pad(cst.getUTCMinutes())}:${pad(cst.getUTCSeconds())}`;
}

export function badgeCount(n: number): string {
  return n >= 100 ? "99+" : String(n);
}
