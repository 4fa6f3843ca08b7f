import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

const variants = {
  default: 'bg-accent text-accent-foreground hover:bg-accent-hover',
  brand: 'bg-brand text-brand-foreground hover:bg-brand/90',
  outline: 'border border-border bg-background text-foreground hover:bg-muted',
  secondary: 'bg-muted text-foreground hover:bg-slate-200',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-white hover:bg-red-800',
  link: 'text-accent underline-offset-4 hover:underline',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Its action is on its way: the button waits (disabled) and shows a spinner before its label. */
  pending?: boolean;
}

export const buttonClass = (variant: keyof typeof variants = 'default', size: keyof typeof sizes = 'default') =>
  cn(
    'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors',
    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-60',
    variants[variant],
    sizes[size],
  );

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { className, variant = 'default', size = 'default', type = 'button', pending = false, disabled, children, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClass(variant, size), className)}
      disabled={disabled || pending}
      {...props}
    >
      {pending && <Spinner />}
      {children}
    </button>
  );
});
