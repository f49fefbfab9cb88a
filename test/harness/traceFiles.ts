// Reading what `run --trace` and `run --har` save, the way their own tools do: a trace zip
// through Playwright's own trace loader and model (what `npx playwright show-trace` loads), a
// HAR against the HAR 1.2 structure (its required fields, from the specification) with Ajv.
import { createRequire } from 'node:module';
import type { Entry, ZipFile } from 'yauzl';

const require = createRequire(import.meta.url);

interface TraceBackend {
  isLive(): boolean;
  entryNames(): Promise<string[]>;
  hasEntry(name: string): Promise<boolean>;
  readText(name: string): Promise<string | undefined>;
  readBlob(name: string): Promise<Blob | undefined>;
}

/** A zip's entries, uncompressed (Playwright's own unzip, as its trace loader reads them). */
export async function zipEntries(file: string): Promise<Map<string, Buffer>> {
  const { yauzl } = require('playwright-core/lib/utilsBundle') as { yauzl: typeof import('yauzl') };
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error: Error | null, zip?: ZipFile) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: Entry) => zip.openReadStream(entry, (e, stream) => {
        if (e || !stream) return reject(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => { entries.set(entry.fileName, Buffer.concat(chunks)); zip.readEntry(); });
      }));
      zip.on('end', resolve).on('error', reject);
      zip.readEntry();
    });
  });
  return entries;
}

/** The zip's entries in memory, as the trace loader's backend. */
async function zipBackend(file: string): Promise<TraceBackend> {
  const entries = await zipEntries(file);
  return {
    isLive: () => false,
    entryNames: async () => [...entries.keys()],
    hasEntry: async name => entries.has(name),
    readText: async name => entries.get(name)?.toString('utf8'),
    readBlob: async name => (entries.has(name) ? new Blob([new Uint8Array(entries.get(name)!)]) : undefined),
  };
}

export interface LoadedTrace {
  entryNames: string[];
  /** Each action's API name as the trace viewer lists it (`Frame.goto`, `Frame.click`, ...). */
  actions: { method: string; class: string; error?: unknown }[];
  /** Requests the trace's network tab shows. */
  resources: { request: { method: string; url: string } }[];
  events: { type: string; messageType?: string; text?: string }[];
  hasDomSnapshots: boolean;
  screencastFrames: number;
}

export async function loadTrace(file: string): Promise<LoadedTrace> {
  const { iso } = require('playwright-core/lib/coreBundle') as { iso: { TraceLoader: new () => { load(b: TraceBackend): Promise<void>; contextEntries: unknown[] }; TraceModel: new (uri: string, contexts: unknown[]) => LoadedTrace & { pages: { screencastFrames: unknown[] }[] } } };
  const backend = await zipBackend(file);
  const loader = new iso.TraceLoader();
  await loader.load(backend);
  const model = new iso.TraceModel(file, loader.contextEntries);
  return {
    entryNames: await backend.entryNames(),
    actions: model.actions,
    resources: model.resources,
    events: model.events,
    hasDomSnapshots: model.hasDomSnapshots,
    screencastFrames: model.pages.reduce((n, page) => n + page.screencastFrames.length, 0),
  };
}

const nameValue = { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string' }, value: { type: 'string' } } };
const list = (items: object) => ({ type: 'array', items });
/** HAR 1.2's required structure (w3c.github.io/web-performance/specs/HAR/Overview.html). */
export const HAR_1_2_SCHEMA = {
  type: 'object', required: ['log'],
  properties: {
    log: {
      type: 'object', required: ['version', 'creator', 'entries'],
      properties: {
        version: { type: 'string' },
        creator: { type: 'object', required: ['name', 'version'], properties: { name: { type: 'string' }, version: { type: 'string' } } },
        pages: list({ type: 'object', required: ['startedDateTime', 'id', 'title', 'pageTimings'] }),
        entries: list({
          type: 'object', required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
          properties: {
            startedDateTime: { type: 'string', format: 'date-time' },
            time: { type: 'number', minimum: -1 },
            request: {
              type: 'object', required: ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'],
              properties: {
                method: { type: 'string' }, url: { type: 'string' }, httpVersion: { type: 'string' },
                cookies: list({ type: 'object', required: ['name', 'value'] }), headers: list(nameValue), queryString: list(nameValue),
                postData: { type: 'object', required: ['mimeType'], properties: { mimeType: { type: 'string' }, text: { type: 'string' } } },
                headersSize: { type: 'integer' }, bodySize: { type: 'integer' },
              },
            },
            response: {
              type: 'object', required: ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize'],
              properties: {
                status: { type: 'integer' }, statusText: { type: 'string' }, httpVersion: { type: 'string' },
                cookies: list({ type: 'object', required: ['name', 'value'] }), headers: list(nameValue),
                content: { type: 'object', required: ['size', 'mimeType'], properties: { size: { type: 'integer' }, mimeType: { type: 'string' }, text: { type: 'string' }, encoding: { type: 'string' } } },
                redirectURL: { type: 'string' }, headersSize: { type: 'integer' }, bodySize: { type: 'integer' },
              },
            },
            cache: { type: 'object' },
            timings: {
              type: 'object', required: ['send', 'wait', 'receive'],
              properties: { send: { type: 'number', minimum: -1 }, wait: { type: 'number', minimum: -1 }, receive: { type: 'number', minimum: -1 } },
            },
          },
        }),
      },
    },
  },
} as const;

/** Ajv's errors for a HAR against HAR 1.2 (empty when it conforms). */
export function harProblems(har: unknown): string[] {
  const Ajv = (require('ajv') as { default: new (o: object) => { compile(s: object): ((d: unknown) => boolean) & { errors?: { instancePath: string; message?: string }[] } } }).default;
  const addFormats = (require('ajv-formats') as { default: (a: unknown) => void }).default;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(HAR_1_2_SCHEMA);
  return validate(har) ? [] : (validate.errors ?? []).map(e => `${e.instancePath} ${e.message}`);
}
