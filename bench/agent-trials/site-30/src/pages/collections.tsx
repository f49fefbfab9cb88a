import { component$, useSignal, useVisibleTask$ } from '@builder.io/qwik';
import { mount } from '../widgets/collections.js';

export const Collections = component$(() => {
  const host = useSignal<HTMLElement>();
  useVisibleTask$(({ cleanup }) => {
    const dispose = mount(host.value!);
    cleanup(() => dispose && dispose());
  });
  return (
    <section class="page-collections">
      <h1>Book a collection</h1>
      <p class="lede">Visiting ensembles collect hired parts from the library desk, Monday to Friday.</p>
      <div ref={host} class="widget-host"></div>
    </section>
  );
});
