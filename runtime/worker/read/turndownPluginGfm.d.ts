// The GFM plugin ships no types: it exports Turndown plugins.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
}
