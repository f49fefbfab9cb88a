// A locator a page's recorder wrote (Playwright's asLocator, in the page) goes into a playbook
// as code, and the page's text is in it (a button's name). Playwright escapes that text; this
// is the runtime's own check that what arrived is nothing but a locator, so a page can never
// put code of its own into a draft: `page.` followed by a chain of Playwright's locator methods
// whose arguments are literals (strings, numbers, booleans, regular expressions), objects of
// literals, or locators of the same kind. asLocator writes a nested locator without its
// `page.` (`filter({ has: getByText('Two') })`); it is given one here. Pure (acorn parses;
// nothing runs).
import { parseExpressionAt, type Expression, type Node, type SpreadElement } from 'acorn';

/** What a locator chain may call: Page's and Locator's own locator methods. */
const LOCATOR_METHODS = new Set([
  'getByRole', 'getByText', 'getByLabel', 'getByPlaceholder', 'getByAltText', 'getByTitle', 'getByTestId',
  'locator', 'filter', 'nth', 'first', 'last', 'and', 'or', 'frameLocator', 'contentFrame', 'owner',
]);

interface Named { name: string }
interface CallNode { callee: Node; arguments: (Expression | SpreadElement)[]; optional: boolean }
interface MemberNode { object: Node; property: Node; computed: boolean; optional: boolean }

class LocatorShape {
  /** Where a nested locator starts without `page.` (an offset in the code). */
  readonly bareRoots: number[] = [];

  private isLiteral(node: Expression | SpreadElement): boolean {
    if (node.type === 'Literal') return true;
    // -1 in nth(-1)
    return node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number';
  }

  private isArgument(node: Expression | SpreadElement): boolean {
    if (this.isLiteral(node) || this.isChain(node, true)) return true;
    if (node.type !== 'ObjectExpression') return false;
    return node.properties.every(property => property.type === 'Property' && !property.computed && property.kind === 'init' && !property.method && !property.shorthand
      && property.key.type === 'Identifier' && this.isArgument(property.value as Expression));
  }

  /** `page.getByRole('button', { name: 'Save' }).first()` and nothing more; nested, `getByText('Two')` too. */
  isChain(node: Node, nested: boolean): boolean {
    if (node.type === 'Identifier') return (node as unknown as Named).name === 'page';
    if (node.type !== 'CallExpression') return false;
    const call = node as unknown as CallNode;
    if (call.optional) return false;
    if (nested && call.callee.type === 'Identifier' && LOCATOR_METHODS.has((call.callee as unknown as Named).name)) {
      this.bareRoots.push(call.callee.start);
      return call.arguments.every(argument => this.isArgument(argument));
    }
    if (call.callee.type !== 'MemberExpression') return false;
    const member = call.callee as unknown as MemberNode;
    if (member.computed || member.optional || member.property.type !== 'Identifier') return false;
    if (!LOCATOR_METHODS.has((member.property as unknown as Named).name)) return false;
    return this.isChain(member.object, nested) && call.arguments.every(argument => this.isArgument(argument));
  }
}

/**
 * `locator` (asLocator's text, without `page.`) as code a playbook can run, when it is a
 * locator and nothing else: each nested locator given its `page.`; undefined otherwise.
 */
export function locatorCode(locator: string): string | undefined {
  const code = `page.${locator}`;
  try {
    const node = parseExpressionAt(code, 0, { ecmaVersion: 'latest' });
    const shape = new LocatorShape();
    if (node.end !== code.length || node.type !== 'CallExpression' || !shape.isChain(node, false)) return undefined;
    let fixed = code;
    for (const at of [...shape.bareRoots].sort((a, b) => b - a)) fixed = `${fixed.slice(0, at)}page.${fixed.slice(at)}`;
    return fixed.slice('page.'.length);
  } catch {
    return undefined;
  }
}

/** Whether `locator` is a locator and nothing else (locatorCode gives it). */
export function isLocatorCode(locator: string): boolean {
  return locatorCode(locator) !== undefined;
}
