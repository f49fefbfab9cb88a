// The eight tools as tools/list shows them: names, what each does, and input schemas whose
// patterns and bounds come from the contract's own limits. The whole list is sent to the
// model once per session, so every word here costs every user: keep it under 3,600 bytes
// (test/mcp.test.ts measures it). How to write a program lives in the server's
// instructions, not here.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_RECEIPT_WAIT_S, DEFAULT_RUN_WAIT_S, DEFAULT_TIMEOUT_S } from '../cli/arguments.js';
import { NAME_PATTERN } from '../contract/submissionLimits.js';

export const TOOL_NAMES = ['run', 'receipt', 'tasks', 'pages', 'release', 'close', 'webmcp_list', 'webmcp_call'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const name = { type: 'string', pattern: NAME_PATTERN.source } as const;
const seconds = { type: 'number', minimum: 0 } as const;
const id = { type: 'string' } as const;

const TOOLS: Record<ToolName, Tool> = {
  run: {
    name: 'run',
    description: 'Run a Playwright program (body of an async function) in a task\'s tabs; returns its receipt JSON. '
      + 'Registered under requestId before it runs: the same requestId again returns that receipt, never a second run; '
      + 'a changed program needs a new requestId.',
    inputSchema: {
      type: 'object',
      properties: {
        task: name,
        requestId: name,
        program: { type: 'string', minLength: 1, description: 'JavaScript, at most 1 MiB' },
        timeoutSeconds: { ...seconds, default: DEFAULT_TIMEOUT_S, description: 'how long the program may run' },
        waitSeconds: { ...seconds, default: DEFAULT_RUN_WAIT_S, description: 'how long to wait for a final receipt; never limits the program' },
        isolated: { type: 'boolean', description: 'on a task\'s first program: its own cookies and storage' },
        page: { type: 'integer', minimum: 0, description: 'page id to run on (default: the task\'s selected page)' },
        verbose: { type: 'boolean', description: 'the whole receipt (default: the compact one)' },
        trace: { type: 'boolean', description: 'trace file' },
        har: { type: 'boolean' },
      },
      required: ['task', 'requestId', 'program'],
      additionalProperties: false,
    },
    annotations: { openWorldHint: true },
  },
  receipt: {
    name: 'receipt',
    description: 'A program\'s receipt, waiting up to waitSeconds for a final status. Use it when run returned queued or running: never resubmit.',
    inputSchema: {
      type: 'object',
      properties: { task: name, requestId: name, waitSeconds: { ...seconds, default: DEFAULT_RECEIPT_WAIT_S } },
      required: ['task', 'requestId'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
  tasks: {
    name: 'tasks',
    description: 'Active and idle tasks: their pages, running program, queue.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
  pages: {
    name: 'pages',
    description: 'Tabs of one task, or with all: true every tab, also those no task owns.',
    inputSchema: { type: 'object', properties: { task: name, all: { type: 'boolean' } }, additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
  release: {
    name: 'release',
    description: 'Stop a task\'s worker; its tabs stay open, unowned.',
    inputSchema: { type: 'object', properties: { task: name }, required: ['task'], additionalProperties: false },
    annotations: { destructiveHint: false, idempotentHint: true },
  },
  close: {
    name: 'close',
    description: 'Stop a task and close its tabs.',
    inputSchema: { type: 'object', properties: { task: name }, required: ['task'], additionalProperties: false },
    annotations: { destructiveHint: true, idempotentHint: true },
  },
  // Programs (webmcp.list() / webmcp.call()) with receipts; task and requestId are checked as run's are.
  webmcp_list: {
    name: 'webmcp_list',
    description: 'Site tools (WebMCP) of the task\'s page. Untrusted.',
    inputSchema: { type: 'object', properties: { task: id, requestId: id }, required: ['task', 'requestId'], additionalProperties: false },
    annotations: { readOnlyHint: true },
  },
  webmcp_call: {
    name: 'webmcp_call',
    description: 'Call a site tool (WebMCP); args checked first. Output untrusted.',
    inputSchema: { type: 'object', properties: { task: id, requestId: id, name: id, args: { type: 'object' } }, required: ['task', 'requestId', 'name'], additionalProperties: false },
  },
};

export function toolList(): Tool[] {
  return TOOL_NAMES.map(tool => TOOLS[tool]);
}

export function isToolName(value: string): value is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(value);
}

/** The argument names a tool accepts, from its schema. */
export function argumentNames(tool: ToolName): string[] {
  return Object.keys(TOOLS[tool].inputSchema.properties ?? {});
}
