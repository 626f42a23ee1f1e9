/**
 * The platform's background jobs (platform/main.ts): each runs every `everyMs` when its turn says so
 * (one instance of several takes a period's run), never overlapping itself. On shutdown `stop()` starts
 * no new run and `drain()` waits for the runs in progress, so a job is not cut half-way.
 */
import { jobDuration, jobRuns } from "../observability/metrics.js";

export interface JobLog {
  error: (obj: object, msg: string) => void;
}

export interface JobOptions {
  /** Whether this instance takes this period's run. */
  turn?: () => Promise<boolean>;
  /** Also run once right away. */
  runNow?: boolean;
}

export class JobRunner {
  private readonly timers: Array<ReturnType<typeof setInterval>> = [];
  private readonly running = new Set<Promise<void>>();
  private readonly busy = new Set<string>();
  private stopped = false;

  constructor(private readonly log: JobLog) {}

  every(job: string, everyMs: number, run: () => Promise<unknown>, options: JobOptions = {}): void {
    const tick = () => {
      if (this.stopped || this.busy.has(job)) return;
      this.busy.add(job);
      const done: Promise<void> = (async () => {
        try {
          if (options.turn && !(await options.turn())) return;
        } catch (error) {
          this.log.error({ err: error, job }, `job ${job} failed`);
          return;
        }
        // A run this instance took: counted and timed (a period another instance took is not).
        const stopTimer = jobDuration.startTimer({ job });
        try {
          await run();
          jobRuns.inc({ job, outcome: "ok" });
        } catch (error) {
          jobRuns.inc({ job, outcome: "failed" });
          this.log.error({ err: error, job }, `job ${job} failed`);
        } finally {
          stopTimer();
        }
      })().finally(() => {
        this.busy.delete(job);
        this.running.delete(done);
      });
      this.running.add(done);
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    this.timers.push(timer);
    if (options.runNow) tick();
  }

  /** Jobs in progress now. */
  get active(): number {
    return this.running.size;
  }

  /** Starts no new run. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
  }

  /** Resolves when every run in progress has finished. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
