// Reading one of a receipt's artifact files for someone else (the MCP server's image content,
// the live view's file links). A receipt's path is only as trustworthy as the folder it points
// into: a program (or a page whose JSON a program stored) could leave a symlink, a FIFO or a
// device there. So a file is read only when it resolves (symlinks followed) inside the
// artifacts folder, is a regular file, and its size, taken from the open file, fits the room
// the caller has. It is opened without blocking, so a FIFO never hangs the reader.
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';

export type ArtifactRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; reason: 'outside' | 'not-a-file' | 'unreadable'; why: string }
  | { ok: false; reason: 'too-large'; why: string; size: number };

/** One artifact's bytes, if it is a regular file inside `root` (a realpath) of at most `room` bytes. */
export async function readArtifactFile(file: string, root: string, room: number): Promise<ArtifactRead> {
  let real: string;
  try {
    real = await fs.realpath(file);
  } catch (error) {
    return unreadable(error);
  }
  if (!real.startsWith(root + path.sep)) return { ok: false, reason: 'outside', why: `it is not inside the artifacts folder ${root}` };
  let handle: fs.FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. O_NOFOLLOW:
    // `real` has no symlink left; one put there since is not followed.
    handle = await fs.open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    return unreadable(error);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: 'not-a-file', why: 'it is not a regular file' };
    if (stat.size > room) return { ok: false, reason: 'too-large', why: `${stat.size} bytes`, size: stat.size };
    // Exactly the size stat gave: a file that grew since is not read further.
    const bytes = Buffer.alloc(stat.size);
    let filled = 0;
    while (filled < stat.size) {
      const { bytesRead } = await handle.read(bytes, filled, stat.size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { ok: true, bytes: bytes.subarray(0, filled) };
  } catch (error) {
    return unreadable(error);
  } finally {
    await handle.close().catch(() => {});
  }
}

function unreadable(error: unknown): ArtifactRead {
  return { ok: false, reason: 'unreadable', why: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
}
