// A command line the CLI refuses: a name (the error document's) and a message that names the
// bad value and says what to write instead. Exit 2 (contract/exitCodes.ts).

export type ArgumentErrorName =
  | 'MissingCommand' | 'UnknownCommand' | 'UnknownFlag' | 'MissingValue' | 'MissingFlag'
  | 'DuplicateFlag' | 'UnexpectedArgument' | 'ConflictingFlags'
  | 'InvalidTaskName' | 'InvalidRequestId' | 'InvalidNumber' | 'InvalidArgument' | 'InvalidParams' | 'InvalidOrigin' | 'InvalidBrowserArg';

export interface ArgumentError {
  name: ArgumentErrorName;
  message: string;
  /** The request field a bad value is for, by its contract name (requestId for --request-id): as the API and the MCP server name it. */
  field?: string;
}
