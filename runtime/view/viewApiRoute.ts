// The one route the live view adds to the Unix-socket API: `POST /v1/view` starts the view
// server if it is not running and answers its URL and how many viewers are connected now. The
// URL's fragment carries this runtime's token, or with `once` a one-time code (for a link
// handed to the desktop's opener, whose command line other users can read); `task=T` opens
// the view on a task when asked.
import type { FastifyPluginAsync } from 'fastify';
import type { ViewServer } from './viewServer.js';
import { VIEW_ROUTE } from '../api/apiSchemas.js';

export const viewApiRoute = (view: ViewServer): FastifyPluginAsync => async app => {
  app.post<{ Body: { task?: string; once?: boolean } | undefined }>('/v1/view', { schema: VIEW_ROUTE }, async (req, reply) => {
    const url = await view.url({ ...(req.body?.task !== undefined ? { task: req.body.task } : {}), once: req.body?.once === true });
    return reply.send({ url, viewers: view.viewers });
  });
};
