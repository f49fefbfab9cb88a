// The one route the live view adds to the Unix-socket API: `POST /v1/view` starts the view
// server if it is not running and answers its URL (with this runtime's token, and `task=T`
// to open on a task when asked) and how many viewers are connected now.
import type { FastifyPluginAsync } from 'fastify';
import type { ViewServer } from './viewServer.js';
import { VIEW_ROUTE } from '../apiSchemas.js';

export const viewApiRoute = (view: ViewServer): FastifyPluginAsync => async app => {
  app.post<{ Body: { task?: string } | undefined }>('/v1/view', { schema: VIEW_ROUTE }, async (req, reply) => {
    const url = new URL(await view.url());
    if (req.body?.task !== undefined) url.searchParams.set('task', req.body.task);
    return reply.send({ url: url.toString(), viewers: view.viewers });
  });
};
