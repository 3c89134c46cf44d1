import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable, Writable } from 'node:stream';

/**
 * A small POSIX tar (ustar, with pax headers for long names and sizes): regular files only, which is
 * all a backup holds. `tar -tzf` and every archive tool read it. Node has gzip but no tar, and these
 * hundred lines are less to trust than a dependency for them.
 */

const BLOCK = 512;
const USTAR_NAME_MAX = 100;
/** The largest size an ustar header's 11 octal digits hold; a pax record carries anything larger. */
const USTAR_SIZE_MAX = 0o77777777777;

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mode: number, mtime: number, type: '0' | 'x'): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, USTAR_NAME_MAX, 'utf8');
  block.write(octal(mode, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(Math.min(size, USTAR_SIZE_MAX), 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** A pax record: "<length> <key>=<value>\n", the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return `${length}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes files into a tar stream, each with its SHA-256 taken from the very bytes written. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  private async writeHeader(name: string, size: number, mtime: number): Promise<void> {
    const pax =
      (Buffer.byteLength(name) > USTAR_NAME_MAX ? paxRecord('path', name) : '') +
      (size > USTAR_SIZE_MAX ? paxRecord('size', String(size)) : '');
    if (pax) {
      const body = Buffer.from(pax, 'utf8');
      await this.write(header('PaxHeader', body.length, 0o644, mtime, 'x'));
      await this.write(body);
      await this.write(padding(body.length));
    }
    await this.write(header(name, size, 0o644, mtime, '0'));
  }

  async addBuffer(name: string, data: Buffer, mtime = Date.now()): Promise<{ size: number; sha256: string }> {
    await this.writeHeader(name, data.length, mtime);
    await this.write(data);
    await this.write(padding(data.length));
    return { size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /** Adds a file as it is now; a file that changes size while read fails the archive. */
  async addFile(name: string, file: string): Promise<{ size: number; sha256: string }> {
    const handle = await fs.promises.open(file, 'r');
    try {
      const stat = await handle.stat();
      await this.writeHeader(name, stat.size, stat.mtimeMs);
      const hash = createHash('sha256');
      let written = 0;
      for await (const chunk of handle.createReadStream({
        start: 0,
        autoClose: false,
      }) as AsyncIterable<Buffer>) {
        written += chunk.length;
        if (written > stat.size) throw new Error(`${file} grew while it was archived`);
        hash.update(chunk);
        await this.write(chunk);
      }
      if (written !== stat.size) throw new Error(`${file} shrank while it was archived`);
      await this.write(padding(stat.size));
      return { size: stat.size, sha256: hash.digest('hex') };
    } finally {
      await handle.close();
    }
  }

  /** The two empty blocks that end an archive. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

/** Where one entry's bytes go as they are read. */
export interface EntrySink {
  data(chunk: Buffer): void;
  end(): void;
}

function readString(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('a header holds a number that is not octal');
  return text === '' ? 0 : parseInt(text, 8);
}

function parsePax(body: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let offset = 0;
  while (offset < body.length) {
    const space = body.indexOf(0x20, offset);
    const length = space === -1 ? NaN : Number(body.subarray(offset, space).toString('ascii'));
    if (!Number.isInteger(length) || length <= space - offset + 1 || offset + length > body.length)
      throw new TarFormatError('a pax header is malformed');
    const record = body.subarray(space + 1, offset + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals <= 0) throw new TarFormatError('a pax header is malformed');
    records[record.slice(0, equals)] = record.slice(equals + 1);
    offset += length;
  }
  return records;
}

/**
 * Reads a tar stream to its end, handing each regular file's bytes to the sink `onEntry` gives for
 * it. Anything but regular files, a header whose checksum is wrong, or an archive that stops in the
 * middle is an error.
 */
export async function readTar(
  input: Readable,
  onEntry: (entry: { name: string; size: number }) => EntrySink,
): Promise<void> {
  let buffer: Buffer = Buffer.alloc(0);
  let state: 'header' | 'body' | 'pax' | 'padding' | 'done' = 'header';
  let remaining = 0;
  let sink: EntrySink | undefined;
  let pax: Record<string, string> = {};
  let paxBody: Buffer[] = [];
  let entrySize = 0;
  let zeroBlocks = 0;

  for await (const chunk of input as AsyncIterable<Buffer>) {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    for (;;) {
      if (state === 'done') break;
      if (state === 'header') {
        if (buffer.length < BLOCK) break;
        const block = buffer.subarray(0, BLOCK);
        buffer = buffer.subarray(BLOCK);
        if (block.every((byte) => byte === 0)) {
          zeroBlocks += 1;
          if (zeroBlocks === 2) state = 'done';
          continue;
        }
        zeroBlocks = 0;
        let sum = 0;
        for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!;
        if (sum !== readOctal(block, 148, 8)) throw new TarFormatError('a header checksum does not match');
        const type = String.fromCharCode(block[156]!);
        entrySize = readOctal(block, 124, 12);
        if (type === 'x') {
          state = 'pax';
          remaining = entrySize;
          paxBody = [];
          continue;
        }
        if (type !== '0' && type !== '\0')
          throw new TarFormatError(`entry type ${JSON.stringify(type)} is not a file`);
        const prefix = readString(block, 345, 155);
        let name = readString(block, 0, 100);
        if (prefix) name = `${prefix}/${name}`;
        if (pax.path !== undefined) name = pax.path;
        if (pax.size !== undefined) entrySize = Number(pax.size);
        pax = {};
        sink = onEntry({ name, size: entrySize });
        remaining = entrySize;
        state = 'body';
        continue;
      }
      if (state === 'body' || state === 'pax') {
        if (remaining > 0 && buffer.length === 0) break;
        const part = buffer.subarray(0, Math.min(remaining, buffer.length));
        buffer = buffer.subarray(part.length);
        remaining -= part.length;
        if (state === 'body') sink!.data(part);
        else paxBody.push(part);
        if (remaining > 0) break;
        if (state === 'body') sink!.end();
        else pax = parsePax(Buffer.concat(paxBody));
        remaining = (BLOCK - (entrySize % BLOCK)) % BLOCK;
        state = 'padding';
        continue;
      }
      // padding
      const skipped = Math.min(remaining, buffer.length);
      buffer = buffer.subarray(skipped);
      remaining -= skipped;
      if (remaining > 0) break;
      state = 'header';
    }
  }
  if (state !== 'done') throw new TarFormatError('the archive ends in the middle');
}
