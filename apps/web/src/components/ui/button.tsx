import type { ComponentProps } from 'react';
import { Link } from 'react-router';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'night' | 'honey';
type Size = 'md' | 'lg' | 'sm';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors select-none ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<Variant, string> = {
  primary: 'bg-brand text-white shadow-sm hover:bg-brand-dark',
  secondary: 'border-2 border-brand bg-paper text-brand-dark hover:bg-brand-soft',
  ghost: 'text-ink hover:bg-cream-deep',
  danger: 'bg-danger text-white hover:bg-[#8f1c13]',
  night: 'bg-night text-white hover:bg-[#201d3a]',
  honey: 'bg-honey text-ink hover:bg-[#e7a634]',
};

const sizes: Record<Size, string> = {
  sm: 'min-h-11 px-4 text-base',
  md: 'min-h-12 px-6 text-lg',
  lg: 'min-h-14 px-8 text-xl',
};

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra = ''): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

type ButtonProps = ComponentProps<'button'> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: Variant; size?: Size };

/** A navigation link that looks like a button. */
export function ButtonLink({ variant, size, className = '', ...props }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}
