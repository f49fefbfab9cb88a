// A view's first line: the page's title and URL, and the locator it was scoped to. `withoutUrl`
// leaves the URL out for a reader who wrote it (programGotos.ts). Then the lines above the page's
// own: its canvases (with a grid one holds as fallback content) and a box drawn over it with no
// dialog role, each checked as the page said it (isCanvas, isLayer: the page's answer is untrusted).
import { cut, type CanvasGrid, type DrawnCanvas, type UnroledLayer, type ViewLine } from './viewNodes.js';

export interface HeaderParts {
  title: string;
  url: string;
  scope?: string;
  /** The page's first h1 repeats the title and shares this line: `# Contact us <url>` (bytes count twice over). */
  merged: boolean;
}

const urlMark = (url: string) => `<${url}>`;

export function headerText({ title, url, scope, merged }: HeaderParts): string {
  return `${merged ? '# ' : ''}${title ? `${title} ` : ''}${urlMark(url)}${scope ? ` in ${scope}` : ''}`;
}

/** The same view with the URL left out of its header line. A page without a title keeps it: the URL is all its header says. */
export function withoutUrl(lines: ViewLine[], url: string): ViewLine[] {
  const [header, ...rest] = lines;
  const mark = ` ${urlMark(url)}`;
  if (!header || !header.text.includes(mark)) return lines;
  return [{ ...header, text: header.text.replace(mark, '') }, ...rest];
}

/** How many library names the header spells out; the rest are cut as `…`. */
const NAMED_LIBRARIES = 6;

/**
 * The header with the widget libraries the page's markup names after it: `Shop <url> · widgets:
 * AG Grid, flatpickr`. The names are tabwright's own (widgetLibraries.ts), never the page's text.
 */
export function withLibraries(lines: ViewLine[], names: readonly string[] | undefined): ViewLine[] {
  const [header, ...rest] = lines;
  if (!header || !names?.length) return lines;
  const more = names.length > NAMED_LIBRARIES ? ', …' : '';
  return [{ ...header, text: `${header.text} · widgets: ${names.slice(0, NAMED_LIBRARIES).join(', ')}${more}` }, ...rest];
}

/** How many tool names the header spells out; the count says the rest. */
const NAMED_TOOLS = 5;

/**
 * The header with the page's site tools (WebMCP) after it: `Shop <url> · 3 site tools: a, b, c (webmcp)`.
 * Names are the page's: control characters and long names are cut.
 */
export function withSiteTools(lines: ViewLine[], names: readonly string[] | undefined): ViewLine[] {
  const [header, ...rest] = lines;
  if (!header || !names?.length) return lines;
  const shown = names.slice(0, NAMED_TOOLS).map(name => {
    const clean = name.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
    return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
  });
  const more = names.length > NAMED_TOOLS ? ', …' : '';
  const text = `${header.text} · ${names.length} site tool${names.length === 1 ? '' : 's'}: ${shown.join(', ')}${more} (webmcp)`;
  return [{ ...header, text }, ...rest];
}

/**
 * A line for each canvas a person sees: what a canvas draws (a chart's bars, a canvas grid's
 * cells) is in no tree, and the view said nothing of it (site 10's chart page read as its heading
 * alone). Where it is, and how to read it: a chart by its tooltips, anything else (a canvas grid
 * has no tooltips: site 13's agent hovered Cheetah Grid's for a call) by a screenshot; a canvas
 * grid draws only the columns its box holds, and its box may follow the viewport (site 20's
 * agent scrolled VTable's 514 pixels sideways in four screenshots; a wider viewport drew it all),
 * said of one that reaches the window's right edge (`toEdge`): site 35's S2 grid, 760 pixels wide
 * whatever the window, drew nothing more in a wider one.
 */
