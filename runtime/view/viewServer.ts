// The live view's HTTP server: a second fastify instance, on TCP loopback, started the first
// time someone asks for the view (`tabwright view`), so a runtime nobody watches pays nothing
// for it. Every request passes ViewAccess first (Host, Origin, token); the route groups are
// encapsulated plugins under that one guard.
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Service } from '../service.js';
import fastifyCookie from '@fastify/cookie';
import { VIEW_COOKIE_OPTIONS, ViewAccess } from './viewAccess.js';
import { Screencasts } from './screencasts.js';
import { LiveFeed } from './liveFeed.js';
import { apiRoutes, eventRoutes, staticRoutes } from './viewRoutes.js';
import { SECURITY_HEADERS } from './securityHeaders.js';
import { handoffRoutes } from './handoffRoutes.js';
import { pageAskRoutes } from './pageAskRoutes.js';
import { recordingRoutes } from './recordingRoutes.js';
import { API_SCHEMA_COMPILER } from '../apiSchemas.js';
import type { OpenHandoff } from '../handoffs.js';

export class ViewServer {
  private app?: FastifyInstance;
  private access?: ViewAccess;
  private feed?: LiveFeed;
  private screencasts?: Screencasts;
  private starting?: Promise<string>;
  /** A page a person works on is cast large and quick while they do. */
  private readonly onHandoffOpened = (open: OpenHandoff) => this.screencasts?.setInteractive(open.targetId, true);
  private readonly onHandoffEnded = (open: OpenHandoff) => this.screencasts?.setInteractive(open.targetId, false);

  constructor(private readonly service: Service) {}

  /** The view's URL with its token, starting the server on first use. */
  url(): Promise<string> {
    this.starting ??= this.start().catch(error => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  /** How many viewers are connected now (the bench and status read it). */
  get viewers(): number {
    return this.feed?.viewerCount ?? 0;
  }

  private async start(): Promise<string> {
    const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 16 * 1024, ajv: API_SCHEMA_COMPILER });
    const screencasts = new Screencasts(this.service.pageSessions);
    const feed = new LiveFeed(this.service, screencasts);
    // Reads the request's cookies (req.cookies) before the access check, and sets the view's.
    await app.register(fastifyCookie);
    app.addHook('onRequest', async (req, reply) => {
      const access = this.access;
      if (!access) return reply.code(503).send({ error: { name: 'Starting', message: 'The view is starting; try again.' } });
      const verdict = access.judge({ method: req.method, url: req.url, host: req.headers.host, origin: req.headers.origin, cookie: req.cookies[access.cookieName] });
      switch (verdict.kind) {
        case 'allowed':
          return;
        case 'adopt-token':
          return reply.code(303).setCookie(access.cookieName, access.token, VIEW_COOKIE_OPTIONS).header('location', verdict.location).headers(SECURITY_HEADERS).send();
        case 'refused':
          return reply.code(verdict.statusCode).headers(SECURITY_HEADERS).send({ error: { name: verdict.statusCode === 401 ? 'Unauthorized' : 'Forbidden', message: verdict.reason } });
      }
    });
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.headers(SECURITY_HEADERS);
      return payload;
    });
    await app.register(staticRoutes());
    await app.register(apiRoutes(this.service));
    await app.register(eventRoutes(feed));
    await app.register(handoffRoutes(this.service, screencasts));
    await app.register(pageAskRoutes(this.service));
    await app.register(recordingRoutes(this.service));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    this.access = new ViewAccess(port);
    this.app = app;
    this.feed = feed;
    this.screencasts = screencasts;
    for (const open of this.service.handoffs.all()) screencasts.setInteractive(open.targetId, true);
    this.service.handoffs.on('opened', this.onHandoffOpened);
    this.service.handoffs.on('ended', this.onHandoffEnded);
    return `http://127.0.0.1:${port}/?token=${this.access.token}`;
  }

  async close(): Promise<void> {
    this.service.handoffs.off('opened', this.onHandoffOpened);
    this.service.handoffs.off('ended', this.onHandoffEnded);
    this.feed?.closeAll();
    this.screencasts?.dispose();
    await this.app?.close();
  }
}
