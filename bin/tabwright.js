#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (npm run build). `tabwright mcp` is a
// long-lived server rather than a command with one JSON answer, and it has its own entry,
// so no other command loads the MCP SDK.
if (process.argv[2] === 'mcp') await import('../dist/mcp/main.js');
else await import('../dist/cli/main.js');
