// The view's route for a file chooser during a hand-over (runtime/handoffFiles.ts): the files
// the person picked on their own machine, given to the input that asked; an empty list cancels
// the chooser. Only with the open hand-over's key; ViewAccess has already checked the token.
import type { FastifyPluginAsync } from 'fastify';
import type { Service } from '../service.js';
import { Refusal } from '../../contract/errors.js';
import { HANDOFF_FILES_ROUTE, validationRefusal } from '../apiSchemas.js';
import { sendFailure } from '../apiFailure.js';
import { HandoffFileError } from '../handoffFiles.js';

/** 32 MiB of files, base64 in JSON. */
const FILES_BODY_LIMIT = Math.ceil((32 * 1024 * 1024 * 4) / 3) + 64 * 1024;

interface FilesBody { key: string; files: { name: string; data: string }[] }

export const handoffFileRoutes = (service: Service): FastifyPluginAsync => async app => {
  app.setErrorHandler((error, req, reply) => {
    if (error instanceof HandoffFileError) return sendFailure(reply, new Refusal('UsageError', 'invalid', error.message));
    return sendFailure(reply, validationRefusal(error, req) ?? error);
  });

  app.post<{ Params: { task: string }; Body: FilesBody }>('/api/tasks/:task/handoff/files', { schema: HANDOFF_FILES_ROUTE, bodyLimit: FILES_BODY_LIMIT }, async (req, reply) => {
    const open = service.handoffs.withKey(req.params.task, req.body.key);
    if (!open) throw new Refusal('UnknownRequest', 'missing', `Task ${req.params.task} is not waiting for a person (any more): its hand-over ended or was never asked.`);
    const files = req.body.files.map(file => ({ name: file.name, bytes: Buffer.from(file.data, 'base64') }));
    // Files given to a page can change it, as the person's keys can.
    if (files.length) service.handoffs.personInput(open.task);
    const given = await service.handoffFiles.give(open.task, files);
    return reply.send({ task: open.task, files: given.length });
  });
};
