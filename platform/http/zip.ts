/**
 * A minimal streaming zip writer on node:zlib, for the xlsx exports (issue 14 item 3): small parts
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
 * joining them and encoding the result (V8 flattens the joined rope first). `take()` hands the
 * bytes over without copying and starts a new buffer as large as the last one needed.
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

  /** What was collected; the buffer starts again empty. */
  take(): Buffer {
    const bytes = this.buffer.subarray(0, this.length);
    this.buffer = Buffer.allocUnsafe(Math.max(1 << 16, Math.ceil(this.length * 1.1)));
    this.length = 0;
    return bytes;
  }
}

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
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    this.write(Buffer.concat([header, entry.name]));
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
   * compressor holds more than it should: wait for `drain` on `stream` before writing more.
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
      write: (content: string | Buffer): boolean => {
        const data = typeof content === "string" ? Buffer.from(content) : content;
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > MAX_32) throw new Error("xlsx part larger than 4 GiB (zip64 is not supported)");
        return stream.write(data);
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
      header.writeUInt16LE(entry.flags, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(entry.crc, 16);
      header.writeUInt32LE(entry.compressed, 20);
      header.writeUInt32LE(entry.size, 24);
      header.writeUInt16LE(entry.name.length, 28);
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
