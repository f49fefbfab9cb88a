// The pure parts of recording a playbook ("show me once", runtime/recording/): steps merged as
// an engineer writes them, parameter names from labels, the draft a `playbook save` accepts
// (a secret without an example, a value that would end the comment kept inside it), the final
// check following the parameters, the check that a page's locator is nothing but a locator,
// the check of the page's messages; and the {secret} parameter type with `playbook run`'s
// holding of a secret's value outside the stored program.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { RecordedSteps, RecordingEditError } from '../runtime/recording/recordedSteps.js';
import { parameterNameFrom } from '../runtime/recording/parameterNames.js';
import { descriptionFrom, draftSource, proposedCheckCode, stepCode, stepParameter, textWithParameters } from '../runtime/recording/playbookDraft.js';
import { isLocatorCode, locatorCode } from '../runtime/recording/locatorCode.js';
import { checkPageMessage, checkProposedCheck } from '../runtime/recording/pageMessageCheck.js';
import type { PageMessage, PageTarget } from '../runtime/recording/pageMessages.js';
import { definePlaybook } from '../runtime/playbooks/playbookDefinition.js';
import { parseFrontMatter } from '../runtime/playbooks/frontMatter.js';
import { checkParams } from '../runtime/playbooks/parameterTypes.js';
import { PlaybookSecrets, splitSecrets } from '../runtime/playbooks/playbookSecrets.js';
import { hideSecrets } from '../runtime/worker/program/playbooks.js';
import { Refusal } from '../contract/errors.js';

const URL_A = 'https://shop.example/signin';
const at = (locator: string, label: string, url = URL_A): PageTarget => ({ locator, label, url });

function recorded(messages: PageMessage[]): RecordedSteps {
  const steps = new RecordedSteps();
  for (const message of messages) steps.add(message);
  return steps;
}

const codes = (steps: RecordedSteps) => steps.list().map(stepCode);

