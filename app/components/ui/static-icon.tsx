/**
 * The factory of the app's icons (docs/decisions/0039-static-icons.md): a lucide drawing rendered as
 * one `<svg>` element with its inner markup set once per icon. Each icon lives in its own module
 * under ./lucide/ and app/components/ui/icons.tsx re-exports them all, so a page's JavaScript holds
 * the drawings it renders, not all of them (decision 0044).
 */
import type { ReactElement, SVGProps } from "react";
import type { LucideIconData } from "lucide-react";

/** What an icon accepts: any `<svg>` attribute, plus `size` (px, sets width and height; default 24). */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, "children" | "dangerouslySetInnerHTML"> {
  size?: number | string;
}

/** An icon component (the type a prop or a lookup table holds). */
export type Icon = ((props: IconProps) => ReactElement) & { displayName?: string };

const ATTRIBUTE_ESCAPES: Record<string, string> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/** `value` safe inside a double-quoted attribute. */
function escapeAttribute(value: unknown): string {
  return String(value).replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
}

/** True when the caller gave the icon an accessible name or role, so it must not be aria-hidden (as lucide-react decides). */
function hasAccessibleProp(props: Record<string, unknown>): boolean {
  for (const key in props) {
    if ((key.startsWith("aria-") || key === "role" || key === "title") && props[key] != null) return true;
  }
  return false;
}

/** Class names joined with duplicates dropped, as lucide-react joins them. */
function mergeClasses(...classes: (string | undefined)[]): string {
  const tokens = new Set<string>();
  for (const list of classes) for (const token of (list ?? "").split(/\s+/)) if (token) tokens.add(token);
  return [...tokens].join(" ");
}

/** A lucide icon module (`import * as drawing from "lucide-react/icons/<file>"`): its drawing, which its types leave out. */
export type IconModule = { __iconData?: LucideIconData };

/**
 * An icon component for a lucide drawing: `(drawing as IconModule).__iconData` of the icon's module.
 * Read as a property of the module (not the module passed whole), so the bundler links the drawing
 * alone and leaves lucide's own component out (decision 0044). Throws at import time when there is
 * no drawing (a lucide-react upgrade that renamed it), so a broken icon fails the build's first
 * render, not a page.
 */
export function staticIcon(data: LucideIconData | undefined): Icon {
  if (!data?.node) throw new Error("lucide-react icon module without __iconData");
  // Nested nodes are not drawn by lucide-react either (its Icon renders each top-level node's tag and attributes).
  const inner = {
    __html: data.node
      .map(([tag, attributes]) => {
        const list = Object.entries(attributes)
          .filter(([name, value]) => name !== "key" && value != null)
          .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
          .join("");
        return `<${tag}${list}></${tag}>`;
      })
      .join(""),
  };
  const viewBox = `0 0 ${data.size ?? 24} ${data.size ?? 24}`;
  const baseClass = ["lucide", `lucide-${data.name}`, ...(data.aliases ?? []).filter((a) => typeof a === "string" && a.trim()).map((a) => `lucide-${a}`)].join(
    " ",
  );

  function StaticIcon({ size, width, height, strokeWidth, className, color, ...rest }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={width ?? size ?? 24}
        height={height ?? size ?? 24}
        viewBox={viewBox}
        fill="none"
        stroke={color || "currentColor"}
        strokeWidth={strokeWidth ?? 2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={mergeClasses(baseClass, className)}
        aria-hidden={hasAccessibleProp(rest) ? undefined : "true"}
        {...rest}
        dangerouslySetInnerHTML={inner}
      />
    );
  }
  StaticIcon.displayName = data.name;
  return StaticIcon;
}
