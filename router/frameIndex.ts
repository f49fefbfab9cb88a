// frameId -> the top-level page (target id) that holds the frame. Chrome names a frame in
// Browser.downloadWillBegin and Page events but not the page around it; the index is fed
// from the frame events and frame trees that pass through task clients' page sessions.
// A page's main frame id is its target id, and an out-of-process iframe's frame id is its
// target id, so only in-process subframes need an entry.

interface FrameTree {
  frame: { id: string };
  childFrames?: FrameTree[];
}

export class FrameIndex {
  private readonly pages = new Map<string, string>();

  pageOf(frameId: string): string | undefined {
    return this.pages.get(frameId);
  }

  note(frameId: string, holderTargetId: string): void {
    if (frameId !== holderTargetId) this.pages.set(frameId, holderTargetId);
  }

  /** Every frame of a Page.getFrameTree answer, held by the target whose session answered. */
  noteTree(tree: FrameTree | undefined, holderTargetId: string): void {
    if (!tree) return;
    this.note(tree.frame.id, holderTargetId);
    for (const child of tree.childFrames ?? []) this.noteTree(child, holderTargetId);
  }

  forget(frameId: string): void {
    this.pages.delete(frameId);
  }

  forgetPage(targetId: string): void {
    for (const [frame, page] of this.pages) if (page === targetId) this.pages.delete(frame);
  }

  clear(): void {
    this.pages.clear();
  }
}
