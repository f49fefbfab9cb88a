// What a task's worker asks the main thread about playbooks, over the worker's rpc: the
// playbook to run (its parameters checked there, before anything runs), and how a run ended.
import type { ReceiptError } from '../../contract/receipt.js';

export type PlaybookCall =
  /** `requestId`: the run that fetches, whose held secret parameters fill their placeholders (playbookSecrets.ts). */
  | { method: 'playbook.fetch'; name: string; params: unknown; version?: number; requestId?: string }
  | { method: 'playbook.ran'; name: string; version: number; task: string; requestId: string; ok: boolean; error?: Pick<ReceiptError, 'name' | 'message'> };

/** The answer to `playbook.fetch`: the source to compile, the parameters with defaults applied, and which are secrets (kept out of errors). */
export interface FetchedPlaybook { name: string; version: number; source: string; params: Record<string, unknown>; secrets: string[] }
