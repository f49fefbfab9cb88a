// What the recorder's script in a page (stepRecorderInPage.ts) tells the runtime, one JSON
// message per binding call, and what it proposes as a playbook's final check. The page's text
// is in every field (labels, locators, values), so the runtime checks each message
// (pageMessageCheck.ts) before it becomes a step. Types and limits only: the page script and
// the runtime share them.

/** The element a step acts on, as the page's recorder named it. */
export interface PageTarget {
  /** Playwright's locator for it, without `page.`: `getByRole('button', { name: 'Save' })`. */
  locator: string;
  /** Its accessible name (else placeholder, name or id): what a parameter is named after. */
  label: string;
  /** The document's URL (its host is the playbook's @site). */
  url: string;
}

/** Why a field's value never leaves the page: what the field is. */
export type SecretKind = 'password' | 'one-time code' | 'card number' | 'card security code';

export type PageMessage =
  /** The recorder started in a document: the first one's URL opens the playbook. */
  | { kind: 'document'; url: string }
  /** `count` 2 for the second click of a double click. `focused`: the text field the click put the focus in. */
  | { kind: 'click'; target: PageTarget; count: number; focused?: string }
  /** A text field's value; no `value` for a secret (its value is never read). */
  | { kind: 'fill'; target: PageTarget; value?: string; secret?: SecretKind; inputType: string }
  | { kind: 'select'; target: PageTarget; labels: string[]; options: string[]; multiple: boolean }
  | { kind: 'check' | 'uncheck'; target: PageTarget }
  /** Files given to a file input: their names only (the bytes came from the person's own machine). */
  | { kind: 'files'; target: PageTarget; names: string[]; multiple: boolean }
  | { kind: 'press'; target: PageTarget; key: string }
  /** Something the person did that is not recorded, and why. */
  | { kind: 'skipped'; why: string };

/** The page's proposal for the final check: the last visible result. */
export interface ProposedCheck {
  /** A locator (without `page.`) for the element showing the result; none: only the URL. */
  locator?: string;
  /** Its text, whitespace collapsed and cut. */
  text?: string;
  url: string;
}

/** Caps on what a page message may carry (the runtime refuses longer ones). */
export const PAGE_MESSAGE_LIMITS = {
  locator: 2000,
  label: 200,
  url: 4096,
  value: 10_000,
  options: 60,
  files: 20,
  checkText: 300,
  key: 40,
} as const;
