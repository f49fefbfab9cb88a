// Where a receipt's writes go and who hears that it ended. A write the store refuses (a locked
// or full database) never leaves a receipt `running` in anyone's eyes: the receipt as it now
// stands is kept and written again until the store takes it (every few seconds, and at stop),
// and whoever waits for a final receipt that could not be stored is told so, naming the file,
// instead of waiting for ever. A runtime that dies first leaves the stored one unfinished,
// which the next runtime ends `interrupted` (recovery.ts): never `running`.
import { EventEmitter } from 'node:events';
import { isFinal, type Receipt } from '../../contract/receipt.js';
import type { ReceiptStore } from './receiptStore.js';
import type { RunFacts } from './receiptView.js';
import { StorageError, storageErrorOf } from './storageFailure.js';
import { described, type RuntimeLog } from '../runtimeLog.js';

/** How often receipts the store refused are written again. */
const RETRY_MS = 5_000;

/**
 * Why a final receipt is not in the store yet, said for the caller that waited for it: a
 * StorageError (so the API answers it naming the file) when the store's file is the cause.
 */
function notStored(receipt: Receipt, cause: Error): Error {
  const what = `The program ended (${receipt.status}), but its receipt could not be written: ${cause.message} `
    + `The runtime writes it again every ${RETRY_MS / 1000} s and when it stops; read it with \`tabwright receipt --task ${receipt.task} --request-id ${receipt.requestId}\` once the file is usable. Do not resubmit it.`;
  return cause instanceof StorageError ? new StorageError(cause.problem, cause.file, what) : new Error(what);
}

type Listener = (receipt: Receipt, error?: Error) => void;

export class ReceiptEnds {
  private readonly waiters = new EventEmitter();
  /** Receipts whose last write failed, by key: the version to write again. */
  private readonly unsaved = new Map<string, { receipt: Receipt; error: Error; viewFacts?: RunFacts }>();
  private retry?: NodeJS.Timeout;
  /** Waiters told to stop waiting (the runtime stops): each gets the receipt as it stands. */
  private readonly pendingWaits = new Set<() => void>();
  /** Set once the runtime stops: nobody waits any more. */
  private answering = false;

  constructor(private readonly store: ReceiptStore, private readonly dbFile: string, private readonly log: RuntimeLog) {
    this.waiters.setMaxListeners(0);
  }

  /**
   * Writes the receipt as it stands (with its view facts, ReceiptStore.save); a refused write is
   * kept for later. Never throws: the error is returned. A receipt that now waits for a person
   * answers its waiters (waitForFinal): nothing goes on until someone tells the person.
   */
  save(receipt: Receipt, viewFacts?: RunFacts): Error | undefined {
    const error = this.write(receipt, viewFacts);
    // After the write: the waiters read the receipt as it now stands.
    if (receipt.waitingFor === 'person') this.waiters.emit(askedKey(keyOf(receipt.task, receipt.requestId)));
    return error;
  }

  private write(receipt: Receipt, viewFacts?: RunFacts): Error | undefined {
    const key = keyOf(receipt.task, receipt.requestId);
    try {
      this.store.save(receipt, viewFacts);
      this.unsaved.delete(key);
      return undefined;
    } catch (thrown) {
      const error = storageErrorOf(thrown, this.dbFile) ?? (thrown instanceof Error ? thrown : new Error(String(thrown)));
      this.log.error(`could not write the receipt of ${receipt.task}/${receipt.requestId} (${receipt.status}); writing it again every ${RETRY_MS / 1000} s: ${described(thrown)}`);
      this.unsaved.set(key, { receipt, error, ...(viewFacts ? { viewFacts } : {}) });
      this.retry ??= setInterval(() => this.flush(), RETRY_MS).unref();
      return error;
    }
  }

  /** The receipt is final: written, and every waiter told (with the storage error when it could not be written). */
  end(receipt: Receipt, viewFacts?: RunFacts): void {
    const error = this.write(receipt, viewFacts);
    this.waiters.emit(keyOf(receipt.task, receipt.requestId), receipt, error);
  }

  /** Writes again what the store refused; true when nothing is left unwritten. */
  flush(): boolean {
    for (const [key, { receipt, viewFacts }] of [...this.unsaved]) {
      if (this.unsaved.get(key)?.receipt !== receipt) continue;
      try {
        this.store.saveWithoutWaiting(receipt, viewFacts);
        this.unsaved.delete(key);
        this.log.info(`wrote the receipt of ${receipt.task}/${receipt.requestId} (${receipt.status}) after all`);
      } catch {
        // Still refused: the next round, or the next runtime's recovery.
        break;
      }
    }
    if (this.unsaved.size === 0 && this.retry) {
      clearInterval(this.retry);
      this.retry = undefined;
    }
    return this.unsaved.size === 0;
  }

  /**
   * The receipt once final, or as it stands after `waitMs`, when the runtime stops, or when its
   * program starts waiting for a person (handoff()): the agent is the one to tell them, so it
   * hears of it at once. A hand-over already open when the wait began is waited out like the
   * rest of the program (`tabwright receipt --wait` after the agent was told). Rejects with the
   * storage error while a final receipt could not be written.
   */
  waitForFinal(task: string, requestId: string, waitMs: number): Promise<Receipt | undefined> {
    const key = keyOf(task, requestId);
    const unwritten = this.unsaved.get(key);
    if (unwritten && isFinal(unwritten.receipt.status)) return Promise.reject(notStored(unwritten.receipt, unwritten.error));
    const receipt = unwritten?.receipt ?? this.store.get(task, requestId);
    if (!receipt || isFinal(receipt.status) || waitMs <= 0 || this.answering) return Promise.resolve(receipt);
    const askedAlready = receipt.waitingFor === 'person';
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.off(key, onFinal);
        this.waiters.off(askedKey(key), asStands);
        this.pendingWaits.delete(asStands);
      };
      const onFinal: Listener = (finished, error) => {
        done();
        if (error) reject(notStored(finished, error));
        else resolve(finished);
      };
      const asStands = (): void => {
        done();
        resolve(this.unsaved.get(key)?.receipt ?? this.store.get(task, requestId));
      };
      const timer = setTimeout(asStands, waitMs);
      this.waiters.on(key, onFinal);
      if (!askedAlready) this.waiters.on(askedKey(key), asStands);
      this.pendingWaits.add(asStands);
    });
  }

  /** Resolves once the receipt has ended (stored or not); at once when it already has. */
  ended(task: string, requestId: string): Promise<void> {
    const key = keyOf(task, requestId);
    const known = this.unsaved.get(key)?.receipt ?? this.store.get(task, requestId);
    if (known && isFinal(known.status)) return Promise.resolve();
    return new Promise(resolve => this.waiters.once(key, () => resolve()));
  }

  /** Whether the runtime stops (answerWaiters was called): a receipt not final now will end interrupted. */
  get stopping(): boolean {
    return this.answering;
  }

  /** The runtime stops: every waiter is answered now with the receipt as it stands, and any later one at once. */
  answerWaiters(): number {
    this.answering = true;
    const waits = [...this.pendingWaits];
    for (const answer of waits) answer();
    return waits.length;
  }

  /** The runtime stops: a last write of what is unwritten; no more rounds. */
  close(): void {
    this.flush();
    clearInterval(this.retry);
    this.retry = undefined;
  }
}

function keyOf(task: string, requestId: string): string {
  return `${task}\u0000${requestId}`;
}

/** The event of a receipt that starts waiting for a person (no task name or request id holds NUL). */
function askedKey(key: string): string {
  return `${key}\u0000asked`;
}
