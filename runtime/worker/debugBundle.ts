// `run --trace` and `run --har`: a Playwright trace of the program (actions, DOM snapshots,
// screenshots, network, console; open it with `npx playwright show-trace FILE`) and a HAR 1.2 of
// its requests with their bodies (each cut at HAR_BODY_CAP), recorded with Playwright's own
// context.tracing and saved as files in the receipt's artifacts, never inline. A program the
// runtime stops (its timeout) ends with its worker, and so does what was recorded.
import fs from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import type { FileReceipt } from '../../contract/receipt.js';
import { pathInside } from '../../contract/fileNaming.js';
import type { DebugBundle } from '../workerProtocol.js';

/** A body (request or response) longer than this is cut in the HAR, which says so in the entry's comment. */
export const HAR_BODY_CAP = 1024 * 1024;

interface HarContent { text?: string; size?: number; encoding?: string; comment?: string }
interface HarLog { log: { entries: { request: { postData?: HarContent }; response: { content: HarContent } }[] } }

/** Cuts each body over the cap (base64 text at a whole group of four), noting it where the HAR allows comments. */
export function capHarBodies(har: HarLog, cap = HAR_BODY_CAP): number {
  let cut = 0;
  for (const entry of har.log.entries) {
    for (const body of [entry.request.postData, entry.response.content]) {
      if (!body?.text || body.text.length <= cap) continue;
      const keep = body.encoding === 'base64' ? cap - (cap % 4) : cap;
      body.comment = `tabwright: body cut at ${keep} of ${body.text.length} characters (the cap of run --har)`;
      body.text = body.text.slice(0, keep);
      cut++;
    }
  }
  return cut;
}

export class DebugRecording {
  private constructor(
    private readonly context: BrowserContext,
    private readonly files: { trace?: string; har?: string },
    private readonly hints: string[],
  ) {}

  /** Starts what the bundle asks for; what cannot start is said in a hint, and the program runs anyway. */
  static async start(context: BrowserContext, bundle: DebugBundle, artifactsDir: string, requestId: string): Promise<DebugRecording> {
    fs.mkdirSync(artifactsDir, { recursive: true });
    const files: { trace?: string; har?: string } = {};
    const hints: string[] = [];
    if (bundle.trace) {
      try {
        await context.tracing.start({ name: requestId, title: requestId, snapshots: true, screenshots: true, sources: false });
        files.trace = pathInside(artifactsDir, `${requestId}-trace.zip`);
      } catch (error) {
        hints.push(`--trace: the trace could not start (${(error as Error).message.split('\n')[0]}); the program ran without it.`);
      }
    }
    if (bundle.har) {
      const har = pathInside(artifactsDir, `${requestId}.har`);
      try {
        await context.tracing.startHar(har, { content: 'embed', mode: 'full' });
        files.har = har;
      } catch (error) {
        hints.push(`--har: the HAR could not start (${(error as Error).message.split('\n')[0]}); the program ran without it.`);
      }
    }
    return new DebugRecording(context, files, hints);
  }

  /** Stops recording and saves the files; their receipts and hints for the receipt. */
  async stop(): Promise<{ artifacts: FileReceipt[]; hints: string[] }> {
    const artifacts: FileReceipt[] = [];
    const hints = [...this.hints];
    if (this.files.har) {
      try {
        await this.context.tracing.stopHar();
        const har = JSON.parse(fs.readFileSync(this.files.har, 'utf8')) as HarLog;
        const cut = capHarBodies(har);
        if (cut) fs.writeFileSync(this.files.har, JSON.stringify(har));
        artifacts.push({ path: this.files.har, bytes: fs.statSync(this.files.har).size, mime: 'application/json' });
        hints.push(`--har: ${har.log.entries.length} requests in ${this.files.har}${cut ? ` (${cut} ${cut === 1 ? 'body' : 'bodies'} cut at ${HAR_BODY_CAP} characters)` : ''}.`);
      } catch (error) {
        hints.push(`--har: the HAR could not be saved (${(error as Error).message.split('\n')[0]}).`);
      }
    }
    if (this.files.trace) {
      try {
        await this.context.tracing.stop({ path: this.files.trace });
        artifacts.push({ path: this.files.trace, bytes: fs.statSync(this.files.trace).size, mime: 'application/zip' });
        hints.push(`--trace: open it with \`npx playwright show-trace ${this.files.trace}\`.`);
      } catch (error) {
        hints.push(`--trace: the trace could not be saved (${(error as Error).message.split('\n')[0]}).`);
      }
    }
    return { artifacts, hints };
  }
}
