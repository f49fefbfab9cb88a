// The view's hand-over routes: the person's input to a page of a task that asked for a person,
// and the end of the hand-over (Done, or "Cannot do this" with a note). Only while that task's
// hand-over is open, only with its key, only to the task's own pages. ViewAccess has already
// checked the token (and Host and Origin) of every request here.
import type { FastifyPluginAsync } from 'fastify';
import type { Service } from '../service.js';
import type { Screencasts } from './screencasts.js';
import type { OpenHandoff } from '../handoff/handoffs.js';
import { Refusal } from '../../contract/errors.js';
import { HANDOFF_END_ROUTE, HANDOFF_INPUT_ROUTE, validationRefusal } from '../api/apiSchemas.js';
import { commandsFor, dispatchInput, PersonInputError, type InputCommand, type PersonInput } from './personInput.js';
import { sendFailure } from '../api/apiFailure.js';

/** A batch of input events, or a paste of up to MAX_PASTE_CHARS characters, escaped. */
const INPUT_BODY_LIMIT = 128 * 1024;

interface InputBody { key: string; page: number; events: PersonInput[] }
interface EndBody { key: string; ended: 'done' | 'declined'; note?: string }

export const handoffRoutes = (service: Service, screencasts: Screencasts): FastifyPluginAsync => async app => {
  app.setErrorHandler((error, req, reply) => sendFailure(reply, validationRefusal(error, req) ?? error));

  const openOf = (task: string, key: string): OpenHandoff => {
    const open = service.handoffs.withKey(task, key);
    if (!open) throw new Refusal('UnknownRequest', 'missing', `Task ${task} is not waiting for a person (any more): its hand-over ended or was never asked.`);
    return open;
  };

  app.post<{ Params: { task: string }; Body: InputBody }>('/api/tasks/:task/handoff/input', { schema: HANDOFF_INPUT_ROUTE, bodyLimit: INPUT_BODY_LIMIT }, async (req, reply) => {
    const open = openOf(req.params.task, req.body.key);
    // The hand-over's task's pages only (a popup of a sign-in is one); never another task's.
    const page = service.pageById(req.body.page);
    if (!page || page.task !== open.task) throw new Refusal('UsageError', 'invalid', `Page ${req.body.page} is not one of task ${open.task}'s pages.`);
    const session = service.pageSessions.open.get(page.targetId);
    if (!session) throw new Refusal('UsageError', 'missing', `Page ${page.id} cannot take input now (it is closing or not ready); try again.`);
    const frame = screencasts.latest.get(page.targetId);
    let commands: InputCommand[];
    try {
      commands = commandsFor(req.body.events, frame && { width: frame.width, height: frame.height });
    } catch (error) {
      if (error instanceof PersonInputError) throw new Refusal('UsageError', 'invalid', error.message);
      throw error;
    }
    // Recorded before it reaches the page: the receipt says a change is possible before one can happen.
    service.handoffs.personInput(open.task);
    await dispatchInput(session, commands);
    return reply.send({ delivered: commands.length });
  });

  app.post<{ Params: { task: string }; Body: EndBody }>('/api/tasks/:task/handoff/end', { schema: HANDOFF_END_ROUTE }, async (req, reply) => {
    const open = openOf(req.params.task, req.body.key);
    // A recording's Done is its draft's save (recordingRoutes.ts).
    if (req.body.ended === 'done' && service.recordings.records(open.task))
      throw new Refusal('UsageError', 'conflict', `Task ${open.task} asked to record a playbook: Done saves its draft (check the final check and save it in the view), or say "Cannot do this".`);
    const note = req.body.note?.trim();
    service.handoffs.end(open.task, { ended: req.body.ended, ...(note ? { note } : {}) });
    return reply.send({ task: open.task, requestId: open.requestId, ended: req.body.ended });
  });
};
