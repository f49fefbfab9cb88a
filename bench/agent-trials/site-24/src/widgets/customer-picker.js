// <customer-picker>: searchable customer select built on @vueform/multiselect (Vue 3).
// Properties: options [{id, name, town}], value, inputId. Emits `customerchange` with {id}.
import { createApp, h, ref, shallowRef } from 'vue';
import Multiselect from '@vueform/multiselect';
import '@vueform/multiselect/themes/default.css';
import { emit } from '../api.js';

class CustomerPicker extends HTMLElement {
  set options(v) { this._options = v; if (this._opts) this._opts.value = v; }
  get options() { return this._options; }
  set value(v) { this._value = v; if (this._val && this._val.value !== v) this._val.value = v || null; }
  get value() { return this._value; }

  connectedCallback() {
    if (this._app) return;
    const mount = document.createElement('div');
    this.appendChild(mount);
    this._opts = shallowRef(this._options || []);
    this._val = ref(this._value || null);
    const inputId = this.getAttribute('input-id') || 'customer';
    const host = this;
    this._app = createApp({
      render: () => h(Multiselect, {
        id: inputId,
        modelValue: this._val.value,
        'onUpdate:modelValue': (v) => { this._val.value = v; this._value = v; emit(host, 'customerchange', { id: v }); },
        options: this._opts.value.map((c) => ({ value: c.id, label: `${c.name} (${c.town})`, name: c.name })),
        searchable: true,
        canClear: true,
        canDeselect: true,
        closeOnSelect: true,
        clearOnBlur: false,
        strict: false,
        limit: 50,
        placeholder: 'Start typing a customer name…',
        noResultsText: 'No customers match',
        noOptionsText: 'Loading customers…',
        aria: { 'aria-labelledby': this.getAttribute('labelledby') || undefined },
      }),
    });
    this._app.mount(mount);
  }

  disconnectedCallback() {
    if (this._app) { this._app.unmount(); this._app = null; this.innerHTML = ''; }
  }
}

customElements.define('customer-picker', CustomerPicker);
