// Binary results become files: the receipt carries a file receipt, never base64.
import fs from 'node:fs';
import type { FileReceipt } from '../../../contract/receipt.js';
import { pathInside } from '../../../contract/fileNaming.js';

interface Sniffed { mime: string; extension: string; width?: number; height?: number }

function sniff(bytes: Uint8Array): Sniffed {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47)
    return { mime: 'image/png', extension: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return { mime: 'image/jpeg', extension: 'jpg', ...jpegSize(b) };
  if (b.length >= 5 && b.subarray(0, 5).toString('latin1') === '%PDF-') return { mime: 'application/pdf', extension: 'pdf' };
  return { mime: 'application/octet-stream', extension: 'bin' };
}

/** Width and height from the first SOF marker of a JPEG. */
function jpegSize(b: Buffer): { width?: number; height?: number } {
  let offset = 2;
  while (offset + 9 < b.length && b[offset] === 0xff) {
    const marker = b[offset + 1];
    const length = b.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    offset += 2 + length;
  }
  return {};
}

/** A result's file could not be written (a full disk, a read-only directory). */
export class ArtifactWriteError extends Error {
  override name = 'ArtifactWriteError';
  constructor(readonly path: string, readonly code: string | undefined, cause: string) {
    super(`Could not write the program's result to ${path}: ${cause}. The program itself ran to the end; only storing its result failed. Free space under the artifacts directory, then read the page state again in a new program (mutationState says whether this one changed something).`);
  }
}

export class ArtifactWriter {
  private count = 0;

  constructor(private readonly dir: string, private readonly prefix: string) {}

  write(bytes: Uint8Array): FileReceipt {
    const kind = sniff(bytes);
    const file = pathInside(this.dir, `${this.prefix}-${++this.count}.${kind.extension}`);
    this.save(file, bytes);
    return {
      path: file,
      bytes: bytes.byteLength,
      mime: kind.mime,
      ...(kind.width !== undefined ? { width: kind.width, height: kind.height } : {}),
    };
  }

  /** A result too large to inline, written whole as JSON. */
  writeJson(text: string): string {
    const file = pathInside(this.dir, `${this.prefix}-result.json`);
    this.save(file, text);
    return file;
  }

  private save(file: string, data: Uint8Array | string): void {
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      fs.writeFileSync(file, data);
    } catch (error) {
      fs.rmSync(file, { force: true });
      const e = error as NodeJS.ErrnoException;
      throw new ArtifactWriteError(file, e.code, e.message);
    }
  }
}
