// Why a task's own input is refused while a person works on its pages (a hand-over): said the
// same way by the router (to any client of the task) and by the worker's guard (to the program).
export function personHoldReason(reason: string): string {
  return `a person is working on this task's pages (handoff: ${reason}); until handoff() returns, a task may watch where the page goes `
    + '(handoff({ until }), page.waitForURL) but neither act on it nor read it: await handoff() and go on when it returns';
}
