// Three pages as sites build them, for bench:read and the read() tests: a news article, a
// documentation page with a sidebar and code, a product page. Each carries what real pages
// carry around their content: navigation, a cookie banner, inline scripts and styles,
// structured data, related links, a footer of links.

const words = (n: number, seed: number) => Array.from({ length: n }, (_, i) => ['tea', 'leaf', 'water', 'garden', 'harvest', 'steep', 'aroma', 'cup', 'season', 'oxidation', 'roast', 'flavour'][(i * 7 + seed) % 12]).join(' ');
const paragraph = (seed: number) => `<p>${words(60, seed).replace(/^./, c => c.toUpperCase())}, and the <a href="/notes/${seed}">notes on batch ${seed}</a> say more about it.</p>`;
const navLinks = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `<li class="nav-item"><a class="nav-link" href="/${prefix}/${i}">${prefix} ${i}</a></li>`).join('');
const STYLE = `<style>${Array.from({ length: 120 }, (_, i) => `.c${i}{margin:${i}px;padding:${i % 9}px;color:#${(i * 1234567).toString(16).slice(0, 6).padEnd(6, '0')}}`).join('')}</style>`;
const SCRIPT = `<script>window.dataLayer=window.dataLayer||[];${Array.from({ length: 60 }, (_, i) => `dataLayer.push({event:'e${i}',value:${i}});`).join('')}</script>`;
const COOKIES = `<div class="cookie-banner" role="dialog" aria-label="Cookies"><p>We use cookies to improve your experience.</p><button>Accept all</button><button>Settings</button></div>`;
const SITE_HEADER = (site: string) => `<header class="site-header"><a class="logo" href="/">${site}</a><nav aria-label="Main"><ul>${navLinks(24, 'section')}</ul></nav><form role="search"><input type="search" placeholder="Search" aria-label="Search"><button>Go</button></form></header>`;
const SITE_FOOTER = `<footer><nav aria-label="Footer"><ul>${navLinks(40, 'about')}</ul></nav><p>© 2026 Example Media. All rights reserved.</p></footer>`;

export const ARTICLE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The long road of a tea leaf | Example News</title>${STYLE}
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'The long road of a tea leaf', author: { '@type': 'Person', name: 'Ada Lovelace' }, datePublished: '2026-11-02' })}</script>${SCRIPT}</head>
<body>${COOKIES}${SITE_HEADER('Example News')}
<div class="layout"><main><article>
<h1>The long road of a tea leaf</h1><p class="byline">By <a href="/authors/ada">Ada Lovelace</a>, 2 November 2026</p>
<figure><img src="/img/garden.jpg" alt="A tea garden in the hills"><figcaption>A garden at 1,200 metres.</figcaption></figure>
${[1, 2, 3].map(paragraph).join('')}
<h2>From garden to factory</h2>${[4, 5, 6].map(paragraph).join('')}
<div class="ad" aria-label="Advertisement"><a href="/ads/1"><img src="/ads/1.jpg" alt="Buy now"></a></div>
<h2>What the numbers say</h2>
<table><thead><tr><th>Tea</th><th>Oxidation</th><th>Harvests a year</th></tr></thead><tbody>
<tr><td>Green</td><td>0%</td><td>4</td></tr><tr><td>Oolong</td><td>10–80%</td><td>4</td></tr><tr><td>Black</td><td>100%</td><td>5</td></tr></tbody></table>
${[7, 8].map(paragraph).join('')}
<blockquote><p>The leaf decides; we only listen.</p></blockquote>
<h2>What comes next</h2>${[9, 10, 11].map(paragraph).join('')}
<ul><li>Smaller gardens</li><li>Later harvests</li><li>More oolong</li></ul>
</article>
<section class="comments"><h2>Comments (3)</h2>${[1, 2, 3].map(i => `<div class="comment"><b>reader${i}</b><p>${words(20, i)}</p><button>Reply</button></div>`).join('')}</section>
</main>
<aside class="sidebar"><h2>Most read</h2><ol>${Array.from({ length: 10 }, (_, i) => `<li><a href="/story/${i}">Story ${i}: ${words(8, i)}</a></li>`).join('')}</ol><h2>Newsletter</h2><form><input type="email" aria-label="Email"><button>Subscribe</button></form></aside></div>
${SITE_FOOTER}</body></html>`;

const DOC_SECTIONS = ['Installation', 'Configuration', 'Locators', 'Assertions', 'Network', 'Tracing'];
export const DOCS_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Configuration | Example Docs</title>${STYLE}${SCRIPT}</head>
<body>${SITE_HEADER('Example Docs')}
<div class="docs"><nav class="sidebar" aria-label="Docs">${DOC_SECTIONS.map((s, i) => `<h3>${s}</h3><ul>${navLinks(10, `docs/${s.toLowerCase()}-${i}`)}</ul>`).join('')}</nav>
<main><article class="markdown">
<h1>Configuration</h1>
<p>The runner reads <code>example.config.ts</code> from the project root. Every option has a default; set only what differs.</p>
<h2 id="basic">Basic configuration</h2>
<div class="highlight-source-ts"><pre><code class="language-ts">import { defineConfig } from 'example';

export default defineConfig({
  timeout: 30_000,
  retries: process.env.CI ? 2 : 0,
  use: { baseURL: 'http://localhost:3000', trace: 'on-first-retry' },
});</code></pre></div>
<p>${words(40, 3)}.</p>
<h2 id="options">Options</h2>
<table><thead><tr><th>Option</th><th>Type</th><th>Default</th><th>Description</th></tr></thead><tbody>
${['timeout|number|30000|Time each test may take', 'retries|number|0|How often a failed test runs again', 'workers|number|half the cores|Parallel worker processes', 'reporter|string|list|How results are printed', 'use.baseURL|string|none|Prefix for relative URLs'].map(row => `<tr>${row.split('|').map(c => `<td><code>${c}</code></td>`).join('')}</tr>`).join('')}
</tbody></table>
<h2 id="env">Per environment</h2><p>${words(50, 5)}.</p>
<pre><code class="language-bash">EXAMPLE_ENV=staging npx example test --project=chromium</code></pre>
<div class="admonition note"><p><strong>Note:</strong> options given on the command line win over the file.</p></div>
<h2 id="next">Next steps</h2><ul><li><a href="/docs/locators">Locators</a></li><li><a href="/docs/assertions">Assertions</a></li></ul>
</article>
<nav class="pagination"><a href="/docs/installation">← Installation</a> <a href="/docs/locators">Locators →</a></nav>
</main>
<aside class="toc" aria-label="On this page"><h4>On this page</h4><ul><li><a href="#basic">Basic configuration</a></li><li><a href="#options">Options</a></li><li><a href="#env">Per environment</a></li><li><a href="#next">Next steps</a></li></ul></aside></div>
${SITE_FOOTER}</body></html>`;

