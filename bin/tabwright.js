#!/bin/sh
":" //; s=$0; n=0; while [ -L "$s" ] && [ $n -lt 40 ]; do l=$(readlink "$s"); case $l in /*) s=$l;; *) s=${s%/*}/$l;; esac; n=$((n+1)); done; case $s in */*) ;; *) s=./$s;; esac; c=${s%/*}/../dist/client/tabwright; [ "$TABWRIGHT_CLIENT" != node ] && [ -x "$c" ] && exec "$c" "$s" "$@"; exec node "$s" "$@"
// The line above is shell and a JavaScript string: run as a program (a global install's link,
// npx), /bin/sh reads it and execs the native client (client/tabwright.c, built into
// dist/client/ where a C compiler was found), which does a warm `run` without Node's start-up
// and hands everything else to this file under Node; without the client, Node itself.
// TABWRIGHT_CLIENT=node skips the native client. Run as `node bin/tabwright.js`, Node skips
// the first line and reads the second as a string, and the CLI below runs as before.
//
// Thin launcher, CommonJS (bin/package.json): a CommonJS entry spares each CLI run Node's ESM
// loader, and the CLI itself is one bundled file (dist/cli/bundle.cjs from `npm run build`,
// see scripts/bundle-cli.ts). `tabwright mcp` is a long-lived server rather than a command
// with one JSON answer, and it has its own entry (dist/mcp/bundle/, scripts/bundle-mcp.ts), so
// no other command loads the MCP SDK.
'use strict';
if (process.argv[2] === 'mcp') import('../dist/mcp/bundle/main.js');
else require('../dist/cli/bundle.cjs');
