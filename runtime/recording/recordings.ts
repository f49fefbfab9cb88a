// Recording hand-overs ("show me once"): while a hand-over that asked to record (`handoff({
// record })`, or "Record a playbook" in the live view) is open, its page is recorded
// (pageRecorder.ts) into steps (recordedSteps.ts) the view shows as they are written; the person
// removes and renames there, confirms or edits the proposed final check, and Done saves the
// draft (playbookDraft.ts) as a new version of the playbook, `untried` until a run passes its
// final check. The draft is checked as `tabwright playbook save` checks a file: one it would
// refuse is not saved, and the hand-over stays open with the reasons.
import type { RecordedPlaybook } from '../../contract/receipt.js';
import type { Log } from '../runtimeLog.js';
import type { Handoffs, OpenHandoff } from '../handoff/handoffs.js';
import type { PageSession, PageSessions } from '../browser/pageSessions.js';
import type { PlaybookLibrary } from '../playbooks/playbookLibrary.js';
import { parameterLine } from '../playbooks/frontMatter.js';
import { PageRecorder } from './pageRecorder.js';
import { checkPageMessage, checkProposedCheck } from './pageMessageCheck.js';
import { RecordedSteps, RecordingEditError } from './recordedSteps.js';
import { descriptionFrom, draftSource, proposedCheckCode, stepCode, stepParameter, type StepParameter } from './playbookDraft.js';
import type { DialogAnswer, OpenDialog } from '../handoff/pageAsks.js';

/** A step as the view lists it: its code as it will be written, and its parameter. */
export interface StepView {
  id: number;
  code: string;
  param?: { name: string; type: string; secret: boolean; example?: string };
}

export interface RecordingView {
  /** The playbook the draft is saved as. */
  name: string;
  /** The page being recorded (only that one: another page of the task is not). */
  page: number;
  state: 'starting' | 'recording' | 'failed';
  steps: StepView[];
  /** What was not recorded, and why (a frame, a failure). */
  notes: string[];
}

/** What the person confirmed for the draft. */
export interface DraftEdit {
  /** The final check, as code (an awaited expect). */
  check: string;
  description: string;
}

const MAX_NOTES = 20;

class Recording {
  readonly steps = new RecordedSteps();
  readonly notes: string[] = [];
  state: RecordingView['state'] = 'starting';
  private recorder?: PageRecorder;
  private stopped = false;
  /** Stops waiting for the page's session (a tab the task opened a moment ago has none yet). */
  private waitForSession?: () => void;

  constructor(readonly open: OpenHandoff & { record: string }, private readonly changed: () => void, private readonly log: Log) {}

  start(sessions: PageSessions): void {
    this.waitForSession = sessions.whenOpen(this.open.targetId, session => void this.startOn(sessions, session));
  }

  private async startOn(sessions: PageSessions, session: PageSession): Promise<void> {
    try {
      const recorder = await PageRecorder.start(sessions, session, message => this.onMessage(message));
      if (this.stopped) {
        await recorder.stop();
        return;
      }
      this.recorder = recorder;
      this.state = 'recording';
    } catch (error) {
      this.state = 'failed';
      const why = error instanceof Error ? error.message : String(error);
      this.note(`The page cannot be recorded: ${why}`);
      this.log.error({ err: error, part: 'recording' }, `a recording of task ${this.open.task} could not start: ${why}`);
    }
    this.changed();
  }

  private onMessage(raw: unknown): void {
    const message = checkPageMessage(raw);
    if (!message) {
      this.note('The page sent something that is not a step; it was left out.');
      return;
    }
    if (message.kind === 'skipped') this.note(message.why);
    else if (this.steps.add(message)) this.changed();
  }

  private note(text: string): void {
    if (this.notes.includes(text) || this.notes.length >= MAX_NOTES) return;
    this.notes.push(text);
    this.changed();
  }

  parameters(): StepParameter[] {
    return this.steps.list().map(stepParameter).filter((p): p is StepParameter => p !== undefined);
  }

  /** The final check the page proposes now (what it shows as the flow's result), as code. */
  async proposeCheck(): Promise<string> {
    const steps = this.steps.list();
    const lastUrl = steps.at(-1)?.url ?? (steps[0]?.action.kind === 'goto' ? steps[0].action.url : undefined);
    let proposal = this.recorder ? checkProposedCheck(await this.recorder.propose().catch(() => undefined)) : undefined;
    if (!proposal && lastUrl) proposal = { url: lastUrl };
    if (!proposal) return "await expect(page).toHaveURL(/./);";
    return proposedCheckCode(proposal, this.parameters());
  }

