// What each tool does: the CLI's own requests to the runtime (started if needed, exactly as
// the CLI starts it), answered as MCP tool results. This process is only a client: the
// runtime owns programs and receipts, so a host that kills this process loses nothing.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { failureOutcome, type CommandOutcome } from '../cli/commandOutcome.js';
import { passThrough } from '../cli/commands/passThrough.js';
import { answerTimeoutMs, receiptOutcome } from '../cli/receiptAnswer.js';
import type { ReceiptRef } from '../contract/answerDocument.js';
import { requestRuntime, type RuntimeAnswer } from '../cli/runtimeClient.js';
import { connectRuntime } from '../cli/runtimeConnection.js';
import type { RuntimeHome } from '../cli/runtimeHome.js';
import { ExitCode } from '../contract/exitCodes.js';
import type { ProgressLine } from '../contract/api.js';
import { followProgress } from './progressStream.js';
import { documentResult, printsReceipt, receiptResult, type ReceiptFiles } from './toolResult.js';
import type { FileReceipt, Receipt } from '../contract/receipt.js';
import type { ToolInput } from './toolInput.js';

export interface CallContext {
  home: RuntimeHome;
  /** Aborted when the client cancels the call: the wait ends, the program does not. */
  signal: AbortSignal;
  /** Set when the client asked for progress (it sent a progress token). */
  progress?: (message: string) => void;
}

export async function callTool(input: ToolInput, context: CallContext): Promise<CallToolResult> {
  switch (input.tool) {
    case 'run': return receiptResult(await runProgram(input, context), receiptFiles(input, context));
    case 'receipt': return receiptResult(await readReceipt(input, input.waitS, context), receiptFiles(input, context));
    case 'tasks': return documentResult(await passThrough(context.home, { method: 'GET', path: '/v1/tasks' }));
    case 'pages': {
      const query = input.all ? '?all=1' : input.task !== undefined ? `?task=${encodeURIComponent(input.task)}` : '';
      return documentResult(await passThrough(context.home, { method: 'GET', path: `/v1/pages${query}` }));
    }
    case 'release':
    case 'close':
      return documentResult(await passThrough(context.home, { method: 'POST', path: `${taskPath(input.task)}/${input.tool}` }));
  }
}

async function runProgram(input: Extract<ToolInput, { tool: 'run' }>, context: CallContext): Promise<CommandOutcome> {
  const connection = await connectRuntime(context.home);
  if (!connection.ok) return failureOutcome(connection.failure);
  const body = {
    requestId: input.requestId,
    program: input.program,
    timeoutS: input.timeoutS,
    ...(input.page === undefined ? {} : { page: input.page }),
    ...(input.isolated ? { isolated: true } : {}),
    ...(input.trace ? { trace: true } : {}),
    ...(input.har ? { har: true } : {}),
    ...(input.close ? { close: true } : {}),
  };
  // The model reads what comes back: the compact view, as the CLI prints, unless asked for all.
  const view = input.verbose ? 'full' : 'compact';
  // Without progress, one request that waits, as the CLI sends. With progress, register
  // first (no wait), then follow the program while waiting for its receipt.
  const waitS = context.progress === undefined ? input.waitS : 0;
  const answer = await untilCancelled(requestRuntime(context.home.socket, {
    method: 'POST',
    path: `${taskPath(input.task)}/programs?wait=${waitS}&view=${view}`,
    body,
    timeoutMs: answerTimeoutMs(waitS),
  }), context.signal);
  const submitted = receiptOutcome(answer, input, context.home.socket, true);
  if (context.progress === undefined || submitted.exitCode !== ExitCode.NotFinal || input.waitS === 0) return submitted;
  const final = await waitForReceipt(input, input.waitS, context, view);
  return replayed(submitted) ? markedReplayed(final) : final;
}

/** The runtime says `replayed` on a resubmission's answer; the receipt read after it must say it too. */
function replayed(outcome: CommandOutcome): boolean {
  return outcome.kind === 'json' && typeof outcome.document === 'object' && outcome.document !== null
    && 'replayed' in outcome.document && outcome.document.replayed === true;
}

function markedReplayed(outcome: CommandOutcome): CommandOutcome {
  if (outcome.kind !== 'json' || !printsReceipt(outcome.exitCode)) return outcome;
  return { ...outcome, document: { ...(outcome.document as object), replayed: true } };
}