export function canvasLines(canvases: readonly DrawnCanvas[] | undefined): ViewLine[] {
  // Canvases with one box are one drawing in layers (dygraphs draws its lines on one and takes
  // the pointer on another over it): one line, and hovering the first of them is refused, as the
  // top one covers it (site 16's agent lost a call so).
  const drawings = new Map<string, { c: DrawnCanvas; layers: number }>();
  for (const c of canvases ?? []) {
    const box = `${c.width}×${c.height} at (${c.x}, ${c.y})`;
    const seen = drawings.get(box);
    drawings.set(box, { c, layers: (seen?.layers ?? 0) + 1 });
  }
  return [...drawings].flatMap(([box, { c, layers }], i): ViewLine[] => c.fallback ? fallbackLines(box, c.fallback, i) : [{
    depth: 0, key: `canvas${i}`,
    text: layers > 1
      ? `canvas ${box}, ${layers} stacked, drawn: what it shows is in no view (the top one takes the pointer: hover a point of it with page.mouse.move(${c.x + Math.round(c.width / 2)}, ${c.y + Math.round(c.height / 2)}), not the first canvas; a grid or else: page.screenshot() and look)`
      : `canvas ${box}, drawn: what it shows is in no view (a chart: hover it and read the tooltip; a grid or else: page.screenshot() and look${c.toEdge ? '; a wider viewport, page.setViewportSize(), may draw more of it' : ''})`,
  }]);
}

/**
 * A canvas holding a grid of what it draws as its fallback content (Glide Data Grid keeps the
 * cells it draws so, for screen readers): the grid's first rows, and how to reach it. Playwright
 * takes fallback content for hidden (it has no box): a locator finds it with includeHidden, and a
 * click goes to the cell's place on the canvas.
 */
function fallbackLines(box: string, grid: CanvasGrid, i: number): ViewLine[] {
  const drawn = Math.max(0, ...grid.rows.map(row => row.length));
  const size = grid.rowCount && grid.colCount ? ` (${grid.rowCount} rows, ${grid.colCount} columns declared${grid.colCount > drawn ? `, ${drawn} drawn: the others come in as it scrolls sideways, hover it and page.mouse.wheel(dx, 0), or in a wider viewport` : ''})` : '';
  const head: ViewLine = {
    depth: 0, key: `canvas${i}`,
    text: `canvas ${box}, drawn; inside it, for screen readers, a grid of what it draws${size}, which locators take for hidden: read it with page.locator('canvas').getByRole('row', { includeHidden: true }); click a cell at its place on the canvas (page.mouse, from a screenshot). Its rows drawn now:`,
  };
  const rows = grid.rows.map((cells, r): ViewLine => ({ depth: 1, key: `canvas${i}/r${r}`, text: cut(cells.join(' | '), 400) }));
  return [head, ...rows];
}

/** A canvas as the page said it: four whole numbers, and a fallback grid of strings, bounded (the answer is the page's, so checked). */
export function isCanvas(c: unknown): c is DrawnCanvas {
  const v = c as DrawnCanvas;
  if (typeof c !== 'object' || c === null || ![v.width, v.height, v.x, v.y].every(n => Number.isInteger(n)) || ![undefined, true].includes(v.toEdge)) return false;
  const grid = v.fallback;
  return grid === undefined || (Array.isArray(grid.rows) && grid.rows.length <= 13
    && grid.rows.every(row => Array.isArray(row) && row.length <= 24 && row.every(cell => typeof cell === 'string' && cell.length <= 60))
    && [grid.rowCount, grid.colCount].every(n => n === undefined || Number.isInteger(n)));
}

/**
 * A layer as the page said it: a selector of one plain class or id (the page names it, so it is
 * checked: the view prints it as tabwright's own words) and a text, bounded.
 */
export function isLayer(l: unknown): l is UnroledLayer {
  const v = l as UnroledLayer;
  return typeof l === 'object' && l !== null && typeof v.text === 'string' && v.text.length <= 80
    && typeof v.selector === 'string' && /^(#[A-Za-z_][\w-]{0,60}|[a-z][a-z0-9-]{0,30}\.[A-Za-z_][\w-]{0,60})$/.test(v.selector);
}

/** The box over the page with no dialog role, under the header: its lines otherwise read as the page's own, last. */
export function layerLines(layer: UnroledLayer | undefined): ViewLine[] {
  if (!layer) return [];
  return [{
    depth: 0, key: 'layer',
    text: `(drawn over the page, with no dialog role: ${layer.selector} "${cut(layer.text, 60)}". getByRole('dialog') does not find it: scope to it with page.locator('${layer.selector}'), or use its refs)`,
  }];
}
