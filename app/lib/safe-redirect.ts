const BASE = "http://console.invalid";
// Browsers drop tabs and newlines from URLs and read "\" as "/", so "/\t/evil" and "/\evil" leave the site.
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

/**
 * The same-origin path of `target`, or `fallback` for anything that could leave the console or points
 * back at login. The target is resolved against the console's origin the way a browser resolves a
 * Location header (dot segments, "%2e" included, are removed), and what is returned is checked again
 * as a browser would read it: it must resolve to the same origin and the same path. So
 * "/.//evil.example", "/%2e//evil.example", "/a/..//evil.example" and "/.%2e//evil.example", which
 * resolve to the path "//evil.example", are refused: as a Location that is another host.
 */
export function safeRedirect(target: unknown, fallback = "/dashboard"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (UNSAFE.test(target) || UNSAFE.test(decoded) || decoded.startsWith("//")) return fallback;
  const url = new URL(target, BASE);
  if (url.origin !== BASE || url.pathname === "/" || url.pathname.startsWith("/login")) return fallback;
  const location = `${url.pathname}${url.search}${url.hash}`;
  // Read back as a browser reads the Location header: same origin, same path, or it leaves the site.
  const reread = new URL(location, BASE);
  // A "%2F" that some server or proxy on the way might decode counts as a slash, too.
  if (/^\/(\/|%2f)/i.test(location) || reread.origin !== BASE || reread.pathname !== url.pathname) return fallback;
  return location;
}
