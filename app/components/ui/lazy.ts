import { lazy, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };

/**
 * `React.lazy` for a component that the server must render in place (a dialog opened by the URL is in
 * the server's HTML and works without JavaScript), while the browser fetches its code only when it is
 * first shown, not with every page (issue 14: first-load JavaScript). Render it inside `<Suspense>`.
 *
 * The server loads the module when this is called, and once a module is loaded the lazy component
 * resolves synchronously (a thenable that calls back at once), so the server never streams a fallback
 * in its place. In the browser a page whose server HTML holds the component hydrates it when the chunk
 * has arrived.
 */
export function lazyInPlace<P>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined;
  const start = () => load().then((module) => (loaded = module));
  if (typeof document === "undefined") void start();
  return lazy(() => (loaded ? ({ then: (resolve: (module: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>) : start()));
}
