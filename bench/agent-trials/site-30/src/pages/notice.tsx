import { component$, useSignal, useVisibleTask$ } from '@builder.io/qwik';
import { mount } from '../widgets/notice.js';

export const Notice = component$(() => {
  const host = useSignal<HTMLElement>();
  useVisibleTask$(({ cleanup }) => {
    const dispose = mount(host.value!);
    cleanup(() => dispose && dispose());
  });
  return (
    <section class="page-notice">
      <h1>Player notices</h1>
      <p class="lede">Notices go to every player on the mailing list when saved.</p>
      <div ref={host} class="widget-host"></div>
    </section>
  );
});
