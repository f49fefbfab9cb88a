// `tabwright install-browser`: make sure the runtime has a browser to launch (cli/browserInstall.ts)
// and print what it will launch. Steps and the installers' output go to stderr.
import { failureOutcome, jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { installBrowser } from '../browserInstall.js';
import { ExitCode } from '../../contract/exitCodes.js';

export function runInstallBrowser(): CommandOutcome {
  const install = installBrowser(line => process.stderr.write(`tabwright: ${line}\n`));
  if (!install.ok) return failureOutcome(install.failure);
  const { browser, headlessShell, note } = install;
  return jsonOutcome(ExitCode.Succeeded, { browser, headlessShell, ...(note === undefined ? {} : { note }) });
}
