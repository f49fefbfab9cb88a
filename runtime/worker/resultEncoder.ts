// Turns whatever a program returned into JSON the receipt can carry, saying plainly what
// JSON cannot: undefined is left out, NaN/Infinity become strings, Map/Set/Date/Error and
// cycles become readable JSON, Playwright objects become a short description.
import type { FileReceipt } from '../receipt.js';

export interface EncodedResult {
  value: unknown;
  notes: string[];
  artifacts: FileReceipt[];
}

/** Writes binary values out as files; injected so the encoder stays free of I/O. */
export type BinaryWriter = (bytes: Uint8Array) => FileReceipt;

function describePlaywrightObject(value: object): string | undefined {
  const ctor = value.constructor?.name;
  // Playwright's client classes are ChannelOwners with a _type; their names are stable.
  const type = (value as { _type?: unknown })._type;
  if (typeof type !== 'string') return undefined;
  const url = typeof (value as { url?: unknown }).url === 'function' ? ` ${(value as { url: () => string }).url()}` : '';
  return `[${ctor ?? type}${url}]`;
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
        notes.add('BigInt values were converted to strings');
        return value.toString();
      case 'number':
        if (Number.isFinite(value)) return value;
        notes.add('NaN and Infinity were converted to strings');
        return String(value);
      case 'string':
      case 'boolean':
        return value;
    }
    if (value === null) return null;
    const object = value as object;
    if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer) {
      const bytes = object instanceof ArrayBuffer ? new Uint8Array(object) : new Uint8Array(object.buffer, object.byteOffset, object.byteLength);
      const receipt = writeBinary(bytes);
      artifacts.push(receipt);
      return receipt;
    }
    if (ancestors.includes(object)) {
      notes.add('A cyclic reference was replaced by "[Circular]"');
      return '[Circular]';
    }
    if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
    if (object instanceof Error) return { name: object.name, message: object.message };
    if (object instanceof RegExp) return String(object);
    const playwright = describePlaywrightObject(object);
    if (playwright) return playwright;
    ancestors.push(object);
    try {
      if (object instanceof Map) return { '[Map]': [...object].map(([k, v]) => [encode(k), encode(v)]) };
      if (object instanceof Set) return { '[Set]': [...object].map(encode) };
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

  return { value: encode(input), notes: [...notes], artifacts };
}
