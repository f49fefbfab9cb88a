// How every fastify server of the runtime (the API on the socket, the live view) answers a
// failure: a Refusal with the HTTP status of its kind, anything else as a RuntimeError.
import type { FastifyReply } from 'fastify';
import { Refusal, type ApiErrorBody, type RefusalKind } from '../../contract/errors.js';

/** The HTTP status of each kind of refusal: the one place the domain's words meet HTTP's. */
export const REFUSAL_STATUS: Record<RefusalKind, number> = { invalid: 400, missing: 404, conflict: 409, full: 429 };

export function sendFailure(reply: FastifyReply, error: unknown): FastifyReply {
  if (error instanceof Refusal) return reply.code(REFUSAL_STATUS[error.kind]).send(error.body);
  const body: ApiErrorBody = { error: { name: 'RuntimeError', message: error instanceof Error ? error.message : String(error) } };
  return reply.code(500).send(body);
}
