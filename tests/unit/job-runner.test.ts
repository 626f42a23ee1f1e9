import { expect, it } from "vitest";
import { JobRunner } from "../../platform/jobs/runner";

it("a stopped runner starts no new run and drain() waits for the run in progress", async () => {
  const runner = new JobRunner({ error: () => undefined });
  let finish = () => {};
  let runs = 0;
  let finished = false;
  runner.every("slow", 60_000, () => {
    runs++;
    return new Promise<void>((resolve) => (finish = resolve)).then(() => void (finished = true));
  }, { runNow: true });
  await Promise.resolve();
  expect(runner.active).toBe(1);
  runner.stop();
  let drained = false;
  const draining = runner.drain().then(() => (drained = true));
  await new Promise((r) => setImmediate(r));
  expect(drained).toBe(false);
  finish();
  await draining;
  expect(finished).toBe(true);
  expect(runner.active).toBe(0);
  expect(runs).toBe(1);
});
