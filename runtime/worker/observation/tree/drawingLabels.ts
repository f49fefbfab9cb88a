// A drawing that labels its parts for assistive tech, as the view prints it: the labels, where
// a chart like Vega's has its figures (`Year: 2026; Lifts: 266`), and, where the labels only
// name groups (Observable Plot's `bar`, `tip`) and the figures are in tooltips, the marks the
// page counted and how to hover them (pageFacts.ts' marksInPage). Site 12's agent hovered
// Plot's groups, whose centres lie between bars, and lost a call before finding the rects.
// A drawing with no labels at all (Chartist: axis text and unlabelled points) was left out of
// the view; with marks counted, it is shown as its text and its marks (site 14's trial).
import { clean, cut, type AriaNode, type DrawnShapes, type ViewLine } from '../viewNodes.js';

/** Labelled parts of a drawing shown at most: a chart's bars, a map's regions. */
const MAX_PART_LABELS = 60;

/** The names of a drawing's labelled parts, in order (a labelled part's own parts are its label's). */
export function partLabels(nodes: AriaNode[]): string[] {
  return nodes.flatMap(n => (typeof n === 'string' ? [] : clean(n.name) ? [clean(n.name)] : partLabels(n.children ?? [])));
}

/** The lines under a labelled drawing's own: its labels (bounded), then its unlabelled marks when the page counted some. */
export function drawingLines(labels: string[], key: string, depth: number, ref: string | undefined, marks: DrawnShapes | undefined): ViewLine[] {
  const below = labels.slice(0, MAX_PART_LABELS).map((text, i): ViewLine => ({ depth, key: `${key}/p${i}`, text: cut(text, 200) }));
  if (labels.length > MAX_PART_LABELS) below.push({ depth, key: `${key}/more`, text: `… ${labels.length - MAX_PART_LABELS} more parts labelled` });
  if (ref && marks) {
    // A mark drawn by its stroke alone has no box: hover() waits on it as hidden (site 14's Chartist points).
    const force = marks.boxless ? `; each is drawn by its stroke with no box, which hover() takes for hidden: hover({ force: true })`
      : marks.covered ? `; the pointer reaches a layer over them, not them, which hover() waits on: hover({ force: true }) moves it to each all the same` : '';
    below.push({ depth, key: `${key}/marks`, text: `${marks.count} ${marks.selector} drawn without labels: what each shows is in its tooltip (hover each: page.getByRef('${ref}').locator('${marks.selector}')${force})` });
  }
  return below;
}

/**
 * A drawing with only axis text (three numbers or more) and no marks the page could count
 * (Morris.js on Raphael draws unclassed circles: site 19's chart was in no line): said, with how
 * its figures are read. A logo's or a rating's text is no axis: nothing then.
 */
/** A bare drawing's text for its line: its start (axes, a legend) and its end, where a tooltip drawn last is (chart.xkcd's: site 33). */
export function drawingText(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, 60)}…${text.slice(-(max - 61))}` : text;
}

export function bareDrawingNote(text: string): string {
  return (text.match(/\d+(?:[.,]\d+)?/g)?.length ?? 0) >= 3 ? ' (a drawing with no parts in the tree: hover over its points with page.mouse.move(x, y) within its boundingBox(), and read the tooltip)' : '';
}