describe('recorded steps', () => {
  it('open with the first document; typing is one fill of the last value; a click that only focused the field gives way to it', () => {
    const user = "getByRole('textbox', { name: 'User' })";
    const steps = recorded([
      { kind: 'document', url: URL_A },
      { kind: 'click', target: at(user, 'User'), count: 1 },
      { kind: 'fill', target: at(user, 'User'), value: 'a', inputType: 'text' },
      { kind: 'fill', target: at(user, 'User'), value: 'al', inputType: 'text' },
      { kind: 'fill', target: at(user, 'User'), value: 'alice', inputType: 'text' },
      { kind: 'document', url: 'https://shop.example/home' },
      { kind: 'press', target: at(user, 'User'), key: 'Enter' },
    ]);
    assert.deepEqual(codes(steps), [
      "await page.goto('https://shop.example/signin');",
      "await page.getByRole('textbox', { name: 'User' }).fill(params.user);",
      "await page.getByRole('textbox', { name: 'User' }).press('Enter');",
    ]);
    assert.deepEqual(stepParameter(steps.list()[1]!), { name: 'user', type: 'string', secret: false, description: 'User', example: 'alice', shown: { text: 'alice', code: 'params.user' } });
  });

  it('a click into a custom box that focused its field, a select\'s opening click and a checkbox\'s click give way to what changed; a second click is a double click', () => {
    const box = "locator('.ts-wrapper')";
    const field = "getByRole('combobox', { name: 'Assignee' })";
    const steps = recorded([
      { kind: 'click', target: at(box, ''), count: 1, focused: field },
      { kind: 'fill', target: at(field, 'Assignee'), value: 'Gra', inputType: 'text' },
      { kind: 'click', target: at("getByLabel('Category')", 'Category'), count: 1 },
      { kind: 'select', target: at("getByLabel('Category')", 'Category'), labels: ['Travel'], options: ['Meals', 'Travel'], multiple: false },
      { kind: 'click', target: at("getByRole('checkbox', { name: 'Urgent' })", 'Urgent'), count: 1 },
      { kind: 'check', target: at("getByRole('checkbox', { name: 'Urgent' })", 'Urgent') },
      { kind: 'uncheck', target: at("getByRole('checkbox', { name: 'Urgent' })", 'Urgent') },
      { kind: 'click', target: at("getByText('Row 3')", 'Row 3'), count: 1 },
      { kind: 'click', target: at("getByText('Row 3')", 'Row 3'), count: 2 },
    ]);
    assert.deepEqual(codes(steps), [
      "await page.getByRole('combobox', { name: 'Assignee' }).fill(params.assignee);",
      "await page.getByLabel('Category').selectOption(params.category);",
      "await page.getByRole('checkbox', { name: 'Urgent' }).uncheck();",
      "await page.getByText('Row 3').dblclick();",
    ]);
  });

  it('name each value\'s parameter after its label, numbered when taken; a secret takes none of its value; the person renames and removes', () => {
    const steps = recorded([
      { kind: 'fill', target: at("getByLabel('Email address')", 'Email address'), value: 'a@b.c', inputType: 'email' },
      { kind: 'fill', target: at("getByLabel('Email address').nth(1)", 'Email address'), value: 'a@b.c', inputType: 'email' },
      { kind: 'fill', target: at("getByLabel('Password')", 'Password'), secret: 'password', inputType: 'password' },
      { kind: 'fill', target: at("getByLabel('Code')", ''), secret: 'one-time code', inputType: 'text' },
      { kind: 'files', target: at("getByLabel('Receipt')", 'Receipt'), names: ['scan.pdf'], multiple: false },
    ]);
    assert.deepEqual(steps.list().map(step => step.param), ['emailAddress', 'emailAddress2', 'password', 'password2', 'receipt']);
    assert.equal(stepParameter(steps.list()[2]!)?.example, undefined);
    assert.equal(stepParameter(steps.list()[2]!)?.type, 'secret');
    const [first, second] = steps.list();
    assert.throws(() => steps.rename(first!.id, 'emailAddress2'), RecordingEditError);
    assert.throws(() => steps.rename(first!.id, '2nd'), /cannot name a parameter/);
    steps.rename(first!.id, 'email');
    steps.remove(second!.id);
    assert.deepEqual(steps.list().map(step => step.param), ['email', 'password', 'password2', 'receipt']);
    assert.throws(() => steps.remove(second!.id), /no step/);
  });

  it('a dialog\'s answer goes before the step that opened it (a navigation too); a prompt\'s text is a parameter', () => {
    const steps = recorded([{ kind: 'document', url: URL_A }]);
    steps.addDialog('alert', true, undefined, 'Welcome!', URL_A);
    steps.add({ kind: 'click', target: at("getByRole('button', { name: 'Rename' })", 'Rename'), count: 1 });
    steps.addDialog('prompt', true, 'March trip', 'New name?', URL_A);
    steps.add({ kind: 'click', target: at("getByRole('button', { name: 'Delete' })", 'Delete'), count: 1 });
    steps.addDialog('confirm', false, undefined, 'Sure?', URL_A);
    assert.deepEqual(codes(steps), [
      "page.once('dialog', dialog => dialog.accept());",
      "await page.goto('https://shop.example/signin');",
      "page.once('dialog', dialog => dialog.accept(params.newName));",
      "await page.getByRole('button', { name: 'Rename' }).click();",
      "page.once('dialog', dialog => dialog.dismiss());",
      "await page.getByRole('button', { name: 'Delete' }).click();",
    ]);
  });

  it('parameter names: camelCase words, accents dropped, a fallback for none', () => {
    const none = new Set<string>();
    assert.equal(parameterNameFrom('Email address', 'value', none), 'emailAddress');
    assert.equal(parameterNameFrom('Amount (EUR)', 'value', none), 'amountEur');
    assert.equal(parameterNameFrom('Café name', 'value', none), 'cafeName');
    assert.equal(parameterNameFrom('', 'value', none), 'value');
    assert.equal(parameterNameFrom('2nd line', 'value', none), 'value');
    assert.equal(parameterNameFrom('City', 'value', new Set(['city', 'city2'])), 'city3');
  });
});

