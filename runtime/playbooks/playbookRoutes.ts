// The playbook API (see API.md): save and import, list, show, and run one as a task's program.
// A fastify plugin; refusals (contract/errors.ts) go to the API's error handler.
import type { FastifyPluginAsync } from 'fastify';
import type { Receipt } from '../../contract/receipt.js';
import { summaryOf, type PlaybookLibrary } from './playbookLibrary.js';
import { splitSecrets } from './playbookSecrets.js';
import { parseReceiptViewMode, type ReceiptViewMode } from '../receipts/receiptView.js';
import { cappedSeconds, MAX_TIMER_S, MAX_WAIT_S, PLAYBOOK_LIST_ROUTE, PLAYBOOK_RUN_ROUTE, PLAYBOOK_SAVE_ROUTE } from '../api/apiSchemas.js';
import type { PlaybookListReply, PlaybookRunReply, PlaybookRunRequest, PlaybookSaveReply, PlaybookSaveRequest, PlaybookShowReply, PlaybookSourcesReply } from '../../contract/playbookApi.js';

/** What the routes need from the runtime: the library, and a program's life's submit, wait and answer (programs/programLife.ts). */
export interface PlaybookRouteDeps {
  playbooks: PlaybookLibrary;
  life: {
    submit(submission: { task: string; requestId: string; program: string; timeoutS: number; page?: number; isolated?: boolean; maxInline?: number }): { receipt: Receipt; created: boolean };
    waitFor(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined>;
    /** The program registered under this request id, if any. */
    programOf(task: string, requestId: string): string | undefined;
    answer(receipt: Receipt, view: ReceiptViewMode, replayed?: boolean): Receipt | Partial<Receipt>;
  };
  /** Resolves once the receipt is final (a run's held secrets are then forgotten). */
  ended(task: string, requestId: string): Promise<void>;
}

/**
 * The program a `playbook run` submits: one call, the version pinned, so the receipt's program
 * (and its request id's idempotency) is exactly this playbook version with these parameters
 * (a secret one as its placeholder: playbookSecrets.ts).
 */
export function playbookRunProgram(name: string, version: number, params: unknown): string {
  return `return await playbooks.run(${JSON.stringify(name)}, ${JSON.stringify(params ?? {})}, { version: ${version} });\n`;
}

/**
 * The playbook version a stored program ran, when it is exactly `playbookRunProgram` of this
 * name and these parameters at that version (so resubmitting it finds the stored receipt).
 */
function pinnedRun(stored: string | undefined, name: string, params: unknown, library: PlaybookLibrary): { name: string; version: number } | undefined {
  const version = stored === undefined ? undefined : Number(/\{ version: (\d+) \}\);\s*$/.exec(stored)?.[1]);
  if (version === undefined || !Number.isInteger(version)) return undefined;
  const declared = library.store.version(name, version)?.frontMatter.params ?? [];
  return stored!.trim() === playbookRunProgram(name, version, splitSecrets(declared, params).stored).trim() ? { name, version } : undefined;
}

export const playbookRoutes = (deps: PlaybookRouteDeps): FastifyPluginAsync => async app => {
  app.post<{ Body: PlaybookSaveRequest }>('/v1/playbooks', { schema: PLAYBOOK_SAVE_ROUTE }, async (req, reply) => {
    const answer: PlaybookSaveReply = { saved: deps.playbooks.save(req.body.playbooks) };
    return reply.send(answer);
  });

  app.get<{ Querystring: { site?: string; source?: '1' } }>('/v1/playbooks', { schema: PLAYBOOK_LIST_ROUTE }, async (req, reply) => {
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

  app.post<{ Params: { task: string; name: string }; Querystring: { wait?: number; view?: ReceiptViewMode }; Body: PlaybookRunRequest }>(
    '/v1/tasks/:task/playbooks/:name', { schema: PLAYBOOK_RUN_ROUTE }, async (req, reply) => {
    const body = req.body;
    const waitMs = cappedSeconds(req.query.wait, 0, MAX_WAIT_S) * 1000;
    const view = parseReceiptViewMode(req.query.view);
    // A request id always answers with its own receipt: one registered for this playbook and
    // these parameters under an earlier version is that version's run, whatever was saved since.
    const earlier = pinnedRun(deps.life.programOf(req.params.task, body.requestId), req.params.name, body.params, deps.playbooks);
    // Checked before anything is registered or queued: bad parameters leave no receipt behind.
    const playbook = earlier ?? deps.playbooks.prepare(req.params.name, body.params).playbook;
    const declared = deps.playbooks.store.version(playbook.name, playbook.version)?.frontMatter.params ?? [];
    // A secret's value is never part of the stored program: held in memory for this run only.
    const { stored, secrets } = splitSecrets(declared, body.params);
    const { receipt, created } = deps.life.submit({
      task: req.params.task,
      requestId: body.requestId,
      program: playbookRunProgram(playbook.name, playbook.version, stored),
      timeoutS: cappedSeconds(body.timeoutS, 300, MAX_TIMER_S),
      ...(body.page !== undefined ? { page: body.page } : {}),
      ...(body.isolated ? { isolated: true } : {}),
      ...(body.maxInline !== undefined ? { maxInline: body.maxInline } : {}),
    });
    // Held before the program can start (a worker fetches the playbook only once it runs), and
    // only for a new run: a request id run before keeps its own run's values, never these.
    if (created) {
      deps.playbooks.secrets.hold(receipt.task, receipt.requestId, secrets);
      void deps.ended(receipt.task, receipt.requestId).finally(() => deps.playbooks.secrets.forget(receipt.task, receipt.requestId));
    }
    const final = await deps.life.waitFor(receipt.task, receipt.requestId, waitMs) ?? receipt;
    const answer: PlaybookRunReply = { receipt: deps.life.answer(final, view, !created), created, playbook: { name: playbook.name, version: playbook.version } };
    return reply.send(answer);
  });
};
