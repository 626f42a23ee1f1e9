/** Small but real files for upload tests: the upload check reads their structure. */
import zlib from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 2×2 RGB PNG (signature, IHDR, IDAT, IEND, every CRC right). */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const pixels = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
}

/** A minimal PDF: header, one object, trailer. */
export function tinyPdf(text = "TMS"): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Title (${text}) >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`, "latin1");
}

/** A file that starts like a PNG (signature and a valid IHDR) and then carries an HTML page. */
export function pngWithHtml(): Buffer {
  const png = tinyPng();
  return Buffer.concat([png.subarray(0, 33), Buffer.from("<html><script>alert(document.cookie)</script></html>")]);
}
