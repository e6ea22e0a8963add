import { Plus, Trash2 } from "../ui/icons";
import { useId, useState, type ReactNode } from "react";
import { useFieldArray, type Control, type FieldErrors, type UseFormGetValues, type UseFormRegister, type UseFormSetValue } from "react-hook-form";
import { registerWithDefaults } from "../../lib/form-defaults";
import type { DeveloperProfileInput } from "../../../shared/schemas";
import { MAX_PORTFOLIO_IMAGES } from "../../../shared/constants";
import { AttachmentsField, type FileInfo } from "../files/attachments";
import { Button } from "../ui/button";
import { Field, Input, Textarea } from "../ui/form";

export interface ListProps {
  control: Control<DeveloperProfileInput>;
  register: UseFormRegister<DeveloperProfileInput>;
  setValue: UseFormSetValue<DeveloperProfileInput>;
  getValues: UseFormGetValues<DeveloperProfileInput>;
  errors: FieldErrors<DeveloperProfileInput>;
}

/**
 * The bordered box of one list item, with its number and a remove button. `idField` names the hidden
 * field of the item's id ("experience.0.id"), posted by a form sent before or without the scripts so
 * the item is updated in place (a portfolio item keeps its images).
 */
function Item({ label, onRemove, idField, children }: { label: string; onRemove: () => void; idField: { name: string; value: string }; children: ReactNode }) {
  // A named group: a screen reader says "Portfolio item 2" on entering its fields, which repeat per item.
  const labelId = useId();
  return (
    <li role="group" aria-labelledby={labelId} className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
      <input type="hidden" name={idField.name} defaultValue={idField.value} />
      <div className="mb-3 flex items-center justify-between gap-2">
        <p id={labelId} className="text-sm font-semibold text-slate-700">
          {label}
        </p>
        <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={onRemove} aria-label={`Remove ${label.toLowerCase()}`}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </li>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">{children}</p>;
}

/**
 * Technologies of a portfolio item as comma-separated text; the form holds the list. The text is
 * kept as typed (a trailing comma stays) and parsed into unique, trimmed names.
 */
function TechnologiesInput({ id, name, initial, onChange }: { id: string; name: string; initial: string[]; onChange: (list: string[]) => void }) {
  const [text, setText] = useState(initial.join(", "));
  return (
    <Input
      id={id}
      name={name}
      placeholder="e.g. Flutter, Firebase, Paystack"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const seen = new Set<string>();
        onChange(
          e.target.value
            .split(",")
            .map((s) => s.trim().slice(0, 40))
            .filter((s) => s && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase())),
        );
      }}
    />
  );
}

