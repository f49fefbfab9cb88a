// What a handed-over page asks the person itself, with the browser's own UI that a picture in
// the live view does not carry: a file (its chooser: the file is on the person's machine, not
// the browser's) and an answer (a JavaScript dialog: alert, confirm, prompt, beforeunload).
// While a hand-over is open, on the runtime's own session with its page (Page on), the runtime
// intercepts the page's file choosers (Page.setInterceptFileChooserDialog) and hears its
// dialogs; the view shows each and sends the person's answer: the files they picked, written
// into a new folder of the task's artifacts folder and given to the input that asked
// (DOM.setFileInputFiles by its node), or OK, Cancel and a prompt's text
// (Page.handleJavaScriptDialog). The task's worker leaves a dialog open while a person works
// (worker/effects/pageObserver.ts); one still open when the hand-over ends is dismissed here, as the
// worker dismisses one nobody handles.
import path from 'node:path';
import fs from 'node:fs';
import type { CdpEvent } from '../../transport/cdpProtocol.js';
import { pathInside, reserveFile, safeFileName } from '../../contract/fileNaming.js';
import type { Handoffs, OpenHandoff } from './handoffs.js';
import type { PageSession, PageSessions } from '../browser/pageSessions.js';

/** A file the person chose in the view. */
export interface ChosenFile { name: string; bytes: Buffer }

export type DialogKind = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

/** A dialog as the view shows it. */
export interface OpenDialog { page: number; type: DialogKind; message: string; defaultPrompt?: string }

/** The person's answer to a dialog. */
export interface DialogAnswer { type: DialogKind; accept: boolean; promptText?: string }

/** A dialog's message as shown at most (a page's text: the view shows it as text). */
const MAX_MESSAGE_CHARS = 1000;

interface Watch {
  open: OpenHandoff;
  session?: PageSession;
  release?: () => void;
  /** Stops waiting for the page's session (a tab the task opened a moment ago has none yet). */
  stopWaiting?: () => void;
  /** The page's open chooser: its input's node, and whether it takes several files. */
  chooser?: { backendNodeId: number; multiple: boolean };
  dialog?: OpenDialog;
  ended: boolean;
}

export class PageAskError extends Error {
  override name = 'PageAskError';
}

export class PageAsks {
  private readonly byTask = new Map<string, Watch>();

  private readonly onOpened = (open: OpenHandoff) => {
    const watch: Watch = { open, ended: false };
    this.byTask.set(open.task, watch);
    watch.stopWaiting = this.sessions.whenOpen(open.targetId, session => void this.listen(watch, session));
  };

  private readonly onEnded = (open: OpenHandoff) => {
    const watch = this.byTask.get(open.task);
    if (!watch || watch.open.key !== open.key) return;
    this.byTask.delete(open.task);
    watch.ended = true;
    watch.stopWaiting?.();
    const session = watch.session;
    if (session && this.sessions.open.get(session.targetId) === session) {
      session.cdp.send('Page.setInterceptFileChooserDialog', { enabled: false }, session.sessionId).catch(() => {});
      // Left open, it would hold the program's next action for ever.
      if (watch.dialog) session.cdp.send('Page.handleJavaScriptDialog', { accept: false }, session.sessionId).catch(() => {});
    }
    watch.release?.();
  };

  private readonly onEvent = (targetId: string, event: CdpEvent) => {
    for (const watch of this.byTask.values()) {
      if (watch.open.targetId !== targetId) continue;
      if (event.method === 'Page.fileChooserOpened' && event.params.backendNodeId !== undefined) {
        watch.chooser = { backendNodeId: event.params.backendNodeId, multiple: event.params.mode === 'selectMultiple' };
      } else if (event.method === 'Page.javascriptDialogOpening') {
        const { type, message, defaultPrompt } = event.params;
        watch.dialog = { page: watch.open.page, type, message: message.slice(0, MAX_MESSAGE_CHARS), ...(type === 'prompt' && defaultPrompt ? { defaultPrompt: defaultPrompt.slice(0, MAX_MESSAGE_CHARS) } : {}) };
      } else if (event.method === 'Page.javascriptDialogClosed') {
        // Answered here, or by the program's own handler.
        if (!watch.dialog) continue;
        watch.dialog = undefined;
      } else continue;
      this.handoffs.changed(watch.open.task);
    }
  };

