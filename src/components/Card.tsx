// A white card. With `title`, it is a labelled section (heading level `level`, default h2) and
// `actions` sit at the right of the heading.
import { type ReactNode, useId } from "react";

export interface CardProps {
  title?: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  actions?: ReactNode;
  level?: 2 | 3;
  className?: string;
  children?: ReactNode;
}

export const CARD_CLASS = "rounded-lg border border-slate-200 bg-white shadow-sm";

export function Card({
  title,
  description,
  actions,
  level = 2,
  className = "",
  children,
}: CardProps) {
  const headingId = useId();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={`${CARD_CLASS} p-5 ${className}`}
    >
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div>
            {title && (
              <Heading id={headingId} className="text-base font-semibold text-slate-900">
                {title}
              </Heading>
            )}
            {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
