// Whether a path the browser names (where it saved a download) is a path on this machine. A
// browser the runtime launched, or one found through a DevToolsActivePort file here, is local;
// one reached over the network is not. A loopback address does not prove the browser is local
// (an SSH tunnel or a container's published port look the same), so the person starting the
// runtime can say so: TABWRIGHT_REMOTE_BROWSER=1 (its files are elsewhere) or =0 (they are here).
import { switchKnob } from '../contract/environmentKnobs.js';

/** 'localhost', any *.localhost, 127.0.0.0/8 and ::1 (also as an IPv4-mapped address). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '::1' || host === '0:0:0:0:0:0:0:1') return true;
  // An IPv4-mapped 127.x address, as written or as the URL parser writes it (::ffff:7f00:1).
  if (/^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host.replace(/^::ffff:/, ''));
}

export type BrowserFilesReason = 'launched' | 'auto-connect' | 'loopback' | 'network host' | 'TABWRIGHT_REMOTE_BROWSER';

export interface BrowserFiles {
  /** True when a path the browser reports can be read by the runtime. */
  here: boolean;
  why: BrowserFilesReason;
}

/** For a connected browser: `auto` found it here; else the URL's host decides unless the env says. */
export function connectedBrowserFiles(cdpUrl: string, webSocketUrl: string, env: NodeJS.ProcessEnv): BrowserFiles {
  const remote = switchKnob(env, 'TABWRIGHT_REMOTE_BROWSER');
  if (remote !== undefined) return { here: !remote, why: 'TABWRIGHT_REMOTE_BROWSER' };
  if (cdpUrl === 'auto') return { here: true, why: 'auto-connect' };
  let host = '';
  try {
    host = new URL(webSocketUrl).hostname;
  } catch { /* resolved before it got here; a URL with no host is not local */ }
  return isLoopbackHost(host) ? { here: true, why: 'loopback' } : { here: false, why: 'network host' };
}
