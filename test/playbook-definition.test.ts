// A playbook file's checks (front matter, parameters, the final check, site patterns): pure.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { definePlaybook } from '../runtime/playbooks/playbookDefinition.js';
import { parseFrontMatter } from '../runtime/playbooks/frontMatter.js';
import { checkParams } from '../runtime/playbooks/parameterTypes.js';
import { checkFinalCheck, parseBody } from '../runtime/playbooks/finalCheck.js';
import { hostOf, siteMatches } from '../runtime/playbooks/sitePattern.js';

const FRONT = `/**
 * @playbook shop.example.add-to-cart
 * @site shop.example, *.shop.example
 * @description Adds a product to the cart
 *   and checks the cart count.
 * @param {string} item  The product's name. e.g. Green tea
 * @param {integer} [quantity=1] - How many to add (e.g. 2)
 * @param {"standard"|"express"} [shipping="standard"]  Delivery. e.g. "express"
 * @param {string[]} [notes]  Notes for the packer. e.g. ["gift"]
 * @returns {object} { count }: the cart count after adding
 */`;

const BODY = `
await page.goto('https://shop.example/cart');
for (let i = 0; i < params.quantity; i++) await page.getByRole('button', { name: 'Add' }).first().click();
await expect(page.getByTestId('cart-count')).toHaveText(String(params.quantity));
return { count: params.quantity };
`;

function problemsOf(source: string): string {
  const checked = definePlaybook(source);
  assert.ok(!checked.ok, 'expected the playbook to be refused');
  return checked.problems.join('\n');
}

function finalCheck(body: string) {
  const parsed = parseBody(body);
  assert.ok(parsed.ok);
  return checkFinalCheck(parsed.program);
}

describe('playbook front matter', () => {
  it('reads name, sites, description, typed parameters with examples and defaults, returns', () => {
    const parsed = parseFrontMatter(FRONT + BODY);
    assert.ok(parsed.ok, parsed.ok ? '' : parsed.problems.join('\n'));
    const f = parsed.frontMatter;
    assert.equal(f.name, 'shop.example.add-to-cart');
    assert.deepEqual(f.sites, ['shop.example', '*.shop.example']);
    assert.equal(f.description, 'Adds a product to the cart and checks the cart count.');
    assert.deepEqual(f.params.map(p => [p.name, p.typeText, p.optional, p.default, p.example, p.description]), [
      ['item', 'string', false, undefined, 'Green tea', "The product's name."],
      ['quantity', 'integer', true, 1, 2, 'How many to add'],
      ['shipping', '"standard"|"express"', true, 'standard', 'express', 'Delivery.'],
      ['notes', 'string[]', true, undefined, ['gift'], 'Notes for the packer.'],
    ]);
    assert.equal(f.returns, '{object} { count }: the cart count after adding');
  });

  it('lists every problem at once: bad name, URL as site, unknown type, missing example, missing returns', () => {
    const parsed = parseFrontMatter(`/**
 * @playbook AddToCart
 * @site https://shop.example/cart
 * @description x
 * @param {date} day  The day. e.g. "2026-01-01"
 * @param {integer} guests  How many
 * @param {integer} [seats=two]  Seats. e.g. 2
 */`);
    assert.ok(!parsed.ok);
    const text = parsed.problems.join('\n');
    for (const part of ['Invalid playbook name "AddToCart"', '@site https://shop.example/cart', 'unknown type {date}', '@param guests: end its description with an example', 'the default two is not JSON', '@returns is missing'])
      assert.ok(text.includes(part), `${part} in:\n${text}`);
  });

  it('refuses a file that does not open with the comment, showing the expected shape', () => {
    assert.match(problemsOf(`// hello\n${FRONT}${BODY}`), /must open with its front matter[\s\S]*@playbook shop\.example\.add-to-cart/);
  });

  it('a name that is not an identifier, or a tag left half written, is refused by name, not misread', () => {
    // The hand parser read `my-item` as the parameter `my` with the description "-item ...".
    const parsed = parseFrontMatter(FRONT
      .replace('{string} item', '{string} my-item')
      .replace('{string[]} [notes]', '{string[] [notes]')
      .replace('[quantity=1]', '[quantity=1'));
    assert.ok(!parsed.ok);
    const text = parsed.problems.join('\n');
    for (const part of ['@param my-item: the name must be a JavaScript identifier', '@param {string[] [notes]  Notes for the packer. e.g. ["gift"]: write @param {TYPE} name', '@param {integer} [quantity=1 - How many to add (e.g. 2): write @param {TYPE} name'])
      assert.ok(text.includes(part), `${part} in:\n${text}`);
    assert.equal(parsed.problems.length, 3, text);
  });

  it('an example must fit its type', () => {
    const parsed = parseFrontMatter(FRONT.replace('How many to add (e.g. 2)', 'How many to add (e.g. 2.5)'));
    assert.ok(!parsed.ok);
    assert.match(parsed.problems.join('\n'), /@param quantity: the example must be integer, got the number 2\.5/);
  });
});