export const PRODUCT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Iron Goddess Oolong, 100 g | Example Tea Shop</title>${STYLE}
<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Iron Goddess Oolong', offers: { '@type': 'Offer', price: '18.50', priceCurrency: 'EUR' } })}</script>${SCRIPT}</head>
<body>${COOKIES}${SITE_HEADER('Example Tea Shop')}
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/tea">Tea</a></li><li><a href="/tea/oolong">Oolong</a></li></ol></nav>
<main><div class="product">
<div class="gallery">${[1, 2, 3, 4, 5].map(i => `<img src="/img/oolong-${i}.jpg" alt="Iron Goddess Oolong, view ${i}">`).join('')}</div>
<div class="buy-box"><h1>Iron Goddess Oolong, 100 g</h1><p class="price">€18.50</p><p class="stock">In stock: ships in 1–2 days</p>
<form><label>Size <select><option>50 g</option><option selected>100 g</option><option>250 g</option></select></label><label>Quantity <input type="number" value="1"></label><button>Add to cart</button></form></div>
<section class="description"><h2>Description</h2>${[1, 2].map(paragraph).join('')}<ul><li>Rolled, medium oxidation</li><li>Notes of orchid and honey</li><li>Steep at 90 °C for 3 minutes</li></ul></section>
<section class="specs"><h2>Specifications</h2><table><tbody><tr><th>Origin</th><td>Anxi, Fujian</td></tr><tr><th>Harvest</th><td>Spring 2026</td></tr><tr><th>Caffeine</th><td>Medium</td></tr><tr><th>Weight</th><td>100 g</td></tr></tbody></table></section>
<section class="reviews"><h2>Reviews (4.6 of 5, 128 reviews)</h2>${Array.from({ length: 8 }, (_, i) => `<div class="review"><p class="stars">${5 - (i % 2)} stars</p><p>${words(25, i)}</p><p class="by">Customer ${i}</p><button>Helpful</button></div>`).join('')}</section>
</div>
<section class="recommended"><h2>You may also like</h2><ul>${Array.from({ length: 12 }, (_, i) => `<li><a href="/p/${i}"><img src="/p/${i}.jpg" alt="Tea ${i}">Tea ${i}</a><span>€${(9 + i).toFixed(2)}</span><button>Add</button></li>`).join('')}</ul></section>
</main>${SITE_FOOTER}</body></html>`;

export const READ_PAGES = [
  { name: 'article', path: '/article', html: ARTICLE_PAGE },
  { name: 'docs page', path: '/docs', html: DOCS_PAGE },
  { name: 'product page', path: '/product', html: PRODUCT_PAGE },
] as const;
