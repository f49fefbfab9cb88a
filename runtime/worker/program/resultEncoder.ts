// Turns whatever a program returned into JSON the receipt can carry, saying plainly what
// JSON cannot: undefined is left out, NaN/Infinity become strings, Map/Set/Date/Error and
// cycles become readable JSON, Playwright objects become a short description, binary
// becomes a file. A value larger than the inline cap goes to a file whole; the receipt
// keeps a preview.
import { playwrightObjectKind } from '../playwrightInternals/playwrightObjects.js';
import type { FileReceipt } from '../../../contract/receipt.js';
import { ArtifactWriteError } from './artifactWriter.js';

export interface EncodedResult {
  value: unknown;
  notes: string[];
  artifacts: FileReceipt[];
}

/** Writes binary values out as files; injected so the encoder stays free of I/O. */
export type BinaryWriter = (bytes: Uint8Array) => FileReceipt;

const MAX_DEPTH = 100;

function call<T>(value: object, method: string): T | undefined {
  const fn = (value as Record<string, unknown>)[method];
  if (typeof fn !== 'function') return undefined;
  try {
    return (fn as () => T).call(value);
  } catch {
    return undefined;
  }
}

/** Playwright's client objects, described by what identifies them (playwrightInternals/playwrightObjects.ts). */
function describePlaywrightObject(value: object): string | undefined {
  const kind = playwrightObjectKind(value);
  if (kind === undefined) return undefined;
  if (kind.kind === 'frameLocator') return `[FrameLocator ${kind.selector}]`;
  if (kind.kind === 'locator') return `[Locator ${String(value)}]`;
  const type = kind.type;
  switch (type) {
    case 'Page':
    case 'Frame':
    case 'Worker':
    case 'WebSocket':
      return `[${type} ${call<string>(value, 'url') ?? ''}]`.replace(' ]', ']');
    case 'Request':
      return `[Request ${call<string>(value, 'method') ?? ''} ${call<string>(value, 'url') ?? ''}]`;
    case 'Response':
      return `[Response ${call<number>(value, 'status') ?? ''} ${call<string>(value, 'url') ?? ''}]`;
    case 'ElementHandle':
    case 'JSHandle':
      // toString() is Playwright's preview: JSHandle@<button>Save</button>
      return `[${type} ${String(value).replace(/^JSHandle@/, '')}]`;
    case 'Dialog':
      return `[Dialog ${call<string>(value, 'type') ?? ''}: ${call<string>(value, 'message') ?? ''}]`;
    default:
      return `[${type}]`;
  }
}

export function encodeResult(input: unknown, writeBinary: BinaryWriter): EncodedResult {
  const notes = new Set<string>();
  const artifacts: FileReceipt[] = [];
  const ancestors: object[] = [];

  const encode = (value: unknown): unknown => {
    switch (typeof value) {
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
      case 'bigint':
        notes.add('BigInt values were converted to strings.');
        return value.toString();
      case 'number':
        if (Number.isFinite(value)) return value;
        notes.add('NaN and Infinity were converted to strings ("NaN", "Infinity").');
        return String(value);
      case 'string':
      case 'boolean':
        return value;
    }
    if (value === null) return null;
    const object = value as object;
    if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer || object instanceof SharedArrayBuffer) {
      const bytes = ArrayBuffer.isView(object)
        ? new Uint8Array(object.buffer, object.byteOffset, object.byteLength)
        : new Uint8Array(object);
      const receipt = writeBinary(bytes);
      artifacts.push(receipt);
      return receipt;
    }
    if (ancestors.includes(object)) {
      notes.add('A cyclic reference was replaced by "[Circular]".');
      return '[Circular]';
    }
    if (ancestors.length >= MAX_DEPTH) {
      notes.add(`Values nested deeper than ${MAX_DEPTH} levels were replaced by "[Too deep]".`);
      return '[Too deep]';
    }
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
    if (object instanceof RegExp) return String(object);
    if (object instanceof Promise) {
      notes.add('A Promise in the result was not awaited: await it in the program to get its value.');
      return '[Promise]';
    }
    if (object instanceof WeakMap || object instanceof WeakSet) return `[${object.constructor.name}]`;
    const playwright = describePlaywrightObject(object);
    if (playwright) return playwright;
    ancestors.push(object);
    try {
      if (object instanceof Error) {
        const out: Record<string, unknown> = { name: object.name, message: object.message };
        for (const [key, item] of Object.entries(object)) {
          const e = encode(item);
          if (e !== undefined) out[key] = e;
        }
        if (object.cause !== undefined) out.cause = encode(object.cause);
        return out;
      }
      if (object instanceof Map) return { '[Map]': [...object].map(([k, v]) => [encode(k) ?? null, encode(v) ?? null]) };
      if (object instanceof Set) return { '[Set]': [...object].map(item => encode(item) ?? null) };
      if (Array.isArray(object)) return object.map(item => { const e = encode(item); return e === undefined ? null : e; });
      if (typeof (object as { toJSON?: unknown }).toJSON === 'function') return encode((object as { toJSON: () => unknown }).toJSON());
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(object)) {
        const e = encode(item);
        if (e !== undefined) out[key] = e;
      }
      return out;
    } finally {
      ancestors.pop();
    }
  };

  let value: unknown;
  try {
    value = encode(input);
  } catch (error) {
    // A full disk is not a conversion problem: the receipt must say what really failed.
    if (error instanceof ArtifactWriteError) throw error;
    notes.add(`The result could not be converted to JSON (${error instanceof Error ? error.message : String(error)}); return plain data instead.`);
    value = '[Unserializable]';
  }
  if (input === undefined) value = undefined;
  return { value, notes: [...notes], artifacts };
}

/** How much of an oversized result the receipt keeps inline. */
export const PREVIEW_CHARS = 1000;

/**
 * Keeps a result inline when its JSON fits `maxInline` bytes; otherwise the whole JSON goes
 * to a file (`writeJson` returns its path) and the result becomes {preview, bytes, path}.
 */
export function capResult(encoded: EncodedResult, maxInline: number, writeJson: (text: string) => string): EncodedResult {
  if (encoded.value === undefined) return encoded;
  const text = JSON.stringify(encoded.value);
  const bytes = Buffer.byteLength(text);
  if (bytes <= maxInline) return encoded;
  const file = writeJson(text);
  const preview = text.slice(0, Math.max(0, Math.min(PREVIEW_CHARS, maxInline)));
  return {
    value: { preview, bytes, path: file, truncated: true },
    notes: [...encoded.notes,
      `The result is ${bytes} bytes of JSON, over the inline limit of ${maxInline}: it was written whole to ${file} and result.preview shows its start. Return less (filter or summarise in the program), or read the file.`],
    artifacts: [...encoded.artifacts, { path: file, bytes, mime: 'application/json' }],
  };
}
