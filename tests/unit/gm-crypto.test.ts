/**
 * The ministry exchange's GM/T algorithms (platform/submission/wire.ts) against the standards'
 * known-answer vectors, the keys as settings give them (hex, PEM, `\n`-escaped PEM, certificate), and a
 * sealed message that opens only with the right keys and untouched.
 */
import { createHash, generateKeyPairSync } from "node:crypto";
import { sm2, sm3 } from "sm-crypto-v2";
import { describe, expect, it } from "vitest";
import { DEV_SENDER_KEYS, DEV_STANDIN_KEYS, isDevelopmentKey } from "../../platform/submission/dev-keys.js";
import { parsePrivateKey, parsePublicKey, publicKeyOf } from "../../platform/submission/keys.js";
import { openContent, sealContent, sm2Decrypt, sm2Encrypt, sm2Sign, sm2Verify, sm4Decrypt, sm4Encrypt, SM2_DEFAULT_USER_ID, type ExchangeMessage } from "../../platform/submission/wire.js";

const hex = (s: string) => Buffer.from(s, "hex");

describe("known-answer vectors", () => {
  it("SM4 (GB/T 32907 appendix A, example 1): one block under key 0123456789abcdeffedcba9876543210", () => {
    const key = hex("0123456789abcdeffedcba9876543210");
    // The wire pads (PKCS#7): a full block of padding follows the one block of the vector.
    const sealed = sm4Encrypt(key, key);
    expect(sealed.subarray(0, 16).toString("hex")).toBe("681edf34d206965e86b3e94f536e4246");
    expect(sm4Decrypt(key, sealed).toString("hex")).toBe("0123456789abcdeffedcba9876543210");
  });

  it("SM3 (GB/T 32905 appendix A, example 1): \"abc\"", () => {
    const digest = "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0";
    expect(createHash("sm3").update("abc").digest("hex")).toBe(digest);
    expect(sm3("abc")).toBe(digest);
  });

  it("SM2 signature (GM/T 0003.5 example, recommended curve): the published signature of \"message digest\" verifies, an altered one does not", () => {
    const d = "3945208f7b2144b13f36e38ac6d39f95889393692860b51a42fb81ef4df7c5b8";
    const publicKey = "0409f9df311e5421a150dd7d161e4bc5c672179fad1833fc076bb08ff356f35020ccea490ce26775a52dc6ea718cc1aa600aed05fbf35e084a6632f6072da9ad13";
    expect(publicKeyOf(d)).toBe(publicKey);
    const r = "f5a03b0648d2c4630eeac513e1bb81a15944da3827d5b74143ac7eaceee720b3";
    const s = "b1b6aa29df212fd8763182bc0d421ca1bb9038fd1f7f42d4840b69c485bbc1aa";
    expect(sm2Verify("message digest", r + s, publicKey, SM2_DEFAULT_USER_ID)).toBe(true);
    expect(sm2Verify("message digest!", r + s, publicKey, SM2_DEFAULT_USER_ID)).toBe(false);
    expect(sm2Verify("message digest", r + s, publicKey, "ALICE123@YAHOO.COM")).toBe(false);
  });
});

describe("SM2 round trips", () => {
  const pair = sm2.generateKeyPairHex();
  const other = sm2.generateKeyPairHex();

  it("encrypts with the public key and decrypts with the private key only", () => {
    const secret = Buffer.from("00112233445566778899aabbccddeeff", "hex");
    const sealed = sm2Encrypt(secret, pair.publicKey);
    expect(sealed.startsWith("04")).toBe(true);
    expect(sm2Decrypt(sealed, pair.privateKey)?.toString("hex")).toBe(secret.toString("hex"));
    expect(sm2Decrypt(sealed, other.privateKey)).toBeNull();
  });

  it("signs with SM3 and the signer id; the signature verifies with that public key only", () => {
    const signature = sm2Sign("运单 YD001", pair.privateKey, SM2_DEFAULT_USER_ID);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(sm2Verify("运单 YD001", signature, pair.publicKey, SM2_DEFAULT_USER_ID)).toBe(true);
    expect(sm2Verify("运单 YD002", signature, pair.publicKey, SM2_DEFAULT_USER_ID)).toBe(false);
    expect(sm2Verify("运单 YD001", signature, other.publicKey, SM2_DEFAULT_USER_ID)).toBe(false);
  });
});

