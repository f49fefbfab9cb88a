// The answer of POST /v1/tasks/:task/programs/as-cli: the document and exit code the Node CLI
// would print for the very answer the programs route gives, rendered here by the contract's
// own rules (contract/answerDocument.ts), so the native client (client/tabwright.c) prints
// it byte for byte without parsing JSON. See CLI_EXIT_HEADER in contract/api.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLI_EXIT_HEADER } from '../../contract/api.js';
import { answeredDocument, apiFailure } from '../../contract/answerDocument.js';

/** The route's onSend hook: every answer of the route, errors included, passes through it. */
export async function renderCliAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    body = payload;
  }
  const status = reply.statusCode;
  // Nothing was registered: the client hands the call to the Node CLI, which replaces an idle runtime.
  if (status === 409 && apiFailure(status, body).name === 'VersionMismatch') return payload;
  const { exitCode, document } = answeredDocument(status, body, { task: paramOf(req.params, 'task'), requestId: paramOf(req.body, 'requestId') }, true);
  void reply.code(200).header(CLI_EXIT_HEADER, String(exitCode)).type('application/json; charset=utf-8');
  return `${JSON.stringify(document)}\n`;
}

/** The task or request id the client sent (names it checked before sending). */
function paramOf(holder: unknown, key: string): string {
  const value = typeof holder === 'object' && holder !== null ? (holder as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
}
