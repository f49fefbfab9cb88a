// How a playbook's file is compiled to run: the body of an async function with the program's
// scope plus `params`. Kept apart from the definition checks so that a worker loads no parser.
import type vm from 'node:vm';
import { compileAsyncBody, PROGRAM_PARAMETERS } from '../programs/programSource.js';

export const PLAYBOOK_PARAMETERS = [...PROGRAM_PARAMETERS, 'params'] as const;

/** The file name stack traces show for a playbook, so errors name the playbook, its version and line. */
export function playbookFilename(name: string, version: number): string {
  return `${name}@${version}.playbook.js`;
}

/** `name@3.playbook.js:12:5` in a stack: the line of the playbook's file that threw. */
export const PLAYBOOK_POSITION = /([a-z0-9.-]+)@(\d+)\.playbook\.js:(\d+):(\d+)/;

/** Line 1 of the file is line 1 of the script (the front matter is a comment, part of the body). */
export function compilePlaybook(source: string, filename: string): vm.Script {
  return compileAsyncBody(source, PLAYBOOK_PARAMETERS, filename);
}
