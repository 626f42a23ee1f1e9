import { expect, it } from "vitest";
import { startMemoryTrim } from "../../contract/memory-trim";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps the event loop busy for `ms`, a few ms at a time, so the sampling timer still fires. */
async function busyFor(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const until = Date.now() + 8;
    while (Date.now() < until);
    await new Promise((r) => setImmediate(r));
  }
}

it("collects once after a quiet spell, not while busy, and not again until RSS grows", async () => {
  const trims: Array<{ rssBeforeMb: number; rssAfterMb: number; ms: number }> = [];
  const stop = startMemoryTrim({ everyMs: 100, quietSamples: 2, onTrim: (figures) => trims.push(figures) });
  try {
    await busyFor(600);
    expect(trims).toHaveLength(0);
    // Two quiet samples, the collection, then the RSS read a second later.
    for (let waited = 0; trims.length === 0 && waited < 60_000; waited += 100) await sleep(100);
    expect(trims).toHaveLength(1);
    expect(trims[0]!.rssAfterMb).toBeGreaterThan(0);
    await sleep(1_500);
    expect(trims).toHaveLength(1);
  } finally {
    stop();
  }
});
