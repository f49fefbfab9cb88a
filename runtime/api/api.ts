// The runtime's HTTP API (see API.md), as fastify route plugins on the Unix socket.
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { Service } from '../service.js';
import { storageErrorOf } from '../receipts/storageFailure.js';
import { Refusal } from '../../contract/errors.js';
import { sendFailure } from './apiFailure.js';
import { CLI_ANSWER_PATH_SUFFIX, VERSION_HEADER, type ProgramReply, type ProgramRequest, type ReceiptReply, type StatusReply, type TaskSummary, type TasksReply } from '../../contract/api.js';
import { parseReceiptViewMode, type ReceiptViewMode } from '../receipts/receiptView.js';
import { isFinal } from '../../contract/receipt.js';
import {
  ADOPT_ROUTE, cappedSeconds, MAX_TIMER_S, MAX_WAIT_S, PAGES_ROUTE, PROGRAM_ROUTE, RECEIPT_LIST_ROUTE, RECEIPT_ROUTE, TASK_ROUTE, validationRefusal,
} from './apiSchemas.js';
import { playbookRoutes } from '../playbooks/playbookRoutes.js';
import { renderCliAnswer } from './cliAnswer.js';
import { progressRoutes } from './progressRoutes.js';
import { waitingHandoff } from '../handoff/handoffs.js';

/** The largest request body the API reads (main.ts gives fastify the same number). */
export const BODY_LIMIT_MIB = 4;

/** A program's answer: how long to wait for the receipt, and in which view (PROGRAM_ROUTE, RECEIPT_ROUTE). */
type AnswerQuery = { wait?: number; view?: ReceiptViewMode };

const programRoutes = (service: Service): FastifyPluginAsync => async app => {
  // A CLI that skipped GET /v1/status names its version; another version is told before anything is registered.
  app.addHook('onRequest', async req => {
    const version = req.headers[VERSION_HEADER];
    if (version === undefined || version === service.options.version) return;
    throw new Refusal('VersionMismatch', 'conflict',
      `This runtime is version ${service.options.version}, the CLI is ${String(version)}: nothing was registered. Submit again without the ${VERSION_HEADER} header, or stop the runtime (\`tabwright runtime stop\`) to start the CLI's version.`,
      { runtimeVersion: service.options.version });
  });
  // The route's types are its schemas' (contract/requestSchemas.ts): one handler serves two routes.
  type ProgramPost = { Params: Static<typeof PROGRAM_ROUTE.params>; Querystring: Static<typeof PROGRAM_ROUTE.querystring>; Body: ProgramRequest };
  const submitProgram = async (req: FastifyRequest<ProgramPost>, reply: FastifyReply): Promise<FastifyReply> => {
    const body = req.body;
    const { receipt, created } = service.life.submit({
      task: req.params.task,
      requestId: body.requestId,
      program: body.program,
      timeoutS: cappedSeconds(body.timeoutS, 300, MAX_TIMER_S),
      ...(body.page !== undefined ? { page: body.page } : {}),
      ...(body.isolated ? { isolated: true } : {}),
      ...(body.maxInline !== undefined ? { maxInline: body.maxInline } : {}),
      ...(body.trace || body.har ? { debug: { ...(body.trace ? { trace: true } : {}), ...(body.har ? { har: true } : {}), ...(body.keepSecrets ? { keepSecrets: true } : {}) } } : {}),
    });
    // `run --close`: the task closes once this receipt is final (never for a replay: the first submission decided).
    const closed = body.close && created ? service.closeAfter(receipt.task, receipt.requestId) : undefined;
    const final = await service.life.waitFor(receipt.task, receipt.requestId, cappedSeconds(req.query.wait, 0, MAX_WAIT_S) * 1000) ?? receipt;
    // Answered after the close when the program is final: the caller's next command finds the task gone, not closing.
    if (closed && isFinal(final.status)) await closed;
    const answer: ProgramReply = { receipt: service.life.answer(final, parseReceiptViewMode(req.query.view), !created), created };
    return reply.send(answer);
  };
  app.post<ProgramPost>('/v1/tasks/:task/programs', { schema: PROGRAM_ROUTE }, submitProgram);
  // The same submission, answered with what `tabwright run` prints (the native client's route).
  app.post<ProgramPost>(`/v1/tasks/:task${CLI_ANSWER_PATH_SUFFIX}`, { schema: PROGRAM_ROUTE, onSend: renderCliAnswer }, submitProgram);

  app.get<{ Params: { task: string; requestId: string }; Querystring: AnswerQuery }>('/v1/tasks/:task/receipts/:requestId', { schema: RECEIPT_ROUTE }, async (req, reply) => {
    const receipt = await service.life.waitFor(req.params.task, req.params.requestId, cappedSeconds(req.query.wait, 0, MAX_WAIT_S) * 1000);
    if (!receipt)
      throw new Refusal('UnknownRequest', 'missing',
        `No receipt for request id "${req.params.requestId}" in task "${req.params.task}": it was never submitted, or it expired (receipts are kept ${service.options.receiptDays} days). List receipts with \`tabwright receipts --task ${req.params.task}\`.`);
    // The same view as the program's own answer (a caller that waited apart, e.g. to follow progress).
    const answer: ReceiptReply = { receipt: service.life.answer(receipt, parseReceiptViewMode(req.query.view)) };
    return reply.send(answer);
  });

  app.get<{ Params: { task: string }; Querystring: { limit?: number } }>('/v1/tasks/:task/receipts', { schema: RECEIPT_LIST_ROUTE }, async (req, reply) =>
    reply.send({ receipts: service.store.list(req.params.task, Math.min(req.query.limit ?? 20, 1000)) }));
};