describe('the draft', () => {
  const steps = recorded([
    { kind: 'document', url: URL_A },
    { kind: 'fill', target: at("getByLabel('User')", 'User'), value: 'alice', inputType: 'text' },
    { kind: 'fill', target: at("getByLabel('Password')", 'Password'), secret: 'password', inputType: 'password' },
    { kind: 'click', target: at("getByRole('button', { name: 'Sign in' })", 'Sign in'), count: 1 },
    { kind: 'select', target: at("getByLabel('Category')", 'Category', 'https://app.example/new'), labels: ['Travel'], options: ['Meals', 'Travel', 'Office'], multiple: false },
    { kind: 'select', target: at("getByLabel('Tags')", 'Tags', 'https://app.example/new'), labels: ['a "b"'], options: ['a "b"', 'c'], multiple: false },
    { kind: 'fill', target: at("getByLabel('Amount')", 'Amount', 'https://app.example/new'), value: '42.50', inputType: 'number' },
    { kind: 'fill', target: at("getByLabel('Date')", 'Date, e.g. today', 'https://app.example/new'), value: '2027-03-14', inputType: 'date' },
    { kind: 'fill', target: at("getByLabel('Note')", 'Note */ evil', 'https://app.example/new'), value: 'ends */ here', inputType: 'textarea' },
    { kind: 'files', target: at("getByLabel('Receipt')", 'Receipt', 'https://app.example/new'), names: ['scan.pdf'], multiple: false },
  ]);
  const parameters = steps.list().map(stepParameter).filter(p => p !== undefined);

  it('is a playbook `playbook save` accepts: the hosts it ran on, a parameter per value with its type, a secret without example, a value that would end the comment kept in it', () => {
    const check = proposedCheckCode({ url: 'https://app.example/done', locator: "getByRole('status')", text: 'Filed for alice: Travel, 42.50 EUR, scan.pdf' }, parameters);
    const source = draftSource({ name: 'app.example.file-expense', description: 'Files an expense.', steps: steps.list(), check, recordedIn: { task: 't', requestId: 'r', at: new Date('2027-01-01T00:00:00Z') } });
    const defined = definePlaybook(source);
    assert.ok(defined.ok, `${JSON.stringify(defined)}\n${source}`);
    assert.deepEqual(defined.definition.sites, ['shop.example', 'app.example']);
    assert.deepEqual(defined.definition.params.map(p => [p.name, p.typeText, p.example]), [
      ['user', 'string', 'alice'],
      ['password', 'secret', undefined],
      ['category', '"Meals"|"Travel"|"Office"', 'Travel'],
      ['tags', 'string', 'a "b"'],
      ['amount', 'number', 42.5],
      ['dateEGToday', 'string', '2027-03-14'],
      ['noteEvil', 'string', 'ends */ here'],
      ['receipt', 'string', '/path/to/scan.pdf'],
    ]);
    assert.match(source, /\n \* @param \{secret\} password {2}Password: a password, typed by the person while recording and never stored; give it when you run the playbook\.\n/);
    assert.match(source, /\nawait page\.getByLabel\('Amount'\)\.fill\(String\(params\.amount\)\);\n/);
    assert.match(source, /\nawait expect\(page\.getByRole\('status'\)\)\.toContainText\(`Filed for \$\{params\.user\}: \$\{params\.category\}, \$\{params\.amount\} EUR, \$\{params\.receipt\.split\(\/\[\\\\\/\]\/\)\.pop\(\)\}`\);\n$/);
  });

  it('the final check: parameters on word boundaries only, a template literal\'s own characters escaped; else visible, else the URL', () => {
    const user = [{ name: 'user', type: 'string', secret: false, description: '', example: 'al', shown: { text: 'al', code: 'params.user' } }];
    assert.equal(textWithParameters('Hello al, welcome to Palo Alto', user), '`Hello ${params.user}, welcome to Palo Alto`');
    assert.equal(textWithParameters('Paid `al` ${x} \\ done', user), '`Paid \\`${params.user}\\` \\${x} \\\\ done`');
    assert.equal(textWithParameters("It's alright", user), "'It\\'s alright'");
    assert.equal(proposedCheckCode({ url: 'https://a.example/x', locator: "getByRole('dialog')" }, []), "await expect(page.getByRole('dialog')).toBeVisible();");
    assert.equal(proposedCheckCode({ url: 'https://a.example/x?u=al' }, user), 'await expect(page).toHaveURL(`https://a.example/x?u=${params.user}`);');
  });

  it('its description from the hand-over\'s reason', () => {
    assert.equal(descriptionFrom('Show me how to file an expense'), 'File an expense.');
    assert.equal(descriptionFrom('please show me export the report.'), 'Export the report.');
    assert.equal(descriptionFrom('Book a table'), 'Book a table.');
  });
});

