// What a control's line says after its name: its value, and a select's options. Pure.
import { clean, cut, hasControl, MAX_OPTIONS, same, textOf, textOutsideControls, VALUED, type AriaElement } from '../viewNodes.js';

/** A select's options as its line lists them: the first MAX_OPTIONS, the rest counted. */
export function optionList(texts: readonly string[]): string {
  const more = texts.length - MAX_OPTIONS;
  return `${texts.slice(0, MAX_OPTIONS).join(', ')}${more > 0 ? `, … (${more} more)` : ''}`;
}

/**
 * ` = value; options: …` for a control, or ''. `options`: the option elements it holds (a native
 * select's); `closed`: the texts of a closed list it holds without roles (a web component's select,
 * tree/undrawn.ts); `content`: the texts of its children.
 */
export function fieldValue(node: AriaElement, options: readonly AriaElement[], closed: readonly string[], content: readonly string[]): string {
  const valued = VALUED.has(node.role);
  if (options.length) {
    // A native select: its value, then its options (the ones not selected), bounded.
    // An option of a select hidden from the accessibility tree (a styled select's own) has text but no name.
    const label = (o: AriaElement) => clean(o.name) || clean(o.text) || textOf(o);
    const chosen = options.filter(o => o.selected).map(label);
    const others = options.filter(o => !o.selected).map(label);
    return `${chosen.length ? ` = ${chosen.join(', ')}` : ''}${others.length ? `; options: ${optionList(others)}` : ''}`;
  }
  if (closed.length) {
    // A web component's select holding its closed list (Fluent's): what it shows is its value.
    const value = clean(node.text) || content.join(' ');
    const others = closed.filter(t => !same(t, value));
    return `${value ? ` = ${cut(value, 80)}` : ''}${others.length ? `; options, not drawn until it opens: ${optionList(others)}` : ''}`;
  }
  if (valued && (clean(node.text) || (content.length && !hasControl(node.children ?? [])))) {
    // A field's text content, not a listbox or options it owns (shown below it).
    return ` = ${cut(clean(node.text) || content.join(' '), 80)}`;
  }
  if (valued && node.role === 'combobox') {
    // A multi-select's chosen items beside its search box (vue-multiselect's tags): its value,
    // the texts outside the controls inside it.
    const chosen = textOutsideControls(node.children ?? []);
    if (chosen.length) return ` = ${cut(chosen.join(', '), 120)}`;
  }
  return '';
}