const taskRoutes = (service: Service): FastifyPluginAsync => async app => {
  app.get('/v1/tasks', async (_req, reply) => {
    const now = Date.now();
    const tasks = service.tasks.all().map((task): TaskSummary => {
      const handoff = service.handoffs.waiting(task.name);
      return {
        name: task.name,
        state: task.active ? 'active' : 'idle',
        isolated: task.isolated,
        pages: service.pages({ task: task.name }).map(p => ({ id: p.id, url: p.url, title: p.title })),
        selectedPage: task.selectedPage,
        running: task.running?.receipt.requestId ?? null,
        queued: task.queued,
        idleMs: task.running ? 0 : now - task.lastActivity,
        // A program waiting for a person: the agent sees who is asked for what.
        ...(handoff ? { waitingFor: 'person' as const, handoff: waitingHandoff(handoff) } : {}),
      };
    });
    return reply.send({ tasks } satisfies TasksReply);
  });
};

const pageRoutes = (service: Service): FastifyPluginAsync => async app => {
  const shown = (p: { id: number; url: string; title: string; task: string | null; openerId?: number }) =>
    ({ id: p.id, url: p.url, title: p.title, task: p.task, ...(p.openerId ? { opener: p.openerId } : {}) });

  app.get<{ Querystring: { task?: string; all?: string } }>('/v1/pages', { schema: PAGES_ROUTE }, async (req, reply) => {
    const pages = await service.listedPages({ ...(req.query.task ? { task: req.query.task } : {}), all: req.query.all === '1' || req.query.all === 'true' });
    return reply.send({ pages: pages.map(shown) });
  });

  // Typed from its schemas by the TypeBox type provider: req.params.task, req.body.page.
  app.withTypeProvider<TypeBoxTypeProvider>().post('/v1/tasks/:task/adopt', { schema: ADOPT_ROUTE }, async (req, reply) => {
    const page = service.adopt(req.params.task, req.body.page);
    return reply.send({ task: req.params.task, page: shown(page) });
  });

  app.post<{ Params: { task: string } }>('/v1/tasks/:task/release', { schema: TASK_ROUTE }, async (req, reply) =>
    reply.send({ task: req.params.task, released: await service.release(req.params.task) }));

  app.post<{ Params: { task: string } }>('/v1/tasks/:task/close', { schema: TASK_ROUTE }, async (req, reply) =>
    reply.send({ task: req.params.task, closed: await service.close(req.params.task) }));

  app.get<{ Params: { task: string } }>('/v1/tasks/:task/endpoint', { schema: TASK_ROUTE }, async (req, reply) =>
    reply.send({ task: req.params.task, endpoint: await service.endpoint(req.params.task) }));
};

const runtimeRoutes = (service: Service, stop: () => void): FastifyPluginAsync => async app => {
  app.get('/v1/status', async (_req, reply) => reply.send({
    version: service.options.version,
    pid: process.pid,
    startedAt: service.startedAt.toISOString(),
    home: service.paths.home,
    browser: service.browserInfo,
    activeTasks: service.tasks.activeTasks().length,
    maxTasks: service.options.maxTasks,
    policy: service.policy,
  } satisfies StatusReply));

  app.post('/v1/runtime/stop', async (_req, reply) => {
    // The reply is written first; the stop follows whether or not the caller is still there.
    reply.raw.once('finish', stop);
    reply.raw.once('close', stop);
    return reply.send({ stopping: true });
  });
};

export async function registerApi(app: FastifyInstance, service: Service, stop: () => void): Promise<void> {
  app.setErrorHandler((error, req, reply) => {
    if (error instanceof Refusal) return sendFailure(reply, error);
    const invalid = validationRefusal(error, req);
    if (invalid) return sendFailure(reply, invalid);
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413)
      return reply.code(413).send({ error: { name: 'UsageError', message: `The request body is over the API's ${BODY_LIMIT_MIB} MiB limit (a program may be at most 1 MiB): nothing was registered. Submit a smaller program.` } });
    // Fastify's own refusals (malformed JSON, a wrong content type, ...): the caller's input, worded by fastify.
    if (status !== undefined && status >= 400 && status < 500) return reply.code(status).send({ error: { name: 'UsageError', message: (error as Error).message } });
    const storage = storageErrorOf(error, service.paths.db);
    if (storage) return reply.code(500).send({ error: { name: 'RuntimeError', message: storage.message, storage: storage.problem, file: storage.file } });
    return sendFailure(reply, error);
  });
  await app.register(programRoutes(service));
  await app.register(progressRoutes(service));
  await app.register(taskRoutes(service));
  await app.register(pageRoutes(service));
  await app.register(runtimeRoutes(service, stop));
  await app.register(playbookRoutes({ playbooks: service.playbooks, life: service.life, ended: (task, requestId) => service.ends.ended(task, requestId) }));
}
