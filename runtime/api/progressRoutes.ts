// GET /v1/tasks/:task/receipts/:requestId/progress: what a program does while it runs, as
// newline-delimited JSON, for callers that show progress (the MCP server's notifications).
// One line per event: {"status": ...} first and on every change, {"console": entry} per
// console line, {"waitingFor": "person", ...} when the program hands a page to a person. The
// answer ends when the receipt is final (its last line names the final status), when the
// program starts waiting for a person (as the program's own answer does: receiptEnds.ts), or
// after `wait` seconds. It is news only: the receipt is read as always, and a
// caller that goes away changes nothing.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Service } from '../service.js';
import type { ProgressLine } from '../../contract/api.js';
import { Refusal } from '../../contract/errors.js';
import { isFinal } from '../../contract/receipt.js';
import type { OpenHandoff } from '../handoff/handoffs.js';
import { cappedSeconds, MAX_WAIT_S, PROGRESS_ROUTE } from './apiSchemas.js';

const DEFAULT_WAIT_S = 30;

export const progressRoutes = (service: Service): FastifyPluginAsync => async app => {
  app.get<{ Params: { task: string; requestId: string }; Querystring: { wait?: number } }>(
    '/v1/tasks/:task/receipts/:requestId/progress', { schema: PROGRESS_ROUTE }, async (req, reply) => {
      const { task, requestId } = req.params;
      const waitMs = cappedSeconds(req.query.wait, DEFAULT_WAIT_S, MAX_WAIT_S) * 1000;
      const lines = new PassThrough();
      const write = (line: ProgressLine): void => { if (!lines.writableEnded) lines.write(`${JSON.stringify(line)}\n`); };
      // Follow first, then read: an event between the two is seen twice at worst, never lost.
      const unfollowEvents = service.life.events.follow(task, requestId, event => {
        if (event.kind === 'started') write({ status: 'running' });
        else write({ console: event.entry });
      });
      const asked = (open: OpenHandoff): void => {
        if (open.task === task && open.requestId === requestId) write({ waitingFor: 'person', reason: open.reason, page: open.page });
      };
      service.handoffs.on('opened', asked);
      const unfollow = (): void => {
        unfollowEvents();
        service.handoffs.off('opened', asked);
      };
      const receipt = service.store.get(task, requestId);
      if (!receipt) {
        unfollow();
        throw new Refusal('UnknownRequest', 'missing', `No receipt for request id "${requestId}" in task "${task}".`);
      }
      const end = (): void => {
        unfollow();
        if (!lines.writableEnded) lines.end();
      };
      reply.raw.once('close', end);
      write({ status: receipt.status });
      const waiting = service.handoffs.waiting(task);
      if (waiting) asked(waiting);
      if (isFinal(receipt.status)) end();
      else {
        void service.life.waitFor(task, requestId, waitMs).then(latest => {
          if (latest && isFinal(latest.status)) write({ status: latest.status });
          end();
        }, end);
      }
      return reply.type('application/x-ndjson').send(lines);
    });
};
