// The page side of `read()`, bundled with its libraries into one script (scripts/bundle-page-
// scripts.ts) that the worker installs in tabwright's isolated world of a page
// (isolatedWorld.ts): Mozilla's Readability (Firefox's Reader View) picks the main content of a
// clone of the document, and Turndown with its GFM plugin writes it as Markdown (headings,
// links, lists, tables, fenced code). Nothing here touches the page's own document.
import { Readability, isProbablyReaderable } from '@mozilla/readability';
import TurndownService from 'turndown';
import { gfm } from '@joplin/turndown-plugin-gfm';

export interface ReadRequest {
  /** An element's outerHTML (read(locator)); without it, the whole page's main content. */
  html?: string;
  /** The URL relative links in `html` resolve against. */
  baseUrl?: string;
  maxChars: number;
}

export interface ReadAnswer {
  title: string;
  markdown: string;
  /** Characters of Markdown before the cap. */
  chars: number;
  /** Headings of what the cap left out (the first few). */
  cutHeadings: string[];
  /** Readability found no article: the body was converted without its navigation, header, footer and asides. */
  whole: boolean;
}

const NOISE = 'script, style, noscript, template, iframe, object, embed, svg, canvas, form, dialog, [hidden], [aria-hidden="true"]';
const CHROME = 'nav, header, footer, aside, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"]';

function markdownOf(root: Node): string {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '_', hr: '---' });
  service.use(gfm);
  service.remove(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'canvas']);
  // Inline images as data: URLs are bytes, not content: their alt text stays.
  service.addRule('dataImages', {
    filter: node => node.nodeName === 'IMG' && (node.getAttribute('src') ?? '').startsWith('data:'),
    replacement: (_content, node) => ((node as Element).getAttribute('alt') ? `![${(node as Element).getAttribute('alt')}]` : ''),
  });
  // List items with one space after the marker (Turndown pads to four columns: bytes, no meaning).
  service.addRule('compactListItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as Element | null;
      let marker = '-';
      if (parent?.nodeName === 'OL') {
        const start = Number(parent.getAttribute('start') ?? 1) || 1;
        marker = `${start + [...parent.children].filter(child => child.nodeName === 'LI').indexOf(node as Element)}.`;
      }
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '\n').replace(/\n/gm, `\n${' '.repeat(marker.length + 1)}`);
      return `${marker} ${body}${node.nextSibling && !/\n$/.test(body) ? '\n' : ''}`;
    },
  });
  // A code block's language from the class names sites use (language-js, lang-js, highlight-js).
  service.addRule('fencedLanguage', {
    filter: 'pre',
    replacement: (_content, node) => {
      const pre = node as Element;
      const code = pre.querySelector('code') ?? pre;
      const classes = `${code.getAttribute('class') ?? ''} ${pre.getAttribute('class') ?? ''}`;
      const language = /(?:^|\s)(?:language|lang|highlight(?:-source)?)-([\w+#.-]+)/.exec(classes)?.[1] ?? '';
      const text = (code.textContent ?? '').replace(/\n$/, '');
      const longestRun = Math.max(2, ...[...text.matchAll(/`+/g)].map(m => m[0].length));
      const fence = '`'.repeat(longestRun + 1);
      return `\n\n${fence}${language}\n${text}\n${fence}\n\n`;
    },
  });
  return service.turndown(root as HTMLElement).replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * Table cells and rows left outside a table (Readability can return them; so can a locator's
 * part) become plain blocks: the GFM table rules look for their table and throw without one.
 */
function unwrapStrayCells(root: Node): void {
  if (!(root instanceof Element || root instanceof Document)) return;
  for (const cell of [...root.querySelectorAll('td, th, tr, thead, tbody, tfoot')]) {
    if (cell.closest('table')) continue;
    const isCell = cell.localName === 'td' || cell.localName === 'th';
    const block = cell.ownerDocument.createElement(isCell ? 'span' : 'div');
    block.append(...cell.childNodes, ...(isCell ? [' '] : []));
    cell.replaceWith(block);
  }
}

/** Links and images as absolute URLs, as Readability writes them: a relative one means nothing out of the page. */
function absoluteLinks(root: Node): void {
  if (!(root instanceof Element || root instanceof Document)) return;
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]')) link.setAttribute('href', link.href);
  for (const image of root.querySelectorAll<HTMLImageElement>('img[src]')) image.setAttribute('src', image.src);
}

/** The page's document, or the given HTML as a document of its own. */
function sourceDocument(request: ReadRequest): Document {
  if (request.html === undefined) return document.cloneNode(true) as Document;
  const parsed = new DOMParser().parseFromString('<!doctype html><html><head></head><body></body></html>', 'text/html');
  const base = parsed.createElement('base');
  base.href = request.baseUrl ?? document.baseURI;
  parsed.head.append(base);
  parsed.body.innerHTML = request.html;
  return parsed;
}

function read(request: ReadRequest): ReadAnswer {
  const source = sourceDocument(request);
  for (const node of source.querySelectorAll(NOISE)) node.remove();
  let root: Node = source.body;
  let title = request.html === undefined ? document.title : '';
  let whole = false;
  // Readability is for articles: on an app page (a short list, a form, a table a script filled)
  // it takes a fragment for the content (one table row, as bare cells) and drops the rest, so a
  // page it would not offer Reader View for is read whole, without its navigation and banners.
  if (request.html === undefined && !isProbablyReaderable(source)) {
    for (const node of source.querySelectorAll(CHROME)) node.remove();
    whole = true;
  } else if (request.html === undefined) {
    const article = new Readability(source.cloneNode(true) as Document, { keepClasses: true, serializer: (node: Node) => node }).parse();
    if (article?.content && (article.textContent ?? '').trim().length > 0) {
      root = article.content;
      title = article.title || title;
    } else {
      for (const node of source.querySelectorAll(CHROME)) node.remove();
      whole = true;
    }
  }
  unwrapStrayCells(root);
  absoluteLinks(root);
  const markdown = markdownOf(root);
  const full = title && !/^#\s/.test(markdown) ? `# ${title}\n\n${markdown}` : markdown;
  if (full.length <= request.maxChars) return { title, markdown: full, chars: full.length, cutHeadings: [], whole };
  // Cut at the last paragraph break before the cap, so no block is left half-written.
  const paragraph = full.lastIndexOf('\n\n', request.maxChars);
  const end = paragraph > request.maxChars / 2 ? paragraph : request.maxChars;
  const rest = full.slice(end);
  const cutHeadings = [...rest.matchAll(/^#{1,3} (.+)$/gm)].map(m => m[1].trim()).slice(0, 8);
  return { title, markdown: full.slice(0, end).trimEnd(), chars: full.length, cutHeadings, whole };
}

(globalThis as unknown as { __tabwrightRead: typeof read }).__tabwrightRead = read;
