// The view's routes for what a handed-over page asks the person itself (runtime/handoff/pageAsks.ts):
// the files the person picked on their own machine for the page's file chooser (none cancels
// it), and their answer to the page's dialog, which a recording writes as a step. Only with the
// open hand-over's key; ViewAccess has already checked the token.
import type { FastifyPluginAsync } from 'fastify';
import type { Service } from '../service.js';
import { Refusal } from '../../contract/errors.js';
import { HANDOFF_DIALOG_ROUTE, HANDOFF_FILES_ROUTE, validationRefusal } from '../api/apiSchemas.js';
import { sendFailure } from '../api/apiFailure.js';
import { PageAskError } from '../handoff/pageAsks.js';
import type { OpenHandoff } from '../handoff/handoffs.js';

/** 32 MiB of files, base64 in JSON. */
const FILES_BODY_LIMIT = Math.ceil((32 * 1024 * 1024 * 4) / 3) + 64 * 1024;

interface FilesBody { key: string; files: { name: string; data: string }[] }
interface DialogBody { key: string; accept: boolean; promptText?: string }

export const pageAskRoutes = (service: Service): FastifyPluginAsync => async app => {
  app.setErrorHandler((error, req, reply) => {
    if (error instanceof PageAskError) return sendFailure(reply, new Refusal('UsageError', 'invalid', error.message));
    return sendFailure(reply, validationRefusal(error, req) ?? error);
  });

  const openOf = (task: string, key: string): OpenHandoff => {
    const open = service.handoffs.withKey(task, key);
    if (!open) throw new Refusal('UnknownRequest', 'missing', `Task ${task} is not waiting for a person (any more): its hand-over ended or was never asked.`);
    return open;
  };

  app.post<{ Params: { task: string }; Body: FilesBody }>('/api/tasks/:task/handoff/files', { schema: HANDOFF_FILES_ROUTE, bodyLimit: FILES_BODY_LIMIT }, async (req, reply) => {
    const open = openOf(req.params.task, req.body.key);
    const files = req.body.files.map(file => ({ name: file.name, bytes: Buffer.from(file.data, 'base64') }));
    // Files given to a page can change it, as the person's keys can.
    if (files.length) service.handoffs.personInput(open.task);
    const given = await service.pageAsks.give(open.task, files);
    return reply.send({ task: open.task, files: given.length });
  });

  app.post<{ Params: { task: string }; Body: DialogBody }>('/api/tasks/:task/handoff/dialog', { schema: HANDOFF_DIALOG_ROUTE }, async (req, reply) => {
    const open = openOf(req.params.task, req.body.key);
    service.handoffs.personInput(open.task);
    const { dialog, answer } = await service.pageAsks.answer(open.task, req.body.accept, req.body.promptText);
    // A recording writes the answer as a step: the dialog is handled the same way in a run.
    service.recordings.dialogAnswered(open.task, dialog, answer);
    return reply.send({ task: open.task, accepted: answer.accept });
  });
};
