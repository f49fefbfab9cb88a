// playwright-core's bundles as a task worker compiles them (oneByteSource.ts: one byte a
// character, then rewritten by playwrightTiming.ts, utilityWorldReads.ts and
// stableInjectedScript.ts), kept beside the code caches so that a worker reads the text it
// compiles instead of making it again. Making it is ~70-90 ms of a worker's CPU here (each
// change scans all of coreBundle.js's 3.6 MB twice, to be sure its text occurs once, and copies
// it), on a cold start's critical path: the first program waits for its worker to load
// Playwright. Reading it is ~5 ms: the bundle's bytes hashed, the text read and checked.
//
// A text is named by a hash of what makes it: the bundle's exact bytes and the code that
// prepares them (the worker's own bundle, whose every change names other texts). The file holds
// the text's own SHA-256 ahead of it, checked at each read, and the text is one byte a
// character (stored as Latin-1). Where and whether a file is trusted is codeCacheStore.ts's
// policy, as for a code cache: the text is code every task's worker runs. Anything amiss (no
// such file, untrusted, a hash that does not match) makes the text as before and writes it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { scriptName, type TextOrigin } from './codeCache.js';
import type { CodeCacheStore } from '../../codeCache/codeCacheStore.js';

/** A bundle's text to compile, with its SHA-256 (the code cache's name is made from it) and where it came from. */
export interface PreparedText extends TextOrigin {
  text: string;
}

const HEADER_BYTES = 65; // 64 hex digits and a newline

/** SHA-256 of a one-byte text as its Latin-1 bytes, in hex. */
function latin1Digest(text: string | Buffer): string {
  return crypto.createHash('sha256').update(typeof text === 'string' ? Buffer.from(text, 'latin1') : text).digest('hex');
}

export class PreparedTexts {
  /**
   * @param store the code caches' folder (its trust policy).
   * @param preparer what prepares a text: the SHA-256 of the worker's own code.
   */
  constructor(private readonly store: CodeCacheStore, private readonly preparer: string) {}

  /**
   * The worker's texts kept in `store`, prepared by the code in `workerFile` (the worker's
   * bundle); undefined when that file cannot be read (nothing then names what prepares a text).
   */
  static forWorker(store: CodeCacheStore, workerFile: string): PreparedTexts | undefined {
    try {
      return new PreparedTexts(store, crypto.createHash('sha256').update(fs.readFileSync(workerFile)).digest('hex'));
    } catch {
      return undefined;
    }
  }

  /** The file name of the text `prepare` makes of `bytes` (the file `filename`). */
  nameOf(filename: string, bytes: Buffer): string {
    const hash = crypto.createHash('sha256');
    hash.update(`${this.preparer}\0`);
    hash.update(bytes);
    return `${textScript(filename)}-${hash.digest('hex').slice(0, 40)}.txt`;
  }

  /** The text `prepare` makes of `bytes`, read when a trusted file has it, else made and written. */
  text(filename: string, bytes: Buffer, prepare: (bytes: Buffer) => string): PreparedText {
    const name = this.nameOf(filename, bytes);
    const found = this.store.read(name);
    if (found.kind === 'found' && found.data.length > HEADER_BYTES && found.data[HEADER_BYTES - 1] === 0x0a) {
      const digest = found.data.toString('latin1', 0, HEADER_BYTES - 1);
      const body = found.data.subarray(HEADER_BYTES);
      if (latin1Digest(body) === digest) return { text: body.toString('latin1'), digest, from: 'read' };
    }
    const text = prepare(bytes);
    // Only a text of one byte a character is stored as Latin-1 (oneByteText makes it so; a
    // rewrite that added a wider character would be changed by the round trip).
    if (/[^\x00-\xff]/.test(text)) return { text, digest: crypto.createHash('sha256').update(text).digest('hex'), from: 'made', written: 'not one byte a character' };
    const body = Buffer.from(text, 'latin1');
    const digest = latin1Digest(body);
    const written = this.store.write(name, textScript(filename), Buffer.concat([Buffer.from(`${digest}\n`, 'latin1'), body]));
    return { text, digest, from: 'made', ...(written ? { written } : {}) };
  }
}

/** A text's files are kept apart from the same script's code caches (codeCacheStore.ts prunes by this name). */
function textScript(filename: string): string {
  return `text+${scriptName(filename)}`;
}
