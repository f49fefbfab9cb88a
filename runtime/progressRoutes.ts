// GET /v1/tasks/:task/receipts/:requestId/progress: what a program does while it runs, as
// newline-delimited JSON, for callers that show progress (the MCP server's notifications).
// One line per event: {"status": ...} first and on every change, {"console": entry} per
// console line. The answer ends when the receipt is final (its last line names the final
// status) or after `wait` seconds. It is news only: the receipt is read as always, and a
// caller that goes away changes nothing.
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Service } from './service.js';
import type { ProgressLine } from '../contract/api.js';
import { Refusal } from '../contract/errors.js';
import { isFinal } from '../contract/receipt.js';
import { invalidName } from '../contract/submissionLimits.js';

const DEFAULT_WAIT_S = 30;
/** The same bound as the receipt's long poll: a caller that wants longer asks again. */
const MAX_WAIT_S = 3600;

function waitSeconds(value: string | undefined): number {
  if (value === undefined) return DEFAULT_WAIT_S;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Refusal('UsageError', 'invalid', `Invalid number of seconds: ${JSON.stringify(value)}`);
  return Math.min(n, MAX_WAIT_S);
}

export const progressRoutes = (service: Service): FastifyPluginAsync => async app => {
  app.get<{ Params: { task: string; requestId: string }; Querystring: { wait?: string } }>(
    '/v1/tasks/:task/receipts/:requestId/progress', async (req, reply) => {
      const { task, requestId } = req.params;
      const problem = invalidName('task name', task) ?? invalidName('request id', requestId);
      if (problem) throw new Refusal('UsageError', 'invalid', problem);
      const waitMs = waitSeconds(req.query.wait) * 1000;
      const lines = new PassThrough();
      const write = (line: ProgressLine): void => { if (!lines.writableEnded) lines.write(`${JSON.stringify(line)}\n`); };
      // Follow first, then read: an event between the two is seen twice at worst, never lost.
      const unfollow = service.tasks.events.follow(task, requestId, event => {
        if (event.kind === 'started') write({ status: 'running' });
        else write({ console: event.entry });
      });
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
      if (isFinal(receipt.status)) end();
      else {
        void service.tasks.waitFor(task, requestId, waitMs).then(latest => {
          if (latest && isFinal(latest.status)) write({ status: latest.status });
          end();
        }, end);
      }
      return reply.type('application/x-ndjson').send(lines);
    });
};
