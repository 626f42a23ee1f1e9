import { createElement, Fragment, lazy, Suspense, useState, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };

/** The in-place components' loaders by name, for the browser to fetch before it hydrates (preloadInPlace). */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A component that the server must render in place (a dialog opened by the URL is in the server's HTML
 * and works without JavaScript), while the browser fetches its code only when it is first shown, not
 * with every page (first-load JavaScript).
 *
 * The server loads the module when this is called and renders the component directly. Next to it goes
 * a hidden marker naming it: the browser fetches the code of every marked component before hydrating
 * (app/entry.client.tsx), so hydration meets the same tree, with no Suspense boundary. Only a component
 * first shown after a client-side navigation goes through `React.lazy` inside its own `<Suspense>`.
 * (A boundary still dehydrated when a context changes, such as the realtime channel's unread count, is
 * thrown away and rendered again: React error #421.)
 */
export function lazyInPlace<P extends object>(name: string, load: () => Promise<Module<P>>): ComponentType<P> {
  let loaded: Module<P> | undefined;
  const start = () => load().then((module) => (loaded = module));
  loaders.set(name, start);
  if (typeof document === "undefined") void start();
  const Lazy = lazy(() => (loaded ? Promise.resolve(loaded) : start())) as unknown as ComponentType<P>;
  const InPlace = (props: P) => {
    // The shape is chosen once, when mounted: switching from the Suspense boundary to the loaded
    // component on a later render would mount the component afresh (a dialog's typed values and focus
    // lost, a link replaced under the pointer) whenever the page re-renders, such as on an unread count.
    const [module] = useState(() => loaded);
    return createElement(
      Fragment,
      null,
      createElement("span", { hidden: true, "data-in-place": name }),
      module ? createElement(module.default, props) : createElement(Suspense, { fallback: null }, createElement(Lazy, props)),
    );
  };
  InPlace.displayName = `InPlace(${name})`;
  return InPlace;
}

/** Fetches the code of every in-place component the server rendered into `root` (before hydration). */
export function preloadInPlace(root: ParentNode): Promise<unknown> {
  const names = new Set([...root.querySelectorAll("[data-in-place]")].map((el) => el.getAttribute("data-in-place") ?? ""));
  return Promise.all([...names].map((name) => loaders.get(name)?.()));
}
