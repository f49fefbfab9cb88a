// Image files a receipt's program wrote (a screenshot), also handed over as MCP image
// content, so a host without file access sees them. Bounded: an agent's context pays for
// every byte, and hosts refuse large images. What is left out is said, with its path.
//
// Which files, and how they are read, is a security boundary: the receipt's `result` is the
// program's return value and often a page's own JSON, so a page could write
// `{path: "~/.ssh/id_rsa", bytes: 1, mime: "image/png"}` into it. Only the receipt's own
// `artifacts` (written by the runtime's artifact writer, never by a page) are candidates,
// each read only when it resolves (symlinks followed) inside the artifacts folder, is a
// regular file, and its size (from the file, not from the receipt) fits the cap. It is
// opened without blocking, so a FIFO or a device never hangs the server.
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';
import type { FileReceipt } from '../contract/receipt.js';

/** Raw bytes of all images attached to one result together (base64 adds a third). */
export const IMAGE_BYTES_CAP = 1024 * 1024;
/** At most this many images per result: more is a job for the files themselves. */
export const IMAGE_COUNT_CAP = 4;

export interface AttachedImages {
  images: ImageContent[];
  /** One line per image file not attached, saying why and where it is. */
  leftOut: string[];
}

/** Only what Chromium's screenshots and the artifact writer's sniffing produce. */
const IMAGE_MIMES = new Set(['image/png', 'image/jpeg']);

/**
 * `artifacts`: the stored receipt's own files (never file receipts found in `result`);
 * `artifactsRoot`: $TABWRIGHT_HOME/artifacts, the only folder they are read from.
 */
export async function imagesOf(artifacts: readonly FileReceipt[], artifactsRoot: string): Promise<AttachedImages> {
  const attached: AttachedImages = { images: [], leftOut: [] };
  const root = await fs.realpath(artifactsRoot).catch(() => undefined);
  let total = 0;
  for (const file of artifacts.filter(isImage)) {
    if (attached.images.length >= IMAGE_COUNT_CAP) {
      attached.leftOut.push(`${file.path} not attached: at most ${IMAGE_COUNT_CAP} images per result.`);
      continue;
    }
    const read = root === undefined ? { ok: false as const, why: `the artifacts folder ${artifactsRoot} is missing` }
      : await readArtifact(file.path, root, IMAGE_BYTES_CAP - total);
    if (read.ok) {
      attached.images.push({ type: 'image', data: read.bytes.toString('base64'), mimeType: file.mime });
      total += read.bytes.length;
    } else {
      attached.leftOut.push(`${file.path} not attached: ${read.why}.`);
    }
  }
  return attached;
}

type ArtifactRead = { ok: true; bytes: Buffer } | { ok: false; why: string };

/** One artifact's bytes, if it is a regular file inside `root` of at most `room` bytes. */
export async function readArtifact(file: string, root: string, room: number): Promise<ArtifactRead> {
  let real: string;
  try {
    real = await fs.realpath(file);
  } catch (error) {
    return { ok: false, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
  if (!real.startsWith(root + path.sep)) return { ok: false, why: `it is not inside the artifacts folder ${root}` };
  let handle: fs.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. O_NOFOLLOW:
    // `real` has no symlink left; one put there since is not followed.
    handle = await fs.open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return { ok: false, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, why: 'it is not a regular file' };
    if (stat.size > room) {
      return { ok: false, why: `${stat.size} bytes; images over ${IMAGE_BYTES_CAP} bytes in one result are not attached. Read the file, or take a smaller screenshot (a locator's, or type: 'jpeg', quality: 60)` };
    }
    // Exactly the size stat gave: a file that grew since is not read further.
    const bytes = Buffer.alloc(stat.size);
    let filled = 0;
    while (filled < stat.size) {
      const { bytesRead } = await handle.read(bytes, filled, stat.size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, bytes: bytes.subarray(0, filled) };
  } catch (error) {
    return { ok: false, why: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  } finally {
    await handle.close().catch(() => {});
  }
}

function isImage(file: FileReceipt): boolean {
  return typeof file.path === 'string' && IMAGE_MIMES.has(file.mime);
}
