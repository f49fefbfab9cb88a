// Turns what the CLI would print (a CommandOutcome) into an MCP tool result: the same JSON
// document as the text, `isError` where the CLI would exit non-zero for a final answer
// (failed, interrupted, refused), and the receipt's images as image content.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CommandOutcome } from '../cli/commandOutcome.js';
import { ExitCode } from '../contract/exitCodes.js';
import type { FileReceipt, Receipt } from '../contract/receipt.js';
import { imagesOf } from './imageContent.js';

/**
 * Where a receipt's image files come from: the stored receipt's own `artifacts` (the compact
 * view leaves out those its result shows, so it is read whole when it may have images), and
 * the one folder they are read from.
 */
export interface ReceiptFiles {
  artifactsRoot: string;
  /** The stored receipt's artifacts, or why they could not be had. */
  stored: () => Promise<FileReceipt[] | { failure: string }>;
}

/**
 * The runtime and the CLI say how to ask again as a shell command; over MCP the same
 * request is the `receipt` tool. Only that command is rewritten: the receipt is otherwise
 * the CLI's, byte for byte.
 */
const RECEIPT_COMMAND = /`tabwright receipt --task ([A-Za-z0-9._:-]+) --request-id ([A-Za-z0-9._:-]+)(?: --wait (\d+(?:\.\d+)?))?`( \(add --wait S to wait for it\))?/g;

export function askAgainOverMcp(text: string): string {
  return text.replace(RECEIPT_COMMAND, (_match, task: string, requestId: string, wait: string | undefined) =>
    `the receipt tool, arguments ${JSON.stringify({ task, requestId, waitSeconds: wait === undefined ? 30 : Number(wait) })}`);
}

/** A receipt document: the exit codes that print one. */
export function printsReceipt(exitCode: ExitCode): boolean {
  return exitCode === ExitCode.Succeeded || exitCode === ExitCode.Failed
    || exitCode === ExitCode.NotFinal || exitCode === ExitCode.Interrupted;
}

export async function receiptResult(outcome: CommandOutcome, files: ReceiptFiles): Promise<CallToolResult> {
  if (outcome.kind !== 'json' || !printsReceipt(outcome.exitCode)) return documentResult(outcome);
  // Whole, or the compact view `run` answers with (no task or requestId): either way a receipt.
  const receipt = outcome.document as Partial<Receipt>;
  const shown: Partial<Receipt> = receipt.hints ? { ...receipt, hints: receipt.hints.map(askAgainOverMcp) } : receipt;
  const own = await ownArtifacts(receipt, files);
  const { images, leftOut } = Array.isArray(own) ? await imagesOf(own, files.artifactsRoot)
    : { images: [], leftOut: [`Images not attached: ${own.failure}.`] };
  return {
    content: [
      { type: 'text', text: JSON.stringify(shown) },
      ...images,
      ...(leftOut.length ? [{ type: 'text' as const, text: leftOut.join('\n') }] : []),
    ],
    isError: outcome.exitCode === ExitCode.Failed || outcome.exitCode === ExitCode.Interrupted,
  };
}

/**
 * The receipt's own files. A whole receipt carries them all; a compact one is looked up only
 * when it may show an image (the result's text is a page's to write: it decides whether to
 * look, never what is read).
 */
async function ownArtifacts(receipt: Partial<Receipt>, files: ReceiptFiles): Promise<FileReceipt[] | { failure: string }> {
  if (typeof receipt.requestId === 'string') return receipt.artifacts ?? [];
  const mentionsImage = (receipt.artifacts ?? []).some(file => file.mime.startsWith('image/'))
    || JSON.stringify(receipt.result ?? null).includes('"mime":"image/');
  return mentionsImage ? files.stored() : [];
}

/** Any other command's answer, or a refusal: the CLI's JSON document as text. */
export function documentResult(outcome: CommandOutcome): CallToolResult {
  const text = outcome.kind === 'json' ? JSON.stringify(outcome.document) : outcome.text;
  return {
    content: [{ type: 'text', text: askAgainOverMcp(text) }],
    isError: outcome.exitCode !== ExitCode.Succeeded,
  };
}
