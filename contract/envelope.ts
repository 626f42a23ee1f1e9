/** The platform's response envelope (docs/architecture.md, step 8 of a request). */
export interface ApiSuccess<T> {
  code: 200;
  message: "success";
  data: T;
}

export interface Paged<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/** The pager's choices (spec 9); the API takes any size from 1 to MAX_PAGE_SIZE (docs/architecture.md "Conventions"). */
export const PAGE_SIZES = [10, 20, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 200;
export const MAX_PAGE = 1_000_000;

/** Business refusal codes used across services (HTTP 200, code other than 200). */
export const RefusalCode = {
  invalid: 4000,
  captchaRequired: 4001,
  locked: 4002,
  /** The caller's kind or permission codes do not allow it (not HTTP 403: spec 8 reads that as an expired login). */
  notPermitted: 4003,
  /** Not legal in the row's state, or the row changed meanwhile (stale version); the message says which. */
  illegalState: 4009,
  /** A prerequisite is missing (未认证、未绑卡…); the message names it. */
  prerequisite: 4010,
  insufficientBalance: 4020,
  /** The same idempotency key with a different body. */
  idempotencyConflict: 4029,
} as const;
