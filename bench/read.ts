// `npm run bench:read`: bytes an agent reads back for three realistic pages (bench/readPages.ts,
// served on loopback): read() (Markdown of the main content) against observe() (the compact
// view of controls) and page.content() (the HTML). All three from one program per page, so
// they see the same document. Results: a table on stdout and in bench/results/read.md.
import fs from 'node:fs';
import path from 'node:path';
import { FixtureServer } from '../test/harness/fixtureServer.js';
import { PACKAGE_ROOT } from '../test/harness/tabwrightCli.js';
import { isMainModule } from './mainModule.js';
import { markdownTable } from './markdownTable.js';
import { READ_PAGES } from './readPages.js';
import { BenchHome, finalReceipt } from './timedCli.js';

export interface ReadBytes { page: string; read: number; observe: number; content: number }

export async function benchRead(): Promise<ReadBytes[]> {
  const server = await FixtureServer.start();
  for (const page of READ_PAGES) server.page(page.path, page.html);
  const home = new BenchHome('read');
  try {
    const rows: ReadBytes[] = [];
    for (const [i, page] of READ_PAGES.entries()) {
      const call = await home.submit('read', `read-${i}`, `
        await page.goto(${JSON.stringify(server.url(page.path))});
        const bytes = text => new TextEncoder().encode(text).length;
        return { read: bytes(await read()), observe: bytes(await observe()), content: bytes(await page.content()) };`);
      const receipt = finalReceipt(call, page.name);
      if (receipt.status !== 'succeeded') throw new Error(`${page.name}: ${JSON.stringify(receipt.error)}`);
      rows.push({ page: page.name, ...(receipt.result as Omit<ReadBytes, 'page'>) });
    }
    return rows;
  } finally {
    await home.dispose();
    await server.close();
  }
}

export function readTable(rows: readonly ReadBytes[]): string {
  return markdownTable(['page', 'read() bytes', 'observe() bytes', 'page.content() bytes', 'read / content'],
    rows.map(r => [r.page, r.read, r.observe, r.content, `${(100 * r.read / r.content).toFixed(1)}%`]));
}

if (isMainModule(import.meta.url)) {
  const rows = await benchRead();
  const table = readTable(rows);
  console.log(table);
  const file = path.join(PACKAGE_ROOT, 'bench', 'results', 'read.md');
  fs.writeFileSync(file, `# read() bytes (npm run bench:read)\n\nBytes of UTF-8 text each call returns on three pages served on loopback (bench/readPages.ts).\n\n${table}\n`);
  console.log(`written to ${path.relative(PACKAGE_ROOT, file)}`);
}
