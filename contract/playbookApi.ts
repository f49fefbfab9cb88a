// The playbook routes of the runtime's API as types (runtime/API.md says them in prose).
import type { Receipt } from './receipt.js';

export type { PlaybookRunRequest, PlaybookSaveRequest } from './requestSchemas.js';
export interface PlaybookSaveReply { saved: { name: string; version: number; created: boolean; origin?: string }[] }

export interface PlaybookRun { at: string; task: string; requestId: string; error?: { name: string; message: string } }

/** What `list` shows of each playbook's latest version. */
export interface PlaybookSummary {
  name: string;
  description: string;
  /** One line: `date: string (e.g. "2026-12-24"), guests?: integer = 2 (e.g. 4)`. */
  params: string;
  status: 'untried' | 'verified' | 'failing';
  lastRun?: PlaybookRun;
  version: number;
  sites: string[];
}
/** GET /v1/playbooks?site=URL|HOST */
export interface PlaybookListReply { playbooks: PlaybookSummary[] }
/** GET /v1/playbooks?source=1 (for export) */
export interface PlaybookSourcesReply { playbooks: { name: string; version: number; source: string }[] }

/** GET /v1/playbooks/:name */
export interface PlaybookShowReply {
  playbook: PlaybookSummary & {
    returns: string;
    parameters: { name: string; type: string; required: boolean; default?: unknown; description: string; example: unknown }[];
    origin?: string;
    savedAt: string;
    source: string;
    lastVerified?: PlaybookRun;
    versions: { version: number; savedAt: string; status: PlaybookSummary['status'] }[];
  };
}

export interface PlaybookRunReply { receipt: Receipt | Partial<Receipt>; created: boolean; playbook: { name: string; version: number } }

/** One parameter that did not fit, in a PlaybookParamsError's `problems`. */
export interface ParameterProblem { parameter: string; expected: string; message: string }
