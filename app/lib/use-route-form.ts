import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";
import { useActionData, useNavigation, useSubmit } from "react-router";
import type { z } from "zod";
import type { ActionFailure } from "./action.server";
import { useServerErrors } from "./use-server-errors";

/**
 * A react-hook-form form validated with a shared Zod schema that, once valid, submits the <form>
 * element to the route action (form data, so it also works before hydration). The action's
 * failure is shown on the fields (or as a toast). `busy` is true while a submission to
 * `actionPath` runs.
 */
export function useRouteForm<T extends FieldValues>(schema: z.ZodType<unknown, T>, defaultValues: DefaultValues<T>, actionPath?: string) {
  const result = useActionData() as (ActionFailure | { ok: true; [key: string]: unknown }) | undefined;
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useForm<T>({ resolver: zodResolver(schema as never) as unknown as Resolver<T>, defaultValues });
  useServerErrors<T>(result && result.ok === false ? result : undefined, form.setError);
  const busy = navigation.state !== "idle" && (!actionPath || Boolean(navigation.formAction?.startsWith(actionPath)));
  const onSubmit = form.handleSubmit((_values, event) => {
    void submit(event!.target as HTMLFormElement);
  });
  return { ...form, result, busy, onSubmit };
}
