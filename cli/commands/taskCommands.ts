// `tasks`, `pages`, `adopt`, `release`, `close` and `endpoint`: one API call each (`close` one per task named).
import type { Command } from '../arguments.js';
import type { CommandOutcome } from '../commandOutcome.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { passThrough } from './passThrough.js';
import { jsonOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';

type TaskCommand = Extract<Command, { kind: 'tasks' | 'pages' | 'adopt' | 'release' | 'close' | 'endpoint' }>;

export function runTaskCommand(command: TaskCommand, home: RuntimeHome): Promise<CommandOutcome> {
  switch (command.kind) {
    case 'tasks':
      return passThrough(home, { method: 'GET', path: '/v1/tasks' });
    case 'pages': {
      const query = command.all ? '?all=1' : command.task !== undefined ? `?task=${encodeURIComponent(command.task)}` : '';
      return passThrough(home, { method: 'GET', path: `/v1/pages${query}` });
    }
    case 'adopt':
      return passThrough(home, { method: 'POST', path: `${taskPath(command.task)}/adopt`, body: { page: command.page } });
    case 'release':
      return passThrough(home, { method: 'POST', path: `${taskPath(command.task)}/release` });
    case 'close':
      return closeTasks(command.tasks, home);
    case 'endpoint':
      return passThrough(home, { method: 'GET', path: `${taskPath(command.task)}/endpoint` });
  }
}

/**
 * One task: the runtime's answer as it stands. Several: each is closed in turn whatever the
 * others answered (a task already gone must not keep the rest open), and the answer lists each,
 * `{ tasks: [{ task, closed } | { task, error }] }`, with the exit code of the first that failed.
 */
async function closeTasks(tasks: readonly string[], home: RuntimeHome): Promise<CommandOutcome> {
  const close = (task: string) => passThrough(home, { method: 'POST', path: `${taskPath(task)}/close` });
  if (tasks.length === 1) return close(tasks[0]!);
  const answers: unknown[] = [];
  let exitCode: ExitCode = ExitCode.Succeeded;
  for (const task of tasks) {
    const outcome = await close(task);
    if (outcome.kind !== 'json') continue;
    if (outcome.exitCode !== ExitCode.Succeeded && exitCode === ExitCode.Succeeded) exitCode = outcome.exitCode;
    answers.push({ task, ...(outcome.document as object) });
  }
  return jsonOutcome(exitCode, { tasks: answers });
}

function taskPath(task: string): string {
  return `/v1/tasks/${encodeURIComponent(task)}`;
}
