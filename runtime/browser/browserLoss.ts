// What a lost browser means for the programs it ended and for each task's next one, said once
// for every kind of browser: a launched one exited; the link to a person's browser dropped (its
// tabs stay there, no longer the tasks'); a browser service ended the browser it made for the
// runtime (`--connect`) or for one task (`--browser-service`), whose tabs the next browser
// reopens. The cause is the link's own word where it has one (transport/linkEnd.ts), or that
// the browser stopped answering and the runtime dropped it.
import type { BrowserSession } from './browserSession.js';

export interface BrowserLoss {
  /** The error message of the programs it interrupted. */
  why: string;
  /** The hint the next receipt of each task it held gets. */
  nextProgram: string;
}

export function browserLoss(session: BrowserSession): BrowserLoss {
  const stopped = session.unresponsive
    ? `(${session.unresponsive.waitedFor} went unanswered for ${session.unresponsive.limitMs / 1000} s), so the runtime ${session.connected ? 'disconnected from' : 'ended'} it`
    : undefined;
  if (session.connected && session.fresh) {
    const whose = session.task !== undefined ? 'this task\'s browser' : 'the runtime\'s browser';
    const cause = stopped ? `it stopped answering ${stopped}` : session.ending ?? 'the connection to it closed';
    return {
      why: `The browser service ended ${whose} while the program ran: ${cause}. The next program gets a new browser from the service.`,
      nextProgram: `\`state\` was reset: the browser service ended ${whose} since this task's last program (${cause}).`,
    };
  }
  if (session.connected) {
    return {
      why: stopped ? `The browser stopped answering ${stopped} while the program ran; the next program connects again.`
        : 'The connection to the browser (runtime start --connect) was lost while the program ran; the next program connects again.',
      nextProgram: 'The browser was reconnected before this program (the connection to it was lost since this task\'s last program), so `state` was reset and '
        + 'the tabs this task had are no longer its own: they stay open in the browser (`tabwright pages --all`). Start again from a new page.',
    };
  }
  return {
    why: stopped ? `The browser stopped answering ${stopped} while the program ran; the next program starts a new one.` : 'The browser exited while the program ran.',
    nextProgram: 'The browser was started again before this program (it exited since this task\'s last program): this task\'s tabs and `state` are gone. Start again from a new page.',
  };
}
