import { useRouteLoaderData } from "@remix-run/react";
import { hasPermission, resolveAccess, type Viewer } from "~/navigation";

/** The viewer's roles (spec 3: access level followed by permission codes), from the shell's loader. */
export function useViewerRoles(): string[] {
  return useRouteLoaderData<{ viewer: { roles: string[] } }>("routes/_app")?.viewer.roles ?? [];
}

/** Whether the viewer may open a console page (the page gate's own rule): a link to it is shown only then. */
export function useMayOpen(path: string | undefined): boolean {
  const viewer = useRouteLoaderData<{ viewer: Viewer }>("routes/_app")?.viewer;
  return !!path && !!viewer && resolveAccess(path.split("?")[0]!, viewer).kind === "ok";
}

/**
 * Spec 5/6 permission directive: renders its children only when the viewer holds one of `roles`.
 * Decided during the server render, so nothing flashes. A `roles` that is not an array throws.
 */
export function Permission({ roles, children }: { roles: readonly string[]; children: React.ReactNode }) {
  const viewerRoles = useViewerRoles();
  return hasPermission(viewerRoles, roles) ? <>{children}</> : null;
}
