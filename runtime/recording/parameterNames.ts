// A parameter's default name, from the label of the field the person typed into: "Email
// address" is emailAddress, "Amount (EUR)" amountEur; a second field of the same label gets
// a number (email2). The person renames any of them in the view. Pure.

const MAX_NAME = 40;

/** camelCase of the label's words (accents dropped), `fallback` when it has none; not in `taken`. */
export function parameterNameFrom(label: string, fallback: string, taken: ReadonlySet<string>): string {
  const words = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[A-Za-z0-9]+/g) ?? [];
  let name = words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1).toLowerCase())).join('').slice(0, MAX_NAME);
  if (name === '' || /^[0-9]/.test(name)) name = fallback;
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) if (!taken.has(`${name}${n}`)) return `${name}${n}`;
}
