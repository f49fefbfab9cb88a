// The live view's HTTP server: a second fastify instance, on TCP loopback, started the first
// time someone asks for the view (`tabwright view`), so a runtime nobody watches pays nothing
// for it. Every request passes ViewAccess first (Host, Origin, session); the route groups are
// encapsulated plugins under that one guard.
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { Service } from '../service.js';
import { ViewAccess } from './viewAccess.js';
import { ViewSessions } from './viewSessions.js';
import { Screencasts } from './screencasts.js';
import { LiveFeed } from './liveFeed.js';
import { apiRoutes, eventRoutes, sessionRoutes, staticPaths, staticRoutes } from './viewRoutes.js';
import { SECURITY_HEADERS } from './securityHeaders.js';
import { handoffRoutes } from './handoffRoutes.js';
import { pageAskRoutes } from './pageAskRoutes.js';
import { recordingRoutes } from './recordingRoutes.js';
import { API_SCHEMA_COMPILER } from '../api/apiSchemas.js';
import type { OpenHandoff } from '../handoff/handoffs.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session the request proved it holds (ViewAccess); none on the open routes. */
    viewSession?: string;
  }
}

/** Where the view listens, once it does. */
interface Listening { origin: string; sessions: ViewSessions }

export class ViewServer {
  private app?: FastifyInstance;
  private access?: ViewAccess;
  private feed?: LiveFeed;
  private screencasts?: Screencasts;
  private starting?: Promise<Listening>;
  /** A page a person works on is cast large and quick while they do. */
  private readonly onHandoffOpened = (open: OpenHandoff) => this.screencasts?.setInteractive(open.targetId, true);
  private readonly onHandoffEnded = (open: OpenHandoff) => this.screencasts?.setInteractive(open.targetId, false);

  constructor(private readonly service: Service) {}

  /**
   * The view's URL, starting the server on first use: with the runtime's token in its fragment,
   * or with `once`, a one-time code instead (a link handed to another program's command line).
   */
  async url(options: { task?: string; once?: boolean } = {}): Promise<string> {
    this.starting ??= this.start().catch(error => {
      this.starting = undefined;
      throw error;
    });
    const { origin, sessions } = await this.starting;
    const url = new URL('/', origin);
    if (options.task !== undefined) url.searchParams.set('task', options.task);
    url.hash = new URLSearchParams(options.once ? { code: sessions.oneTimeCode() } : { token: sessions.token }).toString();
    return url.toString();
  }

  /** How many viewers are connected now (the bench and status read it). */
  get viewers(): number {
    return this.feed?.viewerCount ?? 0;
  }

  private async start(): Promise<Listening> {
    const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 16 * 1024, ajv: API_SCHEMA_COMPILER });
    const screencasts = new Screencasts(this.service.pageSessions);
    const feed = new LiveFeed(this.service, screencasts);
    const sessions = new ViewSessions();
    app.decorateRequest('viewSession', undefined);
    app.addHook('onRequest', async (req, reply) => {
      const access = this.access;
      if (!access) return reply.code(503).send({ error: { name: 'Starting', message: 'The view is starting; try again.' } });
      const verdict = access.judge({ method: req.method, url: req.url, host: req.headers.host, origin: req.headers.origin, authorization: req.headers.authorization });
      switch (verdict.kind) {
        case 'allowed':
          req.viewSession = verdict.session;
          return;
        case 'refused':
          return reply.code(verdict.statusCode).headers(SECURITY_HEADERS).send({ error: { name: verdict.statusCode === 401 ? 'Unauthorized' : 'Forbidden', message: verdict.reason } });
      }
    });
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.headers(SECURITY_HEADERS);
      return payload;
    });
    await app.register(staticRoutes());
    await app.register(sessionRoutes(sessions, ended => feed.closeSession(ended)));
    await app.register(apiRoutes(this.service));
    await app.register(eventRoutes(feed));
    await app.register(handoffRoutes(this.service, screencasts));
    await app.register(pageAskRoutes(this.service));
    await app.register(recordingRoutes(this.service));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    this.access = new ViewAccess(port, staticPaths(), session => sessions.holds(session));
    this.app = app;
    this.feed = feed;
    this.screencasts = screencasts;
    for (const open of this.service.handoffs.all()) screencasts.setInteractive(open.targetId, true);
    this.service.handoffs.on('opened', this.onHandoffOpened);
    this.service.handoffs.on('ended', this.onHandoffEnded);
    return { origin: `http://127.0.0.1:${port}`, sessions };
  }

  async close(): Promise<void> {
    this.service.handoffs.off('opened', this.onHandoffOpened);
    this.service.handoffs.off('ended', this.onHandoffEnded);
    this.feed?.closeAll();
    this.screencasts?.dispose();
    await this.app?.close();
  }
}
