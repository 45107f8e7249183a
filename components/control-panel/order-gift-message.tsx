/**
 * The gift card's message on the panel's order card, for the admin who packs the
 * order: kept with its line breaks, across the card's full width. Nothing when there is none.
 */
export function GiftMessage({ message, title }: { message: string | undefined; title: string }) {
  if (!message?.trim()) return null;
  return (
    <div className="sm:col-span-2 lg:col-span-4" data-testid="admin-order-gift-message">
      <dt className="font-semibold text-muted">{title}</dt>
      <dd className="border-gold-600 mt-1 rounded-xl border border-dashed px-3 py-2 break-words whitespace-pre-line dark:border-gold-400">
        {message}
      </dd>
    </div>
  );
}
