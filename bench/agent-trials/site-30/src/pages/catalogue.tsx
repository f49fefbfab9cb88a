import { component$, useSignal, useVisibleTask$ } from '@builder.io/qwik';
import { mount } from '../widgets/grid.js';

export const Catalogue = component$(() => {
  const host = useSignal<HTMLElement>();
  useVisibleTask$(({ cleanup }) => {
    const dispose = mount(host.value!);
    cleanup(() => dispose && dispose());
  });
  return (
    <section class="page-grid">
      <h1>Catalogue of orchestral sets</h1>
      <p class="lede">Every set of parts we hold. Double-click a Status or Librarian note cell to edit it, then save all changes at once.</p>
      <div ref={host} class="widget-host"></div>
    </section>
  );
});
