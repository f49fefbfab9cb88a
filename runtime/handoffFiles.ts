// A file chooser during a hand-over: the page a person works on asks for a file (they clicked
// its file input), and the file is on the person's machine, not the browser's. While the
// hand-over is open the runtime intercepts the page's file choosers on its own session with it
// (Page.setInterceptFileChooserDialog), the view says the page asks for a file and offers the
// person's own file picker, and the file they choose is written into the task's artifacts
// folder and given to the input that asked (DOM.setFileInputFiles, by the chooser's node). A
// chooser the person does not answer gives the page nothing, as a cancelled dialog does.
import path from 'node:path';
import fs from 'node:fs';
import type { CdpEvent } from '../transport/cdpProtocol.js';
import { pathInside, reserveFile, safeFileName } from '../contract/fileNaming.js';
import type { Handoffs, OpenHandoff } from './handoffs.js';
import type { PageSession, PageSessions } from './pageSessions.js';

/** A file the person chose in the view. */
export interface ChosenFile { name: string; bytes: Buffer }

interface Watch {
  open: OpenHandoff;
  session?: PageSession;
  release?: () => void;
  /** The page's open chooser: its input's node, and whether it takes several files. */
  chooser?: { backendNodeId: number; multiple: boolean };
  ended: boolean;
}

export class HandoffFileError extends Error {
  override name = 'HandoffFileError';
}

export class HandoffFiles {
  private readonly byTask = new Map<string, Watch>();

  private readonly onOpened = (open: OpenHandoff) => {
    const watch: Watch = { open, ended: false };
    this.byTask.set(open.task, watch);
    const session = this.sessions.open.get(open.targetId);
    if (session) void this.intercept(watch, session);
  };

  private readonly onEnded = (open: OpenHandoff) => {
    const watch = this.byTask.get(open.task);
    if (!watch || watch.open.key !== open.key) return;
    this.byTask.delete(open.task);
    watch.ended = true;
    if (watch.session && this.sessions.open.get(watch.session.targetId) === watch.session)
      watch.session.cdp.send('Page.setInterceptFileChooserDialog', { enabled: false }, watch.session.sessionId).catch(() => {});
    watch.release?.();
  };

  private readonly onEvent = (targetId: string, event: CdpEvent) => {
    if (event.method !== 'Page.fileChooserOpened' || event.params.backendNodeId === undefined) return;
    for (const watch of this.byTask.values()) {
      if (watch.open.targetId !== targetId) continue;
      watch.chooser = { backendNodeId: event.params.backendNodeId, multiple: event.params.mode === 'selectMultiple' };
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

  private async intercept(watch: Watch, session: PageSession): Promise<void> {
    watch.session = session;
    try {
      // The chooser's event comes on a session with Page on.
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

  /**
   * Gives the person's files to the input that asked (none: the chooser is cancelled). They are
   * written first, under their own names (the page reads a file's name), in a new folder of the
   * task's artifacts folder, which retention deletes with the task's other files of its age.
   */
  async give(task: string, files: readonly ChosenFile[]): Promise<string[]> {
    const watch = this.byTask.get(task);
    const chooser = watch?.chooser;
    const session = watch?.session;
    if (!watch || !chooser || !session) throw new HandoffFileError(`The page of task ${task} does not ask for a file now: click its file input first.`);
    if (files.length > 1 && !chooser.multiple) throw new HandoffFileError('The page asks for one file: choose one.');
    if (files.length && !this.filesHere(task)) throw new HandoffFileError('The browser runs on another machine (runtime start --connect): a file from the view cannot reach it.');
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

  dispose(): void {
    this.handoffs.off('opened', this.onOpened);
    this.handoffs.off('ended', this.onEnded);
    this.sessions.off('event', this.onEvent);
  }
}
