import type { Tx } from "~/platform/db/client.server";

// Domain events (docs/decisions/0035-domain-events.md): a feature says what happened with
// `publish(tx, event)`, and the features that care handle it in the same transaction, so a
// consequence commits or rolls back with its cause, and a handler that throws rolls back both.
// The publisher never imports the feature that handles its event; app/event-handlers.server.ts,
// above features, installs every handler once at each entry point.

/**
 * Every domain event's payload, by its type. Empty here: each publishing feature adds its own
 * events in its `events.ts`, by TypeScript module augmentation of this interface, e.g.
 *
 *     declare module "~/platform/events/domain-events.server" {
 *       interface DomainEvents { "visit.checked_out": VisitCheckedOut }
 *     }
 */
// oxlint-disable-next-line typescript/consistent-type-definitions -- module augmentation merges interfaces only
export interface DomainEvents {}

/** A map from event type to payload, as `DomainEvents` is, or a test's own. */
type EventMap<Events> = { [Type in keyof Events]: object };

/** One event: its type beside its payload's fields. */
export type EventOf<Events, Type extends keyof Events> = { type: Type } & Events[Type];

export type EventHandler<Events, Type extends keyof Events> = (tx: Tx, event: EventOf<Events, Type>) => Promise<void>;

/** One handler of one event type, as a feature's event-handlers module lists them. */
export type Subscription<Events> = {
  [Type in keyof Events]: { type: Type; handle: EventHandler<Events, Type> };
}[keyof Events];

export type EventBus<Events extends EventMap<Events>> = {
  /**
   * Installs the handlers, each event type's in the order given. Once: a second call (another entry
   * point, a test setup run again) changes nothing, so no handler ever runs twice for one event.
   */
  install: (subscriptions: readonly Subscription<Events>[]) => void;
  /** Whether the handlers are installed. */
  isInstalled: () => boolean;
  /** Runs every handler of the event's type, in order, in the caller's transaction; before install it throws. */
  publish: <Type extends keyof Events>(tx: Tx, event: EventOf<Events, Type>) => Promise<void>;
};

/** A bus of its own; the app's is `domainEvents` below, tests make others. */
export function createEventBus<Events extends EventMap<Events>>(): EventBus<Events> {
  // Stored without the link between a type and its payload, which `install` and `publish` keep.
  type AnyHandler = (tx: Tx, event: EventOf<Events, keyof Events>) => Promise<void>;
  let handlers: Map<keyof Events, AnyHandler[]> | null = null;
  return {
    install(subscriptions) {
      if (handlers) return;
      const byType = new Map<keyof Events, AnyHandler[]>();
      for (const subscription of subscriptions) {
        const list = byType.get(subscription.type) ?? [];
        list.push(subscription.handle as AnyHandler);
        byType.set(subscription.type, list);
      }
      handlers = byType;
    },
    isInstalled: () => handlers !== null,
    async publish(tx, event) {
      if (!handlers) {
        throw new Error(
          `The domain event "${String(event.type)}" was published before the event handlers were installed: ` +
            "call installEventHandlers() (app/event-handlers.server.ts) at this entry point first.",
        );
      }
      for (const handle of handlers.get(event.type) ?? []) await handle(tx, event);
    },
  };
}

const domainEvents = createEventBus<DomainEvents>();

/** Says what happened, in the caller's transaction: every handler of its type runs before this returns. */
export const publish = domainEvents.publish;

/** Installs the app's handlers (only app/event-handlers.server.ts calls it); idempotent. */
export const installDomainEventHandlers = domainEvents.install;

export const areDomainEventHandlersInstalled = domainEvents.isInstalled;

/** One handler of one of the app's events, typed by the event's declaration in its publisher's events.ts. */
export function on<Type extends keyof DomainEvents>(
  type: Type,
  handle: EventHandler<DomainEvents, Type>,
): Subscription<DomainEvents> {
  return { type, handle } as Subscription<DomainEvents>;
}
