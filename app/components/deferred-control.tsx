import { useState, type ComponentType, type MouseEvent } from "react";

/** How the person opened a control whose code was still loading (a keyboard opening focuses its first item). */
export type InitialOpening = { withKeyboard: boolean };

/** Props every control loaded on first use receives: set when it mounts already open. */
export type DeferredProps = { initialOpening?: InitialOpening };

/** Handlers the stand-in gives its trigger button. */
export type TriggerStandInHandlers = {
  onPointerEnter: () => void;
  onFocus: () => void;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
};

/**
 * A header control (menu, popover, drawer) whose code, with the UI library it
 * is built on, loads on first use instead of with the page. Until then the
 * stand-in draws the same trigger button; pointing at it or focusing it starts
 * the download, and a click (or Enter or Space) opens the real control as soon
 * as its code has arrived, so no click is lost. The real control replaces the
 * stand-in only when it opens: it moves focus into itself, and on closing
 * gives it back to its own trigger in the same place.
 */
export function deferredControl<P extends object>(
  load: () => Promise<ComponentType<P & DeferredProps>>,
  StandIn: ComponentType<{ props: P; handlers: TriggerStandInHandlers }>,
) {
  let loaded: ComponentType<P & DeferredProps> | undefined;
  let loading: Promise<ComponentType<P & DeferredProps>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Another attempt on the next click (e.g. back online).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const warmUp = () => {
    preload().catch((error: unknown) => console.error("A menu could not be loaded.", error));
  };

  function DeferredControl(props: P) {
    // A later mount (e.g. an error screen's chrome) uses the loaded control at once.
    const [Control, setControl] = useState(() => loaded);
    const [opening, setOpening] = useState<InitialOpening>();
    if (Control) return <Control {...props} initialOpening={opening} />;

    const onClick = (event: MouseEvent<HTMLButtonElement>) => {
      // A click made by Enter or Space on a focused button has no pointer position (detail 0).
      const requested = { withKeyboard: event.detail === 0 };
      preload().then(
        (component) => {
          setOpening(requested);
          setControl(() => component);
        },
        (error: unknown) => console.error("A menu could not be loaded.", error),
      );
    };
    return <StandIn props={props} handlers={{ onPointerEnter: warmUp, onFocus: warmUp, onClick }} />;
  }
  return DeferredControl;
}
