export function Footer({ year }: { year: number }) {
  return <footer className="border-t bg-white p-4">© {year} BuildZA</footer>;
}
