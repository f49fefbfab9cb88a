// The office's "today" is fixed: Thursday 13 November 2025, 09:30 local time.
// Time still moves (so animations and timers behave), it just starts there.
const RealDate = Date;
const START = new RealDate(2025, 10, 13, 9, 30, 0).getTime();
const OFFSET = START - RealDate.now();
class FixedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + OFFSET);
    else super(...args);
  }
  static now() { return RealDate.now() + OFFSET; }
}
FixedDate.UTC = RealDate.UTC;
FixedDate.parse = RealDate.parse;
globalThis.Date = FixedDate;
export const TODAY_ISO = '2025-11-13';
