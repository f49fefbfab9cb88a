#!/usr/bin/env node
// Thin launcher, CommonJS (bin/package.json): a CommonJS entry spares each CLI run Node's ESM
// loader, and the CLI itself is one bundled file (dist/cli/bundle.cjs from `npm run build`,
// see scripts/bundle-cli.ts). `tabwright mcp` is a long-lived server rather than a command
// with one JSON answer, and it has its own entry (dist/mcp/bundle/, scripts/bundle-mcp.ts), so
// no other command loads the MCP SDK.
'use strict';
if (process.argv[2] === 'mcp') import('../dist/mcp/bundle/main.js');
else require('../dist/cli/bundle.cjs');