describe('the final check', () => {
  it('accepts an awaited expect as the last statement, before or without a final return', () => {
    for (const body of [
      `await page.click('a');\nawait expect(page.locator('h1')).toHaveText('Done');`,
      `await expect(page.locator('h1')).not.toBeVisible();\nreturn 1;`,
      `await expect.poll(async () => 3).toBe(3);\nreturn;`,
      `await expect(async () => { await page.reload(); }).toPass();\nreturn { ok: true };`,
      `const f = () => { return 2; };\nawait expect(f()).toBe(2);\nreturn f();`,
    ]) assert.deepEqual(finalCheck(body), { ok: true }, body);
  });

  it('refuses no check, a check in the middle, an unawaited or soft expect, and an early return', () => {
    const cases: [string, RegExp][] = [
      [`await page.click('a');\nreturn 1;`, /\(line 1\) awaits something that is not an expect/],
      [`await expect(page.locator('h1')).toBeVisible();\nawait page.click('a');\nreturn 1;`, /before the final return \(line 2\) awaits something that is not an expect/],
      [`expect(page.locator('h1')).toBeVisible();`, /expect without await/],
      [`await expect.soft(page.locator('h1')).toBeVisible();`, /expect\.soft, which does not throw/],
      [`if (params.skip) return 0;\nawait expect(page.locator('h1')).toBeVisible();`, /Line 1: a return before the final check would skip it/],
      [`for (const x of [1]) { await expect(x).toBe(1); }`, /is a ForOfStatement, not an expect/],
      [``, /no statement/],
    ];
    for (const [body, why] of cases) {
      const verdict = finalCheck(body);
      assert.ok(!verdict.ok, body);
      assert.match(verdict.message, why, body);
      assert.match(verdict.message, /must end by checking its outcome/);
    }
  });

  it('a whole file: syntax errors with their line, V8-only errors, and the rule, are refused at definition', () => {
    assert.match(problemsOf(`${FRONT}\nawait page.click(;\n`), /SyntaxError: Unexpected token \(12:/);
    assert.match(problemsOf(`${FRONT}\nconst params = 1;\nawait expect(params).toBe(1);`), /params/);
    assert.match(problemsOf(`${FRONT}\nawait page.click('a');`), /must end by checking its outcome/);
    const good = definePlaybook(FRONT + BODY);
    assert.ok(good.ok);
    assert.equal(good.definition.source, FRONT + BODY);
  });
});

describe('playbook parameters', () => {
  const parsed = parseFrontMatter(FRONT);
  assert.ok(parsed.ok);
  const declared = parsed.frontMatter.params;

  it('applies defaults and keeps given values', () => {
    assert.deepEqual(checkParams('p', declared, { item: 'Teapot' }), { ok: true, params: { item: 'Teapot', quantity: 1, shipping: 'standard' } });
    assert.deepEqual(checkParams('p', declared, { item: 'Teapot', quantity: 3, notes: ['a'] }), { ok: true, params: { item: 'Teapot', quantity: 3, shipping: 'standard', notes: ['a'] } });
  });

  it('names each bad parameter and the type it expects', () => {
    const bad = checkParams('shop.example.add-to-cart', declared, { quantity: '2', shipping: 'drone', colour: 'red' });
    assert.ok(!bad.ok);
    assert.deepEqual(bad.problems.map(p => [p.parameter, p.expected]), [['colour', 'nothing (not a parameter)'], ['item', 'string'], ['quantity', 'integer'], ['shipping', '"standard"|"express"']]);
    assert.match(bad.message, /parameter quantity must be integer \(e\.g\. 2\), got the string "2"/);
    assert.match(bad.message, /parameter item is missing: give string, e\.g\. "Green tea"/);
    assert.match(bad.message, /Nothing was run/);
    const notObject = checkParams('p', declared, [1]);
    assert.ok(!notObject.ok);
    assert.match(notObject.message, /must be a JSON object, got an array/);
  });
});

describe('site patterns', () => {
  it('matches hosts, subdomains and ports as documented', () => {
    assert.equal(hostOf('https://Shop.Example/cart?x=1'), 'shop.example');
    assert.equal(hostOf('shop.example'), 'shop.example');
    assert.equal(hostOf('127.0.0.1:8080'), '127.0.0.1:8080');
    assert.ok(siteMatches('shop.example', 'shop.example'));
    assert.ok(siteMatches('shop.example', 'shop.example:8443'));
    assert.ok(!siteMatches('shop.example', 'www.shop.example'));
    assert.ok(siteMatches('*.shop.example', 'www.shop.example'));
    assert.ok(!siteMatches('*.shop.example', 'shop.example'));
    assert.ok(!siteMatches('*.shop.example', 'evilshop.example'));
    assert.ok(siteMatches('127.0.0.1:8080', '127.0.0.1:8080'));
    assert.ok(!siteMatches('127.0.0.1:8080', '127.0.0.1:9090'));
  });
});
