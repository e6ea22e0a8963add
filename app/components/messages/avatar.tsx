import { Avatar } from "../ui/avatar";

/** A person's avatar in the inbox and threads: photo or initial (ui/avatar), `className` sizes it (default 40 px). */
export function PersonAvatar({
  name,
  photoId,
  className = "size-10 text-base",
  px = 40,
}: {
  name: string;
  photoId?: string | null;
  className?: string;
  px?: number;
}) {
  return <Avatar name={name} photoId={photoId} px={px} className={className} />;
}
