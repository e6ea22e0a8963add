export function Header({ user }: { user: { id: string; name: string; userType: string } | null }) {
  return <header className="border-b bg-white p-4">BuildZA {user?.name}</header>;
}
