import { documentTitle } from "./branding";

type Match = { id: string; data: unknown };

/** The product title the root loader chose for this host. */
export function productTitle(matches: Match[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { branding?: { title: string } } | undefined;
  return root?.branding?.title ?? "运输管理后台";
}

/** `meta` for a page with a fixed title: "<title> - <product title>". */
export function titled(title: string) {
  return ({ matches }: { matches: Match[] }) => [{ title: documentTitle(title, productTitle(matches)) }];
}
