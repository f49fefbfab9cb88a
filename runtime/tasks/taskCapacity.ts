// Who gets a slot when a task becomes active (at most TABWRIGHT_MAX_TASKS at once), as a pure
// decision: room left, or the longest-idle task whose worker only waits (nothing running or
// queued) gives its slot up (its worker stops, its tabs and receipts stay, and its next receipt
// says so). Only when every active task is busy is a newcomer refused, with what to do.
import { Refusal } from '../../contract/errors.js';
import type { Task } from './task.js';

export type SlotDecision =
  | { kind: 'room' }
  | { kind: 'evict'; task: Task; why: string }
  | { kind: 'refuse'; refusal: Refusal };

export function slotFor(name: string, active: readonly Task[], maxActive: number, now: number): SlotDecision {
  if (active.some(t => t.name === name) || active.length < maxActive) return { kind: 'room' };
  const waiting = active.filter(t => !t.running && t.queued === 0).sort((a, b) => a.lastActivity - b.lastActivity);
  const task = waiting[0];
  if (task) {
    return {
      kind: 'evict', task,
      why: `This task's worker was stopped after ${Math.round((now - task.lastActivity) / 1000)} s idle to make room for task "${name}" (at most ${maxActive} tasks are active at once), so \`state\` was reset; tabs were kept. Rebuild what you need from the page.`,
    };
  }
  const list = active.map(t => `${t.name} (${t.running ? 'running' : `idle ${Math.round((now - t.lastActivity) / 1000)} s`})`).join(', ');
  return {
    kind: 'refuse',
    refusal: new Refusal('TaskLimitReached', 'full',
      `${active.length} tasks are active, the limit (TABWRIGHT_MAX_TASKS=${maxActive}): ${list}. Free one with \`tabwright release --task NAME\` (keeps its tabs) or \`tabwright close --task NAME\` (closes them), then resubmit with the same request id; nothing was submitted.`,
      { active: active.map(t => ({ task: t.name, idleMs: t.running ? 0 : now - t.lastActivity })) }),
  };
}