  view(): RecordingView {
    return {
      name: this.open.record, page: this.open.page, state: this.state, notes: [...this.notes],
      steps: this.steps.list().map(step => {
        const param = stepParameter(step);
        return {
          id: step.id, code: stepCode(step),
          ...(param ? { param: { name: param.name, type: param.type, secret: param.secret, ...(param.secret ? {} : { example: JSON.stringify(param.example) }) } } : {}),
        };
      }),
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.waitForSession?.();
    await this.recorder?.stop();
  }
}

/** Each change of a recording (its steps, notes or state) is news for the view: Handoffs' 'changed'. */
export class Recordings {
  private readonly byTask = new Map<string, Recording>();

  private readonly onOpened = (open: OpenHandoff) => {
    if (open.record === undefined) return;
    const recording = new Recording({ ...open, record: open.record }, () => this.handoffs.changed(open.task), this.log);
    this.byTask.set(open.task, recording);
    recording.start(this.sessions);
  };

  private readonly onEnded = (open: OpenHandoff) => {
    const recording = this.byTask.get(open.task);
    if (!recording || recording.open.key !== open.key) return;
    this.byTask.delete(open.task);
    void recording.stop();
  };

  constructor(
    private readonly handoffs: Handoffs,
    private readonly sessions: PageSessions,
    private readonly playbooks: PlaybookLibrary,
    private readonly log: Log,
  ) {
    handoffs.on('opened', this.onOpened);
    handoffs.on('ended', this.onEnded);
  }

  /** The task's open recording with this hand-over key (what the view sends back). */
  private recording(task: string, key: string): Recording {
    const recording = this.byTask.get(task);
    if (!recording || recording.open.key !== key) throw new RecordingEditError(`Task ${task} is not recording a playbook (any more): its hand-over ended, or it did not ask to record.`);
    return recording;
  }

  /** Whether the task's open hand-over records (its Done saves a draft). */
  records(task: string): boolean {
    return this.byTask.has(task);
  }

  viewOf(task: string): RecordingView | undefined {
    return this.byTask.get(task)?.view();
  }

  /** The person answered the recorded page's dialog in the view: the draft answers it the same way. */
  dialogAnswered(task: string, dialog: OpenDialog, answer: DialogAnswer): void {
    const recording = this.byTask.get(task);
    if (!recording || dialog.page !== recording.open.page) return;
    const url = recording.steps.list().at(-1)?.url ?? '';
    if (recording.steps.addDialog(answer.type, answer.accept, answer.promptText, dialog.message, url)) this.handoffs.changed(task);
  }

  /** The person removed a step, or renamed its parameter. */
  edit(task: string, key: string, step: number, change: { remove: true } | { name: string }): void {
    const recording = this.recording(task, key);
    if ('remove' in change) recording.steps.remove(step);
    else recording.steps.rename(step, change.name);
    this.handoffs.changed(task);
  }

  /** The final check and description the view proposes before Done. */
  async proposal(task: string, key: string): Promise<DraftEdit> {
    const recording = this.recording(task, key);
    return { check: await recording.proposeCheck(), description: descriptionFrom(recording.open.reason) };
  }

  /**
   * Done: writes the draft and saves it as a new version (a Refusal naming what is wrong when
   * `playbook save` would refuse it: nothing is saved and the hand-over stays open), then ends
   * the hand-over, which tells the program.
   */
  save(task: string, key: string, edit: DraftEdit): RecordedPlaybook {
    const recording = this.recording(task, key);
    const { open } = recording;
    const source = draftSource({
      name: open.record, description: edit.description, steps: recording.steps.list(), check: edit.check,
      recordedIn: { task, requestId: open.requestId, at: new Date() },
    });
    const [saved] = this.playbooks.save([{ source, origin: `recorded in the live view (task ${task}, request ${open.requestId})` }]);
    const stored = this.playbooks.store.version(saved!.name, saved!.version)!;
    const playbook: RecordedPlaybook = { name: stored.name, version: stored.version, status: stored.state.status, params: parameterLine(stored.frontMatter.params) };
    this.handoffs.end(task, { ended: 'done', playbook });
    return playbook;
  }

  dispose(): void {
    this.handoffs.off('opened', this.onOpened);
    this.handoffs.off('ended', this.onEnded);
    for (const recording of this.byTask.values()) void recording.stop();
    this.byTask.clear();
  }
}