async function readReceipt(ref: ReceiptRef, waitS: number, context: CallContext): Promise<CommandOutcome> {
  const connection = await connectRuntime(context.home);
  if (!connection.ok) return failureOutcome(connection.failure);
  return waitForReceipt(ref, waitS, context);
}

async function waitForReceipt(ref: ReceiptRef, waitS: number, context: CallContext, view: 'full' | 'compact' = 'full'): Promise<CommandOutcome> {
  const follow = context.progress !== undefined && waitS > 0
    ? followProgress(context.home.socket, ref, waitS, reporter(context.progress, ref.task))
    : undefined;
  try {
    const answer = await untilCancelled(requestRuntime(context.home.socket, {
      method: 'GET',
      path: `${taskPath(ref.task)}/receipts/${encodeURIComponent(ref.requestId)}?wait=${waitS}&view=${view}`,
      timeoutMs: answerTimeoutMs(waitS),
    }), context.signal);
    // A final receipt ends the progress stream too: let its last lines (console logged just
    // before the end) reach the client before the result does.
    const status = answer.kind === 'answered' ? (answer.body as { receipt?: { status?: string } } | null)?.receipt?.status : undefined;
    if (follow && status !== undefined && status !== 'queued' && status !== 'running' && !context.signal.aborted) {
      await Promise.race([follow.ended, new Promise<void>(resolve => context.signal.addEventListener('abort', () => resolve(), { once: true }))]);
    }
    return receiptOutcome(answer, ref, context.home.socket, false);
  } finally {
    follow?.stop();
  }
}

/** Progress lines as notification messages; a status is said once. */
function reporter(progress: (message: string) => void, task: string): (line: ProgressLine) => void {
  let lastStatus: string | undefined;
  return line => {
    if ('status' in line) {
      if (line.status === lastStatus) return;
      lastStatus = line.status;
      progress(line.status);
    } else if ('console' in line) {
      progress(`console.${line.console.type}: ${line.console.text.slice(0, MAX_CONSOLE_CHARS)}`);
    } else {
      // The user should hear it: tell them to take the page in the live view.
      progress(`waiting for a person on page ${line.page}: ${line.reason.slice(0, MAX_CONSOLE_CHARS)} (\`tabwright view --task ${task} --open\` shows them the page)`);
    }
  };
}

const MAX_CONSOLE_CHARS = 500;

/**
 * A cancelled call stops waiting, and only that: a program already sent stays registered
 * and runs on (at most once), and its receipt stays retrievable. The SDK sends no answer
 * to a cancelled request, so what this resolves to then is never seen.
 */
function untilCancelled(answer: Promise<RuntimeAnswer>, signal: AbortSignal): Promise<RuntimeAnswer> {
  if (signal.aborted) return Promise.resolve(cancelled());
  return new Promise(resolve => {
    const onAbort = (): void => resolve(cancelled());
    signal.addEventListener('abort', onAbort, { once: true });
    void answer.then(settled => {
      signal.removeEventListener('abort', onAbort);
      resolve(settled);
    });
  });
}

function cancelled(): RuntimeAnswer {
  return { kind: 'lost', message: 'the MCP client cancelled the call' };
}

/** The stored receipt's artifacts, read whole from the runtime (never from its result). */
function receiptFiles(ref: ReceiptRef, context: CallContext): ReceiptFiles {
  return {
    artifactsRoot: context.home.artifacts,
    stored: async () => {
      const answer = await requestRuntime(context.home.socket, {
        method: 'GET',
        path: `${taskPath(ref.task)}/receipts/${encodeURIComponent(ref.requestId)}?wait=0`,
        timeoutMs: answerTimeoutMs(0),
      });
      if (answer.kind !== 'answered') return { failure: `the stored receipt could not be read (${answer.message})` };
      const receipt = (answer.body as { receipt?: Partial<Receipt> } | null)?.receipt;
      if (answer.httpStatus !== 200 || !receipt) return { failure: `the stored receipt could not be read (HTTP ${answer.httpStatus})` };
      return receipt.artifacts ?? ([] as FileReceipt[]);
    },
  };
}

function taskPath(task: string): string {
  return `/v1/tasks/${encodeURIComponent(task)}`;
}
