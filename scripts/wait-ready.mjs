// systemd's ExecStartPost of the TMS units (deploy/*.service): waits until the process answers, so a
// unit counts as started only when it serves. Tries the URLs in order (the first is the readiness check;
// a later one stands in on a build without it) every 500 ms, for up to 60 s; exits 1 if none answers 2xx.
const urls = process.argv.slice(2);
if (!urls.length) {
  console.error("usage: node scripts/wait-ready.mjs <url> [fallback url…]");
  process.exit(2);
}
const deadline = Date.now() + 60_000;
while (Date.now() < deadline) {
  for (const url of urls) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) process.exit(0);
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.error(`not ready within 60 s: ${urls.join(", ")}`);
process.exit(1);
