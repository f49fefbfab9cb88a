import { component$, useSignal, useVisibleTask$ } from '@builder.io/qwik';
import { mount } from '../widgets/returns.js';

export const Returns = component$(() => {
  const host = useSignal<HTMLElement>();
  useVisibleTask$(({ cleanup }) => {
    const dispose = mount(host.value!);
    cleanup(() => dispose && dispose());
  });
  return (
    <section class="page-returns">
      <h1>Returns sheets</h1>
      <p class="lede">Upload the count sheet from a concert; the library system checks what is still out.</p>
      <div ref={host} class="widget-host"></div>
    </section>
  );
});
