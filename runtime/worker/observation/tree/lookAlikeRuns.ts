// Runs of look-alike controls (a calendar's days, a map's markers, a list's Delete buttons) as
// one line each: `e12..e40 button ×15: {1..15} June 2027`; a run of ones with no ref (days that
// take no clicks) as `button ×6: {1..6} [takes no clicks]`. A run whose members share one name
// is told apart only by something else: it is noted for the page to be asked their titles.
import { MIN_RUN, runLine, type AlikeRun, type Item } from '../viewNodes.js';
import { patternOf } from './namePattern.js';

type Control = Extract<Item, { kind: 'control' }>;

/** What a run tells the page's later look: the runs all named the same, and the refs asked for shapes inside. */
export interface RunNeeds { alike: AlikeRun[]; shapes: string[] }

/**
 * Runs of look-alike controls become one line (see `runLine`); `keyBase` keys them by place, not
 * by ref, so a re-rendered run shows as changed. `titles`: by a run's first ref, its members' titles.
 */
export function collapseRuns(items: Item[], keyBase: string, needs: RunNeeds, titles?: ReadonlyMap<string, (string | null)[]>): Item[] {
  // Controls with refs, or (a calendar's days that take no clicks: site 37) controls with none.
  const member = (i: Item | undefined): i is Control => i?.kind === 'control' && i.below.length === 0;
  const out: Item[] = [];
  let runs = 0;
  for (let i = 0; i < items.length;) {
    const first = items[i];
    // The longest stretch from here of one role whose names share a pattern, grown forward.
    let k = 0;
    const names = (n: number) => (items.slice(i, i + n) as Control[]).map(c => c.name);
    const fits = (n: number) => items.slice(i, i + n).every(x => member(x) && x.role === (first as Control).role && !x.ref === !(first as Control).ref);
    if (member(first) && i + MIN_RUN <= items.length && fits(MIN_RUN) && patternOf(names(MIN_RUN))) {
      k = MIN_RUN;
      while (i + k < items.length && fits(k + 1) && patternOf(names(k + 1))) k++;
    }
    if (k) {
      const run = items.slice(i, i + k) as Control[];
      const refs = run.flatMap(c => (c.ref ? [c.ref] : []));
      if (refs.length && run.every(c => c.name === run[0].name)) needs.alike.push({ role: run[0].role, name: run[0].name, refs });
      // Look-alike shapes of their own (D3's markers) are each one shape: nothing inside them to count.
      const single = new Set(refs);
      for (let j = needs.shapes.length - 1; j >= 0; j--) if (single.has(needs.shapes[j])) needs.shapes.splice(j, 1);
      out.push(runLine(run, `${keyBase}/run${runs++}`, refs.length ? titles?.get(refs[0]) : undefined));
      i += k;
    } else {
      out.push(first);
      i++;
    }
  }
  return out;
}
