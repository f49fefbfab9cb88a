// Image files a receipt names (a screenshot's file receipt), also handed over as MCP image
// content, so a host without file access sees them. Bounded: an agent's context pays for
// every byte, and hosts refuse large images. What is left out is said, with its path.
import { readFile } from 'node:fs/promises';
import type { ImageContent } from '@modelcontextprotocol/sdk/types.js';
import type { FileReceipt, Receipt } from '../contract/receipt.js';

/** Raw bytes of all images attached to one result together (base64 adds a third). */
export const IMAGE_BYTES_CAP = 1024 * 1024;
/** At most this many images per result: more is a job for the files themselves. */
export const IMAGE_COUNT_CAP = 4;

export interface AttachedImages {
  images: ImageContent[];
  /** One line per image file not attached, saying why and where it is. */
  leftOut: string[];
}

export async function imagesOf(receipt: Receipt): Promise<AttachedImages> {
  const files = (receipt.artifacts ?? []).filter(isImage);
  const attached: AttachedImages = { images: [], leftOut: [] };
  let total = 0;
  for (const file of files) {
    if (attached.images.length >= IMAGE_COUNT_CAP) {
      attached.leftOut.push(`${file.path} not attached: at most ${IMAGE_COUNT_CAP} images per result.`);
      continue;
    }
    if (total + file.bytes > IMAGE_BYTES_CAP) {
      attached.leftOut.push(`${file.path} (${file.bytes} bytes) not attached: images over ${IMAGE_BYTES_CAP} bytes in one result; read the file, or take a smaller screenshot (a locator's, or type: 'jpeg', quality: 60).`);
      continue;
    }
    try {
      const bytes = await readFile(file.path);
      attached.images.push({ type: 'image', data: bytes.toString('base64'), mimeType: file.mime });
      total += bytes.length;
    } catch (error) {
      attached.leftOut.push(`${file.path} not attached: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
    }
  }
  return attached;
}

function isImage(file: FileReceipt): boolean {
  return file.mime.startsWith('image/');
}
