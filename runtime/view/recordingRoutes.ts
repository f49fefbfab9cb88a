// The view's routes for recording a playbook ("show me once", runtime/recording/): start a
// recording on a task's page ("Record a playbook": a one-line program the task runs like any
// other, which hands that page over with `record`), and, while a recording hand-over is open
// and only with its key, remove a step or rename its parameter, ask the page for the final
// check it proposes, and Done: save the draft. ViewAccess has already checked the token (and
// Host and Origin) of every request here.
import type { FastifyPluginAsync } from 'fastify';
import type { Service } from '../service.js';
import { Refusal } from '../../contract/errors.js';
import { HANDOFF_RECORD_EDIT_ROUTE, HANDOFF_RECORD_PROPOSAL_ROUTE, HANDOFF_RECORD_SAVE_ROUTE, RECORD_START_ROUTE, validationRefusal } from '../api/apiSchemas.js';
import { sendFailure } from '../api/apiFailure.js';
import { RecordingEditError } from '../recording/recordedSteps.js';
import { invalidPlaybookName } from '../playbooks/playbookName.js';

interface EditBody { key: string; step: number; remove?: true; name?: string }
interface KeyBody { key: string }
interface SaveBody { key: string; check: string; description: string }
interface StartBody { page: number; name: string; reason?: string }

/** How long a person may take to show a flow started from the view (a program's own is its `timeoutS`). */
const VIEW_RECORDING_S = 3600;

/** The program "Record a playbook" submits: the page handed over to the person, recording. */
export function recordingProgram(page: number, name: string, reason: string): string {
  return `// "Record a playbook" in the live view: a person shows a flow on page ${page}; Done saves it as ${name}.\n`
    + `return await handoff({ reason: ${JSON.stringify(reason)}, record: ${JSON.stringify(name)}, page: await tabs.get(${page}), timeoutS: ${VIEW_RECORDING_S} });\n`;
}

export const recordingRoutes = (service: Service): FastifyPluginAsync => async app => {
  app.setErrorHandler((error, req, reply) => {
    if (error instanceof RecordingEditError) return sendFailure(reply, new Refusal('UsageError', /any more|no step/.test(error.message) ? 'missing' : 'invalid', error.message));
    return sendFailure(reply, validationRefusal(error, req) ?? error);
  });

  app.post<{ Params: { task: string }; Body: EditBody }>('/api/tasks/:task/handoff/record/edit', { schema: HANDOFF_RECORD_EDIT_ROUTE }, async (req, reply) => {
    const { key, step, remove, name } = req.body;
    if ((remove === undefined) === (name === undefined)) throw new Refusal('UsageError', 'invalid', 'Send either remove: true or a new parameter name for the step.');
    service.recordings.edit(req.params.task, key, step, remove ? { remove } : { name: name! });
    return reply.send({ task: req.params.task, step });
  });

  app.post<{ Params: { task: string }; Body: KeyBody }>('/api/tasks/:task/handoff/record/proposal', { schema: HANDOFF_RECORD_PROPOSAL_ROUTE }, async (req, reply) =>
    reply.send(await service.recordings.proposal(req.params.task, req.body.key)));

  app.post<{ Params: { task: string }; Body: SaveBody }>('/api/tasks/:task/handoff/record/save', { schema: HANDOFF_RECORD_SAVE_ROUTE }, async (req, reply) => {
    const playbook = service.recordings.save(req.params.task, req.body.key, { check: req.body.check, description: req.body.description.trim() });
    return reply.send({ task: req.params.task, playbook });
  });

  app.post<{ Params: { task: string }; Body: StartBody }>('/api/tasks/:task/record', { schema: RECORD_START_ROUTE }, async (req, reply) => {
    const { task: name } = req.params;
    const task = service.tasks.named(name);
    if (!task) throw new Refusal('UnknownTask', 'missing', `No task "${name}".`);
    const bad = invalidPlaybookName(req.body.name);
    if (bad) throw new Refusal('UsageError', 'invalid', bad);
    const page = service.pageById(req.body.page);
    if (!page || page.task !== name) throw new Refusal('UsageError', 'invalid', `Page ${req.body.page} is not one of task ${name}'s pages.`);
    if (service.handoffs.waiting(name)) throw new Refusal('UsageError', 'conflict', `Task ${name} is waiting for a person already: finish that hand-over first.`);
    const reason = req.body.reason?.trim() || `Show how to do ${req.body.name}`;
    const requestId = `record-${req.body.name}-${Date.now().toString(36)}`;
    const { receipt } = service.life.submit({ task: name, requestId, program: recordingProgram(page.id, req.body.name, reason), timeoutS: 300 });
    return reply.send({ task: name, requestId: receipt.requestId, status: receipt.status, ...(task.running ? { after: task.running.receipt.requestId } : {}) });
  });
};
