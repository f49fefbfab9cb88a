import { Component, State, h } from '@stencil/core';
import { api } from '../lib';

@Component({ tag: 'page-documents', shadow: false })
export class PageDocuments {
  @State() docs: any[] = null;
  async componentWillLoad() { this.docs = await api('/api/documents'); }
  render() {
    return (
      <section>
        <h1>Lab documents</h1>
        <table class="table">
          <thead><tr><th>Title</th><th>Last updated</th></tr></thead>
          <tbody>{(this.docs || []).map((d) => <tr><td><a href={`/documents/${d.id}`}>{d.title}</a></td><td>{d.updated}</td></tr>)}</tbody>
        </table>
      </section>
    );
  }
}
