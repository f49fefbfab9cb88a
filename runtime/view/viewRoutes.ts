// The view's routes, in encapsulated groups: the static page (view/ in the package), the
// exchange that gives a tab its session, the JSON API the page reads (receipts, program
// sources, files) with its two actions (release and close), and the event stream. ViewAccess
// has already passed every request here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Service } from '../service.js';
import { readArtifactFile } from '../../contract/artifactFile.js';
import { Refusal } from '../../contract/errors.js';
import { sendFailure } from '../api/apiFailure.js';
import { EVENTS_ROUTE, validationRefusal, VIEW_FILE_ROUTE, VIEW_RECEIPT_LIST_ROUTE, VIEW_RECEIPT_ROUTE, VIEW_SESSION_ROUTE, TASK_ROUTE } from '../api/apiSchemas.js';
import type { LiveFeed } from './liveFeed.js';
import { liveViewReceipt } from './viewModel.js';
import { setSecurityHeaders } from './securityHeaders.js';
import { SESSION_PATH } from './viewAccess.js';
import type { ViewSessions } from './viewSessions.js';

/** The view sends a file whole; a larger one (a long trace) is opened from its path instead. */
const VIEW_FILE_BYTES_CAP = 256 * 1024 * 1024;
/** view/ at the package root, from dist/runtime/view/. */
const VIEW_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'view');

/**
 * view/'s files by @fastify/static: `wildcard: false` makes one route per file there when the
 * view starts (nothing else under the folder, no path from the request reaches the disk), and
 * `/` is index.html. Caching stays off (`cacheControl: false`): every answer is `no-store` by
 * SECURITY_HEADERS, so a token-guarded page is never kept by the browser.
 */
export const staticRoutes = (): FastifyPluginAsync => async app => {
  await app.register(fastifyStatic, { root: VIEW_DIR, wildcard: false, index: 'index.html', dotfiles: 'deny', cacheControl: false, etag: false, lastModified: false });
};

/** The paths staticRoutes serves: `/` and each file of view/. They hold nothing of any task, so need no session. */
export function staticPaths(): Set<string> {
  return new Set(['/', ...fs.readdirSync(VIEW_DIR).filter(name => !name.startsWith('.')).map(name => `/${name}`)]);
}

/**
 * A tab's session for the token or a one-time code of its link's fragment (viewSessions.ts).
 * `onEnded` hears of a session a refusal ended (a one-time link used twice): its streams close.
 */
export const sessionRoutes = (sessions: ViewSessions, onEnded: (session: string) => void): FastifyPluginAsync => async app => {
  app.setErrorHandler((error, req, reply) => sendFailure(reply, validationRefusal(error, req) ?? error));
  app.post<{ Body: { token?: string; code?: string } }>(SESSION_PATH, { schema: VIEW_SESSION_ROUTE }, async (req, reply) => {
    const redeemed = sessions.redeem(req.body);
    if (redeemed.ok) return reply.send({ session: redeemed.session });
    if (redeemed.ended) onEnded(redeemed.ended);
    return reply.code(401).send({ error: { name: 'Unauthorized', message: redeemed.reason } });
  });
};

interface ReceiptParams { task: string; requestId: string }

