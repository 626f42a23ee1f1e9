const BASE = "http://console.invalid";
// Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/evil" and "/\evil" leave the site.
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * The same-origin path of `target`, or `fallback` for anything that could leave the console (absolute
 * or protocol-relative URLs, control characters, backslashes, "//" after decoding) or that points back
 * at login.
 */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (UNSAFE.test(target) || UNSAFE.test(decoded) || target.startsWith("//") || decoded.startsWith("//")) return fallback;
  const url = new URL(target, BASE);
  if (url.origin !== BASE || url.pathname === "/" || url.pathname.startsWith("/login")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
