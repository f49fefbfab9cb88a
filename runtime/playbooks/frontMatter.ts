// A playbook's front matter: the JSDoc comment that opens its file, so the file stays valid
// JavaScript (editors, linters and `node --check` read it as it is). comment-parser reads the
// JSDoc; this file says what the tags mean and words what is wrong. Pure.
//
//   /**
//    * @playbook shop.example.add-to-cart
//    * @site shop.example, *.shop.example
//    * @description Adds a product to the cart and checks the cart count.
//    * @param {string} item  The product's name. e.g. "Green tea"
//    * @param {integer} [quantity=1]  How many to add. e.g. 2
//    * @returns {object} { count }: the cart count after adding
//    */
import { parse, tokenizers, type Block, type Spec } from 'comment-parser';
import { parseType, signatureOf, TYPE_NAMES, valueProblem, type Parameter } from './parameterTypes.js';
import { invalidPlaybookName } from './playbookName.js';

export interface FrontMatter {
  name: string;
  sites: string[];
  description: string;
  params: Parameter[];
  returns: string;
}

export type FrontMatterParse =
  | { ok: true; frontMatter: FrontMatter }
  | { ok: false; problems: string[] };

export { invalidPlaybookName, MAX_NAME_LENGTH, NAME_RULE } from './playbookName.js';

/** A host, optionally `*.` in front (any subdomain) and `:port` behind. */
const SITE = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

const TAGS = ['playbook', 'site', 'description', 'param', 'returns'] as const;
type Tag = (typeof TAGS)[number];
const ALIASES: Record<string, Tag> = { sites: 'site', return: 'returns', params: 'param', name: 'playbook' };

export const FRONT_MATTER_EXAMPLE = [
  '/**',
  ' * @playbook shop.example.add-to-cart',
  ' * @site shop.example',
  ' * @description Adds a product to the cart and checks the cart count.',
  ' * @param {string} item  The product\'s name. e.g. "Green tea"',
  ' * @param {integer} [quantity=1]  How many to add. e.g. 2',
  ' * @returns {object} { count }: the cart count after adding',
  ' */',
].join('\n');

const PARAM_TAGS: ReadonlySet<string> = new Set(['param', 'params']);

/**
 * Only @param has a `{type}` and a name; every other tag's text is read whole, so
 * `@returns {object} { count }: ...` keeps its braces. A critical problem (unpaired braces or
 * brackets) stops the tag's reading, as comment-parser's own chain does.
 */
const TOKENIZERS: ((spec: Spec) => Spec)[] = [
  tokenizers.tag(),
  spec => {
    if (!PARAM_TAGS.has(spec.tag)) return spec;
    const typed = tokenizers.type('compact')(spec);
    return typed.problems.some(problem => problem.critical) ? typed : tokenizers.name()(typed);
  },
  tokenizers.description('compact'),
];

/**
 * The opening comment, read by comment-parser (JSDoc's grammar: tags, `{type}`, `[name=default]`,
 * continuation lines). Only the first block counts, and only when the file opens with it.
 * Undefined when the file does not open with a closed `/**` comment.
 */
function openingComment(source: string): Block | undefined {
  const text = source.replace(/^\uFEFF/, '').trimStart();
  if (!text.startsWith('/**')) return undefined;
  const end = text.indexOf('*/');
  if (end === -1) return undefined;
  return parse(text.slice(0, end + 2), { spacing: 'compact', tokenizers: TOKENIZERS })[0];
}

/** A tag's text after `@tag` as written, its lines joined by a space (for messages). */
function writtenText(spec: Spec): string {
  return spec.source
    .map(({ tokens: t }) => `${t.type}${t.postType}${t.name}${t.postName}${t.description}`.trim())
    .filter(Boolean)
    .join(' ');
}

/** A value as written in the front matter: JSON, or for a type that takes strings, the bare text. */
function literal(text: string, acceptsBareString: boolean): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return acceptsBareString && text !== '' ? { ok: true, value: text } : { ok: false };
  }
}

