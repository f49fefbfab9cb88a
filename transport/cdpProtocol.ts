// CDP messages typed from `devtools-protocol`. What Chrome sends is JSON; an event gets its
// protocol type once, where a connection dispatches it (`cdpEvent`), and the handlers switch
// on `method` to read typed params: no cast per field. Replies are typed by the command that
// asked (`CdpResult`). Commands from the router's clients stay untyped on purpose: they come
// from any client and are checked field by field where they are read.
import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping.js';

export type CdpEventName = keyof ProtocolMapping.Events;
export type CdpCommandName = keyof ProtocolMapping.Commands;

type Only<T extends unknown[]> = T extends [] ? undefined : T extends [infer P] ? P : T extends [(infer Q)?] ? Q | undefined : undefined;

/** An event with params typed by its method: `switch (event.method)` narrows `params`. */
export type CdpEvent = { [E in CdpEventName]: { method: E; params: Only<ProtocolMapping.Events[E]> } }[CdpEventName];

/** The event of one method, e.g. CdpEventOf<'Target.attachedToTarget'>. */
export type CdpEventOf<E extends CdpEventName> = Extract<CdpEvent, { method: E }>;

export type CdpParams<C extends CdpCommandName> = Only<ProtocolMapping.Commands[C]['paramsType']>;
export type CdpResult<C extends CdpCommandName> = ProtocolMapping.Commands[C]['returnType'];

/**
 * The event a message from the browser is, by its method. Chrome sends what its protocol
 * says; a method this version of the protocol does not know still passes (its params are
 * then typed as the name it has, which no handler switches on).
 */
export function cdpEvent(method: string, params: Record<string, unknown> | undefined): CdpEvent {
  return { method, params: params ?? {} } as CdpEvent;
}
