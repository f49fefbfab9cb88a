// Real pages for the tests, served on loopback only. Each test file starts one and closes
// it in `after`; the server is unref'd so a forgotten one cannot keep the process alive.
import http from 'node:http';
import fs from 'node:fs';
import nodePath from 'node:path';
import type { AddressInfo } from 'node:net';

export type RouteHandler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void | Promise<void>;

export class FixtureServer {
  private readonly server: http.Server;
  private readonly routes = new Map<string, RouteHandler>();
  /** URL prefix -> folder served under it (files()). */
  private readonly folders = new Map<string, string>();
  /** Every request seen, in order: "METHOD /path". */
  readonly requests: string[] = [];
  port = 0;

  constructor() {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', chunk => { body += chunk; });
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        this.requests.push(`${req.method} ${path}`);
        const handler = this.routes.get(path) ?? this.folderFor(path);
        if (!handler) {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
          return;
        }
        Promise.resolve(handler(req, res, body)).catch(error => {
          if (!res.headersSent) res.writeHead(500);
          res.end(String(error));
        });
      });
    });
    this.server.unref();
  }

  static async start(): Promise<FixtureServer> {
    const server = new FixtureServer();
    await new Promise<void>(resolve => server.server.listen(0, '127.0.0.1', resolve));
    server.port = (server.server.address() as AddressInfo).port;
    return server;
  }

  /** http://127.0.0.1:PORT */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Same server under another site name (localhost), for cross-site (OOPIF) tests. */
  get crossOrigin(): string {
    return `http://localhost:${this.port}`;
  }

  url(path: string): string {
    return `${this.origin}${path}`;
  }

  route(path: string, handler: RouteHandler): this {
    this.routes.set(path, handler);
    return this;
  }

  /** Serves the files under `dir` at `prefix` + their relative path (a widget library from node_modules). */
  files(prefix: string, dir: string): this {
    this.folders.set(prefix.endsWith('/') ? prefix : `${prefix}/`, nodePath.resolve(dir));
    return this;
  }

  private folderFor(path: string): RouteHandler | undefined {
    for (const [prefix, dir] of this.folders) {
      if (!path.startsWith(prefix)) continue;
      const file = nodePath.resolve(dir, decodeURIComponent(path.slice(prefix.length)));
      if (!file.startsWith(dir + nodePath.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return undefined;
      return (_req, res) => {
        res.writeHead(200, { 'content-type': MIME[nodePath.extname(file)] ?? 'application/octet-stream' }).end(fs.readFileSync(file));
      };
    }
    return undefined;
  }

  /** Serves an HTML document at `path`. */
  page(path: string, html: string): this {
    return this.route(path, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>(resolve => this.server.close(() => resolve()));
  }
}

const MIME: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.html': 'text/html; charset=utf-8', '.png': 'image/png',
};
