export default function Page() {
  return <div className="mx-auto max-w-6xl px-4 py-10"><h1 className="text-2xl font-semibold">terms</h1></div>;
}
