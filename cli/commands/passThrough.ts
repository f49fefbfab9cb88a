// Commands whose output is the runtime's answer as it stands: send one request, print the
// body, map an error to its exit code.
import { unreachableFailure } from '../apiAnswer.js';
import { apiFailure } from '../../contract/answerDocument.js';
import { failureOutcome, jsonOutcome, type CommandOutcome } from '../commandOutcome.js';
import { ExitCode } from '../../contract/exitCodes.js';
import { requestRuntime } from '../runtimeClient.js';
import { connectRuntime } from '../runtimeConnection.js';
import type { RuntimeHome } from '../runtimeHome.js';

export interface PassThroughRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const ANSWER_TIMEOUT_MS = 60_000;

export async function passThrough(home: RuntimeHome, request: PassThroughRequest): Promise<CommandOutcome> {
  const connection = await connectRuntime(home);
  if (!connection.ok) return failureOutcome(connection.failure);
  const answer = await requestRuntime(home.socket, { ...request, timeoutMs: ANSWER_TIMEOUT_MS });
  const changes = request.method === 'POST';
  switch (answer.kind) {
    case 'unreachable':
      return failureOutcome(unreachableFailure(home.socket, `${answer.code}: ${answer.message}`,
        'Nothing was sent; run the same command again.'));
    case 'lost':
      return failureOutcome({
        name: changes ? 'OutcomeUnknown' : 'RuntimeConnectionLost',
        message: `The connection to the runtime was lost: ${answer.message}. `
          + (changes ? 'The change may or may not have happened; check with `tabwright tasks` or `tabwright pages --all`.'
            : 'Nothing changed; run the same command again.'),
        exitCode: ExitCode.Unreachable,
      });
    case 'answered':
      if (answer.httpStatus >= 400) return failureOutcome(apiFailure(answer.httpStatus, answer.body));
      return jsonOutcome(ExitCode.Succeeded, answer.body);
  }
}
