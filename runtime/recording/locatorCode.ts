// A locator a page's recorder wrote (Playwright's asLocator, in the page) goes into a playbook
// as code, and the page's text is in it (a button's name). Playwright escapes that text; this
// is the runtime's own check that what arrived is nothing but a locator, so a page can never
// put code of its own into a draft: `page.` followed by a chain of Playwright's locator methods
// whose arguments are literals (strings, numbers, booleans, regular expressions), objects of
// literals, or locators of the same kind. Pure (acorn parses; nothing runs).
import { parseExpressionAt, type Expression, type Node, type SpreadElement } from 'acorn';

/** What a locator chain may call: Page's and Locator's own locator methods. */
const LOCATOR_METHODS = new Set([
  'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle', 'getByTestId',
  'locator', 'filter', 'nth', 'first', 'last', 'and', 'or', 'frameLocator', 'contentFrame', 'owner',
]);

function isLiteral(node: Expression | SpreadElement): boolean {
  if (node.type === 'Literal') return true;
  // -1 in nth(-1)
  return node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number';
}

function isArgument(node: Expression | SpreadElement): boolean {
  if (isLiteral(node) || isLocatorChain(node)) return true;
  if (node.type !== 'ObjectExpression') return false;
  return node.properties.every(property => property.type === 'Property' && !property.computed && property.kind === 'init' && !property.method && !property.shorthand
    && property.key.type === 'Identifier' && isArgument(property.value as Expression));
}

/** `page.getByRole('button', { name: 'Save' }).first()` and nothing more. */
function isLocatorChain(node: Node): boolean {
  if (node.type === 'Identifier') return (node as unknown as { name: string }).name === 'page';
  if (node.type !== 'CallExpression') return false;
  const call = node as unknown as { callee: Node; arguments: (Expression | SpreadElement)[]; optional: boolean };
  if (call.optional || call.callee.type !== 'MemberExpression') return false;
  const member = call.callee as unknown as { object: Node; property: Node; computed: boolean; optional: boolean };
  if (member.computed || member.optional || member.property.type !== 'Identifier') return false;
  if (!LOCATOR_METHODS.has((member.property as unknown as { name: string }).name)) return false;
  return isLocatorChain(member.object) && call.arguments.every(isArgument);
}

/** Whether `locator` (asLocator's text, without `page.`) is a locator and nothing else. */
export function isLocatorCode(locator: string): boolean {
  const code = `page.${locator}`;
  try {
    const node = parseExpressionAt(code, 0, { ecmaVersion: 'latest' });
    return node.end === code.length && node.type === 'CallExpression' && isLocatorChain(node);
  } catch {
    return false;
  }
}
