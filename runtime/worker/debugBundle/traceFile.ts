// The trace `run --trace` saves, its credentials redacted unless the run keeps them
// (`run --keep-secrets`): Playwright's trace records every request as a HAR entry (its
// `*.network` lines), headers and cookies included, and each form body as a file of the zip
// (`resources/<sha1>`). The zip is copied entry by entry (yauzl to yazl, Playwright's own), the
// network lines redacted as the HAR is (harFile.ts), and the files only a redacted form body
// named left out. One entry is read at a time, never the whole zip.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Entry, ZipFile } from 'yauzl';
import type { Readable } from 'node:stream';
import { redactEntry, type HarEntry } from './harFile.js';

const require = createRequire(import.meta.url);
/** The part of yazl used here (it has no published types). */
interface YazlZipFile { outputStream: Readable; addBuffer(data: Buffer, name: string): void; addReadStream(stream: Readable, name: string): void; end(): void }
const zipLibraries = () => require('playwright-core/lib/utilsBundle') as { yauzl: typeof import('yauzl'); yazl: { ZipFile: new () => YazlZipFile } };

type OwnFile = { _file?: string; _sha1?: string };
interface NetworkEvent { type: string; snapshot?: HarEntry & { request: { postData?: OwnFile }; response: { content: OwnFile } } }

/** Each entry of the zip at `file`, in order: `visit` reads it (or not) before the next is opened. */
function eachEntry(file: string, visit: (entry: Entry, open: () => Promise<NodeJS.ReadableStream>) => Promise<void>): Promise<void> {
  const { yauzl } = zipLibraries();
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (error: Error | null, zip?: ZipFile) => {
      if (error || !zip) return reject(error ?? new Error(`cannot open ${file}`));
      const open = (entry: Entry) => () => new Promise<NodeJS.ReadableStream>((ok, fail) =>
        zip.openReadStream(entry, (e, stream) => (e || !stream ? fail(e ?? new Error(entry.fileName)) : ok(stream))));
      zip.on('entry', (entry: Entry) => { visit(entry, open(entry)).then(() => zip.readEntry(), reject); });
      zip.on('end', () => resolve());
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function textOf(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The network lines redacted; the form bodies' files no longer named. */
function redactNetwork(text: string, dropped: Set<string>, named: Set<string>): string {
  return text.split('\n').map(line => {
    if (!line.includes('"resource-snapshot"')) return line;
    const event = JSON.parse(line) as NetworkEvent;
    if (event.type !== 'resource-snapshot' || !event.snapshot) return line;
    redactEntry(event.snapshot, dropped);
    for (const body of [event.snapshot.request.postData, event.snapshot.response.content]) {
      const own = body?._file ?? body?._sha1;
      if (own) named.add(path.posix.basename(own));
    }
    return JSON.stringify(event);
  }).join('\n');
}

/** Writes `file`'s trace, redacted, to `out` (created 0600, never over a file). */
export async function writeRedactedTrace(file: string, out: string): Promise<void> {
  // First the network lines (small: bodies are files of their own), to know which files to leave out.
  const network = new Map<string, string>();
  const dropped = new Set<string>();
  const named = new Set<string>();
  await eachEntry(file, async (entry, open) => {
    if (entry.fileName.endsWith('.network')) network.set(entry.fileName, redactNetwork(await textOf(await open()), dropped, named));
  });
  const { yazl } = zipLibraries();
  const zip = new yazl.ZipFile();
  const written = new Promise<void>((resolve, reject) => {
    const sink = fs.createWriteStream(out, { flags: 'wx', mode: 0o600 });
    sink.on('error', reject).on('close', resolve);
    zip.outputStream.on('error', reject).pipe(sink);
  });
  await eachEntry(file, async (entry, open) => {
    const name = entry.fileName;
    const redacted = network.get(name);
    if (redacted !== undefined) return zip.addBuffer(Buffer.from(redacted), name);
    const sha1 = name.startsWith('resources/') ? name.slice('resources/'.length) : undefined;
    if (sha1 !== undefined && dropped.has(sha1) && !named.has(sha1)) return;
    const stream = await open();
    zip.addReadStream(stream as Readable, name);
    // yazl reads its streams in order: the next entry is opened once this one is read.
    await new Promise<void>((resolve, reject) => stream.on('end', resolve).on('error', reject));
  });
  zip.end();
  await written;
}
