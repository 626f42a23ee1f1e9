import type { Binding } from "./bind.js";

/**
 * Bindings by definition key, filled by registry.ts when it loads. Modules that look a binding up by
 * key (reference checks, credentials of a subject) import this instead of the registry, so no
 * binding module has to import the registry that imports it.
 */
const byKey = new Map<string, Binding>();

export function registerBindings(bindings: readonly Binding[]): void {
  for (const binding of bindings) byKey.set(binding.def.key, binding);
}

export function bindingOf(key: string): Binding | undefined {
  return byKey.get(key);
}
