// A recording written as a playbook file, in the format `tabwright playbook save` reads
// (frontMatter.ts): its front matter (name, the hosts it ran on, a description, a parameter
// for each value the person typed, chose or uploaded, with its type and their value as the
// example; a secret's value was never here, so it has none), its steps as Playwright code, and
// the final check the person confirmed. The check the page proposes says what the flow ended
// on; a parameter's value in it becomes that parameter, so a run with other values checks
// their outcome. Pure: the runtime saves what this writes through PlaybookLibrary.
import type { ProposedCheck } from './pageMessages.js';
import type { RecordedStep, StepAction } from './recordedSteps.js';

/** A recorded step's parameter, as the front matter declares it. */
export interface StepParameter {
  name: string;
  /** As written in `{...}`. */
  type: string;
  /** What the field was, e.g. "Password: a password, typed by the person ...". */
  description: string;
  /** The person's value (absent for a secret). */
  example?: unknown;
  secret: boolean;
  /** How the value appears on the page, for the final check: the text and the code that gives it in a run. */
  shown?: { text: string; code: string };
}

/** Choices past this many are a plain string (a country list is not a type). */
const MAX_CHOICES = 30;
/** An example is a sample: a long text is cut (still a valid value). */
const MAX_EXAMPLE_CHARS = 200;
/** A value shorter than this is not looked for in the final check's text (a "1" is everywhere). */
const MIN_SHOWN_CHARS = 2;

const FORMATS: Record<string, string> = {
  date: 'YYYY-MM-DD', time: 'HH:MM', 'datetime-local': 'YYYY-MM-DDTHH:MM', month: 'YYYY-MM', week: 'YYYY-Www', color: '#rrggbb',
};

/** Text safe inside the front matter's comment: one line, no end of comment, no `e.g.` (it starts the example). */
function commentText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\*\//g, '* /').replace(/\be\.g\./gi, 'eg').trim();
}

