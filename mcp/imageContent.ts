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
import { promises as fs } from 'node:fs';
import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';
import { readArtifactFile, type ArtifactRead } from '../contract/artifactFile.js';
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
    const read: ArtifactRead = root === undefined ? { ok: false, reason: 'unreadable', why: `the artifacts folder ${artifactsRoot} is missing` }
      : await readArtifactFile(file.path, root, IMAGE_BYTES_CAP - total);
    if (read.ok) {
      attached.images.push({ type: 'image', data: read.bytes.toString('base64'), mimeType: file.mime });
      total += read.bytes.length;
    } else if (read.reason === 'too-large') {
      attached.leftOut.push(`${file.path} not attached: ${read.size} bytes; images over ${IMAGE_BYTES_CAP} bytes in one result are not attached. Read the file, or take a smaller screenshot (a locator's, or type: 'jpeg', quality: 60).`);
    } else {
      attached.leftOut.push(`${file.path} not attached: ${read.why}.`);
    }
  }
  return attached;
}

function isImage(file: FileReceipt): boolean {
  return typeof file.path === 'string' && IMAGE_MIMES.has(file.mime);
}