/** Portfolio items: title, description, technologies, link (docs/product.md, Projects). */
export function PortfolioList({ control, register, setValue, getValues, errors, images = {} }: ListProps & { images?: Record<string, FileInfo[]> }) {
  const { fields, append, remove } = useFieldArray({ control, name: "portfolio", keyName: "key" });
  const { valueField } = registerWithDefaults(register, getValues);
  const e = errors.portfolio;
  return (
    <div className="space-y-3">
      {fields.length ? (
        <ol className="space-y-3">
          {fields.map((f, i) => (
            <Item
              key={f.key}
              label={`Portfolio item ${i + 1}`}
              onRemove={() => remove(i)}
              idField={{ name: `portfolio.${i}.id`, value: getValues(`portfolio.${i}.id`) ?? "" }}
            >
              <Field id={`portfolio-${i}-title`} label="Project title" error={e?.[i]?.title?.message} className="sm:col-span-2">
                <Input id={`portfolio-${i}-title`} invalid={!!e?.[i]?.title} placeholder="e.g. Taxi rank queue app" {...valueField(`portfolio.${i}.title`)} />
              </Field>
              <Field id={`portfolio-${i}-description`} label="Description" error={e?.[i]?.description?.message} className="sm:col-span-2">
                <Textarea
                  id={`portfolio-${i}-description`}
                  rows={3}
                  invalid={!!e?.[i]?.description}
                  placeholder="What you built, for whom, and what it achieved"
                  {...valueField(`portfolio.${i}.description`)}
                />
              </Field>
              <Field id={`portfolio-${i}-technologies`} label="Technologies" hint="Separate with commas." error={e?.[i]?.technologies?.message}>
                <TechnologiesInput
                  id={`portfolio-${i}-technologies`}
                  name={`portfolio.${i}.technologies`}
                  initial={getValues(`portfolio.${i}.technologies`) ?? []}
                  onChange={(list) => setValue(`portfolio.${i}.technologies`, list, { shouldDirty: true })}
                />
              </Field>
              <Field id={`portfolio-${i}-link`} label="Link (optional)" error={e?.[i]?.link?.message}>
                <Input
                  id={`portfolio-${i}-link`}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  invalid={!!e?.[i]?.link}
                  {...valueField(`portfolio.${i}.link`)}
                />
              </Field>
              <div className="sm:col-span-2">
                <p className="mb-2 text-sm font-medium text-slate-800">Images</p>
                <AttachmentsField
                  initial={images[getValues(`portfolio.${i}.id`) ?? ""] ?? []}
                  max={MAX_PORTFOLIO_IMAGES}
                  purpose="photo"
                  hint={`Up to ${MAX_PORTFOLIO_IMAGES} screenshots or photos, 10 MB each.`}
                  which={` (portfolio item ${i + 1})`}
                  onChange={(ids) => setValue(`portfolio.${i}.imageIds`, ids, { shouldDirty: true })}
                />
                {e?.[i]?.imageIds ? (
                  <p className="mt-1 text-sm text-red-700" role="alert">
                    {e[i]?.imageIds?.message}
                  </p>
                ) : null}
              </div>
            </Item>
          ))}
        </ol>
      ) : (
        <Empty>No portfolio items yet. Show clients an app or site you built.</Empty>
      )}
      <Button
        variant="secondary"
        size="sm"
        disabled={fields.length >= 20}
        onClick={() => append({ id: "", title: "", description: "", technologies: [], link: "" })}
      >
        <Plus className="size-4" aria-hidden="true" /> Add portfolio item
      </Button>
    </div>
  );
}

