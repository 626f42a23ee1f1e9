import type { Generated } from "kysely";

export interface KeyPairsTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: string;
}

export interface CsrfTokensTable {
  token_hash: string;
  client_id: string;
  expires_at: string;
  used_at: string | null;
}

/** One row per issued pair; a refresh rotates the row into a child row (parent_id). */
export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  parent_id: number | null;
  client_id: string;
  platform_id: string;
  access_hash: string;
  refresh_hash: string;
  access_expires_at: string;
  refresh_expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** What the code is for (SmsPurpose): a code verifies only for the purpose it was sent for. */
  purpose: Generated<string>;
  /** Guesses made at this code; the fifth wrong one voids it. */
  attempts: Generated<number>;
}

/** A mobile's wrong SMS-code guesses across its codes, and its lock. */
export interface SmsCodeGuardsTable {
  mobile: string;
  failed_attempts: number;
  locked_until: string | null;
}

export interface CaptchasTable {
  mobile: string;
  answer: string;
  expires_at: string;
}

/** Development-only record of what would have been sent (SMS codes, captcha answers); tests read it. */
export interface DevOutboxTable {
  id: Generated<number>;
  kind: string;
  mobile: string;
  content: string;
  created_at: string;
}

/** The login counter and lock of a mobile without an account (no user enumeration). */
export interface LoginGuardsTable {
  mobile: string;
  failed_attempts: number;
  locked_until: string | null;
}

export interface IdentityTables {
  login_guards: LoginGuardsTable;
  key_pairs: KeyPairsTable;
  csrf_tokens: CsrfTokensTable;
  auth_tokens: AuthTokensTable;
  sms_codes: SmsCodesTable;
  sms_code_guards: SmsCodeGuardsTable;
  captchas: CaptchasTable;
  dev_outbox: DevOutboxTable;
}
