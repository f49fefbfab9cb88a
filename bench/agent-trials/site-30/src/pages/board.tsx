import { component$, useSignal, useVisibleTask$ } from '@builder.io/qwik';
import { mount } from '../widgets/board.js';

export const Board = component$(() => {
  const host = useSignal<HTMLElement>();
  useVisibleTask$(({ cleanup }) => {
    const dispose = mount(host.value!);
    cleanup(() => dispose && dispose());
  });
  return (
    <section class="page-board">
      <h1>Parts preparation</h1>
      <p class="lede">Drag a card to move a part set to the next stage.</p>
      <div ref={host} class="widget-host"></div>
    </section>
  );
});
