// The rule that makes a playbook's success mean something: it ends by checking its outcome.
// Pure (acorn parses, nothing runs).
//
// The rule, checked on the program's top level:
// - its last statement, or the one before a final `return`, is an awaited expect assertion:
//   `await expect(x).toHaveText(...)`, `await expect(x).not.toBeVisible()`, `await expect.poll(fn).toBe(3)`,
//   `await expect(async () => { ... }).toPass()`;
// - no other `return` outside nested functions, since an early return would skip the check;
// - not `expect.soft`, which records a failure without throwing, so the run would still succeed.
// Why this and not "contains an expect somewhere": a check in the middle says an intermediate
// step worked, not that the whole procedure did; the last word must be a check.
import { parse, type AnyNode, type Expression, type Node, type Program, type Super } from 'acorn';

export type CheckVerdict = { ok: true } | { ok: false; message: string; line?: number };

export const FINAL_CHECK_RULE = 'A playbook must end by checking its outcome: its last statement (before an optional final `return`) must be an awaited expect assertion, '
  + "e.g. `await expect(page.getByRole('status')).toHaveText('Saved');`. Why: a playbook is reused without anyone watching it; "
  + 'its final check is what lets a run earn `verified`, and what turns a changed site into `failing` instead of a silent wrong result.';

/** The body parsed the way the runtime runs it: the body of an async function. */
export function parseBody(source: string): { ok: true; program: Program } | { ok: false; message: string; line?: number } {
  try {
    return {
      ok: true,
      program: parse(source, { ecmaVersion: 'latest', sourceType: 'script', allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, locations: true }),
    };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    return { ok: false, message: `SyntaxError: ${(error as Error).message}`, ...(loc ? { line: loc.line } : {}) };
  }
}

const lineOf = (node: Node): number | undefined => node.loc?.start.line;

const isExpect = (node: Expression | Super): boolean => node.type === 'Identifier' && node.name === 'expect';

/** The call an assertion chain starts from: `expect(x)` in `expect(x).not.toHaveText(...)`, `expect.poll(fn)` in `expect.poll(fn).toBe(3)`. */
function chainRoot(node: Expression | Super): Expression | Super {
  let current = node;
  for (;;) {
    if (current.type === 'CallExpression') {
      const callee = current.callee;
      if (isExpect(callee) || (callee.type === 'MemberExpression' && isExpect(callee.object))) return current;
      if (callee.type !== 'MemberExpression') return current;
      current = callee.object;
    } else if (current.type === 'MemberExpression') current = current.object;
    else if (current.type === 'ChainExpression') current = current.expression;
    else return current;
  }
}

type Assertion = 'expect' | 'soft' | 'none';

function assertionKind(argument: Expression): Assertion {
  // The awaited value must be a matcher call: expect(...).matcher(...).
  if (argument.type !== 'CallExpression' || argument.callee.type !== 'MemberExpression') return 'none';
  const root = chainRoot(argument.callee.object);
  if (root.type !== 'CallExpression') return 'none';
  const callee = root.callee;
  if (callee.type === 'Identifier' && callee.name === 'expect') return 'expect';
  if (callee.type === 'MemberExpression' && callee.object.type === 'Identifier' && callee.object.name === 'expect'
    && callee.property.type === 'Identifier' && !callee.computed) {
    if (callee.property.name === 'poll') return 'expect';
    if (callee.property.name === 'soft') return 'soft';
  }
  return 'none';
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** Every `return` that belongs to the program itself (not to a function defined in it). */
function ownReturns(node: AnyNode, found: Node[] = []): Node[] {
  if (FUNCTION_TYPES.has(node.type)) return found;
  if (node.type === 'ReturnStatement') found.push(node);
  for (const value of Object.values(node)) {
    const children = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string') ownReturns(child as AnyNode, found);
    }
  }
  return found;
}

export function checkFinalCheck(program: Program): CheckVerdict {
  const statements = program.body.filter(s => s.type !== 'EmptyStatement');
  let last = statements.length - 1;
  const finalReturn = statements[last]?.type === 'ReturnStatement' ? statements[last] : undefined;
  if (finalReturn) last -= 1;
  const check = statements[last];
  if (!check) return { ok: false, message: `${FINAL_CHECK_RULE} This playbook has no statement before its end.` };

  const early = ownReturns(program).filter(r => r !== finalReturn);
  if (early.length) {
    const line = lineOf(early[0]);
    return { ok: false, message: `${FINAL_CHECK_RULE} Line ${line}: a return before the final check would skip it; end every path at the one final return.`, ...(line ? { line } : {}) };
  }

  const line = lineOf(check);
  const at = `The statement ${finalReturn ? 'before the final return' : 'at the end'} (line ${line})`;
  if (check.type !== 'ExpressionStatement') return { ok: false, message: `${FINAL_CHECK_RULE} ${at} is a ${check.type}, not an expect.`, ...(line ? { line } : {}) };
  const expression = check.expression;
  if (expression.type !== 'AwaitExpression') {
    const kind = expression.type === 'CallExpression' ? assertionKind(expression) : 'none';
    const why = kind === 'none' ? 'is not an expect assertion' : 'is an expect without await: a web-first assertion that is not awaited checks nothing before the run ends';
    return { ok: false, message: `${FINAL_CHECK_RULE} ${at} ${why}.`, ...(line ? { line } : {}) };
  }
  const kind = assertionKind(expression.argument);
  if (kind === 'soft') return { ok: false, message: `${FINAL_CHECK_RULE} ${at} is expect.soft, which does not throw: use expect.`, ...(line ? { line } : {}) };
  if (kind === 'none') return { ok: false, message: `${FINAL_CHECK_RULE} ${at} awaits something that is not an expect assertion.`, ...(line ? { line } : {}) };
  return { ok: true };
}