describe("keys as settings give them", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "SM2" });
  const privatePem = String(privateKey.export({ type: "pkcs8", format: "pem" }));
  const publicPem = String(publicKey.export({ type: "spki", format: "pem" }));

  it("reads hex and PEM (also with `\\n` for line breaks) to the same hex key", () => {
    const d = parsePrivateKey(privatePem)!;
    expect(d).toMatch(/^[0-9a-f]{64}$/);
    expect(parsePrivateKey(privatePem.trim().replace(/\n/g, "\\n"))).toBe(d);
    expect(parsePrivateKey(String(privateKey.export({ type: "sec1", format: "pem" })))).toBe(d);
    expect(parsePublicKey(publicPem)).toBe(publicKeyOf(d));
    expect(parsePublicKey(publicKeyOf(d).slice(2))).toBe(publicKeyOf(d));
    expect(parsePublicKey(sm2.compressPublicKeyHex(publicKeyOf(d)))).toBe(publicKeyOf(d));
    expect(parsePrivateKey(d.toUpperCase())).toBe(d);
  });

  it("reads the receiving platform's X.509 certificate (SM2 key, signed SM3withSM2) to its public key", () => {
    // A throwaway certificate made with `openssl req -x509 -key sm2.pem -sm3` for this test, and its key.
    const certificate = "-----BEGIN CERTIFICATE-----\nMIIBfjCCASOgAwIBAgIUUiD7U5fY4fc5Nk549BxAp4Ts3hwwCgYIKoEcz1UBg3Uw\nFDESMBAGA1UEAwwJd2xoeS10ZXN0MB4XDTI2MTEyOTA3MzQyNFoXDTM2MTEyNjA3\nMzQyNFowFDESMBAGA1UEAwwJd2xoeS10ZXN0MFkwEwYHKoZIzj0CAQYIKoEcz1UB\ngi0DQgAEpg5Tl23ojvcspSZnR5spp9j4i3ceIrSpcd4WznzfK3yN9IFn4daqriZz\n6eWCskjcB/zzvN//vmTXGmVMngzNaKNTMFEwHQYDVR0OBBYEFJ3lqa/Hhs5mT+wr\nMaQsQu8NXX1xMB8GA1UdIwQYMBaAFJ3lqa/Hhs5mT+wrMaQsQu8NXX1xMA8GA1Ud\nEwEB/wQFMAMBAf8wCgYIKoEcz1UBg3UDSQAwRgIhAJSIDaJhSHaqkXPBydMot7qJ\nEa/CXngtD2AdYZzt/3hqAiEA9JtEEpOeF5s+fMsmPHijTh2CIOLioSBYzQqd8Ybk\nW+w=\n-----END CERTIFICATE-----";
    const key = "-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMGByqGSM49AgEGCCqBHM9VAYItBG0wawIBAQQgE/iJXvtC4ZlbfEHG\nlNmoiW+DGyO0gJTnHDfSliUGfGWhRANCAASmDlOXbeiO9yylJmdHmymn2PiLdx4i\ntKlx3hbOfN8rfI30gWfh1qquJnPp5YKySNwH/PO83/++ZNcaZUyeDM1o\n-----END PRIVATE KEY-----";
    expect(parsePublicKey(certificate)).toBe(publicKeyOf(parsePrivateKey(key)!));
  });

  it("refuses what is no SM2 key: a P-256 key, a point off the curve, short hex, text", () => {
    const p256 = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    expect(parsePrivateKey(String(p256.privateKey.export({ type: "pkcs8", format: "pem" })))).toBeNull();
    expect(parsePublicKey(String(p256.publicKey.export({ type: "spki", format: "pem" })))).toBeNull();
    expect(parsePublicKey(`04${"11".repeat(64)}`)).toBeNull();
    expect(parsePrivateKey("abc123")).toBeNull();
    expect(parsePrivateKey("tms-dev-key")).toBeNull();
    expect(parsePublicKey("")).toBeNull();
  });

  it("knows the published development keys", () => {
    expect(publicKeyOf(DEV_SENDER_KEYS.privateKey)).toBe(DEV_SENDER_KEYS.publicKey);
    expect(publicKeyOf(DEV_STANDIN_KEYS.privateKey)).toBe(DEV_STANDIN_KEYS.publicKey);
    expect(isDevelopmentKey(DEV_SENDER_KEYS.privateKey.toUpperCase())).toBe(true);
    expect(isDevelopmentKey(parsePrivateKey(privatePem)!)).toBe(false);
  });
});

