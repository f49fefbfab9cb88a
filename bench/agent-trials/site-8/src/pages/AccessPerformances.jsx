import { onMount, onCleanup, createResource, createSignal, For, Show } from 'solid-js';
import { Calendar } from 'vanilla-calendar-pro';
import 'vanilla-calendar-pro/styles/index.css';
import { Select, createOptions } from '@thisbeyond/solid-select';
import '@thisbeyond/solid-select/style.css';
import { getJson, postJson, longDate, shortDate, time12 } from '../api.js';

export default function AccessPerformances() {
  const [d, { refetch }] = createResource(() => getJson('/api/access-performances'));
  const [me] = createResource(() => getJson('/api/me'));
  const [production, setProduction] = createSignal(''); const [date, setDate] = createSignal(''); const [time, setTime] = createSignal('');
  const [services, setServices] = createSignal([]); const [busy, setBusy] = createSignal(false); const [msg, setMsg] = createSignal(null);
  let input; let cal;
  onMount(async () => {
    const m = await getJson('/api/me');
    cal = new Calendar(input, {
      inputMode: true, dateToday: m.today, disableDatesPast: true, selectedMonth: Number(m.today.slice(5, 7)) - 1, selectedYear: Number(m.today.slice(0, 4)), firstWeekday: 1,
      onChangeToInput(self) {
        const iso = self.context.selectedDates[0];
        if (iso) { setDate(iso); self.context.inputElement.value = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`; self.hide(); }
        else { setDate(''); self.context.inputElement.value = ''; }
      },
    });
    cal.init();
  });
  onCleanup(() => cal && cal.destroy());
  const submit = async (e) => {
    e.preventDefault(); setBusy(true);
    try {
      const a = await postJson('/api/access-performances', { production: production(), date: date(), time: time(), services: services() });
      setMsg({ ok: true, text: `Access performance ${a.id} scheduled: ${a.production}, ${longDate(a.date)} at ${time12(a.time)} — ${a.services.join(', ')}.` }); refetch();
    } catch (err) { setMsg({ ok: false, text: err.message }); } finally { setBusy(false); }
  };
  return (<>
    <h1 class="page">Access performances</h1>
    <Show when={msg()}><div class={msg().ok ? 'status' : 'status error'} role={msg().ok ? 'status' : 'alert'}>{msg().text}</div></Show>
    <Show when={d() && me()}>
      <form class="panel" style="max-width:640px" aria-label="Schedule an access performance" onSubmit={submit}>
        <div class="field"><label for="production">Production</label>
          <select id="production" value={production()} onChange={(e) => setProduction(e.currentTarget.value)}><option value="">Choose…</option><For each={d().productions}>{(p) => <option>{p}</option>}</For></select></div>
        <div class="field"><label for="date">Date</label><input type="text" id="date" ref={input} placeholder="Choose a date" autocomplete="off" readonly /></div>
        <div class="field"><label for="time">Performance time</label>
          <select id="time" value={time()} onChange={(e) => setTime(e.currentTarget.value)}><option value="">Choose…</option><For each={d().times}>{([v, l]) => <option value={v}>{l}</option>}</For></select></div>
        <div class="field"><label for="services">Access services</label>
          <Select id="services" multiple initialValue={d().defaults} onChange={setServices} placeholder="Add a service…" {...createOptions(d().services)} /></div>
        <button type="submit" class="btn" disabled={busy()}>Schedule performance</button>
      </form>
    </Show>
    <h2>Scheduled access performances</h2>
    <table class="plain"><thead><tr><th>Ref.</th><th>Production</th><th>Date</th><th>Time</th><th>Access services</th></tr></thead>
      <tbody><For each={d() ? d().scheduled : []}>{(a) => <tr><td>{a.id}</td><td>{a.production}</td><td>{shortDate(a.date)}</td><td>{time12(a.time)}</td><td>{a.services.join(', ')}</td></tr>}</For></tbody></table>
  </>);
}
