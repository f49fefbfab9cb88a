// What a playbook may be named: `site.action`. Its own module so that a task's worker checks a
// name (`handoff({ record })`) without loading the front matter's parser. Pure.

/** `site.action`: lowercase words of letters, digits and hyphens joined by dots, at least two. */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
export const MAX_NAME_LENGTH = 100;
export const NAME_RULE = 'site.action in lowercase letters, digits and hyphens joined by dots (e.g. shop.example.add-to-cart), at most 100 characters';

export function invalidPlaybookName(name: unknown): string | undefined {
  if (typeof name === 'string' && name.length <= MAX_NAME_LENGTH && NAME.test(name)) return undefined;
  return `Invalid playbook name ${JSON.stringify(name)}: use ${NAME_RULE}.`;
}
