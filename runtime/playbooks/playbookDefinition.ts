// A playbook file, checked as a whole: its front matter, its syntax (compiled exactly as it
// will run), and its final check. Pure apart from compiling (node:vm; nothing runs).
import { MAX_PROGRAM_BYTES } from '../../contract/submissionLimits.js';
import { compilePlaybook } from './playbookScript.js';
import { parseFrontMatter, type FrontMatter } from './frontMatter.js';
import { checkFinalCheck, parseBody } from './finalCheck.js';

export interface PlaybookDefinition extends FrontMatter {
  /** The whole file: the front matter is a comment, so the file is the body as it is. */
  source: string;
}

export type DefinitionCheck =
  | { ok: true; definition: PlaybookDefinition }
  | { ok: false; problems: string[] };

export function definePlaybook(source: unknown): DefinitionCheck {
  if (typeof source !== 'string' || source.trim() === '') return { ok: false, problems: ['The playbook file is empty.'] };
  const bytes = Buffer.byteLength(source);
  if (bytes > MAX_PROGRAM_BYTES) return { ok: false, problems: [`The playbook is ${bytes} bytes, over the 1 MiB limit of a program.`] };
  const front = parseFrontMatter(source);
  const problems = front.ok ? [] : [...front.problems];
  const body = parseBody(source);
  if (!body.ok) problems.push(body.message);
  else {
    try {
      compilePlaybook(source, 'playbook.js');
      const verdict = checkFinalCheck(body.program);
      if (!verdict.ok) problems.push(verdict.message);
    } catch (error) {
      // What acorn accepts and V8 refuses, e.g. `const params = ...` (params is already declared).
      problems.push(`${(error as Error).name}: ${(error as Error).message}`);
    }
  }
  if (problems.length || !front.ok) return { ok: false, problems };
  return { ok: true, definition: { ...front.frontMatter, source } };
}
