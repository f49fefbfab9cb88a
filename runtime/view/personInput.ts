// A person's mouse, wheel and keyboard in the live view, forwarded to one page of a task that
// handed its page over. The view sends where on the picture (fractions of the frame, 0 to 1);
// the page's own size in CSS pixels, from the screencast's latest frame (`deviceWidth`,
// `deviceHeight`: DIP, so a device scale factor is already out of it), places the event. The
// input goes over the runtime's own session on the page (never a task's), with Chrome's
// `Input.dispatch*`, so a headless browser needs no display. Nothing of it is kept or logged.
import type { CdpCommandName, CdpParams } from '../../transport/cdpProtocol.js';
import type { PageSession } from '../browser/pageSessions.js';

/** CDP's modifier bits: Alt 1, Ctrl 2, Meta 4, Shift 8. */
const CTRL = 2;
const META = 4;

export type PersonInput =
  | { type: 'mouse'; action: 'down' | 'up' | 'move'; x: number; y: number; button?: 'none' | 'left' | 'middle' | 'right' | 'back' | 'forward'; buttons?: number; clickCount?: number; modifiers?: number }
  | { type: 'wheel'; x: number; y: number; deltaX?: number; deltaY?: number; modifiers?: number }
  | { type: 'key'; action: 'down' | 'up'; key: string; code?: string; keyCode?: number; location?: number; repeat?: boolean; modifiers?: number }
  /** Pasted (or composed) text, inserted as the page's IME would. */
  | { type: 'text'; text: string };

/** The most events one request carries (the view sends them in order, one request at a time). */
export const MAX_EVENTS_PER_REQUEST = 200;
/** Pasted text at most (a code, an address; not a document). */
export const MAX_PASTE_CHARS = 10_000;
/**
 * A click's count at most: a person's browser counts fast clicks on (a fifth is `detail` 5), and
 * one refused event refuses its whole batch, releases included, so the bound is far past any
 * count that means something (3 selects a paragraph); view/handoff.js sends at most this.
 */
export const MAX_CLICK_COUNT = 100;

const fraction = { type: 'number', minimum: 0, maximum: 1 } as const;
const modifiers = { type: 'integer', minimum: 0, maximum: 15 } as const;

/** One event's JSON schema: every field bounded; which fields a type needs is checked by `commandsFor`. */
export const PERSON_INPUT_SCHEMA = {
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['mouse', 'wheel', 'key', 'text'] },
    action: { type: 'string', enum: ['down', 'up', 'move'] },
    x: fraction,
    y: fraction,
    button: { type: 'string', enum: ['none', 'left', 'middle', 'right', 'back', 'forward'] },
    buttons: { type: 'integer', minimum: 0, maximum: 31 },
    clickCount: { type: 'integer', minimum: 0, maximum: MAX_CLICK_COUNT },
    modifiers,
    deltaX: { type: 'number', minimum: -100_000, maximum: 100_000 },
    deltaY: { type: 'number', minimum: -100_000, maximum: 100_000 },
    key: { type: 'string', minLength: 1, maxLength: 40 },
    code: { type: 'string', maxLength: 40 },
    keyCode: { type: 'integer', minimum: 0, maximum: 255 },
    location: { type: 'integer', minimum: 0, maximum: 3 },
    repeat: { type: 'boolean' },
    text: { type: 'string', minLength: 1, maxLength: MAX_PASTE_CHARS },
  },
} as const;

export interface PageSize { width: number; height: number }

export type InputCommand =
  | { method: 'Input.dispatchMouseEvent'; params: CdpParams<'Input.dispatchMouseEvent'> }
  | { method: 'Input.dispatchKeyEvent'; params: CdpParams<'Input.dispatchKeyEvent'> }
  | { method: 'Input.insertText'; params: CdpParams<'Input.insertText'> };

export class PersonInputError extends Error {
  override name = 'PersonInputError';
}

/** The text a key types: one character, or Enter's carriage return; none with Ctrl or Meta held (a shortcut). */
function typedText(key: string, mods: number): string | undefined {
  if (mods & (CTRL | META)) return undefined;
  if (key === 'Enter') return '\r';
  return [...key].length === 1 ? key : undefined;
}

/** The CDP command for one event of the person's, on a page of `size` CSS pixels. Pure. */
export function commandFor(event: PersonInput, size: PageSize | undefined): InputCommand {
  switch (event.type) {
    case 'mouse':
    case 'wheel': {
      if (!size) throw new PersonInputError('The page has shown no picture yet, so a pointer position cannot be placed: wait for its first frame.');
      const x = event.x * size.width;
      const y = event.y * size.height;
      if (event.type === 'wheel')
        return { method: 'Input.dispatchMouseEvent', params: { type: 'mouseWheel', x, y, deltaX: event.deltaX ?? 0, deltaY: event.deltaY ?? 0, modifiers: event.modifiers ?? 0 } };
      if (event.action === undefined) throw new PersonInputError('A mouse event needs an action: down, up or move.');
      const type = event.action === 'down' ? 'mousePressed' : event.action === 'up' ? 'mouseReleased' : 'mouseMoved';
      return {
        method: 'Input.dispatchMouseEvent',
        params: { type, x, y, button: event.button ?? 'none', buttons: event.buttons ?? 0, clickCount: event.clickCount ?? (event.action === 'move' ? 0 : 1), modifiers: event.modifiers ?? 0 },
      };
    }
    case 'key': {
      if (event.action !== 'down' && event.action !== 'up') throw new PersonInputError('A key event needs an action: down or up.');
      const mods = event.modifiers ?? 0;
      const text = event.action === 'down' ? typedText(event.key, mods) : undefined;
      return {
        method: 'Input.dispatchKeyEvent',
        params: {
          type: event.action === 'up' ? 'keyUp' : text !== undefined ? 'keyDown' : 'rawKeyDown',
          modifiers: mods,
          key: event.key,
          code: event.code ?? '',
          windowsVirtualKeyCode: event.keyCode ?? 0,
          nativeVirtualKeyCode: event.keyCode ?? 0,
          location: event.location ?? 0,
          autoRepeat: event.repeat ?? false,
          ...(text !== undefined ? { text, unmodifiedText: text } : {}),
        },
      };
    }
    case 'text':
      return { method: 'Input.insertText', params: { text: event.text } };
  }
}

/** The commands for a batch of events; throws PersonInputError, before anything is sent, when one cannot be placed. */
export function commandsFor(events: readonly PersonInput[], size: PageSize | undefined): InputCommand[] {
  return events.map(event => commandFor(event, size));
}

/** Sends the person's input to the page in order, each after the previous one was taken. */
export async function dispatchInput(session: PageSession, commands: readonly InputCommand[]): Promise<void> {
  for (const command of commands) await send(session, command);
}

function send(session: PageSession, command: InputCommand): Promise<unknown> {
  return session.cdp.send<CdpCommandName>(command.method, command.params, session.sessionId);
}
