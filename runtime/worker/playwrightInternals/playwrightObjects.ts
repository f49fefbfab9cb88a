// Telling Playwright's client objects apart in a program's result (resultEncoder.ts), by their
// private fields: Playwright's public API has no "is this a Page/Locator" test that works on
// any value. Relied on (README.md here; test/playwright-internals checks each on a live page):
// every ChannelOwner (Page, Frame, ElementHandle, Request, ...) carries a string `_type` and
// `_guid`; a Locator carries `_frame` (an object) and `_selector`; a FrameLocator
// `_frameSelector`. If one goes, that object is encoded as a plain object instead (its own
// fields), never an error.

export type PlaywrightObjectKind =
  | { kind: 'frameLocator'; selector: string }
  | { kind: 'locator' }
  | { kind: 'channelOwner'; type: string };

export function playwrightObjectKind(value: object): PlaywrightObjectKind | undefined {
  const v = value as Record<string, unknown>;
  if (typeof v._frameSelector === 'string') return { kind: 'frameLocator', selector: v._frameSelector };
  if (typeof v._selector === 'string' && typeof v._frame === 'object' && v._frame !== null) return { kind: 'locator' };
  if (typeof v._type === 'string' && typeof v._guid === 'string') return { kind: 'channelOwner', type: v._type };
  return undefined;
}
