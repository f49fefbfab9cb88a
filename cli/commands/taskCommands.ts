// `tasks`, `pages`, `adopt`, `release`, `close` and `endpoint`: one API call each.
import type { Command } from '../arguments.js';
import type { CommandOutcome } from '../commandOutcome.js';
import type { RuntimeHome } from '../runtimeHome.js';
import { passThrough } from './passThrough.js';

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
      return passThrough(home, { method: 'POST', path: `${taskPath(command.task)}/close` });
    case 'endpoint':
      return passThrough(home, { method: 'GET', path: `${taskPath(command.task)}/endpoint` });
  }
}

function taskPath(task: string): string {
  return `/v1/tasks/${encodeURIComponent(task)}`;
}
