// What a task observed while its program ran, written onto the program's receipt as it ends:
// mutations, network entries, announcements, pages, playbook hints. Called only by the end of a
// program (programLife.ts finish); it reads the task's taps, so it lives beside the run, not in receipts/.
import type { Receipt } from '../../contract/receipt.js';
import type { Task } from '../tasks/task.js';
import type { PageCatalog } from '../browser/pageCatalog.js';
import { closedDuring } from './pageChangeLog.js';
import { addDeferredMutations, addMutationHint, laterMutationsOnto, addMutations, addObservationGapHint, addNetwork, addAnnouncements, addPages } from '../receipts/receiptAssembly.js';
import type { RunFacts } from '../receipts/receiptView.js';
import type { RecentRunFacts } from '../receipts/recentRunFacts.js';
import { askedFacts } from '../receipts/requestedNavigations.js';
import { playbookHints } from '../playbooks/playbookHint.js';

/** What describing a run needs besides the run: where the compact view's facts are remembered, a receipt's save, the playbooks for a URL. */
export interface RunDescriptionDeps {
  recentFacts: RecentRunFacts;
  save(receipt: Receipt): void;
  playbooksFor?: ((url: string) => number) | undefined;
}

/** What the task observed during the run: mutations, network entries, pages; returns what the compact view needs beyond the receipt. */
export function describeRun(receipt: Receipt, task: Task, catalog: PageCatalog, deps: RunDescriptionDeps): RunFacts {
  receipt.mutationState = task.mutations.state;
  addMutations(receipt, task.mutations.texts());
  addDeferredMutations(receipt, task.mutations.takeDeferred());
  if (task.takeObservationGaps()) addObservationGapHint(receipt);
  const said = task.announcements.end();
  const facts: RunFacts = {
    ...askedFacts(task.navigations.of(receipt.requestId)), mutations: task.mutations.shown(receipt.status === 'succeeded'),
    ...(said.folded ? { announcements: said.folded } : {}),
  };
  deps.recentFacts.remember(receipt.task, receipt.requestId, facts);
  task.mutations.end(receipt.requestId);
  // What the pages send from now until the next program follows this receipt: it is amended as it comes.
  task.mutations.onLater = laterMutationsOnto(receipt, amended => deps.save(amended));
  task.navigations.end();
  const allPages = catalog.ofTask(task.name);
  addNetwork(receipt, task.network.end(receipt.requestId, allPages));
  addAnnouncements(receipt, said);
  // A page the program saw close is gone even if Chrome's own word on it is still on its way.
  const closed = closedDuring(receipt.pageChanges);
  const pages = allPages.filter(p => !closed.has(p.id));
  addMutationHint(receipt);
  // The tab the program selected, unless it closed (or none was known: a tab the task opened as it had none): the first one.
  if (task.selectedPage === undefined || !pages.some(p => p.id === task.selectedPage)) task.select(pages[0]?.id);
  addPages(receipt, pages, task.selectedPage);
  for (const hint of playbookHints(pages, task.playbookSitesNamed, deps.playbooksFor)) (receipt.hints ??= []).push(hint);
  return facts;
}
