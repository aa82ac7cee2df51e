// The app's buttons. `variant`: primary (dark), secondary (outlined), danger (red), ghost
// (text only). `size`: md (default) or sm. Use ButtonLink for a link that looks like a button.
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from "react";
import { Link } from "wouter";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "sm" | "md";

const BASE =
  "inline-flex items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900 disabled:cursor-not-allowed disabled:opacity-50";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-slate-900 text-white hover:bg-slate-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
  ghost: "text-slate-700 hover:bg-slate-100",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-2.5 py-1 text-xs",
  md: "px-3.5 py-2 text-sm",
};

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md"): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

/**
 * The button part of a native `<input type="file">` ("Choose Files"), styled as a secondary
 * button of the normal size, so every file picker looks the same.
 */
export const FILE_BUTTON_CLASS =
  "file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-solid file:border-slate-300 file:bg-white file:px-3.5 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

/** A `<button>` (type="button" unless given) in the app's style. */
export function Button({
  variant = "secondary",
  size = "md",
  className = "",
  type = "button",
  ...rest
}: ButtonProps) {
  return <button type={type} className={`${buttonClass(variant, size)} ${className}`} {...rest} />;
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/** An in-app link (wouter) styled as a button. */
export function ButtonLink({
  variant = "secondary",
  size = "md",
  className = "",
  href,
  ...rest
}: ButtonLinkProps) {
  return <Link href={href} className={`${buttonClass(variant, size)} ${className}`} {...rest} />;
}
