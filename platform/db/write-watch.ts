/**
 * Counts the writes per table (the authentication cache is valid while none of the tables it
 * read from has been written since). A Kysely plugin sees every statement the platform sends through
 * Kysely, transactions included; a statement whose tables it cannot name (raw SQL, schema changes)
 * counts as a write to all of them.
 */
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

/** The names of the tables a node refers to (a table node, an alias of one, or a list of them). */
function tableNames(node: OperationNode | undefined): string[] {
  if (!node) return [];
  if (node.kind === "TableNode") return [(node as unknown as { table: { identifier: { name: string } } }).table.identifier.name];
  if (node.kind === "AliasNode") return tableNames((node as unknown as { node: OperationNode }).node);
  if (node.kind === "FromNode") return (node as unknown as { froms: OperationNode[] }).froms.flatMap(tableNames);
  return [];
}

/** The tables a statement writes to; `null` when it may write to any (raw SQL, schema, merge). */
function writtenTables(node: RootOperationNode): string[] | null {
  switch (node.kind) {
    case "SelectQueryNode":
      return [];
    case "InsertQueryNode":
      return tableNames(node.into);
    case "UpdateQueryNode":
      return tableNames(node.table);
    case "DeleteQueryNode":
      return tableNames(node.from);
    default:
      return null;
  }
}

export interface WriteWatch {
  plugin: KyselyPlugin;
  /** A number that goes up with every write to any of `tables` (and every statement that may write to any table). */
  generation(tables: readonly string[]): number;
}

export function watchWrites(): WriteWatch {
  let anyTable = 0;
  const perTable = new Map<string, number>();
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const written = writtenTables(node);
      if (written === null) anyTable++;
      else for (const table of written) perTable.set(table, (perTable.get(table) ?? 0) + 1);
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
  };
  return { plugin, generation: (tables) => tables.reduce((sum, table) => sum + (perTable.get(table) ?? 0), anyTable) };
}