describe("a sealed exchange message", () => {
  const sender = sm2.generateKeyPairHex();
  const receiver = sm2.generateKeyPairHex();
  const payload = { ShippingNoteNumber: "YD2026112900001", TotalMonetaryAmount: "12345.670", Consignor: "中储粮蚌埠直属库" };
  const header = { messageReferenceNumber: "8f1c2d3e-0000-4000-8000-000000000001", ipcType: "WLHY_YD1001" };
  const seal = () => ({ ...header, ...sealContent({ senderPrivateKey: sender.privateKey, receiverPublicKey: receiver.publicKey, userId: SM2_DEFAULT_USER_ID }, header, payload) }) as ExchangeMessage;
  const open = (message: ExchangeMessage, keys = { receiverPrivateKey: receiver.privateKey, senderPublicKey: sender.publicKey, userId: SM2_DEFAULT_USER_ID }) => openContent(keys, message);

  it("carries no clear text, uses a fresh key every time, and opens to the business message", () => {
    const a = seal();
    const b = seal();
    expect(a.encryptedContent).not.toContain("YD2026112900001");
    expect(Buffer.from(a.encryptedContent, "base64").toString("utf8")).not.toContain("YD2026112900001");
    expect(a.encryptedCode).not.toBe(b.encryptedCode);
    expect(a.encryptedContent).not.toBe(b.encryptedContent);
    expect(open(a)).toEqual({ payload });
  });

  it("is refused when tampered with, or opened with the wrong keys", () => {
    const message = seal();
    const body = Buffer.from(message.encryptedContent, "base64");
    body[0] = body[0]! ^ 0xff;
    expect(open({ ...message, encryptedContent: body.toString("base64") })).toMatchObject({ resultCode: "3007" });
    expect(open({ ...message, messageReferenceNumber: "another" })).toMatchObject({ resultCode: "3007" });
    expect(open({ ...message, signature: "00".repeat(64) })).toMatchObject({ resultCode: "3007" });
    const lastByte = Number.parseInt(message.encryptedCode.slice(-2), 16) ^ 0xff;
    expect(open({ ...message, encryptedCode: `${message.encryptedCode.slice(0, -2)}${lastByte.toString(16).padStart(2, "0")}` })).toMatchObject({ resultCode: "3006" });
    const stranger = sm2.generateKeyPairHex();
    expect(open(message, { receiverPrivateKey: stranger.privateKey, senderPublicKey: sender.publicKey, userId: SM2_DEFAULT_USER_ID })).toMatchObject({ resultCode: "3006" });
    expect(open(message, { receiverPrivateKey: receiver.privateKey, senderPublicKey: stranger.publicKey, userId: SM2_DEFAULT_USER_ID })).toMatchObject({ resultCode: "3007" });
  });
});
