// The eight tools as tools/list shows them: names, what each does, and input schemas whose
// patterns and bounds come from the contract's own limits. The whole list is sent to the
// model once per session, so every word here costs every user: keep it under 3,600 bytes
// (test/mcp.test.ts measures it). How to write a program lives in the server's
// instructions, not here.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_RECEIPT_WAIT_S, DEFAULT_RUN_WAIT_S, DEFAULT_TIMEOUT_S } from '../cli/arguments.js';
import Type, { type TSchema } from 'typebox';
import { PageId, ProgramSource, RequestId, Seconds, TaskName } from '../contract/requestSchemas.js';

export const TOOL_NAMES = ['run', 'receipt', 'tasks', 'pages', 'release', 'close', 'webmcp_list', 'webmcp_call'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

// The fields are the contract's own schemas (contract/requestSchemas.ts: what the API checks),
// with what the model needs to know of each; the tool input is checked against these (toolInput.ts).
const id = { type: 'string' } as const;
const optional = Type.Optional;

/** run's input: a ProgramRequest as a model writes it (seconds named as such, the task beside it). */
const RUN_INPUT = Type.Object({
  task: TaskName,
  requestId: RequestId,
  program: Type.String({ ...ProgramSource, minLength: 1, description: 'JavaScript, at most 1 MiB' }),
  timeoutSeconds: optional(Type.Number({ ...Seconds, default: DEFAULT_TIMEOUT_S, description: 'how long the program may run' })),
  waitSeconds: optional(Type.Number({ ...Seconds, default: DEFAULT_RUN_WAIT_S, description: 'how long to wait for a final receipt; never limits the program' })),
  isolated: optional(Type.Boolean({ description: 'on a task\'s first program: its own cookies and storage' })),
  page: optional(Type.Integer({ ...PageId, description: 'page id (default: the task\'s selected page)' })),
  verbose: optional(Type.Boolean({ description: 'the whole receipt (default: the compact one)' })),
  trace: optional(Type.Boolean({ description: 'trace file' })),
  har: optional(Type.Boolean()),
  // What close: true does is in the instructions (a job's last run closes its task), not here.
  close: optional(Type.Boolean()),
}, { additionalProperties: false });

const RECEIPT_INPUT = Type.Object({ task: TaskName, requestId: RequestId, waitSeconds: optional(Type.Number({ ...Seconds, default: DEFAULT_RECEIPT_WAIT_S })) }, { additionalProperties: false });
const PAGES_INPUT = Type.Object({ task: optional(TaskName), all: optional(Type.Boolean()) }, { additionalProperties: false });
const TASK_INPUT = Type.Object({ task: TaskName }, { additionalProperties: false });
const NO_INPUT = Type.Object({}, { additionalProperties: false });

/** The tools whose input is checked against their schema (webmcp_* check theirs as programs, toolInput.ts). */
export const CHECKED_INPUTS: Partial<Record<ToolName, TSchema>> = {
  run: RUN_INPUT, receipt: RECEIPT_INPUT, tasks: NO_INPUT, pages: PAGES_INPUT, release: TASK_INPUT, close: TASK_INPUT,
};

/** A TypeBox object is a JSON Schema object: what MCP's inputSchema carries. */
const asInput = (schema: TSchema): Tool['inputSchema'] => schema as unknown as Tool['inputSchema'];

const TOOLS: Record<ToolName, Tool> = {
  run: {
    name: 'run',
    description: 'Run a Playwright program (body of an async function) in a task\'s tabs; returns its receipt JSON. '
      + 'Registered under requestId before it runs: the same requestId again returns that receipt, never a second run; '
      + 'a changed program needs a new requestId.',
    inputSchema: asInput(RUN_INPUT),
    annotations: { openWorldHint: true },
  },
  receipt: {
    name: 'receipt',
    description: 'A program\'s receipt, waiting up to waitSeconds for a final status. Use it when run returned queued or running: never resubmit.',
    inputSchema: asInput(RECEIPT_INPUT),
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
    inputSchema: asInput(PAGES_INPUT),
    annotations: { readOnlyHint: true },
  },
  release: {
    name: 'release',
    description: 'Stop a task\'s worker; its tabs stay open, unowned.',
    inputSchema: asInput(TASK_INPUT),
    annotations: { destructiveHint: false, idempotentHint: true },
  },
  close: {
    name: 'close',
    description: 'Stop a task and close its tabs.',
    inputSchema: asInput(TASK_INPUT),
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

/** Each tool's input schema, which its arguments are checked against. */
export function inputSchemaOf(tool: ToolName): Tool['inputSchema'] {
  return TOOLS[tool].inputSchema;
}

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
