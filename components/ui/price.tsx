import { formatPrice } from '@/lib/catalogue/format';

type Props = { amount: number; className?: string };

/**
 * Every price on the site is rendered through this component (and so through formatPrice), on one
 * line wherever it stands: 'R$' never ends a line with '138,00' on the next.
 */
export function Price({ amount, className }: Props) {
  return (
    <span className={`whitespace-nowrap ${className ?? ''}`.trim()}>{formatPrice(amount)}</span>
  );
}