  constructor(
    private readonly handoffs: Handoffs,
    private readonly sessions: PageSessions,
    /** The folder of each task's artifacts (`$TABWRIGHT_HOME/artifacts`). */
    private readonly artifactsDir: string,
    /** False where the browser runs on another machine: a path written here means nothing there. */
    private readonly filesHere: (task: string) => boolean,
  ) {
    handoffs.on('opened', this.onOpened);
    handoffs.on('ended', this.onEnded);
    sessions.on('event', this.onEvent);
  }

  private async listen(watch: Watch, session: PageSession): Promise<void> {
    watch.session = session;
    try {
      // Choosers and dialogs are heard on a session with Page on.
      const release = await this.sessions.enable(session, 'Page');
      if (watch.ended) {
        release();
        return;
      }
      watch.release = release;
      await session.cdp.send('Page.setInterceptFileChooserDialog', { enabled: true }, session.sessionId);
    } catch {
      // The page closed: its hand-over ends with it.
    }
  }

  /** The file chooser the task's handed-over page has open, as the view shows it. */
  chooserOf(task: string): { page: number; multiple: boolean } | undefined {
    const watch = this.byTask.get(task);
    return watch?.chooser && { page: watch.open.page, multiple: watch.chooser.multiple };
  }

  /** The dialog the task's handed-over page shows, waiting for the person. */
  dialogOf(task: string): OpenDialog | undefined {
    return this.byTask.get(task)?.dialog;
  }

  /**
   * Gives the person's files to the input that asked (none: the chooser is cancelled). They are
   * written first, under their own names (the page reads a file's name), in a new folder of the
   * task's artifacts folder, which retention deletes with the task's other files of its age.
   */
  async give(task: string, files: readonly ChosenFile[]): Promise<string[]> {
    const watch = this.byTask.get(task);
    const chooser = watch?.chooser;
    const session = watch?.session;
    if (!watch || !chooser || !session) throw new PageAskError(`The page of task ${task} does not ask for a file now: click its file input first.`);
    if (files.length > 1 && !chooser.multiple) throw new PageAskError('The page asks for one file: choose one.');
    if (files.length && !this.filesHere(task)) throw new PageAskError('The browser runs on another machine (runtime start --connect): a file from the view cannot reach it.');
    watch.chooser = undefined;
    this.handoffs.changed(task);
    const paths: string[] = [];
    if (files.length) {
      const taskFolder = pathInside(this.artifactsDir, task);
      await fs.promises.mkdir(taskFolder, { recursive: true, mode: 0o700 });
      const folder = await fs.promises.mkdtemp(path.join(taskFolder, 'handoff-upload-'));
      for (const file of files) {
        const reserved = await reserveFile(folder, safeFileName(file.name, 'file'));
        await fs.promises.writeFile(reserved, file.bytes, { mode: 0o600 });
        paths.push(reserved);
      }
    }
    if (paths.length) await session.cdp.send('DOM.setFileInputFiles', { files: paths, backendNodeId: chooser.backendNodeId }, session.sessionId);
    return paths.map(file => path.basename(file));
  }

  /** The person's OK or Cancel (and a prompt's text) to the dialog the page shows; the dialog and the answer. */
  async answer(task: string, accept: boolean, promptText?: string): Promise<{ dialog: OpenDialog; answer: DialogAnswer }> {
    const watch = this.byTask.get(task);
    const dialog = watch?.dialog;
    const session = watch?.session;
    if (!watch || !dialog || !session) throw new PageAskError(`The page of task ${task} shows no dialog now.`);
    const text = accept && dialog.type === 'prompt' ? promptText ?? '' : undefined;
    await session.cdp.send('Page.handleJavaScriptDialog', { accept, ...(text !== undefined ? { promptText: text } : {}) }, session.sessionId);
    watch.dialog = undefined;
    this.handoffs.changed(task);
    return { dialog, answer: { type: dialog.type, accept, ...(text !== undefined ? { promptText: text } : {}) } };
  }

  dispose(): void {
    this.handoffs.off('opened', this.onOpened);
    this.handoffs.off('ended', this.onEnded);
    this.sessions.off('event', this.onEvent);
  }
}
