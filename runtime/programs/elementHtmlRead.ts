// The one main-world read `read(locator)` makes: the element's HTML and the URL its links
// resolve against (Playwright's utility world takes no custom function, and its innerHTML()
// leaves out the element itself: a table's rows without the table). It sends nothing, so it
// leaves mutationState as it was (runtime/mutations/). The Markdown is made from it in
// tabwright's isolated world. Self-contained: it is sent to the page as text.

/** Up to 4 MB of the element's HTML (a page can make it any size). */
export const elementHtmlRead = (element: Element): { html: string; base: string } => ({ html: element.outerHTML.slice(0, 4_000_000), base: element.baseURI });
