import { formatPrice } from '@/lib/catalogue/format';

type Props = { amount: number; className?: string };

/** Every price on the site is rendered through this component (and so through formatPrice). */
export function Price({ amount, className }: Props) {
  return <span className={className}>{formatPrice(amount)}</span>;
}
