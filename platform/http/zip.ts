/**
 * A minimal streaming zip writer on node:zlib, for the xlsx exports: small parts
 * are deflated at once, one large part is streamed through a raw deflate stream (native zlib on the
 * thread pool, so compression overlaps the row serialisation) with a data descriptor after it,
 * then the central directory. No zip64: a part must stay under 4 GiB (an xlsx sheet holds at most
 * 1,048,576 rows, about 1.3 GB of XML for our widest export).
 */
import { once } from "node:events";
import type { Writable } from "node:stream";
import zlib from "node:zlib";

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const DEFLATE = 8;
/** General purpose flags: bit 3 = sizes and CRC follow the data; bit 11 = names are UTF-8. */
const FLAG_UTF8 = 0x0800;
const FLAG_DESCRIPTOR = 0x0008;
const VERSION = 20;
const MAX_32 = 0xffffffff;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS time and date of `now` (local fields, as zip tools show them). */
function dosDateTime(now: Date): { time: number; date: number } {
  return {
    time: (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1),
    date: ((Math.max(now.getFullYear(), 1980) - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate(),
  };
}

/**
 * Collects text as UTF-8 in one growing buffer: encoding many short strings into it costs half of
 * joining them and encoding the result (V8 flattens the joined rope first). `take()` hands out a view
 * of the bytes and starts again at the beginning of the same memory, so the caller must be done with
 * that view (the compressor must have read it) before appending again. Reusing it is the point: a
 * fresh buffer per page lived until the compressor had read it, long enough to be promoted, and was
 * freed only by the next full collection; 500,000 rows left 40–50 MB of them waiting.
 */
export class Utf8Buffer {
  private buffer = Buffer.allocUnsafe(1 << 16);
  private length = 0;

  append(text: string) {
    // A UTF-16 unit takes at most 3 bytes of UTF-8.
    const need = this.length + text.length * 3;
    if (need > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.buffer.length * 2));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(text, this.length, "utf8");
  }

  /** What was collected, as a view of the buffer (valid until the next `append`); the buffer starts again empty. */
  take(): Buffer {
    const bytes = this.buffer.subarray(0, this.length);
    this.length = 0;
    return bytes;
  }
}

/** A streamed part of a ZipWriter (`open`). */
export type ZipPart = ReturnType<ZipWriter["open"]>;

/** Writes the parts of a zip archive, in order, to `output`; `finish()` adds the directory and ends it. */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosDateTime(new Date());

  constructor(
    private readonly output: Writable,
    private readonly level: number,
  ) {}

  private write(chunk: Buffer) {
    this.offset += chunk.length;
    this.output.write(chunk);
  }

  private localHeader(entry: Entry) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    this.entryFields(header, entry, 6);
    this.write(Buffer.concat([header, entry.name]));
  }

  /** The fields a local and a central header share, in the same order (flags … name length) from `at`. */
  private entryFields(header: Buffer, entry: Entry, at: number) {
    header.writeUInt16LE(entry.flags, at);
    header.writeUInt16LE(DEFLATE, at + 2);
    header.writeUInt16LE(this.stamp.time, at + 4);
    header.writeUInt16LE(this.stamp.date, at + 6);
    header.writeUInt32LE(entry.crc, at + 8);
    header.writeUInt32LE(entry.compressed, at + 12);
    header.writeUInt32LE(entry.size, at + 16);
    header.writeUInt16LE(entry.name.length, at + 20);
  }

  private entry(name: string, flags: number): Entry {
    return { name: Buffer.from(name), flags: FLAG_UTF8 | flags, crc: 0, compressed: 0, size: 0, offset: this.offset };
  }

  /** A small part, compressed at once. */
  add(name: string, content: string) {
    const data = Buffer.from(content);
    const packed = zlib.deflateRawSync(data, { level: this.level });
    const entry = { ...this.entry(name, 0), crc: zlib.crc32(data), compressed: packed.length, size: data.length };
    this.entries.push(entry);
    this.localHeader(entry);
    this.write(packed);
  }

  /**
   * A streamed part: `write` its content in chunks, then `end()`. `write` returns false while the
   * compressor holds more than it should: wait for `drain` on `stream` before writing more. `read`,
   * if given, is called once the compressor has read the chunk (its memory may then be reused), or
   * with an error if the part was given up first.
   */
  open(name: string) {
    const entry = this.entry(name, FLAG_DESCRIPTOR);
    this.entries.push(entry);
    this.localHeader(entry);
    const stream = zlib.createDeflateRaw({ level: this.level, chunkSize: 64 * 1024 });
    stream.on("data", (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.offset += chunk.length;
      if (!this.output.write(chunk)) stream.pause();
    });
    const resume = () => stream.resume();
    this.output.on("drain", resume);
    return {
      stream,
      write: (content: string | Buffer, read?: (error?: Error | null) => void): boolean => {
        const data = typeof content === "string" ? Buffer.from(content) : content;
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > MAX_32) throw new Error("xlsx part larger than 4 GiB (zip64 is not supported)");
        return stream.write(data, read);
      },
      /** Gives the part up (the client left): frees the compressor. */
      destroy: () => {
        this.output.off("drain", resume);
        stream.destroy();
      },
      end: async () => {
        const ended = once(stream, "end");
        stream.end();
        await ended;
        this.output.off("drain", resume);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        this.write(descriptor);
      },
    };
  }

  /** The central directory and its end record; ends `output`. */
  finish() {
    const start = this.offset;
    for (const entry of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      this.entryFields(header, entry, 8);
      header.writeUInt32LE(entry.offset, 42);
      this.write(Buffer.concat([header, entry.name]));
    }
    if (this.offset > MAX_32) throw new Error("xlsx file larger than 4 GiB (zip64 is not supported)");
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.output.end(end);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading: an uploaded archive is unpacked here, never by a library that trusts
// the sizes its headers declare.

/** An archive refused while reading: `bomb` when it inflates past a limit, else not a readable zip. */
export class ZipReadError extends Error {
  constructor(
    readonly reason: "bomb" | "corrupt",
    message: string,
  ) {
    super(message);
  }
}

export interface ZipDirectoryEntry {
  name: string;
  method: number;
  crc: number;
  packed: number;
  /** What the central directory declares; the reader does not believe it. */
  declaredSize: number;
  localOffset: number;
}

/** The central directory's entries (no zip64: a marker value is refused as a bomb). */
export function zipDirectory(bytes: Buffer): ZipDirectoryEntry[] {
  const corrupt = () => new ZipReadError("corrupt", "not a zip archive");
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== LOCAL_HEADER) throw corrupt();
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw corrupt();
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  if (offset === MAX_32 || count === 0xffff) throw new ZipReadError("bomb", "zip64 archive");
  const entries: ZipDirectoryEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_HEADER) throw corrupt();
    const nameLength = bytes.readUInt16LE(offset + 28);
    const entry = {
      name: bytes.toString("utf8", offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      crc: bytes.readUInt32LE(offset + 16),
      packed: bytes.readUInt32LE(offset + 20),
      declaredSize: bytes.readUInt32LE(offset + 24),
      localOffset: bytes.readUInt32LE(offset + 42),
    };
    if (entry.packed === MAX_32 || entry.declaredSize === MAX_32) throw new ZipReadError("bomb", "zip64 entry");
    entries.push(entry);
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

/**
 * One entry's content, inflated in memory while counting the bytes it really produces: inflation
 * stops as soon as it passes `maxBytes` or the size the directory declares (a lying header is a
 * bomb, whatever it says), and the content must match the declared CRC. Nothing touches the disk.
 */
export function inflateEntry(bytes: Buffer, entry: ZipDirectoryEntry, maxBytes: number): Buffer {
  const corrupt = () => new ZipReadError("corrupt", `entry ${entry.name} is damaged`);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) throw corrupt();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.packed > bytes.length) throw corrupt();
  const packed = bytes.subarray(start, start + entry.packed);
  const limit = Math.min(entry.declaredSize, maxBytes);
  let content: Buffer;
  if (entry.method === 0) {
    content = packed;
  } else if (entry.method === DEFLATE) {
    try {
      // maxOutputLength makes zlib give up after the chunk that passes the limit (about 1 ms for a 300 MB bomb).
      content = zlib.inflateRawSync(packed, { maxOutputLength: Math.max(1, limit + 1) });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new ZipReadError("bomb", `entry ${entry.name} inflates past ${limit} bytes`);
      throw corrupt();
    }
  } else {
    throw corrupt();
  }
  if (content.length > limit) throw new ZipReadError("bomb", `entry ${entry.name} inflates past ${limit} bytes`);
  if (content.length !== entry.declaredSize || zlib.crc32(content) !== entry.crc) throw corrupt();
  return content;
}

/** A zip of stored (uncompressed) entries, in the given order: what a reader is handed after the checks. */
export function storedZip(entries: Array<[string, Buffer]>): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const crc = zlib.crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(FLAG_UTF8, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(FLAG_UTF8, 8);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(content.length, 20);
    header.writeUInt32LE(content.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, content);
    central.push(header, nameBytes);
    offset += 30 + nameBytes.length + content.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
