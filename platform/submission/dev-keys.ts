/**
 * DEVELOPMENT ONLY: the SM2 key pairs of the report stand-ins and of our own sender outside production.
 * They are published in this repository, so they protect nothing: the sender falls back to them only
 * when TMS_ENV is not production, and a production start refuses a target configured with either
 * (`reportTargetProblems`), as it refuses the other development secrets (`tms-dev…`).
 */
import type { Sm2KeyPair } from "./keys.js";

/** Our platform's signing pair outside production (the stand-in verifies with its public half). */
export const DEV_SENDER_KEYS: Sm2KeyPair = {
  privateKey: "54800c608209d99a01ec7e48ad337302bdab18ea32e4b053a47266f1ced4f02d",
  publicKey: "04c131cc911804db53f2ab1703fd947fda9355357c535c0bc872b933d2041d52ff3792d47bc80c40a73cd23d092981f983cdf64e03e57314c7fc13f7477f6a5530",
};

/** The stand-ins' own pair: the sender wraps each message key with its public half. */
export const DEV_STANDIN_KEYS: Sm2KeyPair = {
  privateKey: "50884cecbc4ac95e936cd8b5da14d008fb2cee012441c2c84d27eccde9b63a5e",
  publicKey: "0414dcd22c41b1cd424a5dff9919d082261c05cd3625831fd34648dd4574daa5f6e5b4d9c9167a80245ccfbb8ef6d69ca2a1eb8c1ec35bb47121d09ff5c418356c",
};

const DEV_HEX = new Set([DEV_SENDER_KEYS.privateKey, DEV_SENDER_KEYS.publicKey, DEV_STANDIN_KEYS.privateKey, DEV_STANDIN_KEYS.publicKey]);

/** Whether a parsed (hex) key is one of the published development keys. */
export const isDevelopmentKey = (hex: string) => DEV_HEX.has(hex.toLowerCase());
