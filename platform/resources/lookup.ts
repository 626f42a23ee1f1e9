import type { Binding } from "./bind.js";

/**
 * The bindings the engine serves, registered by the composition root (`platform/composition.ts`) when
 * it loads. Modules that need a binding by key (reference checks, credentials of a subject) or every
 * binding (the holders of documents) read them here, so the engine imports no service.
 */
const byKey = new Map<string, Binding>();

export function registerBindings(bindings: readonly Binding[]): void {
  for (const binding of bindings) byKey.set(binding.def.key, binding);
}

export function bindingOf(key: string): Binding | undefined {
  return byKey.get(key);
}

/** Every registered binding, in registration order. */
export function registeredBindings(): Binding[] {
  return [...byKey.values()];
}
