import { getInputProps } from "@conform-to/react";

/**
 * Conform's input props without its `key`: that key changes after the first blur validation, which
 * would remount the input and lose what the user typed in the meantime.
 */
export function inputProps(...args: Parameters<typeof getInputProps>) {
  const { key: _key, ...props } = getInputProps(...args) as ReturnType<typeof getInputProps> & { key?: string };
  return props;
}

/**
 * The HTTP status of an action's reply to a submission that did not succeed: 400 when a submit failed
 * its checks; 200 for Conform's own requests (a field's validation), which are answers, not errors.
 */
export function replyStatus(submission: { status?: "success" | "error" }): number {
  return submission.status === "error" ? 400 : 200;
}
