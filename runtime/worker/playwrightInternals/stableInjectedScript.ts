// Playwright's injected script compiled once per renderer, not once per document. Every new
// document's first action, expect or observe() makes Playwright inject its 330 KB script into a
// world of that document, as one `Runtime.evaluate` of a text that ends with the options of the
// script (`new InjectedScript(globalThis, {..., frameSeq: N, ...})`). The main frame's `frameSeq`
// grows at each navigation (it prefixes aria refs), so each document's text is new and V8
// compiles all 330 KB again (its compilation cache is keyed by the whole text). Here the
// script is sent as one function text that never changes and the options travel as its
// argument (`Runtime.callFunctionOn` in the same world): V8 finds the text it compiled for the
// previous document of the renderer and skips the compile. Measured on the form page (load
// ~2.7): 42.6 ms -> 26.5 ms for the injection. The same InjectedScript is made with the same
// options, in the same world; a failure is reported as stock reports it. Only where the
// context is Chromium's and no globals snapshot is prepended (that is for browsers without a
// utility world); anything else injects as stock does.
// Applied to the text of playwright-core's lib/coreBundle.js as a task worker loads it, like
// playwrightTiming.ts; test/unit-playwright-timing.test.ts fails if an upgrade moved the text.
import { changedText, type BundleTextChange } from './bundleTextChange.js';

/** Chromium's rawEvaluateHandle (crExecutionContext.ts), and the start of the method after it, which only Chromium's has. */
const CR_RAW_EVALUATE_HANDLE = '      async rawEvaluateHandle(context, expression2) {\n'
  + '        const { exceptionDetails, result: remoteObject } = await this._client.send("Runtime.evaluate", {\n'
  + '          expression: expression2,\n'
  + '          contextId: this._contextId\n'
  + '        }).catch(rewriteError);\n'
  + '        if (exceptionDetails)\n'
  + '          throw new JavaScriptErrorInEvaluate(getExceptionMessage(exceptionDetails));\n'
  + '        return createHandle(context, remoteObject);\n'
  + '      }\n';
const CR_EVALUATE_WITH_ARGUMENTS = '      async evaluateWithArguments(expression2, returnByValue, utilityScript, values, handles) {\n'
  + '        const { exceptionDetails, result: remoteObject } = await this._client.send("Runtime.callFunctionOn", {\n';

export const STABLE_INJECTED_SCRIPT: readonly BundleTextChange[] = [
  {
    // Put after Chromium's own rawEvaluateHandle, whose text (and so the names it uses) it matches.
    name: 'a Chromium execution context calls a function text with one argument and returns a handle',
    find: CR_RAW_EVALUATE_HANDLE + CR_EVALUATE_WITH_ARGUMENTS,
    replace: CR_RAW_EVALUATE_HANDLE
      + '      async rawCallFunctionHandle(context, functionDeclaration, argument) {\n'
      + '        const { exceptionDetails, result: remoteObject } = await this._client.send("Runtime.callFunctionOn", {\n'
      + '          functionDeclaration,\n'
      + '          executionContextId: this._contextId,\n'
      + '          arguments: [{ value: argument }]\n'
      + '        }).catch(rewriteError);\n'
      + '        if (exceptionDetails)\n'
      + '          throw new JavaScriptErrorInEvaluate(getExceptionMessage(exceptionDetails));\n'
      + '        return createHandle(context, remoteObject);\n'
      + '      }\n'
      + CR_EVALUATE_WITH_ARGUMENTS,
  },
  {
    name: 'the injected script is one unchanging function text, its options an argument',
    find: '        const module = {};\n'
      + '        ${source5}\n'
      + '        return new (module.exports.InjectedScript())(globalThis, ${JSON.stringify(options)});\n'
      + '        })();\n'
      + '      `;\n'
      + '          this._injectedScriptPromise = this.rawEvaluateHandle(source14).then((handle) => {\n',
    replace: '        const module = {};\n'
      + '        ${source5}\n'
      + '        return new (module.exports.InjectedScript())(globalThis, ${JSON.stringify(options)});\n'
      + '        })();\n'
      + '      `;\n'
      + '          const injected = this.delegate.rawCallFunctionHandle && !globalsSnapshot\n'
      + '            ? this.raceAgainstContextDestroyed(this.delegate.rawCallFunctionHandle(this, `function (options) {\n'
      + '        const module = {};\n'
      + '        ${source5}\n'
      + '        return new (module.exports.InjectedScript())(globalThis, options);\n'
      + '        }`, options))\n'
      + '            : this.rawEvaluateHandle(source14);\n'
      + '          this._injectedScriptPromise = injected.then((handle) => {\n',
  },
];

/** The bundle's text with the changes made where their text occurs exactly once; the names of those that did not. */
export function withStableInjectedScript(source: string): { text: string; missing: string[] } {
  return changedText(source, STABLE_INJECTED_SCRIPT);
}
