// CDP's TargetFilter (Target.setAutoAttach, setDiscoverTargets, getTargets): a list of
// entries, the first whose `type` matches (or that has none) decides; no match excludes.

export interface FilterEntry {
  type?: string;
  exclude?: boolean;
}

export type TargetFilter = FilterEntry[];

/** What Chrome uses when a client passes no filter: everything but the browser and tabs. */
export const DEFAULT_FILTER: TargetFilter = [{ type: 'browser', exclude: true }, { type: 'tab', exclude: true }, {}];

/** The client's filter; malformed entries (not objects) are dropped rather than trusted. */
export function filterOf(value: unknown): TargetFilter {
  if (!Array.isArray(value)) return DEFAULT_FILTER;
  return value.filter((entry): entry is FilterEntry => typeof entry === 'object' && entry !== null && !Array.isArray(entry));
}

export function admits(filter: TargetFilter, type: string): boolean {
  for (const entry of filter) {
    if (entry.type === undefined || entry.type === type) return entry.exclude !== true;
  }
  return false;
}
