// Playwright's injected script compiled once per renderer and, once a page's utility world has
// had it twice, present in each new document's utility world from its creation. Every new document's first
// action, expect or observe() makes Playwright inject its 330 KB script into a world of that
// document, as one `Runtime.evaluate` of a text that ends with the options of the script
// (`new InjectedScript(globalThis, {..., frameSeq: N, ...})`). Two costs, per document:
// - the compile: the main frame's `frameSeq` grows at each navigation (it prefixes aria refs),
//   so each document's text was new and V8 compiled all 330 KB again (its compilation cache is
//   keyed by the whole text). The script is now one function text that never changes, its
//   options the argument (`Runtime.callFunctionOn` in the same world), so V8 finds its compile
//   of the renderer's previous document. Form page, in process, load ~3-5: 40-43 -> 23-27 ms.
// - the transfer: 330 KB through CDP (Playwright, the router, Chrome's browser process, the
//   renderer) costs as much as the rest together: a function returning a 330 KB string literal
//   takes as long as the injection itself (19.7 against 18.0 ms, a tiny call 3.5). So once a
//   page's utility world has had the text sent twice (a second document, or an iframe), the
//   function is registered as a script Chrome runs in that world of each later document as it
//   is made (`Page.addScriptToEvaluateOnNewDocument`, on Playwright's own session: it ends with
//   the worker's connection), and a later injection calls it with the options (a small call)
//   or, in a document made before it, sends the full text as above. Not at the first: a second
//   330 KB next to the first injection made a new task's first observe() 7-10 ms slower, and a
//   page that is only ever one document gains nothing from it. Sent after that injection. In
//   process: 22.1 -> 4.5 ms an injection; a navigation that runs the script (cached by V8 after
//   the first) measured 76.0 -> 78.8 ms on the form page and no slower with ten iframes,
//   against 83.5 when its text is new each time.
// The same InjectedScript is made with the same options, in the same world, with a fresh module
// scope each time (its ref counter too); a failure is reported as stock reports it. Only where
// the context is Chromium's and no globals snapshot is prepended (that is for browsers without a
// utility world); the main world gets the unchanging text without the script at creation
// (pages make no main-world injection unless a program asks for one); anything else injects as
// stock does.
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

/** The injected script's function in the utility world of a document made after the first injection (a global of that world only). */
const FACTORY = '__tabwrightInjectedScript';
/** What makes the InjectedScript there: from the function when the document has it, else nothing (the full text is sent then). */
export const FACTORY_CALL = `function (options) { return typeof ${FACTORY} === "function" ? ${FACTORY}(options) : undefined; }`;

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
      + '      async rawInjectedScript(context, functionText, options, worldName) {\n'
      + '        const worlds = this._client.__tabwrightInjectedScriptWorlds ??= new Map();\n'
      + '        const seen = worldName ? worlds.get(worldName) ?? 0 : 0;\n'
      + '        if (seen === "registered") {\n'
      + `          const made = await this.rawCallFunctionHandle(context, ${JSON.stringify(FACTORY_CALL)}, options);\n`
      + '          if (made._objectId)\n'
      + '            return made;\n'
      + '        }\n'
      + '        const made = await this.rawCallFunctionHandle(context, functionText, options);\n'
      + '        if (worldName && seen !== "registered") {\n'
      + '          worlds.set(worldName, seen + 1 >= 2 ? "registered" : seen + 1);\n'
      + '          if (seen + 1 >= 2)\n'
      + `            this._client._sendMayFail("Page.addScriptToEvaluateOnNewDocument", { source: \`var ${FACTORY} = \${functionText};\`, worldName });\n`
      + '        }\n'
      + '        return made;\n'
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
      + '          const injected = this.delegate.rawInjectedScript && !globalsSnapshot\n'
      + '            ? this.raceAgainstContextDestroyed(this.delegate.rawInjectedScript(this, `function (options) {\n'
      + '        const module = {};\n'
      + '        ${source5}\n'
      + '        return new (module.exports.InjectedScript())(globalThis, options);\n'
      + '        }`, options, this.world === "utility" ? this.frame._page.delegate.utilityWorldName : void 0))\n'
      + '            : this.rawEvaluateHandle(source14);\n'
      + '          this._injectedScriptPromise = injected.then((handle) => {\n',
  },
];

/** The bundle's text with the changes made where their text occurs exactly once; the names of those that did not. */
export function withStableInjectedScript(source: string): { text: string; missing: string[] } {
  return changedText(source, STABLE_INJECTED_SCRIPT);
}
