import {
  cloneElement,
  createContext,
  isValidElement,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";

const ModalDialog = lazy(() => import("./modal-dialog"));
const CloseContext = createContext<() => void>(() => {});

type Clickable = ReactElement<{ onClick?: (event: MouseEvent) => void }>;

/**
 * A centred Radix dialog (focus trap, Escape, focus back to the trigger) with a title, an optional
 * description and a close button. `trigger` is a single element that opens it; `open` and
 * `onOpenChange` make it controlled. The Radix code loads on first open (modal-dialog.tsx).
 */
export function Modal({
  trigger,
  title,
  description,
  open,
  onOpenChange,
  children,
}: {
  trigger: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const [used, setUsed] = useState(isOpen);
  const opened = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (isOpen) setUsed(true);
  }, [isOpen]);
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const opener = isValidElement(trigger)
    ? cloneElement(
        trigger as Clickable,
        {
          onClick: (event: MouseEvent) => {
            (trigger as Clickable).props.onClick?.(event);
            opened.current = event.currentTarget as HTMLElement;
            if (!event.defaultPrevented) setOpen(true);
          },
          "aria-haspopup": "dialog",
          "aria-expanded": isOpen,
        } as Record<string, unknown>,
      )
    : trigger;
  return (
    <CloseContext.Provider value={() => setOpen(false)}>
      {opener}
      {used ? (
        <Suspense fallback={null}>
          <ModalDialog open={isOpen} onOpenChange={setOpen} title={title} description={description} onClosed={() => opened.current?.focus()}>
            {children}
          </ModalDialog>
        </Suspense>
      ) : null}
    </CloseContext.Provider>
  );
}

/** Closes the surrounding Modal; wraps one element, keeping its own onClick. */
export function ModalClose({ children }: { children: ReactNode }) {
  const close = useContext(CloseContext);
  if (!isValidElement(children)) return <>{children}</>;
  return cloneElement(children as Clickable, {
    onClick: (event: MouseEvent) => {
      (children as Clickable).props.onClick?.(event);
      if (!event.defaultPrevented) close();
    },
  });
}
