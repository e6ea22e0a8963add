import { Form, useNavigation } from "react-router";
import { useState, type ReactNode } from "react";
import { Modal, ModalClose } from "../projects/modal";
import { Button } from "./button";

/**
 * A form button for an action that cannot be undone (releasing or refunding a milestone's money,
 * revoking an API token): with scripts it asks first in a dialog, whose own button posts `intent`
 * with the hidden `fields`; before the page's scripts run it posts the form directly, so it works
 * without them (docs/product.md, Payments "Contract page"). It shows busy while that very post
 * (same intent and fields) is under way. `suffix`: hidden text ending the button's name where a
 * page repeats it (" (milestone 2)", a token's name).
 */
export function ConfirmedSubmit(props: {
  intent: string;
  fields: Record<string, string>;
  label: ReactNode;
  suffix?: ReactNode;
  title: string;
  description: string;
  /** The dialog's button that closes it and changes nothing ("Not yet", "Keep it"). */
  keep: string;
  variant?: "primary" | "secondary";
  confirmVariant?: "primary" | "danger";
  icon?: ReactNode;
}) {
  const navigation = useNavigation();
  const sent = navigation.state !== "idle" ? navigation.formData : undefined;
  const busy = Boolean(sent && sent.get("intent") === props.intent && Object.entries(props.fields).every(([name, value]) => sent.get(name) === value));
  const [open, setOpen] = useState(false);
  const hidden = Object.entries(props.fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <Form method="post">
      {hidden}
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={props.title}
        description={props.description}
        trigger={
          <Button
            type="submit"
            name="intent"
            value={props.intent}
            variant={props.variant ?? "primary"}
            busy={busy}
            onClick={(event) => {
              // With scripts the click opens the dialog instead of posting; the dialog's button posts.
              event.preventDefault();
              setOpen(true);
            }}
          >
            {props.icon}
            {props.label}
            {props.suffix}
          </Button>
        }
      >
        <Form
          method="post"
          className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
          onSubmit={(event) => {
            // The dialog sits in a portal, but React bubbles its submit to the form around the trigger.
            event.stopPropagation();
            setOpen(false);
          }}
        >
          {hidden}
          <ModalClose>
            <Button variant="secondary">{props.keep}</Button>
          </ModalClose>
          <Button type="submit" name="intent" value={props.intent} variant={props.confirmVariant ?? "primary"} busy={busy}>
            {props.label}
          </Button>
        </Form>
      </Modal>
    </Form>
  );
}
