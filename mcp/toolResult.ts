// Turns what the CLI would print (a CommandOutcome) into an MCP tool result: the same JSON
// document as the text, `isError` where the CLI would exit non-zero for a final answer
// (failed, interrupted, refused), and the receipt's images as image content.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CommandOutcome } from '../cli/commandOutcome.js';
import { ExitCode } from '../cli/exitCodes.js';
import type { Receipt } from '../contract/receipt.js';
import { imagesOf } from './imageContent.js';

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

export async function receiptResult(outcome: CommandOutcome): Promise<CallToolResult> {
  if (outcome.kind !== 'json' || !printsReceipt(outcome.exitCode)) return documentResult(outcome);
  // Whole, or the compact view `run` answers with (no task or requestId): either way a receipt.
  const receipt = outcome.document as Partial<Receipt>;
  const shown: Partial<Receipt> = receipt.hints ? { ...receipt, hints: receipt.hints.map(askAgainOverMcp) } : receipt;
  const { images, leftOut } = await imagesOf(receipt);
  return {
    content: [
      { type: 'text', text: JSON.stringify(shown) },
      ...images,
      ...(leftOut.length ? [{ type: 'text' as const, text: leftOut.join('\n') }] : []),
    ],
    isError: outcome.exitCode === ExitCode.Failed || outcome.exitCode === ExitCode.Interrupted,
  };
}

/** Any other command's answer, or a refusal: the CLI's JSON document as text. */
export function documentResult(outcome: CommandOutcome): CallToolResult {
  const text = outcome.kind === 'json' ? JSON.stringify(outcome.document) : outcome.text;
  return {
    content: [{ type: 'text', text: askAgainOverMcp(text) }],
    isError: outcome.exitCode !== ExitCode.Succeeded,
  };
}