function parseParam(spec: Spec, problems: string[]): Parameter | undefined {
  if (spec.problems.length || !spec.type || !spec.name) {
    problems.push(`@param ${writtenText(spec)}: write @param {TYPE} name  description. e.g. VALUE (or [name=DEFAULT] for an optional one)`);
    return undefined;
  }
  const { name, optional } = spec;
  const typeText = spec.type.trim();
  const nameText = spec.source.find(line => line.tokens.name)?.tokens.name ?? name;
  const type = parseType(typeText);
  const where = `@param ${name}`;
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) {
    problems.push(`${where}: the name must be a JavaScript identifier (the program reads it as params.NAME)`);
    return undefined;
  }
  if (!type) {
    problems.push(`${where}: unknown type {${typeText}}; use ${TYPE_NAMES}`);
    return undefined;
  }
  if (type.kind === 'secret') return secretParam(spec, name, typeText, optional, problems);
  const takesStrings = type.kind === 'string' || type.kind === 'oneOf';
  // `description. e.g. VALUE`, optionally in parentheses: `description (e.g. VALUE)`.
  // JSDoc allows a dash between the name and its description.
  const example = /^(.*?)\s*\(?\be\.g\.\s*(.+?)\)?\s*$/.exec(spec.description.replace(/^-\s+/, ''));
  if (!example) {
    problems.push(`${where}: end its description with an example of a valid value, e.g. \`@param {${typeText}} ${nameText}  What it is. e.g. ${JSON.stringify(type.kind === 'oneOf' ? type.values[0] : type.kind === 'integer' || type.kind === 'number' ? 2 : type.kind === 'boolean' ? true : 'text')}\``);
    return undefined;
  }
  const description = example[1].replace(/[\s,;:(]+$/, '');
  const exampleValue = literal(example[2].trim(), takesStrings);
  const parameter: Parameter = { name, type, typeText, optional, description, example: undefined };
  if (!exampleValue.ok) problems.push(`${where}: the example ${example[2].trim()} is not JSON`);
  else {
    const wrong = valueProblem(type, exampleValue.value);
    if (wrong) problems.push(`${where}: the example must be ${parameter.typeText}, got ${wrong}`);
    parameter.example = exampleValue.value;
  }
  if (spec.default !== undefined) {
    const fallback = literal(spec.default.trim(), takesStrings);
    if (!fallback.ok) problems.push(`${where}: the default ${spec.default.trim()} is not JSON`);
    else {
      const wrong = valueProblem(type, fallback.value);
      if (wrong) problems.push(`${where}: the default must be ${parameter.typeText}, got ${wrong}`);
      parameter.default = fallback.value;
    }
  }
  return parameter;
}

/**
 * A `{secret}` parameter (a password, a one-time code): a description and nothing else. An
 * example or a default would keep a secret in the file, where `list` and `show` print it.
 */
function secretParam(spec: Spec, name: string, typeText: string, optional: boolean, problems: string[]): Parameter | undefined {
  const where = `@param ${name}`;
  const description = spec.description.replace(/^-\s+/, '').trim();
  if (/\be\.g\./.test(description)) problems.push(`${where}: a secret has no example (the file would keep it): say what it is, e.g. \`@param {secret} ${name}  The account's password.\``);
  if (spec.default !== undefined) problems.push(`${where}: a secret has no default (the file would keep it)`);
  if (description === '') problems.push(`${where}: say what the secret is, e.g. \`@param {secret} ${name}  The account's password.\``);
  return { name, type: { kind: 'secret' }, typeText, optional, description: description.replace(/[\s.]+$/, ''), example: undefined };
}

/** Reads the front matter; every problem found is listed, so one save says all that is wrong. */
export function parseFrontMatter(source: string): FrontMatterParse {
  const block = openingComment(source);
  if (!block) {
    return { ok: false, problems: [`A playbook file must open with its front matter, a /** ... */ comment such as:\n${FRONT_MATTER_EXAMPLE}`] };
  }
  const problems: string[] = [];
  const seen = new Map<Tag, Spec[]>();
  for (const spec of block.tags) {
    const tag = (TAGS as readonly string[]).includes(spec.tag) ? spec.tag as Tag : ALIASES[spec.tag];
    if (!tag) {
      problems.push(`unknown tag @${spec.tag}; the front matter takes @playbook, @site, @description, @param, @returns`);
      continue;
    }
    seen.set(tag, [...(seen.get(tag) ?? []), spec]);
  }
  const single = (tag: Tag): string | undefined => {
    const values = seen.get(tag);
    if (values && values.length > 1) problems.push(`@${tag} is given ${values.length} times; give it once`);
    return values?.[0]?.description.trim() || undefined;
  };

  const name = single('playbook');
  if (!name) problems.push('@playbook NAME is missing: name it site.action, e.g. @playbook shop.example.add-to-cart');
  else {
    const bad = invalidPlaybookName(name);
    if (bad) problems.push(`@playbook: ${bad}`);
  }

  const sites = (seen.get('site') ?? []).flatMap(spec => spec.description.split(/[\s,]+/)).filter(Boolean).map(s => s.toLowerCase());
  if (sites.length === 0) problems.push('@site is missing: name the hosts it works on, e.g. @site shop.example, *.shop.example');
  for (const site of sites) {
    if (!SITE.test(site)) problems.push(`@site ${site}: give a host name (optionally *. in front for any subdomain, :port behind), not a URL`);
  }

  const description = single('description') ?? (block.description.trim() || undefined);
  if (!description) problems.push('@description is missing: say in one sentence what the playbook does and what it checks');

  const params: Parameter[] = [];
  for (const spec of seen.get('param') ?? []) {
    const p = parseParam(spec, problems);
    if (!p) continue;
    if (params.some(q => q.name === p.name)) problems.push(`@param ${p.name} is declared twice`);
    else params.push(p);
  }

  const returns = single('returns');
  if (!returns) problems.push('@returns is missing: say what the playbook returns, e.g. @returns {object} { count }: the cart count (or @returns {void} nothing)');

  if (problems.length) return { ok: false, problems };
  return { ok: true, frontMatter: { name: name!, sites: [...new Set(sites)], description: description!, params, returns: returns! } };
}

/** The parameters in one line, as `list` shows them. */
export function parameterLine(params: readonly Parameter[]): string {
  return params.map(signatureOf).join(', ');
}
