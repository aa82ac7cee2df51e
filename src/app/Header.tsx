import { Link, useLocation } from "wouter";

function NavLink({ href, children }: { href: string; children: string }) {
  const [location] = useLocation();
  const active = href === "/" ? location === "/" : location.startsWith(href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={`rounded-md px-2.5 py-1.5 text-sm font-medium ${
        active ? "bg-slate-100 text-slate-900" : "text-slate-600 hover:text-slate-900"
      }`}
    >
      {children}
    </Link>
  );
}

/** The app bar: the app name (links home) and the main navigation. */
export function Header() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-3">
        <Link
          href="/"
          className="flex items-center gap-2 text-base font-semibold tracking-tight text-slate-900"
        >
          <span
            aria-hidden="true"
            className="inline-block h-4 w-1.5 -skew-x-12 rounded-sm bg-red-600"
          />
          RedPen Annotator
        </Link>
        <nav aria-label="Main">
          <NavLink href="/">Studies</NavLink>
        </nav>
      </div>
    </header>
  );
}
