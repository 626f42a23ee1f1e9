/**
 * Headers every console response carries: no framing, no MIME sniffing, no full referrer
 * off-site, and a content security policy under which only the console's own scripts run: the inline
 * scripts Remix writes (its context and scroll restoration) carry the per-response nonce.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React writes style attributes (the theme colour, widths of bars and columns).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, nonce?: string): void {
  headers.set("X-Frame-Options", "DENY");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  else if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", "frame-ancestors 'none'");
}
