// The HAR `run --har` saves, made from what Playwright recorded: one or more segments (the HAR
// stops while a person drives a page, debugBundle.ts), each a HAR whose bodies Playwright wrote
// as files as they arrived (`content: 'attach'`), so no body waits in the worker's memory. The
// file is written one entry at a time: each body read from its file (at most HAR_BODY_CAP
// bytes of it) and embedded as HAR 1.2 has it, so the worker holds one body at a time.
// Credentials are redacted unless the run keeps them (`run --keep-secrets`): the headers that
// carry a login (Cookie, Set-Cookie, Authorization, Proxy-Authorization), every cookie's value,
// and form bodies (where people type passwords); a HAR is a file people attach to bug reports.
import fs from 'node:fs';
import path from 'node:path';

/** A body (request or response) longer than this, in bytes, is cut in the HAR, which says so in its comment. */
export const HAR_BODY_CAP = 1024 * 1024;
/** What a redacted value reads. */
export const REDACTED = '[redacted]';

const REQUEST_CREDENTIALS = new Set(['cookie', 'authorization', 'proxy-authorization']);
const RESPONSE_CREDENTIALS = new Set(['set-cookie']);
const FORM_BODY = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
/** Playwright's own test for a body it embeds as text (its `isTextualMimeType`). */
const TEXTUAL = /^(text\/.*?|application\/(json|(x-)?javascript|xml.*?|ecmascript|graphql|x-www-form-urlencoded)|image\/svg(\+xml)?|application\/.*?(\+json|\+xml))(;\s*charset=.*)?$/;

interface NameValue { name: string; value: string }
/** A body as Playwright's `attach` leaves it: `_file` names its bytes, relative to the HAR's folder. */
interface Body { mimeType?: string; text?: string; encoding?: string; comment?: string; size?: number; _file?: string; _sha1?: string; params?: NameValue[] }
export interface HarEntry {
  request: { headers: NameValue[]; cookies: NameValue[]; postData?: Body };
  response: { headers: NameValue[]; cookies: NameValue[]; content: Body };
}
interface HarLog { log: { version: string; creator: unknown; browser?: unknown; pages?: unknown[]; entries: HarEntry[] } }

/** One HAR Playwright wrote; `redact`: its credentials are taken out. */
export interface HarSegment { file: string; redact: boolean }

/**
 * Takes the credentials and form bodies out of an entry, in place (a HAR's, or a trace's network
 * entry, which has the same shape); whether it found any. A form body's own file is let go:
 * `dropped` gets its name (`_file`, or `_sha1` in older traces).
 */
export function redactEntry(entry: HarEntry, dropped?: Set<string>): boolean {
  let found = false;
  const redactAll = (list: NameValue[] | undefined, names?: Set<string>) => {
    for (const item of list ?? []) {
      if (names && !names.has(item.name.toLowerCase())) continue;
      item.value = REDACTED;
      found = true;
    }
  };
  redactAll(entry.request.headers, REQUEST_CREDENTIALS);
  redactAll(entry.request.cookies);
  redactAll(entry.response.headers, RESPONSE_CREDENTIALS);
  redactAll(entry.response.cookies);
  const body = entry.request.postData;
  if (body && FORM_BODY.test(body.mimeType ?? '')) {
    const own = body._file ?? body._sha1;
    if (own !== undefined) dropped?.add(path.posix.basename(own));
    delete body._file;
    delete body._sha1;
    body.text = REDACTED;
    for (const param of body.params ?? []) param.value = REDACTED;
    found = true;
  }
  return found;
}

/** The first `cap` bytes of a body's file, embedded in place: text where it is text, base64 otherwise. Whether it was cut. */
function embedBody(body: Body, root: string, cap: number, asText: boolean): boolean {
  const name = body._file;
  delete body._file;
  if (name === undefined) return false;
  const file = path.resolve(root, name);
  // Playwright names these files itself; still, only one inside the folder it was given is read.
  if (!file.startsWith(root + path.sep)) return false;
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    body.comment = 'tabwright: the body was not saved (the page or the recording ended first)';
    return false;
  }
  try {
    const size = fs.fstatSync(fd).size;
    const bytes = Buffer.alloc(Math.min(size, cap));
    fs.readSync(fd, bytes, 0, bytes.length, 0);
    let kept = bytes.length;
    const text = asText ? utf8Text(bytes) : undefined;
    if (text !== undefined) body.text = text;
    else {
      // Base64 of at most `cap` characters: whole groups of three bytes.
      kept = Math.min(bytes.length, Math.floor(cap / 4) * 3);
      body.text = bytes.subarray(0, kept).toString('base64');
      body.encoding = 'base64';
    }
    if (kept < size) body.comment = `tabwright: body cut at ${kept} of ${size} bytes (the cap of run --har)`;
    return kept < size;
  } finally {
    fs.closeSync(fd);
  }
}

/** The bytes as text, a character cut at their end dropped; undefined when they are not UTF-8. */
function utf8Text(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    return undefined;
  }
}

/**
 * Writes the segments as one HAR 1.2 at `out` (created 0600, never over a file), entries in
 * order, bodies embedded from their files under `root`; `comment` says what the file leaves out.
 */
export function writeHar(segments: readonly HarSegment[], out: string, root: string, comment: string, cap = HAR_BODY_CAP): { entries: number; cut: number } {
  const logs = segments.map(segment => ({ segment, har: JSON.parse(fs.readFileSync(segment.file, 'utf8')) as HarLog }));
  const first = logs[0]?.har.log;
  const fd = fs.openSync(out, 'wx', 0o600);
  let entries = 0;
  let cut = 0;
  try {
    const write = (text: string) => fs.writeSync(fd, text);
    write(`{"log":{"version":"1.2","creator":${JSON.stringify(first?.creator ?? { name: 'tabwright', version: '' })}`);
    if (first?.browser) write(`,"browser":${JSON.stringify(first.browser)}`);
    write(`,"pages":${JSON.stringify(logs.flatMap(({ har }) => har.log.pages ?? []))},"entries":[`);
    for (const { segment, har } of logs) {
      for (const entry of har.log.entries) {
        if (segment.redact) redactEntry(entry);
        const request = entry.request.postData;
        if (request) cut += Number(embedBody(request, root, cap, true));
        cut += Number(embedBody(entry.response.content, root, cap, TEXTUAL.test(entry.response.content.mimeType ?? '')));
        write(`${entries++ ? ',' : ''}${JSON.stringify(entry)}`);
      }
    }
    write(`],"comment":${JSON.stringify(comment)}}}`);
  } finally {
    fs.closeSync(fd);
  }
  return { entries, cut };
}
