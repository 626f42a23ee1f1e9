/**
 * 注册邀请's codes are never kept in clear: a row keeps the keyed hash of its code (HMAC-SHA256 under a
 * key derived from TMS_CARD_KEY, with the platform, so a code is unique per platform by its hash) and
 * for display only its last two characters (******K7). The code itself exists once: in the SMS and in
 * the answer to whoever created or resent the invitation. Each send draws a new code and voids the last.
 */
import { createHmac, randomInt } from "node:crypto";
import { derivedKey } from "../ledger/card-crypto.js";

const CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

/** 8 characters of A–Z and 2–9. */
export const randomInviteCode = () => Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");

export const inviteCodeHash = (platformId: string, code: string) => createHmac("sha256", derivedKey("invitation-code")).update(`${platformId}:${code}`).digest("hex");

/** What the list and the export show of a code. */
export const maskInviteCode = (code: string) => `${"*".repeat(CODE_LENGTH - 2)}${code.slice(-2)}`;
