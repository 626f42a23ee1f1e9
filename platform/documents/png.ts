/**
 * Tiny valid PNG images for the demo documents (the seeded 证照 and 磅单): a card of one colour with a
 * darker frame and stripes, made from a seed text, the same bytes every time (so the file store's
 * SHA-256 names them and a missing copy can be made again). No image library: the PNG chunks are
 * written here (IHDR, IDAT deflated with node:zlib, IEND, each with its CRC-32).
 */
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A `width`×`height` RGB PNG whose colours come from `seed`. */
export function demoPng(seed: string, width = 96, height = 60): Buffer {
  const h = createHash("sha256").update(seed).digest();
  const base = [120 + (h[0]! % 120), 120 + (h[1]! % 120), 120 + (h[2]! % 120)];
  const dark = base.map((c) => Math.floor(c / 2));
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const frame = x < 3 || y < 3 || x >= width - 3 || y >= height - 3;
      const stripe = y > 12 && y < height - 8 && y % 8 < 2 && x > 36 && x < width - 10;
      const photo = x > 8 && x < 30 && y > 12 && y < 42;
      const colour = frame || stripe ? dark : photo ? [h[3]! % 200, h[4]! % 200, h[5]! % 200] : base;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
