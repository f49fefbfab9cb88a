// The playbook API (see API.md): save and import, list, show, and run one as a task's program.
// A fastify plugin; refusals (contract/errors.ts) go to the API's error handler.
import type { FastifyPluginAsync } from 'fastify';
import type { Receipt } from '../../contract/receipt.js';
import { summaryOf, type PlaybookLibrary } from './playbookLibrary.js';
import { parseReceiptView, type ReceiptView } from '../receiptView.js';
import { Refusal } from '../../contract/errors.js';
import { LONGEST_TIMER_MS } from '../../contract/submissionLimits.js';
import type { PlaybookListReply, PlaybookRunReply, PlaybookRunRequest, PlaybookSaveReply, PlaybookSaveRequest, PlaybookShowReply, PlaybookSourcesReply } from '../../contract/playbookApi.js';

/** What the routes need from the runtime: the library, and the task table's submit, wait and answer. */
export interface PlaybookRouteDeps {
  playbooks: PlaybookLibrary;
  tasks: {
    submit(submission: { task: string; requestId: string; program: string; timeoutS: number; page?: number; isolated?: boolean; maxInline?: number }): { receipt: Receipt; created: boolean };
    waitFor(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined>;
    answer(receipt: Receipt, view: ReceiptView, replayed?: boolean): Receipt | Partial<Receipt>;
  };
}

/** The longest one answer is held open, as for programs. */
const MAX_WAIT_S = 3600;
const MAX_TIMER_S = Math.floor(LONGEST_TIMER_MS / 1000);

function waitSeconds(value: unknown): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Refusal('UsageError', 'invalid', `Invalid number of seconds: ${JSON.stringify(value)}`);
  return Math.min(n, MAX_WAIT_S);
}

/**
 * The program a `playbook run` submits: one call, the version pinned, so the receipt's program
 * (and its request id's idempotency) is exactly this playbook version with these parameters.
 */
export function playbookRunProgram(name: string, version: number, params: unknown): string {
  return `return await playbooks.run(${JSON.stringify(name)}, ${JSON.stringify(params ?? {})}, { version: ${version} });\n`;
}

const SAVE_SCHEMA = {
  body: {
    type: 'object', required: ['playbooks'],
    properties: { playbooks: { type: 'array', minItems: 1, items: { type: 'object', required: ['source'], properties: { source: { type: 'string' }, origin: { type: 'string' } } } } },
  },
} as const;

export const playbookRoutes = (deps: PlaybookRouteDeps): FastifyPluginAsync => async app => {
  app.post<{ Body: PlaybookSaveRequest }>('/v1/playbooks', { schema: SAVE_SCHEMA }, async (req, reply) => {
    const answer: PlaybookSaveReply = { saved: deps.playbooks.save(req.body.playbooks) };
    return reply.send(answer);
  });

  app.get<{ Querystring: { site?: string; source?: string } }>('/v1/playbooks', async (req, reply) => {
    if (req.query.source === '1') {
      // For export: every playbook's latest source, as saved.
      const sources: PlaybookSourcesReply = { playbooks: deps.playbooks.store.all().map(p => ({ name: p.name, version: p.version, source: p.source })) };
      return reply.send(sources);
    }
    const answer: PlaybookListReply = { playbooks: deps.playbooks.list(req.query.site) };
    return reply.send(answer);
  });

  app.get<{ Params: { name: string } }>('/v1/playbooks/:name', async (req, reply) => {
    const playbook = deps.playbooks.require(req.params.name);
    const { frontMatter, source, origin, savedAt, state } = playbook;
    const answer: PlaybookShowReply = {
      playbook: {
        ...summaryOf(playbook), ...state, returns: frontMatter.returns,
        parameters: frontMatter.params.map(p => ({ name: p.name, type: p.typeText, required: !p.optional, ...(p.default !== undefined ? { default: p.default } : {}), description: p.description, example: p.example })),
        ...(origin ? { origin } : {}), savedAt, source,
        versions: deps.playbooks.store.versions(playbook.name).map(v => ({ version: v.version, savedAt: v.savedAt, status: v.state.status })),
      },
    };
    return reply.send(answer);
  });

  app.post<{ Params: { task: string; name: string }; Querystring: { wait?: string; view?: string }; Body: PlaybookRunRequest }>('/v1/tasks/:task/playbooks/:name', async (req, reply) => {
    const body = req.body ?? ({} as PlaybookRunRequest);
    const waitMs = waitSeconds(req.query.wait) * 1000;
    const view = parseReceiptView(req.query.view);
    // Checked before anything is registered or queued: bad parameters leave no receipt behind.
    const { playbook } = deps.playbooks.prepare(req.params.name, body.params);
    const { receipt, created } = deps.tasks.submit({
      task: req.params.task,
      requestId: body.requestId,
      program: playbookRunProgram(playbook.name, playbook.version, body.params),
      timeoutS: body.timeoutS === undefined ? 300 : Math.min(Math.max(Number(body.timeoutS) || 0, 0), MAX_TIMER_S),
      ...(body.page !== undefined ? { page: Number(body.page) } : {}),
      ...(body.isolated ? { isolated: true } : {}),
      ...(body.maxInline !== undefined ? { maxInline: Number(body.maxInline) } : {}),
    });
    const final = await deps.tasks.waitFor(receipt.task, receipt.requestId, waitMs) ?? receipt;
    const answer: PlaybookRunReply = { receipt: deps.tasks.answer(final, view, !created), created, playbook: { name: playbook.name, version: playbook.version } };
    return reply.send(answer);
  });
};
