import { Link, useLocation } from "wouter";
import { APP_NAME } from "../components/useDocumentTitle.ts";
import { PERSIST_DENIED_MESSAGE } from "../db/persist.ts";
import { useStorageStatus } from "../stores/storage.ts";

/**
 * Shown only when the browser refused persistent storage; opens to explain, covers nothing. In
 * the page's words (a participant's page passes its language's).
 */
export function StorageIndicator({
  label = "Storage not persistent",
  explanation = PERSIST_DENIED_MESSAGE,
}: {
  label?: string;
  explanation?: string;
}) {
  const persistence = useStorageStatus((s) => s.persistence);
  if (persistence !== "denied") return null;
  return (
    <details className="relative text-xs">
      <summary className="cursor-pointer list-none rounded-full border border-amber-300 bg-amber-50 px-2.5 py-1 font-medium text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-slate-900">
        {label}
      </summary>
      <p className="absolute end-0 z-40 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700 shadow-md">
        {explanation}
      </p>
    </details>
  );
}

export function NavLink({ href, children }: { href: string; children: string }) {
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

const NAME = "flex items-center gap-2 text-base font-semibold tracking-tight text-slate-900";

/**
 * The app's name and its mark, as every app bar shows it (a name: not translated); a link to the
 * studies when `home`.
 */
export function AppName({ home }: { home: boolean }) {
  const name = (
    <>
      <span
        aria-hidden="true"
        className="inline-block h-4 w-1.5 -skew-x-12 rounded-sm bg-red-600"
      />
      {APP_NAME}
    </>
  );
  return home ? (
    <Link href="/" className={NAME}>
      {name}
    </Link>
  ) : (
    <span className={NAME}>{name}</span>
  );
}

/**
 * The researcher's app bar: the app name (links home) and the main navigation, in English as
 * the researcher's screens are. Participants' pages get ParticipantBar instead.
 */
export function Header() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between px-6 py-3">
        <AppName home />
        <div className="flex items-center gap-3">
          <StorageIndicator />
          <nav aria-label="Main">
            <NavLink href="/">Studies</NavLink>
          </nav>
        </div>
      </div>
    </header>
  );
}
