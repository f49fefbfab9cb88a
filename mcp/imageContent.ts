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

export async function imagesOf(receipt: Partial<Receipt>): Promise<AttachedImages> {
  const files = fileReceiptsOf(receipt).filter(isImage);
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

/**
 * The receipt's files: `artifacts`, and the file receipts inside `result` (the compact view
 * lists a file once, where the program returned it). Each path once, in that order.
 */
export function fileReceiptsOf(receipt: Partial<Receipt>): FileReceipt[] {
  const found = new Map<string, FileReceipt>();
  for (const file of receipt.artifacts ?? []) found.set(file.path, file);
  const visit = (value: unknown, depth: number): void => {
    if (typeof value !== 'object' || value === null || depth > MAX_RESULT_DEPTH) return;
    if (isFileReceipt(value)) {
      if (!found.has(value.path)) found.set(value.path, value);
      return;
    }
    for (const item of Array.isArray(value) ? value : Object.values(value)) visit(item, depth + 1);
  };
  visit(receipt.result, 0);
  return [...found.values()];
}

/** The result encoder's own depth limit (runtime/worker/resultEncoder.ts): nothing is nested deeper. */
const MAX_RESULT_DEPTH = 100;

function isFileReceipt(value: object): value is FileReceipt {
  return 'path' in value && typeof value.path === 'string'
    && 'bytes' in value && typeof value.bytes === 'number'
    && 'mime' in value && typeof value.mime === 'string';
}

function isImage(file: FileReceipt): boolean {
  return file.mime.startsWith('image/');
}