/** One experience entry's end date: a month, or "I currently work here" (endDate ""). */
function EndDate({ i, register, setValue, getValues, errors }: ListProps & { i: number }) {
  const [current, setCurrent] = useState(!getValues(`experience.${i}.endDate`));
  const { valueField } = registerWithDefaults(register, getValues);
  const error = errors.experience?.[i]?.endDate?.message;
  return (
    <div className="space-y-1.5">
      <label htmlFor={`experience-${i}-endDate`} className="block text-sm font-medium text-slate-800">
        End
      </label>
      <Input
        id={`experience-${i}-endDate`}
        type="month"
        placeholder="YYYY-MM"
        disabled={current}
        invalid={!!error}
        aria-describedby={`experience-${i}-endDate-error`}
        {...valueField(`experience.${i}.endDate`)}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={current}
          onChange={(ev) => {
            setCurrent(ev.target.checked);
            if (ev.target.checked) setValue(`experience.${i}.endDate`, "", { shouldValidate: !!error });
          }}
        />
        I currently work here
      </label>
      {error ? (
        <p id={`experience-${i}-endDate-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Experience: title, company, start YYYY-MM, end YYYY-MM or current ("Present"), description. */
export function ExperienceList(props: ListProps) {
  const { control, register, getValues, errors } = props;
  const { fields, append, remove } = useFieldArray({ control, name: "experience", keyName: "key" });
  const { valueField } = registerWithDefaults(register, getValues);
  const e = errors.experience;
  return (
    <div className="space-y-3">
      {fields.length ? (
        <ol className="space-y-3">
          {fields.map((f, i) => (
            <Item
              key={f.key}
              label={`Experience ${i + 1}`}
              onRemove={() => remove(i)}
              idField={{ name: `experience.${i}.id`, value: getValues(`experience.${i}.id`) ?? "" }}
            >
              <Field id={`experience-${i}-title`} label="Job title" error={e?.[i]?.title?.message}>
                <Input id={`experience-${i}-title`} invalid={!!e?.[i]?.title} placeholder="e.g. Mobile developer" {...valueField(`experience.${i}.title`)} />
              </Field>
              <Field id={`experience-${i}-company`} label="Company" error={e?.[i]?.company?.message}>
                <Input id={`experience-${i}-company`} invalid={!!e?.[i]?.company} {...valueField(`experience.${i}.company`)} />
              </Field>
              <Field id={`experience-${i}-startDate`} label="Start" error={e?.[i]?.startDate?.message}>
                <Input
                  id={`experience-${i}-startDate`}
                  type="month"
                  placeholder="YYYY-MM"
                  invalid={!!e?.[i]?.startDate}
                  {...valueField(`experience.${i}.startDate`)}
                />
              </Field>
              <EndDate {...props} i={i} />
              <Field id={`experience-${i}-description`} label="Description (optional)" error={e?.[i]?.description?.message} className="sm:col-span-2">
                <Textarea id={`experience-${i}-description`} rows={3} invalid={!!e?.[i]?.description} {...valueField(`experience.${i}.description`)} />
              </Field>
            </Item>
          ))}
        </ol>
      ) : (
        <Empty>No experience listed yet. Add the roles and contracts that show what you can do.</Empty>
      )}
      <Button
        variant="secondary"
        size="sm"
        disabled={fields.length >= 20}
        onClick={() => append({ id: "", title: "", company: "", startDate: "", endDate: "", description: "" })}
      >
        <Plus className="size-4" aria-hidden="true" /> Add experience
      </Button>
    </div>
  );
}

/** Certifications: name, issuer, date (YYYY-MM). */
export function CertificationList({ control, register, getValues, errors }: ListProps) {
  const { fields, append, remove } = useFieldArray({ control, name: "certifications", keyName: "key" });
  const { valueField } = registerWithDefaults(register, getValues);
  const e = errors.certifications;
  return (
    <div className="space-y-3">
      {fields.length ? (
        <ol className="space-y-3">
          {fields.map((f, i) => (
            <Item
              key={f.key}
              label={`Certification ${i + 1}`}
              onRemove={() => remove(i)}
              idField={{ name: `certifications.${i}.id`, value: getValues(`certifications.${i}.id`) ?? "" }}
            >
              <Field id={`certifications-${i}-name`} label="Name" error={e?.[i]?.name?.message} className="sm:col-span-2">
                <Input
                  id={`certifications-${i}-name`}
                  invalid={!!e?.[i]?.name}
                  placeholder="e.g. AWS Certified Developer"
                  {...valueField(`certifications.${i}.name`)}
                />
              </Field>
              <Field id={`certifications-${i}-issuer`} label="Issuer" error={e?.[i]?.issuer?.message}>
                <Input id={`certifications-${i}-issuer`} invalid={!!e?.[i]?.issuer} {...valueField(`certifications.${i}.issuer`)} />
              </Field>
              <Field id={`certifications-${i}-date`} label="Date (optional)" error={e?.[i]?.date?.message}>
                <Input
                  id={`certifications-${i}-date`}
                  type="month"
                  placeholder="YYYY-MM"
                  invalid={!!e?.[i]?.date}
                  {...valueField(`certifications.${i}.date`)}
                />
              </Field>
            </Item>
          ))}
        </ol>
      ) : (
        <Empty>No certifications yet.</Empty>
      )}
      <Button variant="secondary" size="sm" disabled={fields.length >= 20} onClick={() => append({ id: "", name: "", issuer: "", date: "" })}>
        <Plus className="size-4" aria-hidden="true" /> Add certification
      </Button>
    </div>
  );
}
