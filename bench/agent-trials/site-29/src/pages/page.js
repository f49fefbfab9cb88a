import { FASTElement, html } from '@microsoft/fast-element';
// Light-DOM FAST page element: static markup + an imperative init for third-party widgets.
export function definePage(name, markup, init) {
  const template = html([markup]);
  class Page extends FASTElement {
    connectedCallback() {
      super.connectedCallback();
      this._cleanup = init(this) || null;
    }
    disconnectedCallback() {
      super.disconnectedCallback();
      Promise.resolve(this._cleanup).then((fn) => typeof fn === 'function' && fn());
    }
  }
  FASTElement.define(Page, { name, template, shadowOptions: null });
}
