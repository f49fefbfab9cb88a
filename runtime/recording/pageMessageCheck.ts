// A message from a page's recorder, checked before it becomes a step: its shape, its sizes, its
// locators (locatorCode.ts). It comes from the runtime's own script in an isolated world, but
// the page's text is in every field, and a page that fools the script (or a renderer gone
// wrong) must not get anything else into a draft. A message that fails is dropped. Pure.
import { PAGE_MESSAGE_LIMITS, type PageMessage, type PageTarget, type ProposedCheck, type SecretKind } from './pageMessages.js';
import { locatorCode } from './locatorCode.js';

const SECRET_KINDS: readonly SecretKind[] = ['password', 'one-time code', 'card number', 'card security code'];

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;
const texts = (value: unknown, count: number, max: number): value is string[] => Array.isArray(value) && value.length <= count && value.every(item => text(item, max));
const url = (value: unknown): value is string => text(value, PAGE_MESSAGE_LIMITS.url) && /^[a-z][a-z0-9+.-]*:/i.test(value);
/** The locator as code (nested locators given their `page.`), or undefined when it is anything but a locator. */
const locator = (value: unknown): string | undefined => (text(value, PAGE_MESSAGE_LIMITS.locator) ? locatorCode(value) : undefined);

function target(value: unknown): PageTarget | undefined {
  if (!isObject(value) || !text(value.label, PAGE_MESSAGE_LIMITS.label) || !url(value.url)) return undefined;
  const code = locator(value.locator);
  return code === undefined ? undefined : { locator: code, label: value.label, url: value.url };
}

/** The message as the recorder's script sends it, or undefined when it is anything else. */
export function checkPageMessage(message: unknown): PageMessage | undefined {
  if (!isObject(message) || typeof message.kind !== 'string') return undefined;
  if (message.kind === 'document') return url(message.url) ? { kind: 'document', url: message.url } : undefined;
  if (message.kind === 'skipped') return text(message.why, 400) ? { kind: 'skipped', why: message.why } : undefined;
  const on = target(message.target);
  if (!on) return undefined;
  switch (message.kind) {
    case 'click': {
      if (message.count !== 1 && message.count !== 2) return undefined;
      const focused = message.focused === undefined ? undefined : locator(message.focused);
      if (message.focused !== undefined && focused === undefined) return undefined;
      return { kind: 'click', target: on, count: message.count, ...(focused !== undefined ? { focused } : {}) };
    }
    case 'fill': {
      if (!text(message.inputType, 40)) return undefined;
      if (message.secret !== undefined) {
        // A secret carries no value, ever: one that does is not a message of the recorder's.
        if (!SECRET_KINDS.includes(message.secret as SecretKind) || message.value !== undefined) return undefined;
        return { kind: 'fill', target: on, secret: message.secret as SecretKind, inputType: message.inputType };
      }
      return text(message.value, PAGE_MESSAGE_LIMITS.value) ? { kind: 'fill', target: on, value: message.value, inputType: message.inputType } : undefined;
    }
    case 'select':
      if (!texts(message.labels, PAGE_MESSAGE_LIMITS.options, PAGE_MESSAGE_LIMITS.label) || !texts(message.options, PAGE_MESSAGE_LIMITS.options, PAGE_MESSAGE_LIMITS.label) || typeof message.multiple !== 'boolean') return undefined;
      return { kind: 'select', target: on, labels: message.labels, options: message.options, multiple: message.multiple };
    case 'check':
    case 'uncheck':
      return { kind: message.kind, target: on };
    case 'files':
      if (!texts(message.names, PAGE_MESSAGE_LIMITS.files, PAGE_MESSAGE_LIMITS.label) || typeof message.multiple !== 'boolean') return undefined;
      return { kind: 'files', target: on, names: message.names, multiple: message.multiple };
    case 'press':
      return text(message.key, PAGE_MESSAGE_LIMITS.key) && /^[A-Za-z]+$/.test(message.key) ? { kind: 'press', target: on, key: message.key } : undefined;
    default:
      return undefined;
  }
}

/** The page's proposal for the final check, or only its URL when the rest fails the checks. */
export function checkProposedCheck(value: unknown): ProposedCheck | undefined {
  if (!isObject(value) || !url(value.url)) return undefined;
  const code = value.locator === undefined ? undefined : locator(value.locator);
  if (code === undefined) return { url: value.url };
  if (value.text !== undefined && !text(value.text, PAGE_MESSAGE_LIMITS.checkText)) return { url: value.url };
  return { url: value.url, locator: code, ...(value.text ? { text: value.text } : {}) };
}