describe('a page\'s locator and messages', () => {
  it('a locator is Playwright\'s locator methods and literals only; a nested one gets its page.', () => {
    for (const ok of ["getByRole('button', { name: 'Save', exact: true })", "getByRole('button').nth(-1)", "getByText(/plain$/i)", "locator('iframe').contentFrame().getByRole('button', { name: 'In' })", "getByRole('listitem').filter({ hasText: 'Two' }).getByRole('button')", "getByTestId('cart-count')"])
      assert.equal(locatorCode(ok), ok);
    assert.equal(locatorCode("locator('li').filter({ has: getByText('Two') })"), "locator('li').filter({ has: page.getByText('Two') })");
    for (const bad of ["getByRole('x'); process.exit(1)", "getByRole(require('fs'))", "getByRole('x').click()", 'getByText(`${globalThis}`)', "['getByRole']('x')", "evaluate(() => 1)", "getByRole('x', { [k]: 1 })", "getByRole('x', { name })", "getByRole('x')?.first()", "getByRole('x') + 1"])
      assert.equal(isLocatorCode(bad), false, bad);
  });

  it('a secret that carries a value, a locator that is code, or an oversized field is not a step', () => {
    const target = at("getByLabel('Password')", 'Password');
    assert.deepEqual(checkPageMessage({ kind: 'fill', target, secret: 'password', inputType: 'password' }), { kind: 'fill', target, secret: 'password', inputType: 'password' });
    assert.equal(checkPageMessage({ kind: 'fill', target, secret: 'password', value: 'hunter2', inputType: 'password' }), undefined);
    assert.equal(checkPageMessage({ kind: 'fill', target, secret: 'a pet\'s name', inputType: 'password' }), undefined);
    assert.equal(checkPageMessage({ kind: 'click', target: { ...target, locator: "getByRole('x'); fetch('//evil')" }, count: 1 }), undefined);
    assert.equal(checkPageMessage({ kind: 'fill', target, value: 'x'.repeat(10_001), inputType: 'text' }), undefined);
    assert.equal(checkPageMessage({ kind: 'press', target, key: 'Enter;' }), undefined);
    assert.equal(checkPageMessage({ kind: 'document', url: 'javascript-ish' }), undefined);
    assert.deepEqual(checkProposedCheck({ url: 'https://a.example/', locator: 'evaluate(() => 1)', text: 'x' }), { url: 'https://a.example/' });
  });
});

describe('secret parameters', () => {
  const file = (param: string) => `/**\n * @playbook a.b\n * @site a.example\n * @description D.\n${param}\n * @returns {void} nothing\n */\nawait expect(page).toHaveURL(/./);\n`;

  it('{secret} takes a description and no example or default; messages never show its value', () => {
    const parsed = parseFrontMatter(file(' * @param {secret} password  The account\'s password.'));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    assert.deepEqual(parsed.frontMatter.params.map(p => [p.name, p.typeText, p.description, p.example]), [['password', 'secret', 'The account\'s password', undefined]]);
    const withExample = parseFrontMatter(file(' * @param {secret} password  The password. e.g. "hunter2"'));
    assert.ok(!withExample.ok && withExample.problems.some(p => /a secret has no example/.test(p)), JSON.stringify(withExample));
    const withDefault = parseFrontMatter(file(' * @param {secret} [password=hunter2]  The password.'));
    assert.ok(!withDefault.ok && withDefault.problems.some(p => /a secret has no default/.test(p)), JSON.stringify(withDefault));
    const declared = parsed.frontMatter.params;
    const missing = checkParams('a.b', declared, {});
    assert.ok(!missing.ok && /parameter password is missing: give secret, a string, never stored or shown/.test(missing.message), JSON.stringify(missing));
    const pin = checkParams('a.b', declared, { password: 8817 });
    assert.ok(!pin.ok && !pin.message.includes('8817'), JSON.stringify(pin));
  });

  it('playbook run stores a placeholder and holds the value for its run only; a fetch after the runtime lost it fails saying so', () => {
    const parsed = parseFrontMatter(file(' * @param {secret} password  The password.\n * @param {string} user  Who. e.g. "al"'));
    assert.ok(parsed.ok, JSON.stringify(parsed));
    const declared = parsed.frontMatter.params;
    const { stored, secrets } = splitSecrets(declared, { user: 'bob', password: 'hunter2' });
    assert.deepEqual(stored, { user: 'bob', password: { $secret: 'password' } });
    assert.deepEqual(secrets, { password: 'hunter2' });
    const held = new PlaybookSecrets();
    held.hold('t', 'r', secrets);
    assert.deepEqual(held.fill('t', 'r', 'a.b', stored), { user: 'bob', password: 'hunter2' });
    held.forget('t', 'r');
    assert.throws(() => held.fill('t', 'r', 'a.b', stored), (error: unknown) => error instanceof Refusal && error.errorName === 'PlaybookParamsError' && /not held any more/.test(error.message));
  });

  it('a failed run\'s error never quotes a secret parameter\'s value (Playwright\'s call log quotes a fill\'s)', () => {
    const error = Object.assign(new Error('locator.fill: Timeout\nCall log:\n  - fill("hunter2")'), { log: 'fill("hunter2")' });
    hideSecrets(error, { params: { password: 'hunter2', user: 'bob' }, secrets: ['password'] });
    assert.equal(error.message, 'locator.fill: Timeout\nCall log:\n  - fill("[secret password]")');
    assert.equal((error as unknown as { log: string }).log, 'fill("[secret password]")');
    assert.ok(!error.stack?.includes('hunter2'));
  });
});
