import { useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";
import { useActionData, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import type { ActionFailure } from "./action.server";
import { useServerErrors } from "./use-server-errors";

/** A shared Zod schema, or a function that loads it (so zod downloads only when a form is validated). */
export type SchemaSource<T extends FieldValues> = z.ZodType<unknown, T> | (() => Promise<z.ZodType<unknown, T>>);

/**
 * A resolver for a schema loaded on first use: pages whose only use of zod is one form (login,
 * register, password reset) then keep zod (27 KB gzipped) out of their first download (docs/performance.md).
 * The same schema the server checks, so the messages are the same.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<z.ZodType<unknown, T>>): Resolver<T> {
  let ready: Promise<Resolver<T>> | null = null;
  return (values, context, options) => {
    ready ??= Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    return ready.then((resolve) => resolve(values, context, options));
  };
}

/**
 * A react-hook-form form validated with a shared Zod schema that, once valid, submits the <form>
 * element to the route action (form data, so it also works before hydration). The action's
 * failure is shown on the fields (or as a toast). `busy` is true while a submission to
 * `actionPath` runs. `schema` may be a loader (see lazyResolver).
 */
export function useRouteForm<T extends FieldValues>(schema: SchemaSource<T>, defaultValues: DefaultValues<T>, actionPath?: string) {
  const result = useActionData() as (ActionFailure | { ok: true; [key: string]: unknown }) | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const [resolver] = useState<Resolver<T>>(() =>
    lazyResolver(typeof schema === "function" ? (schema as () => Promise<z.ZodType<unknown, T>>) : () => Promise.resolve(schema)),
  );
  const form = useForm<T>({ resolver, defaultValues });
  useServerErrors<T>(result && result.ok === false ? result : undefined, form.setError);
  const busy = navigation.state !== "idle" && (!actionPath || Boolean(navigation.formAction?.startsWith(actionPath)));
  const onSubmit = form.handleSubmit((_values, event) => {
    void submit(event!.target as HTMLFormElement);
  });
  return { ...form, result, busy, onSubmit };
}
