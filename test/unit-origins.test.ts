// The runtime's origin policy and the discovery of a running browser, without a browser:
// host patterns, block over allow, which URLs have an origin to check, DevToolsActivePort,
// and whether a connected browser's files are on this machine.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parseOriginPattern } from '../contract/originPatterns.js';
import { originPolicyOf, OriginPatternError } from '../router/originPolicy.js';
import { checkCommittedUrl, checkUrl } from '../router/urlPolicy.js';
import { connectedBrowserFiles, isLoopbackHost } from '../transport/browserFiles.js';
import { findActivePorts, howToEnableRemoteDebugging, parseActivePort, usualUserDataDirs } from '../transport/devToolsActivePort.js';

describe('origin patterns', () => {
  it('reads host, wildcard, port and scheme; refuses a path or another scheme with an example', () => {
    const wildcard = parseOriginPattern('*.Example.com');
    assert.ok(wildcard.ok && wildcard.pattern.host === 'example.com' && wildcard.pattern.subdomains);
    const port = parseOriginPattern('localhost:8080');
    assert.ok(port.ok && port.pattern.host === 'localhost' && port.pattern.port === '8080');
    const scheme = parseOriginPattern('https://example.com/');
    assert.ok(scheme.ok && scheme.pattern.scheme === 'https:');
    for (const bad of ['', 'example.com/path', 'ftp://example.com', 'exa mple.com', 'a,b'])
      assert.match(parseOriginPattern(bad).ok ? '' : (parseOriginPattern(bad) as { reason: string }).reason, /example\.com, \*\.example\.com/, bad);
    assert.throws(() => originPolicyOf(['no/path'], []), OriginPatternError);
  });

  it('blocks the hosts named, keeps the rest; block wins over allow', () => {
    const urlPolicy = { allowFile: false, origins: originPolicyOf(['*.evil.test', 'localhost:9000'], []) };
    for (const url of ['https://evil.test/', 'http://a.b.evil.test/x', 'http://localhost:9000/', 'blob:https://evil.test/uuid'])
      assert.match((checkUrl(url, urlPolicy) as { reason?: string }).reason ?? 'allowed', /blocked by the runtime's origin policy/, url);
    for (const url of ['https://notevil.test/', 'http://localhost:9001/', 'about:blank', 'data:text/html,x'])
      assert.deepEqual(checkUrl(url, urlPolicy), { allowed: true }, url);
    const allowOnly = { allowFile: false, origins: originPolicyOf(['bad.example.com'], ['*.example.com', '127.0.0.1']) };
    assert.deepEqual(checkUrl('https://www.example.com/', allowOnly), { allowed: true });
    assert.deepEqual(checkUrl('http://127.0.0.1:4000/', allowOnly), { allowed: true });
    assert.match((checkUrl('https://other.test/', allowOnly) as { reason?: string }).reason ?? '', /not among the runtime's allowed origins/);
    assert.match((checkUrl('https://bad.example.com/', allowOnly) as { reason?: string }).reason ?? '', /blocked/);
    // A failed navigation's error page is not an origin.
    assert.deepEqual(checkCommittedUrl('chrome-error://chromewebdata/', allowOnly), { allowed: true });
    assert.match((checkCommittedUrl('https://other.test/', allowOnly) as { reason?: string }).reason ?? '', /allowed origins/);
  });
});

describe('DevToolsActivePort', () => {
  it('parses the port and browser path; ignores anything else', () => {
    assert.deepEqual(parseActivePort('9222\n/devtools/browser/abc\n'), { port: 9222, browserPath: '/devtools/browser/abc' });
    assert.equal(parseActivePort('0\n/devtools/browser/abc'), undefined);
    assert.equal(parseActivePort('9222\n'), undefined);
  });

  it('names each browser\'s usual folder on Linux, macOS and Windows', () => {
    const env = { HOME: '/home/u', LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' };
    assert.ok(usualUserDataDirs(env, 'linux').some(d => d.dir === '/home/u/.config/google-chrome'));
    assert.ok(usualUserDataDirs(env, 'linux').some(d => d.dir === '/home/u/.config/BraveSoftware/Brave-Browser'));
    assert.ok(usualUserDataDirs(env, 'darwin').some(d => d.dir === '/home/u/Library/Application Support/Microsoft Edge'));
    assert.ok(usualUserDataDirs(env, 'win32').some(d => d.dir === 'C:\\Users\\u\\AppData\\Local\\Google\\Chrome\\User Data'));
  });

  it('finds a file in a user-data folder, and says how to turn remote debugging on when there is none', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tw-activeport-'));
    try {
      assert.deepEqual(findActivePorts([{ browser: 'Chromium', dir }]), []);
      fs.writeFileSync(path.join(dir, 'DevToolsActivePort'), '4321\n/devtools/browser/xyz\n');
      const [found] = findActivePorts([{ browser: 'Chromium', dir }]);
      assert.equal(found?.webSocketUrl, 'ws://127.0.0.1:4321/devtools/browser/xyz');
      const advice = howToEnableRemoteDebugging([{ browser: 'Chromium', dir }], []);
      assert.match(advice, /chrome:\/\/inspect\/#remote-debugging/);
      assert.match(advice, /--user-data-dir/);
      assert.ok(advice.includes(dir), advice);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('whether a connected browser\'s files are on this machine (its downloads)', () => {
  const ws = (host: string) => `ws://${host}:9222/devtools/browser/x`;

  it('loopback hosts are local; any other host is remote', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]', '[::ffff:127.0.0.1]'])
      assert.deepEqual(connectedBrowserFiles(ws(host), ws(host), {}), { here: true, why: 'loopback' }, host);
    for (const host of ['10.0.0.5', 'browser.internal', 'chrome.example.com', '[2001:db8::1]', '128.0.0.1', 'localhost.example.com'])
      assert.deepEqual(connectedBrowserFiles(ws(host), ws(host), {}), { here: false, why: 'network host' }, host);
    assert.equal(isLoopbackHost('0.0.0.0'), false, 'an any-address is not where a browser was reached');
  });

  it('auto-connect found it here; TABWRIGHT_REMOTE_BROWSER overrides the host either way', () => {
    assert.deepEqual(connectedBrowserFiles('auto', ws('127.0.0.1'), {}), { here: true, why: 'auto-connect' });
    assert.deepEqual(connectedBrowserFiles(ws('127.0.0.1'), ws('127.0.0.1'), { TABWRIGHT_REMOTE_BROWSER: '1' }), { here: false, why: 'TABWRIGHT_REMOTE_BROWSER' });
    assert.deepEqual(connectedBrowserFiles(ws('10.0.0.5'), ws('10.0.0.5'), { TABWRIGHT_REMOTE_BROWSER: '0' }), { here: true, why: 'TABWRIGHT_REMOTE_BROWSER' });
    assert.deepEqual(connectedBrowserFiles(ws('10.0.0.5'), ws('10.0.0.5'), { TABWRIGHT_REMOTE_BROWSER: 'yes' }), { here: false, why: 'network host' }, 'only 1 or 0 decide');
  });
});