export const apiRoutes = (service: Service): FastifyPluginAsync => async app => {
  app.setErrorHandler((error, req, reply) => sendFailure(reply, validationRefusal(error, req) ?? error));

  const receiptOf = (params: ReceiptParams) => {
    const receipt = service.store.get(params.task, params.requestId);
    if (!receipt) throw new Refusal('UnknownRequest', 'missing', `No receipt ${params.requestId} in task ${params.task} (expired, or never submitted).`);
    return receipt;
  };

  app.get<{ Params: { task: string }; Querystring: { limit?: number } }>('/api/tasks/:task/receipts', { schema: VIEW_RECEIPT_LIST_ROUTE }, async (req, reply) =>
    reply.send({ receipts: service.store.list(req.params.task, Math.min(req.query.limit ?? 30, 500)).map(liveViewReceipt) }));

  app.get<{ Params: ReceiptParams }>('/api/tasks/:task/receipts/:requestId', { schema: VIEW_RECEIPT_ROUTE }, async (req, reply) =>
    reply.send({ receipt: receiptOf(req.params) }));

  app.get<{ Params: ReceiptParams }>('/api/tasks/:task/receipts/:requestId/program', { schema: VIEW_RECEIPT_ROUTE }, async (req, reply) => {
    receiptOf(req.params);
    const source = service.store.programOf(req.params.task, req.params.requestId);
    if (source === undefined) throw new Refusal('UnknownRequest', 'missing', 'This receipt was stored before program sources were kept.');
    return reply.type('text/plain; charset=utf-8').send(source);
  });

  // A receipt's files by their place in `artifacts`: the view never takes a path from the
  // browser, and a path the receipt names is served only when it resolves (symlinks followed)
  // to a regular file inside the artifacts directory (contract/artifactFile.ts).
  app.get<{ Params: ReceiptParams & { index: number } }>('/api/tasks/:task/receipts/:requestId/files/:index', { schema: VIEW_FILE_ROUTE }, async (req, reply) => {
    const artifact = receiptOf(req.params).artifacts?.[req.params.index];
    if (!artifact) throw new Refusal('UnknownRequest', 'missing', `Receipt ${req.params.requestId} has no file ${req.params.index}.`);
    const root = await fs.promises.realpath(service.paths.artifacts).catch(() => path.resolve(service.paths.artifacts));
    const read = await readArtifactFile(artifact.path, root, VIEW_FILE_BYTES_CAP);
    if (!read.ok && read.reason === 'too-large')
      throw new Refusal('UnknownRequest', 'invalid', `The file ${path.basename(artifact.path)} is ${read.size} bytes, more than the view serves (${VIEW_FILE_BYTES_CAP}); open it at ${artifact.path}.`);
    if (!read.ok && read.reason === 'unreadable')
      throw new Refusal('UnknownRequest', 'missing', `The file ${path.basename(artifact.path)} is gone (expired or removed).`);
    if (!read.ok) throw new Refusal('UnknownRequest', 'missing', `Receipt ${req.params.requestId} has no file ${req.params.index}.`);
    const bytes = read.bytes;
    // Only images are shown inline; anything else is offered as a download, never rendered.
    const inline = artifact.mime === 'image/png' || artifact.mime === 'image/jpeg';
    return reply
      .type(inline ? artifact.mime : 'application/octet-stream')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${path.basename(artifact.path).replace(/"/g, '')}"`)
      .send(bytes);
  });

  // The view's only actions. Each is confirmed in the page; here they are what the CLI's
  // `release` and `close` are.
  app.post<{ Params: { task: string } }>('/api/tasks/:task/release', { schema: TASK_ROUTE }, async (req, reply) =>
    reply.send({ task: req.params.task, released: await service.release(req.params.task) }));

  app.post<{ Params: { task: string } }>('/api/tasks/:task/close', { schema: TASK_ROUTE }, async (req, reply) =>
    reply.send({ task: req.params.task, closed: await service.close(req.params.task) }));
};

export const eventRoutes = (feed: LiveFeed): FastifyPluginAsync => async app => {
  // `frames=0`: a view in a hidden tab, which needs the news (a task asks for a person) but no pictures.
  app.get<{ Querystring: { frames?: '0' | '1' } }>('/events', { schema: EVENTS_ROUTE }, async (req, reply) => {
    // Written by the feed itself, past fastify's onSend hook: the same headers as every route.
    setSecurityHeaders(reply.raw);
    reply.hijack();
    feed.add(reply.raw, { frames: req.query.frames !== '0', session: req.viewSession });
  });
};
