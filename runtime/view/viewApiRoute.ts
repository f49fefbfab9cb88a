// The one route the live view adds to the Unix-socket API: `POST /v1/view` starts the view
// server if it is not running and answers its URL (with this runtime's token) and how many
// viewers are connected now.
import type { FastifyPluginAsync } from 'fastify';
import type { ViewServer } from './viewServer.js';

export const viewApiRoute = (view: ViewServer): FastifyPluginAsync => async app => {
  app.post('/v1/view', async (_req, reply) => reply.send({ url: await view.url(), viewers: view.viewers }));
};
