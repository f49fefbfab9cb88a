import { css } from 'lit';
export const pageStyles = css`
  :host { display: block; }
  h1 { font-size: 1.45rem; margin: 0 0 .25rem; font-weight: 650; }
  .sub { color: #5a6357; margin: 0 0 1.2rem; font-size: .92rem; }
  .card { background: #fff; border: 1px solid #ddd8c8; border-radius: 8px; padding: 1rem 1.2rem; box-shadow: 0 1px 2px rgba(0,0,0,.04); }
  .btn { font: inherit; border: 1px solid #2f5a2c; background: #3d6b3a; color: #fff; padding: .45rem .95rem; border-radius: 6px; cursor: pointer; }
  .btn:disabled { opacity: .5; cursor: default; }
  .btn.ghost { background: #fff; color: #2f5a2c; }
  .btn.danger { background: #9b2c1f; border-color: #7a2015; }
  .row { display: flex; gap: .8rem; align-items: center; flex-wrap: wrap; }
  .msg { margin-top: .8rem; font-size: .92rem; }
  .msg.ok { color: #2f5a2c; } .msg.err { color: #9b2c1f; }
  table.plain { border-collapse: collapse; width: 100%; font-size: .92rem; }
  table.plain th, table.plain td { text-align: left; padding: .5rem .6rem; border-bottom: 1px solid #eee8d8; }
  table.plain th { font-weight: 600; color: #4a5447; background: #faf8f1; }
`;
