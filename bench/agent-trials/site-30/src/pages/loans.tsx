import { component$, useSignal, useVisibleTask$ } from '@builder.io/qwik';
import { mount } from '../widgets/loans.js';

export const Loans = component$(() => {
  const host = useSignal<HTMLElement>();
  useVisibleTask$(({ cleanup }) => {
    const dispose = mount(host.value!);
    cleanup(() => dispose && dispose());
  });
  return (
    <section class="page-loans">
      <h1>Loan statistics</h1>
      <p class="lede">Parts lent to players and outside ensembles, by section.</p>
      <div ref={host} class="widget-host"></div>
    </section>
  );
});
