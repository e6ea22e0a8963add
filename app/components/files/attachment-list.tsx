/**
 * Showing attached files (docs/product.md, Files): the type icon, a form's or a contract's list, a
 * message's files. Apart from the upload field (attachments.tsx), so a page that only shows files
 * (a project page) does not load the uploader.
 */
import { File as FileIcon, FileArchive, FileImage, FileSpreadsheet, FileText } from "../ui/icons";
import { formatBytes } from "../../../shared/format";
import type { FileInfo } from "../../../server/files/service";
// Thumbnails have their own module, so a page showing only them (a developer's portfolio) loads only it.
import { Thumbnail } from "./thumbnail";

export type { FileInfo };

/** The icon of a file type (docs/product.md, Files: type icon, size and name). */
export function FileTypeIcon({ mime, className = "size-5" }: { mime: string; className?: string }) {
  const Icon = mime.startsWith("image/")
    ? FileImage
    : mime === "application/zip"
      ? FileArchive
      : /sheet|excel|csv/.test(mime)
        ? FileSpreadsheet
        : /pdf|word|text|document|presentation|powerpoint/.test(mime)
          ? FileText
          : FileIcon;
  return <Icon className={`${className} shrink-0 text-slate-500`} aria-hidden="true" />;
}

/** A list of attached files: images as lazy thumbnails linking to the full image, others with icon, name and size. `title` names the list for screen readers. */
export function AttachmentList({ files, title = "Attachments" }: { files: FileInfo[]; title?: string }) {
  if (!files.length) return null;
  const images = files.filter((f) => f.isImage);
  const others = files.filter((f) => !f.isImage);
  return (
    <div aria-label={title} role="group" className="space-y-3">
      {images.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((f) => (
            <li key={f.id}>
              <a href={f.variants[f.variants.length - 1]!.url} className="block" target="_blank" rel="noreferrer">
                <Thumbnail file={f} width={240} className="aspect-square h-auto w-full" />
                <span className="mt-1 block truncate text-xs text-slate-600">{f.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {others.length ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {others.map((f) => (
            <li key={f.id}>
              <a href={f.url} className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50" download={f.name}>
                <FileTypeIcon mime={f.mime} />
                <span className="min-w-0 flex-1 truncate font-medium text-slate-800">{f.name}</span>
                <span className="shrink-0 text-slate-500">{formatBytes(f.size)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The files of a message: photos as lazy thumbnails (tap for the full image), other files as links with icon, name and size. */
export function MessageAttachments({ files, alone = false }: { files: FileInfo[]; /** No text above them: no top margin. */ alone?: boolean }) {
  if (!files.length) return null;
  return (
    <ul className={`${alone ? "" : "mt-2 "}flex flex-wrap gap-2`}>
      {files.map((f) =>
        f.isImage ? (
          <li key={f.id}>
            <a href={f.variants[f.variants.length - 1]!.url} target="_blank" rel="noreferrer" className="block">
              <Thumbnail file={f} width={160} className="max-h-48 w-40" />
            </a>
          </li>
        ) : (
          <li key={f.id}>
            <a
              href={f.url}
              download={f.name}
              className="flex max-w-64 items-center gap-2 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
            >
              <FileTypeIcon mime={f.mime} className="size-4" />
              <span className="min-w-0 truncate">{f.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{formatBytes(f.size)}</span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}