// JSON for the front matter: a star and slash would end the comment, so the slash is escaped (JSON allows it).
function commentJson(value: unknown): string {
  return JSON.stringify(value).replace(/\*\//g, '*\\/');
}

/** A single-quoted JavaScript string, as Playwright's codegen writes them. */
export function quoted(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const cutExample = (text: string) => (text.length > MAX_EXAMPLE_CHARS ? text.slice(0, MAX_EXAMPLE_CHARS) : text);
const canBeChoice = (label: string) => label !== '' && !/["'|{}*]/.test(label) && label === label.trim();

/** The parameter a step takes, if it takes one. */
export function stepParameter(step: RecordedStep): StepParameter | undefined {
  const { action } = step;
  const name = step.param;
  if (!name) return undefined;
  const label = commentText(step.label) || 'A value';
  switch (action.kind) {
    case 'fill': {
      if (action.secret) {
        return { name, type: 'secret', secret: true, description: `${label}: a ${action.secret}, typed by the person while recording and never stored; give it when you run the playbook` };
      }
      const value = action.value ?? '';
      const format = FORMATS[action.inputType];
      if ((action.inputType === 'number' || action.inputType === 'range') && value.trim() !== '' && Number.isFinite(Number(value))) {
        return { name, type: 'number', secret: false, description: label, example: Number(value), shown: { text: value, code: `params.${name}` } };
      }
      return {
        name, type: 'string', secret: false, description: format ? `${label} (${format})` : label, example: cutExample(value),
        ...(value.length >= MIN_SHOWN_CHARS ? { shown: { text: value, code: `params.${name}` } } : {}),
      };
    }
    case 'select': {
      const choices = [...new Set(action.options)];
      const asChoice = !action.multiple && choices.length >= 2 && choices.length <= MAX_CHOICES && choices.every(canBeChoice) && action.labels.every(l => choices.includes(l));
      if (action.multiple) return { name, type: 'string[]', secret: false, description: `${label}: the options to choose`, example: action.labels };
      const chosen = action.labels[0] ?? '';
      return {
        name, type: asChoice ? choices.map(choice => `"${choice}"`).join('|') : 'string', secret: false,
        description: asChoice ? `${label}: one of its options` : `${label}: an option's label`, example: chosen,
        ...(chosen.length >= MIN_SHOWN_CHARS ? { shown: { text: chosen, code: `params.${name}` } } : {}),
      };
    }
    case 'files': {
      const names = action.names.map(file => commentText(file));
      const uploaded = names.length ? ` (the person uploaded ${names.map(n => `"${n}"`).join(', ')})` : '';
      if (action.multiple) return { name, type: 'string[]', secret: false, description: `${label}: the paths of files on this machine${uploaded}`, example: names.map(n => `/path/to/${n}`) };
      const file = names[0] ?? 'file';
      return {
        name, type: 'string', secret: false, description: `${label}: the path of a file on this machine${uploaded}`, example: `/path/to/${file}`,
        ...(file.length >= MIN_SHOWN_CHARS ? { shown: { text: file, code: `params.${name}.split(/[\\\\/]/).pop()` } } : {}),
      };
    }
    case 'dialog': {
      if (action.text === undefined) return undefined;
      return {
        name, type: 'string', secret: false, description: `The answer to the page's question "${label}"`, example: cutExample(action.text),
        ...(action.text.length >= MIN_SHOWN_CHARS ? { shown: { text: action.text, code: `params.${name}` } } : {}),
      };
    }
    default:
      return undefined;
  }
}

/** The step as one line of Playwright code. */
export function stepCode(step: RecordedStep): string {
  const action: StepAction = step.action;
  if (action.kind === 'goto') return `await page.goto(${quoted(action.url)});`;
  if (action.kind === 'dialog') {
    const answer = !action.accept ? 'dialog.dismiss()' : action.text !== undefined ? `dialog.accept(params.${step.param})` : 'dialog.accept()';
    return `page.once('dialog', dialog => ${answer});`;
  }
  const on = `page.${action.locator}`;
  const param = step.param;
  switch (action.kind) {
    case 'click': return `await ${on}.${action.count === 2 ? 'dblclick' : 'click'}();`;
    case 'press': return `await ${on}.press(${quoted(action.key)});`;
    case 'check': return `await ${on}.check();`;
    case 'uncheck': return `await ${on}.uncheck();`;
    case 'fill': return `await ${on}.fill(${stepParameter(step)?.type === 'number' ? `String(params.${param})` : `params.${param}`});`;
    case 'select': return `await ${on}.selectOption(params.${param});`;
    case 'files': return `await ${on}.setInputFiles(params.${param});`;
  }
}

/** Text as a template literal's own characters. */
const templateText = (text: string) => text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);

/**
 * `text` as code: a quoted string, or a template literal where a parameter's value shows
 * (longest first, on word boundaries), so the check follows the values of a run.
 */
export function textWithParameters(text: string, parameters: readonly StepParameter[]): string {
  const shown = parameters.filter(p => p.shown).map(p => p.shown!).sort((a, b) => b.text.length - a.text.length);
  const pieces: string[] = [];
  let literal = '';
  let used = false;
  for (let i = 0; i < text.length;) {
    const hit = shown.find(s => text.startsWith(s.text, i) && !isWordChar(text[i - 1]) && !isWordChar(text[i + s.text.length]));
    if (hit) {
      pieces.push(templateText(literal), `\${${hit.code}}`);
      literal = '';
      used = true;
      i += hit.text.length;
    } else {
      literal += text[i];
      i += 1;
    }
  }
  if (!used) return quoted(text);
  return `\`${pieces.join('')}${templateText(literal)}\``;
}

/** The final check the page's proposal makes: its text (with parameters), else that it shows, else the URL. */
export function proposedCheckCode(proposal: ProposedCheck, parameters: readonly StepParameter[]): string {
  if (proposal.locator && proposal.text) return `await expect(page.${proposal.locator}).toContainText(${textWithParameters(proposal.text, parameters)});`;
  if (proposal.locator) return `await expect(page.${proposal.locator}).toBeVisible();`;
  return `await expect(page).toHaveURL(${textWithParameters(proposal.url, parameters)});`;
}

/** The hosts the steps happened on, in order: the playbook's @site. */
export function stepSites(steps: readonly RecordedStep[]): string[] {
  const hosts = new Set<string>();
  for (const step of steps) {
    try {
      const url = new URL(step.url);
      if (url.protocol === 'http:' || url.protocol === 'https:') hosts.add(url.hostname.toLowerCase());
    } catch {
      // Not a URL with a host (data:, about:): no site of its own.
    }
  }
  return [...hosts];
}

/** A description from the hand-over's reason: "Show me how to file an expense" reads "File an expense". */
export function descriptionFrom(reason: string): string {
  const what = reason.trim().replace(/^(please\s+)?(show|teach)\s+me\s+(how\s+to\s+)?/i, '').replace(/[.\s]+$/, '');
  return what ? `${what[0]!.toUpperCase()}${what.slice(1)}.` : 'A flow a person showed in the live view.';
}

export interface DraftInput {
  name: string;
  description: string;
  steps: readonly RecordedStep[];
  /** The final check's code, as the person confirmed it. */
  check: string;
  /** Where it was recorded, for the comment that opens the body. */
  recordedIn: { task: string; requestId: string; at: Date };
}

/** The playbook file. */
export function draftSource(input: DraftInput): string {
  const parameters = input.steps.map(stepParameter).filter((p): p is StepParameter => p !== undefined);
  const sites = stepSites(input.steps);
  const lines = [
    '/**',
    ` * @playbook ${input.name}`,
    ` * @site ${sites.join(', ')}`,
    ` * @description ${commentText(input.description)}`,
    ...parameters.map(p => ` * @param {${p.type}} ${p.name}  ${p.description}.${p.secret ? '' : ` e.g. ${commentJson(p.example)}`}`),
    ' * @returns {void} nothing: the final check says the flow worked',
    ' */',
    `// Recorded in tabwright's live view (task ${input.recordedIn.task}, request ${input.recordedIn.requestId}, ${input.recordedIn.at.toISOString()}).`,
    '// A draft: read its steps, then run it once to verify it (tabwright playbook run).',
    ...input.steps.map(stepCode),
    input.check.trim(),
    '',
  ];
  return lines.join('\n');
}
