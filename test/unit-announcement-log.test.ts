// The announcement log's compact folding on plain calls (the end-to-end test is
// test/announcements.test.ts): what a region said before the text that replaced it goes into that
// text in the compact list, with how many it replaced; nothing that went by itself, nothing still
// shown, and the full list keeps every entry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnnouncementLog, MAX_ANNOUNCEMENTS } from '../runtime/announcements/announcementLog.js';

const T0 = 1_000_000;
const texts = (list: { text: string; replaced?: number }[] | undefined) => list?.map(a => (a.replaced ? `${a.text} <${a.replaced}` : a.text));

describe('announcement log folding', () => {
  it('a region changed step by step folds into its last text; the full list keeps each', () => {
    const log = new AnnouncementLog();
    log.begin(T0);
    log.appeared(1, 'a', 'January', undefined, T0 + 10);
    log.went('a', T0 + 20);
    log.appeared(1, 'b', 'February', 'a', T0 + 20);
    log.went('b', T0 + 30);
    log.appeared(1, 'c', 'March', 'b', T0 + 30);
    const said = log.end(T0 + 40);
    assert.deepEqual(said.entries.map(a => a.text), ['January', 'February', 'March']);
    assert.ok(said.entries.every(a => a.replaced === undefined));
    assert.deepEqual(texts(said.folded), ['March <2']);
    assert.deepEqual(said.folded?.[0], { page: 1, text: 'March', at: 30, replaced: 2 });
  });

  it('nothing folds when nothing was replaced: no compact list of its own', () => {
    const log = new AnnouncementLog();
    log.begin(T0);
    log.appeared(1, 'a', 'Saved', undefined, T0 + 10);
    log.went('a', T0 + 20);
    log.appeared(1, 'b', 'Sync failed', undefined, T0 + 500);
    assert.equal(log.end(T0 + 600).folded, undefined);
  });

  it('a text one of whose showings went by itself stays, though another showing of it was replaced', () => {
    const log = new AnnouncementLog();
    log.begin(T0);
    // A toast says "Saved" and goes; the status says "Saved" a moment later (the same entry, twice), then "Done".
    log.appeared(1, 'toast', 'Saved', undefined, T0 + 10);
    log.went('toast', T0 + 100);
    log.appeared(1, 'status', 'Saved', undefined, T0 + 200);
    log.went('status', T0 + 300);
    log.appeared(1, 'status2', 'Done', 'status', T0 + 300);
    const said = log.end(T0 + 400);
    assert.deepEqual(said.entries.map(a => [a.text, a.times]), [['Saved', 2], ['Done', undefined]]);
    assert.equal(said.folded, undefined);
  });

  it('a text said again and replaced each time folds once; a chain through it ends in what stands', () => {
    const log = new AnnouncementLog();
    log.begin(T0);
    let previous: string | undefined;
    let at = T0;
    for (const [id, text] of [['1', 'Loading…'], ['2', 'Page 2 of 3'], ['3', 'Loading…'], ['4', 'Page 3 of 3']]) {
      if (previous) log.went(previous, at);
      log.appeared(1, id, text, previous, at);
      previous = id;
      at += 100;
    }
    const said = log.end(at);
    assert.deepEqual(said.entries.map(a => [a.text, a.times]), [['Loading…', 2], ['Page 2 of 3', undefined], ['Page 3 of 3', undefined]]);
    assert.deepEqual(texts(said.folded), ['Page 3 of 3 <2']);
  });

  it('a replacement the log no longer keeps, or across the edge of a program, folds nothing', () => {
    const log = new AnnouncementLog();
    // Said between programs: deferred; replaced once the program ran.
    log.appeared(1, 'd', 'Connecting…', undefined, T0 - 50);
    log.begin(T0);
    log.went('d', T0 + 10);
    log.appeared(1, 'e', 'Connected', 'd', T0 + 10);
    assert.equal(log.end(T0 + 20).folded, undefined, 'a deferred text is not folded into this program\'s');

    log.begin(T0);
    log.appeared(1, 'first', 'Step 0', undefined, T0);
    for (let n = 1; n < MAX_ANNOUNCEMENTS / 2; n++) log.appeared(2, `o${n}`, `Other ${n}`, undefined, T0 + n);
    // The first and last halves are kept: what replaced "Step 0" is in neither.
    log.appeared(1, 'second', 'Step 1', 'first', T0 + 50);
    for (let n = 1; n <= MAX_ANNOUNCEMENTS / 2; n++) log.appeared(2, `l${n}`, `Later ${n}`, undefined, T0 + 50 + n);
    const said = log.end(T0 + 100);
    assert.equal(said.dropped, 1);
    assert.ok(said.entries.some(a => a.text === 'Step 0') && !said.entries.some(a => a.text === 'Step 1'));
    assert.equal(said.folded, undefined);
  });

  it('an id is replaced once: a repeated or unknown `replaced` changes nothing', () => {
    const log = new AnnouncementLog();
    log.begin(T0);
    log.appeared(1, 'a', 'One', undefined, T0);
    log.appeared(1, 'b', 'Two', 'a', T0 + 1);
    log.appeared(2, 'c', 'Three', 'a', T0 + 2);
    log.appeared(2, 'd', 'Four', 'nobody', T0 + 3);
    const said = log.end(T0 + 10);
    assert.deepEqual(texts(said.folded), ['Two <1', 'Three', 'Four']);
  });
});
