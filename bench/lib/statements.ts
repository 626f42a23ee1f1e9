/** Timing every statement a Kysely instance runs, for the benches that name their slow statements. */
import type { KyselyPlugin, QueryId, RootOperationNode } from "kysely";

export interface TimedStatement {
  ms: number;
  node: RootOperationNode;
  queryId: QueryId;
  /** The statement's text without its parameters (ValueNodes), one per query shape; computed on demand. */
  key(): string;
}

/** A plugin that times each statement from its compilation to its result and hands it to `record`. */
export function statementTimer(record: (statement: TimedStatement) => void): KyselyPlugin {
  const started = new WeakMap<QueryId, { at: number; node: RootOperationNode }>();
  return {
    transformQuery(args) {
      started.set(args.queryId, { at: performance.now(), node: args.node });
      return args.node;
    },
    async transformResult(args) {
      const start = started.get(args.queryId);
      if (start) {
        const { node } = start;
        record({ ms: performance.now() - start.at, node, queryId: args.queryId, key: () => JSON.stringify(node, (_, value: unknown) => ((value as { kind?: string } | null)?.kind === "ValueNode" ? "?" : value)) });
      }
      return args.result;
    },
  };
}
