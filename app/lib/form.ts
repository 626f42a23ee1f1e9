import { getInputProps } from "@conform-to/react";

/**
 * Conform's input props without its `key`: that key changes after the first blur validation, which
 * would remount the input and lose what the user typed in the meantime.
 */
export function inputProps(...args: Parameters<typeof getInputProps>) {
  const { key: _key, ...props } = getInputProps(...args) as ReturnType<typeof getInputProps> & { key?: string };
  return props;
}
