// Files the runtime writes under a folder of its own or one a client named, under a name a
// page may have chosen (a download's suggested name). Three rules, each a function here:
// a page-chosen name is one plain file name (no folder, no `..`, no hidden dot-file, no
// control characters); the path it makes stays inside the folder; and an existing file is
// never replaced: the name is numbered instead (`report (1).txt`), as browsers do. Creating
// is exclusive (link, COPYFILE_EXCL, O_EXCL), so two writers at once cannot both win.
import fs from 'node:fs';
import path from 'node:path';

/** A file name's longest UTF-8 length here: under the 255 bytes file systems allow, with room for a number. */
const MAX_NAME_BYTES = 200;
/** Numbered names tried before giving up (a folder with a thousand `report (n).txt`). */
const MAX_NUMBER = 999;

/** Characters no file name gets from a page: separators, controls, and what Windows refuses. */
const UNSAFE = /[/\\\u0000-\u001f\u007f<>:"|?*]/g;

/**
 * One plain file name from a name a page chose. What is left of it after its last separator,
 * unsafe characters as `_`, leading dots and trailing dots and spaces dropped (no `.`, `..` or
 * hidden file), cut to MAX_NAME_BYTES keeping the extension; `fallback` when nothing is left.
 */
export function safeFileName(suggested: string, fallback = 'download'): string {
  const last = suggested.split(/[/\\]/).pop() ?? '';
  let name = last.replace(UNSAFE, '_').replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (name === '') return fallback;
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) {
    const ext = path.extname(name).slice(0, 20);
    name = `${cutToBytes(name.slice(0, name.length - ext.length), MAX_NAME_BYTES - Buffer.byteLength(ext))}${ext}`;
  }
  return name;
}

function cutToBytes(text: string, bytes: number): string {
  let cut = text;
  while (Buffer.byteLength(cut) > bytes) cut = cut.slice(0, -1);
  return cut;
}

/** A name that would leave its folder, or a path outside it. */
export class PathOutsideFolderError extends Error {
  override name = 'PathOutsideFolderError';
  constructor(readonly folder: string, readonly file: string) {
    super(`${JSON.stringify(file)} is not a file name inside ${folder}`);
  }
}

/** `folder/name`, resolved; throws when `name` is not one entry directly inside `folder`. */
export function pathInside(folder: string, name: string): string {
  const base = path.resolve(folder);
  const file = path.resolve(base, name);
  if (path.dirname(file) !== base || name === '' || name === '.' || name === '..') throw new PathOutsideFolderError(base, name);
  return file;
}

/** `name`, then `name (1)`, `name (2)`, ... with the extension kept last. */
export function numberedName(name: string, n: number): string {
  if (n === 0) return name;
  const ext = path.extname(name);
  return `${name.slice(0, name.length - ext.length)} (${n})${ext}`;
}

/**
 * Tries `create` on `folder/name`, then on numbered names while it fails with EEXIST;
 * returns the path it created. `create` must fail with EEXIST on an existing file.
 */
async function createFree(folder: string, name: string, create: (file: string) => Promise<void>): Promise<string> {
  for (let n = 0; n <= MAX_NUMBER; n++) {
    const file = pathInside(folder, numberedName(name, n));
    try {
      await create(file);
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw Object.assign(new Error(`${folder} already has ${name} and ${MAX_NUMBER} numbered copies of it`), { code: 'EEXIST' });
}

/** Puts a finished file into `folder` under `name` (or a numbered one): a hard link when it can, else a copy. Returns where. */
export async function deliverFile(from: string, folder: string, name: string): Promise<string> {
  await fs.promises.mkdir(folder, { recursive: true });
  return createFree(folder, name, async file => {
    try {
      await fs.promises.link(from, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
      await fs.promises.copyFile(from, file, fs.constants.COPYFILE_EXCL);
    }
  });
}

/** Creates an empty file in `folder` under `name` (or a numbered one) for a writer to fill. Returns where. */
export async function reserveFile(folder: string, name: string): Promise<string> {
  await fs.promises.mkdir(folder, { recursive: true });
  return createFree(folder, name, async file => {
    const handle = await fs.promises.open(file, 'wx', 0o600);
    await handle.close();
  });
}
