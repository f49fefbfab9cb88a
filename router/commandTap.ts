// A view onto a task's CDP traffic for whoever needs to observe it (the runtime decides
// mutationState from it). Observation only: a tap cannot change or stop a message.

export interface CommandTap {
  /** A command a client of the task sent to one of its targets. */
  command(method: string, params: Record<string, unknown>, targetId: string): void;
  /** An event one of the task's targets sent to a client. */
  event(method: string, params: Record<string, unknown>, targetId: string): void;
}
