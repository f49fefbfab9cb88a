import { Component } from '@angular/core';
import { RouterLink } from '@angular/router';

@Component({
  selector: 'app-not-found',
  imports: [RouterLink],
  template: `<h1>Page not found</h1><p>There is no page at this address. <a routerLink="/">Back to the dashboard</a>.</p>`,
})
export class NotFoundPage {}
