/** heic-convert ships no types: the one call server/files/images.ts makes. */
declare module "heic-convert" {
  export default function convert(options: { buffer: Buffer | Uint8Array | ArrayBuffer; format: "JPEG" | "PNG"; quality?: number }): Promise<ArrayBuffer>;
}
